import { createHash } from 'node:crypto';
import * as client from 'openid-client';
import { SSO_SCOPES } from '../../shared/domain/sso';
import { type Said, said } from '../../shared/i18n/said';
import { type CheckedFetchInit, fetchChecked, RefusedAddress } from './safe-fetch';

/**
 * The OpenID Connect client (openid-client does every check of the protocol: discovery, PKCE, state, nonce and the
 * ID token's issuer, audience, expiry and signature). Here: which provider addresses Hearth may call, and a cache
 * of each provider's discovered configuration.
 */

export interface OidcOptions {
  /** http issuers (tests, a provider on the same machine); never in production. */
  allowInsecure: boolean;
  /** Providers at private addresses (an on-premises Keycloak); the cloud metadata address never. */
  allowPrivate: boolean;
  /** Seconds a call to the provider may take. */
  timeoutSeconds?: number;
}

export interface OidcClientSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** Why a provider could not be used, said for the form's issuer field. */
export class OidcUnusable extends Error {
  constructor(readonly said: Said) {
    super(said.key);
  }
}

const CACHE_MS = 60 * 60 * 1000;
const CACHE_MAX = 500;
/** A provider's documents (discovery, keys, tokens, userinfo) are a few KB: more is refused, not held in memory. */
export const PROVIDER_BODY_MAX = 256 * 1024;

class TooLarge extends Error {}

/** The response with its body read up to `max` bytes (a larger one throws): a provider cannot fill the memory. */
async function bounded(response: Response, max: number): Promise<Response> {
  const declared = Number(response.headers.get('content-length') ?? '0');
  if (declared > max) {
    await response.body?.cancel();
    throw new TooLarge();
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (response.body) {
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > max) {
        await reader.cancel();
        throw new TooLarge();
      }
      chunks.push(value);
    }
  }
  return new Response(response.body === null ? null : Buffer.concat(chunks), {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}

/** Whether an error (or one it wraps) is ours: the address refused. */
function refusedIn(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++)
    if (e instanceof RefusedAddress) return true;
  return false;
}

/** The provider's sign-in page must be a web address: never javascript:, data: or the like. */
function checkAuthorizationEndpoint(config: client.Configuration, allowInsecure: boolean) {
  const endpoint = config.serverMetadata().authorization_endpoint;
  let url: URL | null = null;
  try {
    url = endpoint ? new URL(endpoint) : null;
  } catch {
    url = null;
  }
  if (!url || !(url.protocol === 'https:' || (allowInsecure && url.protocol === 'http:')))
    throw new OidcUnusable(said('ruleMessages.ssoNoAuthorizationEndpoint'));
}

