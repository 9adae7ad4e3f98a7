import { ACTION_SCOPES, type TokenScope } from '../../shared/domain/integrations';
import type { TeamAction } from '../../shared/domain/permissions';

/**
 * What a route asks of its caller, declared once beside it (`config: { access }`) and enforced for every route by
 * the auth plugin: a team action (the role in the current team must allow it, else 403 naming the role; which rows
 * it reaches is the scope's business), `signed-in` (any logged-in user: the service decides, e.g. a recipe's owner
 * or a team's members), `admin`, or `public`. An API route that does not say is refused when registered, so a new
 * endpoint cannot ship without saying who may call it.
 */
export type RouteAccess = TeamAction | 'signed-in' | 'admin' | 'public';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /**
     * What an API token needs to call a route: a scope, or `any` token. Unsaid, a team action's scope is read from
     * the action, no token may call a `signed-in` route (the account, tokens, the team's management), and a public
     * one treats the token's request as anyone's.
     */
    token?: TokenScope | 'any';
  }
}

/** The URLs that must declare their access: the API, stored files and guides (not the page's own files or docs). */
export const declaresAccess = (url: string): boolean =>
  /^\/(api|storage|guides)\//.test(url) && !url.startsWith('/api/docs');

/** The access a route being registered declares; an API route that declares none is refused (the app does not start). */
export function declaredAccess(route: {
  method: string | string[];
  url: string;
  config?: { access?: RouteAccess };
}): RouteAccess | undefined {
  const access = route.config?.access;
  if (access === undefined && declaresAccess(route.url))
    throw new Error(`${[route.method].flat().join(',')} ${route.url} does not declare its access`);
  return access;
}

/**
 * The scope an API token needs for a route, `any`, null when no token may call it, or `guest` when the token is
 * set aside and the request answered as anyone's (a public route that declares nothing: the outbox and account
 * forms must not learn whose token it is). A route's own `token` wins over its action's scope (decision 0036).
 */
export function tokenNeeds(
  access: RouteAccess,
  declared: TokenScope | 'any' | undefined,
): TokenScope | 'any' | 'guest' | null {
  if (access === 'public') return declared ?? 'guest';
  if (access === 'admin') return null;
  if (access === 'signed-in') return declared ?? null;
  return declared ?? ACTION_SCOPES[access];
}
