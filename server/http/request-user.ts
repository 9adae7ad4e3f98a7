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
  interface FastifyInstance {
    /** onRequest guard: 401 unless a valid bearer token is sent. */
    requireUser: (request: FastifyRequest) => Promise<void>;
    /** onRequest guard: 401 without a token, 403 for a non-admin. */
    requireAdmin: (request: FastifyRequest) => Promise<void>;
  }
}

/** The signed-in user of a route guarded by requireUser. */
export function currentUser(request: { user: RequestUser | null }): RequestUser {
  if (!request.user) throw new Error('currentUser() used on a route without requireUser');
  return request.user;
}

/** The signed-in session of a route guarded by requireUser: what it prepares for download is for it alone. */
export function currentSessionHash(request: { sessionTokenHash: string | null }): string {
  if (!request.sessionTokenHash) throw new Error('currentSessionHash() used on a route without requireUser');
  return request.sessionTokenHash;
}
