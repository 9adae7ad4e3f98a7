import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';

// The name's one lookup (the check's) answers what this test says; the system's resolver knows nothing of
// `*.invalid`, so a second lookup by the HTTP client would fail.
const answers = vi.hoisted(() => ({ address: '127.0.0.1' }));
vi.mock('node:dns/promises', () => ({
  lookup: async () => [{ address: answers.address, family: 4 }],
}));

const { fetchChecked, RefusedAddress } = await import('./safe-fetch');

let server: Server;
let port = 0;
beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/moved') {
      res.writeHead(302, { location: 'http://169.254.169.254/' }).end();
      return;
    }
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => res.writeHead(200, { 'content-type': 'text/plain' }).end(`${req.method} ${body}`));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

it('connects to the address the check saw, not to a second lookup of the name (DNS rebinding)', async () => {
  answers.address = '127.0.0.1';
  const response = await fetchChecked(
    `http://provider.invalid:${port}/token`,
    { method: 'POST', body: new URLSearchParams({ code: 'x' }) },
    true,
  );
  expect(response.status).toBe(200);
  expect(await response.text()).toBe('POST code=x');
});

it('refuses a name whose answer is a private address, connecting nowhere', async () => {
  answers.address = '10.0.0.7';
  await expect(fetchChecked(`http://provider.invalid:${port}/`, {}, false)).rejects.toBeInstanceOf(
    RefusedAddress,
  );
});

it('hands a redirect back as it is, never following it', async () => {
  answers.address = '127.0.0.1';
  const response = await fetchChecked(`http://provider.invalid:${port}/moved`, {}, true);
  expect(response.status).toBe(302);
  expect(response.headers.get('location')).toBe('http://169.254.169.254/');
});

it('tells TLS a host name, never an address (an IPv6 one is written in brackets)', async () => {
  const { serverNameOf } = await import('./safe-fetch');
  expect(serverNameOf(new URL('https://idp.example.com/'))).toBe('idp.example.com');
  expect(serverNameOf(new URL('https://203.0.113.9/'))).toBeUndefined();
  expect(serverNameOf(new URL('https://[2001:db8::1]:8443/'))).toBeUndefined();
});
