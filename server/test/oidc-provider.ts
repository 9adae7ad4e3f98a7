import { generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/**
 * A real OpenID provider (panva's oidc-provider, certified) on 127.0.0.1 for the company sign-in tests: its own
 * keys, one confidential client, and a sign-in page that lists the test's people ("Sign in as …") instead of
 * asking a password. Consent is given at once.
 */

export interface TestPerson {
  sub: string;
  email?: string;
  email_verified?: boolean | string;
  /** Entra ID's "e-mail domain owner verified", sent instead of email_verified. */
  xms_edov?: boolean | string;
  name?: string;
  preferred_username?: string;
}

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  people: Map<string, TestPerson>;
  add(person: TestPerson): void;
  /** Where the provider's sign-in page is for an authorization request: follow it as a browser would. */
  signInAs(authorizationUrl: string, sub: string): Promise<string>;
  close(): Promise<void>;
}

const page = (body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test identity provider</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family:sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem">${body}</body></html>`;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

async function formBody(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

export async function startTestProvider(options: {
  redirectUris: string[];
  clientId?: string;
  clientSecret?: string;
  /** Put the e-mail claims in the ID token (most providers); false: only at the userinfo endpoint. */
  claimsInIdToken?: boolean;
}): Promise<TestProvider> {
  const people = new Map<string, TestPerson>();
  const clientId = options.clientId ?? 'hearth-test';
  const clientSecret = options.clientSecret ?? 'test-secret-that-is-long-enough-0123456789';
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: 'jwk' }), use: 'sig', alg: 'RS256' };

  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [jwk as never] },
    cookies: { keys: ['hearth-test-provider-cookie-key'] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified', 'xms_edov'],
      profile: ['name', 'preferred_username'],
    },
    conformIdTokenClaims: options.claimsInIdToken === false,
    features: { devInteractions: { enabled: false } },
    ttl: {
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
      AccessToken: 600,
      IdToken: 600,
      AuthorizationCode: 60,
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx, sub) {
      const person = people.get(sub);
      if (!person) return undefined;
      return { accountId: sub, claims: async () => ({ ...person }) as never };
    },
    renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = page(`<h1>Sign-in error</h1><pre>${escapeHtml(JSON.stringify(out))}</pre>`);
    },
  });
  provider.on('server_error', (_ctx, error) => console.error('test provider', error));
  const callback = provider.callback();

  server.on('request', async (req, res) => {
    const match = /^\/interaction\/([^/?]+)(\/login)?/.exec(req.url ?? '');
    if (!match) return callback(req, res);
    try {
      const details = await provider.interactionDetails(req, res);
      if (details.prompt.name === 'consent') {
        const grant = new provider.Grant({
          accountId: details.session!.accountId,
          clientId: details.params.client_id as string,
        });
        grant.addOIDCScope(String(details.params.scope));
        const grantId = await grant.save();
        return provider.interactionFinished(
          req,
          res,
          { consent: { grantId } },
          { mergeWithLastSubmission: true },
        );
      }
      if (req.method === 'POST' && match[2]) {
        const account = (await formBody(req)).get('account') ?? '';
        if (!people.has(account)) {
          return provider.interactionFinished(
            req,
            res,
            { error: 'access_denied', error_description: 'unknown test person' },
            { mergeWithLastSubmission: false },
          );
        }
        return provider.interactionFinished(
          req,
          res,
          { login: { accountId: account } },
          { mergeWithLastSubmission: false },
        );
      }
      const buttons = [...people.values()]
        .map(
          (p) =>
            `<button name="account" value="${escapeHtml(p.sub)}" style="display:block;margin:.5rem 0;padding:.75rem 1rem;font-size:1rem">Sign in as ${escapeHtml(p.email ?? p.sub)}</button>`,
        )
        .join('');
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.end(
        page(
          `<h1>Test identity provider</h1><form method="post" action="/interaction/${escapeHtml(details.uid)}/login">${buttons}</form>`,
        ),
      );
    } catch (error) {
      res.statusCode = 400;
      res.end(String(error));
    }
  });

  /** A browser's trip through the provider, cookies kept: ends at the redirect back to the client. */
  async function signInAs(authorizationUrl: string, sub: string): Promise<string> {
    const jar = new Map<string, string>();
    const keep = (response: Response) => {
      for (const line of response.headers.getSetCookie()) {
        const [pair = ''] = line.split(';');
        const eq = pair.indexOf('=');
        jar.set(pair.slice(0, eq), pair.slice(eq + 1));
      }
    };
    const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    let url = authorizationUrl;
    let body: string | undefined;
    for (let hop = 0; hop < 12; hop++) {
      if (!url.startsWith(issuer)) return url;
      const response = await fetch(url, {
        method: body ? 'POST' : 'GET',
        headers: {
          cookie: cookie(),
          ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
        body,
        redirect: 'manual',
      });
      keep(response);
      body = undefined;
      const location = response.headers.get('location');
      if (location) {
        url = new URL(location, url).href;
        continue;
      }
      const html = await response.text();
      const action = /action="([^"]+)"/.exec(html)?.[1];
      if (!action) throw new Error(`test provider: no sign-in form at ${url}: ${html.slice(0, 300)}`);
      url = new URL(action, url).href;
      body = new URLSearchParams({ account: sub }).toString();
    }
    throw new Error('test provider: too many redirects');
  }

  return {
    issuer,
    clientId,
    clientSecret,
    people,
    add: (person) => people.set(person.sub, person),
    signInAs,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
