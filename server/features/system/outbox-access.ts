import type { FastifyRequest } from 'fastify';
import { isAdmin } from '../../../shared/domain/permissions';

export type OutboxScope = { kind: 'all' } | { kind: 'own'; email: string } | { kind: 'none' };

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/**
 * Who sees which mail in the embedded outbox. Mail holds sign-in links (verification, password reset), so a
 * message is shown only to people it could have reached:
 * - the machine Hearth runs on (loopback, with no proxy in front: a proxy on the same machine makes every
 *   visitor look local unless TRUST_PROXY says to read the forwarded address), as at the two-command start;
 * - admins, who run the installation;
 * - a logged-in user, their own mail only.
 * Anyone else sees nothing: a stranger can ask for a reset link to the admin's address but never read it.
 */
export function outboxScope(request: FastifyRequest, trustProxy: boolean): OutboxScope {
  if (isAdmin(request.user)) return { kind: 'all' };
  const proxied =
    !trustProxy &&
    (request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined);
  if (!proxied && LOOPBACK.test(request.ip)) return { kind: 'all' };
  if (request.user) return { kind: 'own', email: request.user.email };
  return { kind: 'none' };
}
