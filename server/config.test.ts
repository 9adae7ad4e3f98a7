import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('has embedded defaults', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.DATA_DIR).toBe('./data');
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.APP_URL).toBe('http://localhost:3000');
    expect(c.OUTBOX_PAGE).toBe(true);
    expect(c.PROVIDER_TOOLS_LINKS.length).toBeGreaterThan(0);
  });

  it('seeds the demo accounts only for the embedded development start', () => {
    expect(loadConfig({}).SEED_DEMO).toBe(true);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/hearth' }).SEED_DEMO).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production' }).SEED_DEMO).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/hearth', SEED_DEMO: 'true' }).SEED_DEMO).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' }).SEED_DEMO).toBe(false);
  });

  it('turns the outbox page off when real mail is configured', () => {
    expect(loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525' }).OUTBOX_PAGE).toBe(false);
    expect(loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525', OUTBOX_PAGE: 'true' }).OUTBOX_PAGE).toBe(true);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ SMTP_URL: 'http://x' }, 'SMTP_URL'],
    [{ APP_URL: 'not a url' }, 'APP_URL'],
    [{ SEED_DEMO: 'maybe' }, 'SEED_DEMO'],
    [{ PROVIDER_TOOLS_LINKS: 'no-link-here' }, 'PROVIDER_TOOLS_LINKS'],
  ])('names the variable in the error for %j', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`${name}:`));
  });

  it('strips a trailing slash from APP_URL and parses link lists', () => {
    const c = loadConfig({
      APP_URL: 'https://ovens.example.com/',
      PROVIDER_ABOUT_LINKS: 'Us|https://a.example; Jobs|https://b.example',
    });
    expect(c.APP_URL).toBe('https://ovens.example.com');
    expect(c.PROVIDER_ABOUT_LINKS).toEqual([
      { label: 'Us', href: 'https://a.example' },
      { label: 'Jobs', href: 'https://b.example' },
    ]);
  });

  it('takes an IANA TIME_ZONE for the report and refuses anything else, naming it', () => {
    expect(loadConfig({}).TIME_ZONE).toBe('UTC');
    expect(loadConfig({ TIME_ZONE: 'America/Chicago' }).TIME_ZONE).toBe('America/Chicago');
    expect(() => loadConfig({ TIME_ZONE: 'Mars/Olympus' })).toThrow(
      /TIME_ZONE must be an IANA time zone name/,
    );
  });
});
