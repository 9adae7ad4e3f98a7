import { afterEach, describe, expect, it, vi } from 'vitest';
import { firstRequests } from './first-requests';

const keys = { token: 'token-key', lastOven: 'last-oven-', answers: 'firstAnswers' };
type Answers = { token: string | null; answers: Record<string, Promise<Response>> };

/** Runs the HTML's script at `path` with this storage, the server answering `answers` by address. */
function open(path: string, storage: Record<string, string>, answers: Record<string, unknown> = {}) {
  const asked: string[] = [];
  const url = new URL(path, 'https://hearth.test');
  const window: Record<string, unknown> = {};
  vi.stubGlobal('window', window);
  vi.stubGlobal('location', { pathname: url.pathname, search: url.search });
  vi.stubGlobal('localStorage', { getItem: (key: string) => storage[key] ?? null });
  vi.stubGlobal('fetch', async (address: string, init: { headers: Record<string, string> }) => {
    asked.push(`${address} ${init.headers.authorization}`);
    const body = answers[address];
    return body === undefined ? new Response('{}', { status: 404 }) : Response.json(body);
  });
  firstRequests(keys);
  return { asked, left: window[keys.answers] as Answers | undefined };
}
const settle = () => new Promise((done) => setTimeout(done, 0));
afterEach(() => vi.unstubAllGlobals());

describe('the page’s first requests', () => {
  it('asks only for the shell’s settings for a guest, with no session', () => {
    const { asked, left } = open('/ovens', {});
    expect(asked).toEqual(['/api/config undefined']);
    expect(left?.token).toBeNull();
    expect(Object.keys(left?.answers ?? {})).toEqual(['/api/config']);
  });

  it('asks for the session and the shell’s settings with the stored token on any page', () => {
    const { asked, left } = open('/recipes', { 'token-key': 'abc' });
    expect(asked).toEqual(['/api/auth/check Bearer abc', '/api/config Bearer abc', '/api/teams Bearer abc']);
    expect(left?.token).toBe('abc');
    expect(Object.keys(left?.answers ?? {})).toHaveLength(3);
  });

  it('on My Ovens asks for the list, then the first oven and its recipes', async () => {
    const { asked } = open(
      '/ovens',
      { 'token-key': 'abc' },
      {
        '/api/auth/check': { user: { id: 7 } },
        '/api/ovens?ovens=All&page=1': { data: [{ id: 31 }, { id: 32 }] },
      },
    );
    await settle();
    expect(asked.slice(3)).toEqual([
      '/api/ovens?ovens=All&page=1 Bearer abc',
      '/api/locations?page=1&per_page=50 Bearer abc',
      '/api/ovens/31 Bearer abc',
      '/api/ovens/31/recipes Bearer abc',
    ]);
  });

  it('on My Ovens opens the oven this person had open last on this device', async () => {
    const { asked } = open(
      '/ovens',
      { 'token-key': 'abc', 'last-oven-7': '32', 'last-oven-8': '40' },
      {
        '/api/auth/check': { user: { id: 7 } },
        '/api/ovens?ovens=All&page=1': { data: [{ id: 31 }, { id: 32 }] },
      },
    );
    await settle();
    expect(asked.slice(5)).toEqual(['/api/ovens/32 Bearer abc', '/api/ovens/32/recipes Bearer abc']);
  });

  it('asks for no oven when the session is refused or the list is empty', async () => {
    const refused = open(
      '/ovens',
      { 'token-key': 'abc' },
      { '/api/ovens?ovens=All&page=1': { data: [{ id: 31 }] } },
    );
    const empty = open(
      '/ovens',
      { 'token-key': 'abc' },
      { '/api/auth/check': { user: { id: 7 } }, '/api/ovens?ovens=All&page=1': { data: [] } },
    );
    await settle();
    expect(refused.asked).toHaveLength(5);
    expect(empty.asked).toHaveLength(5);
  });

  it('leaves My Ovens with a filter or an oven in its address to the page', () => {
    expect(open('/ovens?oven=4', { 'token-key': 'abc' }).asked).toHaveLength(3);
  });

  it('asks nothing and throws nothing when storage is refused', () => {
    vi.stubGlobal('window', {});
    vi.stubGlobal('localStorage', {
      getItem: () => {
        throw new Error('SecurityError');
      },
    });
    expect(() => firstRequests(keys)).not.toThrow();
  });
});
