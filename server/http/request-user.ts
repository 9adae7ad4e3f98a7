import type { PublicUser } from '../../shared/contracts/auth';

/**
 * The user behind a request's bearer token with their current team, set by the auth plugin; routes read it,
 * never the body. It is also the `Actor` the shared permissions take.
 */
export type RequestUser = PublicUser;

declare module 'fastify' {
  interface FastifyRequest {
    user: RequestUser | null;
    sessionTokenHash: string | null;
  }
}

/** The signed-in user of a route that asks for one (any access but `public`). */
export function currentUser(request: { user: RequestUser | null }): RequestUser {
  if (!request.user) throw new Error('currentUser() used on a public route');
  return request.user;
}

/** The signed-in session of a route that asks for one: what it prepares for download is for it alone. */
export function currentSessionHash(request: { sessionTokenHash: string | null }): string {
  if (!request.sessionTokenHash) throw new Error('currentSessionHash() used on a public route');
  return request.sessionTokenHash;
}