export function createOidc(options: OidcOptions) {
  const cache = new Map<string, { at: number; config: Promise<client.Configuration> }>();

  // Every address the client calls (discovery, keys, token, userinfo) is checked like a webhook's, and the
  // connection goes to the address checked.
  const guardedFetch: client.CustomFetch = async (url, init) =>
    bounded(await fetchChecked(url, init as CheckedFetchInit, options.allowPrivate), PROVIDER_BODY_MAX);

  async function discover(settings: OidcClientSettings): Promise<client.Configuration> {
    let issuer: URL;
    try {
      issuer = new URL(settings.issuer);
    } catch {
      throw new OidcUnusable(said('ruleMessages.ssoIssuerUrl'));
    }
    if (issuer.protocol !== 'https:' && !options.allowInsecure)
      throw new OidcUnusable(said('ruleMessages.ssoIssuerHttps'));
    try {
      const config = await client.discovery(
        issuer,
        settings.clientId,
        undefined,
        client.ClientSecretBasic(settings.clientSecret),
        {
          execute: options.allowInsecure ? [client.allowInsecureRequests] : [],
          timeout: options.timeoutSeconds ?? 10,
          [client.customFetch]: guardedFetch,
        },
      );
      config[client.customFetch] = guardedFetch;
      config.timeout = options.timeoutSeconds ?? 10;
      checkAuthorizationEndpoint(config, options.allowInsecure);
      return config;
    } catch (error) {
      if (error instanceof OidcUnusable) throw error;
      const issuer = settings.issuer.replace(/\/+$/, '');
      if (refusedIn(error)) throw new OidcUnusable(said('ruleMessages.ssoIssuerPrivate', { issuer }));
      throw new OidcUnusable(said('ruleMessages.ssoIssuerNotFound', { issuer }));
    }
  }

  const keyOf = (s: OidcClientSettings) =>
    createHash('sha256').update(`${s.issuer}\n${s.clientId}\n${s.clientSecret}`).digest('hex');

  /**
   * The provider's configuration, discovered at most once an hour per setting (`fresh`: now, as a save checks it);
   * a failed discovery is not kept.
   */
  function configuration(settings: OidcClientSettings, fresh = false): Promise<client.Configuration> {
    const key = keyOf(settings);
    const hit = cache.get(key);
    if (!fresh && hit && Date.now() - hit.at < CACHE_MS) return hit.config;
    const config = discover(settings);
    cache.delete(key);
    cache.set(key, { at: Date.now(), config });
    if (cache.size > CACHE_MAX) cache.delete(cache.keys().next().value!);
    config.catch(() => cache.delete(key));
    return config;
  }

  return {
    /** Discovers now (not from the cache): the form checks the provider answers before saving it. */
    async check(settings: OidcClientSettings): Promise<void> {
      await configuration(settings, true);
    },

    /** Where to send the browser, with a fresh state, nonce and PKCE verifier to keep for the callback. */
    async begin(settings: OidcClientSettings, redirectUri: string, loginHint?: string) {
      const config = await configuration(settings);
      const state = client.randomState();
      const nonce = client.randomNonce();
      const codeVerifier = client.randomPKCECodeVerifier();
      const parameters: Record<string, string> = {
        redirect_uri: redirectUri,
        scope: SSO_SCOPES,
        response_type: 'code',
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      };
      if (loginHint) parameters.login_hint = loginHint;
      return { url: client.buildAuthorizationUrl(config, parameters).href, state, nonce, codeVerifier };
    },

    /**
     * Redeems the code and checks the ID token; the claims Hearth needs (subject, e-mail and whether it is
     * verified, a name), read from the userinfo endpoint when the ID token leaves them out.
     */
    async finish(
      settings: OidcClientSettings,
      callbackUrl: URL,
      checks: { state: string; nonce: string; codeVerifier: string },
    ) {
      const config = await configuration(settings);
      const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      });
      const idToken = tokens.claims()!;
      let claims: Record<string, unknown> = { ...idToken };
      if ((claims.email === undefined || claims.email_verified === undefined) && tokens.access_token) {
        const info = await client.fetchUserInfo(config, tokens.access_token, idToken.sub);
        claims = { ...info, ...claims, email: claims.email ?? info.email };
        if (claims.email_verified === undefined) claims.email_verified = info.email_verified;
        if (claims.xms_edov === undefined) claims.xms_edov = info.xms_edov;
      }
      return {
        issuer: idToken.iss,
        subject: idToken.sub,
        email: typeof claims.email === 'string' ? claims.email : null,
        emailVerified: verifiedAddress(claims),
        name: typeof claims.name === 'string' ? claims.name : null,
        preferredUsername: typeof claims.preferred_username === 'string' ? claims.preferred_username : null,
      };
    },
  };
}

/**
 * Whether the provider vouches for the address: `email_verified` (some send it as a string); without it, Entra ID's
 * optional `xms_edov` ("the e-mail domain's owner verified it"), as Entra never sends `email_verified` for the
 * accounts of an organisation.
 */
export function verifiedAddress(claims: Record<string, unknown>): boolean {
  const yes = (v: unknown) => v === true || v === 'true' || v === '1' || v === 1;
  if (claims.email_verified !== undefined) return yes(claims.email_verified);
  return yes(claims.xms_edov);
}

export type Oidc = ReturnType<typeof createOidc>;
