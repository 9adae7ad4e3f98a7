import type { TeamAction } from '../../shared/domain/permissions';

/**
 * What every route asks of its caller, in one table: a team action (the role in the current team must allow it,
 * else 403 naming the role; which rows it reaches is the scope's business), `signed-in` (any logged-in user: the
 * service decides, e.g. a recipe's owner or a team's members), `admin`, or `public`. A test fails on a route that
 * is missing here, so a new endpoint cannot ship without saying who may call it.
 */
export type RouteAccess = TeamAction | 'signed-in' | 'admin' | 'public';

export const ROUTE_ACCESS: Record<string, RouteAccess> = {
  // Health, the client's configuration, the docs and the account pages.
  'GET /api/health': 'public',
  'GET /api/ready': 'public',
  'GET /api/config': 'public',
  'GET /api/outbox': 'public',
  'GET /api/outbox/:id/attachments/:position': 'public',
  'GET /guides/usb/:guide': 'public',
  'GET /storage/recipe-images/:id': 'public',
  'GET /api/auth/check': 'public',
  'POST /api/login': 'public',
  'POST /api/logout': 'public',
  'POST /api/register': 'public',
  'POST /api/verify-account': 'public',
  'POST /api/verify-account/resend': 'public',
  'POST /api/password/email': 'public',
  'POST /api/password/reset': 'public',
  'GET /api/invitations/:token': 'public',
  'POST /api/invitations/:token/accept': 'signed-in',
  'PUT /api/users/:id': 'signed-in',
  'GET /api/jobs/:id': 'signed-in',

  // Admin.
  'GET /api/reports': 'admin',
  'GET /api/users': 'admin',
  'GET /api/users/:id': 'admin',
  'DELETE /api/users/:id': 'admin',
  'GET /api/recipes/user': 'admin',

  // Recipes: the library is everyone's; a team's recipes are checked by the service against the recipe's team.
  'GET /api/recipes': 'signed-in',
  'GET /api/recipes/:id': 'signed-in',
  'POST /api/recipes': 'signed-in',
  'PUT /api/recipes/:id': 'signed-in',
  'DELETE /api/recipes/:id': 'signed-in',
  'POST /api/recipes/clone/:id/:mode': 'signed-in',
  'GET /api/recipes/:id/convert': 'signed-in',
  'POST /api/recipes/convert': 'recipes.write',
  'DELETE /api/recipes/bulk-delete': 'recipes.write',
  'GET /api/createpdfs': 'signed-in',
  'GET /api/createpdfs/:recipeId': 'signed-in',
  'GET /storage/pdf/:name': 'signed-in',

  // Ovens and their menus.
  'GET /api/ovens': 'ovens.read',
  'GET /api/ovens/:id': 'ovens.read',
  'POST /api/ovens': 'ovens.manage',
  'PUT /api/ovens/:id': 'ovens.manage',
  'DELETE /api/ovens/:id': 'ovens.manage',
  'POST /api/ovens/clone/:id': 'ovens.manage',
  'POST /api/screens': 'menus.edit',
  'DELETE /api/screens/:id': 'menus.edit',
  'POST /api/buttons': 'menus.edit',
  'PUT /api/buttons/:id': 'menus.edit',
  'DELETE /api/buttons/:id': 'menus.edit',
  'POST /api/categories': 'menus.edit',
  'PUT /api/categories/:id': 'menus.edit',
  'PUT /api/ovens/button-position/:ovenId': 'menus.edit',
  'POST /api/ovens/:id/undo': 'menus.edit',
  'POST /api/ovens/:id/redo': 'menus.edit',
  'GET /api/ovens/:id/revisions': 'ovens.read',
  'GET /api/ovens/:id/versions': 'ovens.read',
  'POST /api/ovens/:id/versions': 'menus.edit',
  'GET /api/ovens/:id/versions/:versionId/diff': 'ovens.read',
  'POST /api/ovens/:id/versions/:versionId/restore': 'menus.edit',

  // Settings files.
  'POST /api/files': 'ovens.import',
  'POST /api/files/raw': 'ovens.import',
  'GET /api/files/:id': 'settings.download',
  'POST /api/files/zip': 'settings.download',
  'POST /api/ovens/:id/check-file': 'settings.download',
  'POST /api/ovens/:id/loaded': 'settings.download',
  'GET /api/ovens/:id/menu.pdf': 'ovens.read',
  'GET /storage/settings/:token/:file': 'signed-in',
  'GET /api/ovens/:kind/:id': 'settings.share',
  'POST /api/ovens/:kind/:id': 'settings.share',

  // Chains: locations, templates, the fleet page.
  'GET /api/locations': 'locations.read',
  'GET /api/locations/:id': 'locations.read',
  'POST /api/locations': 'locations.manage',
  'PUT /api/locations/:id': 'locations.manage',
  'DELETE /api/locations/:id': 'locations.manage',
  'POST /api/locations/:id/ovens': 'locations.manage',
  'GET /api/templates': 'templates.read',
  'GET /api/templates/:id': 'templates.read',
  'POST /api/templates': 'templates.manage',
  'PUT /api/templates/:id': 'templates.manage',
  'DELETE /api/templates/:id': 'templates.manage',
  'POST /api/templates/:id/preview': 'templates.manage',
  'POST /api/templates/:id/apply': 'templates.manage',
  'GET /api/fleet': 'fleet.read',

  // Teams: any member reads their teams; the service checks the role in the team the path names.
  'GET /api/teams': 'signed-in',
  'POST /api/teams': 'signed-in',
  'PUT /api/teams/:id': 'signed-in',
  'DELETE /api/teams/:id': 'signed-in',
  'POST /api/teams/:id/switch': 'signed-in',
  'GET /api/teams/:id/members': 'signed-in',
  'PUT /api/teams/:id/members/:userId': 'signed-in',
  'DELETE /api/teams/:id/members/:userId': 'signed-in',
  'GET /api/teams/:id/invitations': 'signed-in',
  'POST /api/teams/:id/invitations': 'signed-in',
  'DELETE /api/teams/:id/invitations/:invitationId': 'signed-in',
  'POST /api/teams/:id/invitations/:invitationId/resend': 'signed-in',
  'GET /api/teams/:id/activity': 'signed-in',
};

export const routeKey = (method: string, url: string): string => `${method} ${url}`;
