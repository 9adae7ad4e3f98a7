import type { FastifyReply, FastifyRequest } from 'fastify';
import { SSO_CALLBACK_PATH } from '../../shared/domain/sso';
import { newToken } from '../lib/tokens';

/**
 * The browser a company sign-in started in: a random cookie whose hash the trip keeps, so an answer (or a
 * hand-off) carried to another browser signs nobody in there. SameSite=Lax: the provider's redirect back is a
 * top-level navigation from another site, which a Strict cookie would miss.
 */
export const SSO_BROWSER_COOKIE = 'hearth_sso';
const PATH = SSO_CALLBACK_PATH.replace(/\/callback$/, '');

export function ssoBrowser(request: FastifyRequest, reply: FastifyReply, secure: boolean): string {
  const existing = request.cookies[SSO_BROWSER_COOKIE];
  if (existing && /^[A-Za-z0-9_-]{20,100}$/.test(existing)) return existing;
  const value = newToken();
  reply.setCookie(SSO_BROWSER_COOKIE, value, {
    path: PATH,
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: 60 * 60,
  });
  return value;
}

/** The cookie as the callback reads it: null when the browser has none. */
export const ssoBrowserOf = (request: FastifyRequest): string | null =>
  request.cookies[SSO_BROWSER_COOKIE] ?? null;
