import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import helmet from 'helmet';
import type { PublicConfig } from '../shared/contracts/config';
import { CSRF_COOKIE, CSRF_HEADER } from '../shared/contracts/http';
import { TOKEN_PREFIX, type TokenScope } from '../shared/domain/integrations';
import { said } from '../shared/i18n/said';
import type { Config } from './config';
import { createActivityRecorder } from './db/activity-store';
import type { Database } from './db/client';
import { createDbRateLimiter } from './db/rate-limit-store';
import { apiTokensRoutes } from './features/auth/api-tokens.routes';
import { createApiTokensService } from './features/auth/api-tokens.service';
import { authPlugin } from './features/auth/auth.plugin';
import { authRoutes } from './features/auth/auth.routes';
import { createAuthService } from './features/auth/auth.service';
import { ssoLoginRoutes } from './features/auth/sso.routes';
import { createSsoLoginService } from './features/auth/sso-login.service';
import { fleetRoutes } from './features/chains/fleet.routes';
import { createFleetService } from './features/chains/fleet.service';
import { locationsRoutes } from './features/chains/locations.routes';
import { createLocationsService } from './features/chains/locations.service';
import { menuTemplatesRoutes } from './features/chains/menu-templates.routes';
import { createMenuTemplatesService } from './features/chains/menu-templates.service';
import { jobsRoutes } from './features/jobs/jobs.routes';
import { menusRoutes } from './features/ovens/menu.routes';
import { createMenusService } from './features/ovens/menu.service';
import { createMenuVersionsService } from './features/ovens/menu-versions.service';
import { ovensRoutes } from './features/ovens/ovens.routes';
import { createOvensService } from './features/ovens/ovens.service';
import { createRecipePdfs } from './features/recipes/recipes.pdf-jobs';
import { recipesRoutes } from './features/recipes/recipes.routes';
import { createRecipesService } from './features/recipes/recipes.service';
import { reportsRoutes } from './features/reports/reports.routes';
import { createReportsService } from './features/reports/reports.service';
import { settingsFilesRoutes } from './features/settings-files/settings-files.routes';
import { createSettingsFilesService } from './features/settings-files/settings-files.service';
import { systemRoutes } from './features/system/system.routes';
import { createActivityService } from './features/teams/activity.service';
import { createChainExportService } from './features/teams/chain-export.service';
import { chainFilesRoutes } from './features/teams/chain-files.routes';
import { createChainImportService } from './features/teams/chain-import.service';
import { createInvitationsService } from './features/teams/invitations.service';
import { ssoSettingsRoutes } from './features/teams/sso.routes';
import { createSsoSettingsService, type TxtLookup } from './features/teams/sso-settings.service';
import { teamsRoutes } from './features/teams/teams.routes';
import { createTeamsService } from './features/teams/teams.service';
import { createWebhookDelivery, type WebhookDelivery } from './features/teams/webhook-delivery';
import { webhooksRoutes } from './features/teams/webhooks.routes';
import { createWebhooksService } from './features/teams/webhooks.service';
import { usersRoutes } from './features/users/users.routes';
import { createUsersService } from './features/users/users.service';
import { guardRequestValues } from './http/body-guard';
import { DEFAULT_BODY_LIMIT, NO_BODY_LIMIT } from './http/body-limits';
import { refusalBody, registerErrorHandler } from './http/error-handler';
import { inlineScriptSources } from './http/inline-scripts';
import { defaultRateLimits, type RateLimits } from './http/rate-limits';
import { declaredAccess, type RouteAccess, tokenNeeds } from './http/route-actions';
import { CsrfError } from './lib/errors';
import { createJobRunner, type JobRunner } from './lib/job-runner';
import { serializeError } from './lib/log';
import { createOidc } from './lib/oidc';
import { newToken } from './lib/tokens';
import type { Mailer } from './mail/mailer';

declare module 'fastify' {
  interface FastifyInstance {
    registeredRoutes: {
      method: string;
      url: string;
      access: RouteAccess | undefined;
      token: TokenScope | 'any' | undefined;
    }[];
    /** The app's job runner (tests and benchmarks wait on it). */
    jobs: JobRunner;
    /** Webhook deliveries (tests deliver what is due at once). */
    webhookDelivery: WebhookDelivery;
  }
}

export interface AppDeps {
  config: Config;
  database: Database;
  mailer: Mailer;
  rateLimits?: Partial<RateLimits>;
  now?: () => Date;
  /** How often an idle process looks for queued jobs (tests shorten it). */
  jobPollMs?: number;
  /** How long a client may take to send one whole request (tests shorten it). */
  requestTimeoutMs?: number;
  /** How long a webhook delivery waits for its receiver (tests shorten it). */
  webhookTimeoutMs?: number;
  /** How a domain's TXT records are looked up (tests answer without DNS). */
  lookupTxt?: TxtLookup;
  /** Folder of the built client; omitted in API tests. */
  clientDir?: string;
}

export const DEFAULT_CLIENT_DIR = fileURLToPath(new URL('../dist/client', import.meta.url));

export function toPublicConfig(config: Config): PublicConfig {
  return {
    providerName: config.PROVIDER_NAME,
    links: {
      tools: config.PROVIDER_TOOLS_LINKS,
      about: config.PROVIDER_ABOUT_LINKS,
      catalog: config.PROVIDER_CATALOG_URL,
      documentation: config.PROVIDER_DOCS_URL,
      privacyPolicy: config.PROVIDER_PRIVACY_URL,
      terms: config.PROVIDER_TERMS_URL,
      buyNow: config.PROVIDER_BUY_URL,
      repFinder: config.PROVIDER_REP_FINDER_URL,
      social: config.PROVIDER_SOCIAL_LINKS,
    },
    contact: { address: config.PROVIDER_ADDRESS, phone: config.PROVIDER_PHONE, email: config.PROVIDER_EMAIL },
    outboxEnabled: config.OUTBOX_PAGE,
  };
}

const REQUEST_TIMEOUT_MS = 180_000;
/** The API's description of its authentication, for the developers of a chain's systems. */
const BEARER_DESCRIPTION = [
  'A session from POST /api/login, or an API token (hearth_pat_…) made in the profile or with POST /api/tokens',
  'a request with an API token and no cookie needs no CSRF header',
].join('; ');
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const API_TOKEN_HEADER = new RegExp(`^bearer\\s+${TOKEN_PREFIX}`, 'i');
/** Hashed build output may be cached for good; everything else is checked again each time. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const db = deps.database.db;
  const requestTimeout = deps.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
  const app = Fastify({
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : { level: config.LOG_LEVEL, serializers: { err: serializeError, error: serializeError } },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: DEFAULT_BODY_LIMIT,
    // A client that sends its request slowly (a byte every few seconds) gives up its connection after this,
    // so slow bodies cannot hold every socket; 24 MB at a kitchen's 2 Mbit/s takes about 100 s.
    requestTimeout,
    // Node checks the deadline only when the headers' own is no longer (it is 60 s unless given here).
    http: {
      requestTimeout,
      headersTimeout: Math.min(60_000, requestTimeout),
      connectionsCheckingInterval: Math.min(5000, requestTimeout / 4),
    },
    // A "__proto__" or "constructor" key is dropped while parsing, like any key a request does not use: it
    // cannot reach an object's prototype, and the request is not refused as broken JSON it is not.
    onProtoPoisoning: 'remove',
    onConstructorPoisoning: 'remove',
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  // Every route the app serves with the access it declares, so a test can prove each one is in the authorization
  // matrix; an API route that does not say who may call it is refused here, at start.
  const routes: FastifyInstance['registeredRoutes'] = [];
  app.decorate('registeredRoutes', routes);
  app.addHook('onRoute', (route) => {
    const access = declaredAccess(route);
    for (const method of [route.method].flat())
      if (method !== 'HEAD') routes.push({ method, url: route.url, access, token: route.config?.token });
    // A route that reads no body buffers next to nothing (a stray 2 MB body to /loaded is refused at once).
    if (route.bodyLimit === undefined && !route.schema?.body) route.bodyLimit = NO_BODY_LIMIT;
  });

  // Security headers on every reply. The middleware is built once: the Fastify plugin rebuilt it, parsing the
  // CSP, for each request.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...inlineScriptSources(deps.clientDir)],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    // Answers are private to the session: no browser or proxy keeps them, unless a route says it may.
    if (request.url.startsWith('/api/') || request.url.startsWith('/storage/'))
      reply.header('cache-control', 'no-store');
    securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
  // API replies are compressed when the browser asks; built assets are served pre-compressed (see below).
  await app.register(compress, { global: true, encodings: ['br', 'gzip'], threshold: 1024 });
  await app.register(cookie);

  // Double-submit CSRF (spec §7): every page load gets a cookie; every write must echo it in a header. Every
  // unsafe method is checked whatever its path, so an encoded path (/%61pi/…) cannot slip past.
  const secureCookie = config.APP_URL.startsWith('https://');
  app.addHook('onRequest', async (request, reply) => {
    // A system calling with an API token and no cookie is no browser a page could trick: nothing to forge.
    // (A person's session keeps the check, a second lock beside its header.)
    if (API_TOKEN_HEADER.test(request.headers.authorization ?? '') && request.headers.cookie === undefined)
      return;
    const cookieToken = request.cookies[CSRF_COOKIE];
    if (!cookieToken) {
      reply.setCookie(CSRF_COOKIE, newToken(), { path: '/', sameSite: 'strict', secure: secureCookie });
    }
    if (SAFE_METHODS.has(request.method)) return;
    const headerToken = request.headers[CSRF_HEADER];
    if (!cookieToken || typeof headerToken !== 'string' || headerToken !== cookieToken) throw new CsrfError();
  });
  app.addHook('preValidation', guardRequestValues);

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Hearth API',
        version: '1.0.0',
        description:
          'Recipes, ovens and settings files. Each operation says who may call it (x-access) and the scope an API token needs (x-token-scope).',
      },
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description: BEARER_DESCRIPTION,
          },
        },
      },
      security: [{ bearer: [] }],
    },
    // Each operation says who may call it, as its route declares: the role's action in `x-access`, and no
    // bearer token asked of a public one.
    transform: (input) => {
      const out = jsonSchemaTransform(input);
      const config = input.route.config as { access?: RouteAccess; token?: TokenScope | 'any' } | undefined;
      const access = config?.access;
      if (access === undefined) return out;
      // What an API token needs here: a scope, `any`, `none` (no token may), `guest` (a token is not looked at).
      const token = tokenNeeds(access, config?.token) ?? 'none';
      return {
        ...out,
        schema: {
          ...out.schema,
          'x-access': access,
          'x-token-scope': token,
          ...(access === 'public' ? { security: [] } : {}),
        },
      };
    },
    // Schemas registered with an id (the recursive menu screens) become components the operations refer to.
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  const now = deps.now;
  const limiter = createDbRateLimiter(db, now ? () => now().getTime() : undefined);
  const limits = { ...defaultRateLimits, ...deps.rateLimits };
  const activity = createActivityRecorder({ db, timeZone: config.TIME_ZONE, now });
  const auth = createAuthService({
    activity,
    db,
    mailer: deps.mailer,
    appUrl: config.APP_URL,
    providerName: config.PROVIDER_NAME,
    log: app.log,
    now,
    limiter,
    limits,
  });
  const invitations = createInvitationsService({
    db,
    mailer: deps.mailer,
    appUrl: config.APP_URL,
    providerName: config.PROVIDER_NAME,
    now,
  });
  const apiTokens = createApiTokensService({ db, now });
  await app.register(authPlugin, { auth, tokens: apiTokens, activity, limiter, limits });
  await app.register(apiTokensRoutes, { tokens: apiTokens });
  await app.register(authRoutes, {
    auth,
    limiter,
    limits,
    isInvited: invitations.isFor,
    acceptInvitation: invitations.accept,
  });
  const oidc = createOidc({
    allowInsecure: config.SSO_ALLOW_INSECURE_ISSUER,
    allowPrivate: config.SSO_ALLOW_PRIVATE_ISSUER || config.SSO_ALLOW_INSECURE_ISSUER,
  });
  await app.register(ssoLoginRoutes, {
    sso: createSsoLoginService({ db, oidc, appUrl: config.APP_URL, auth, log: app.log, now }),
    limiter,
    limits,
    secureCookie,
  });
  await app.register(ssoSettingsRoutes, {
    sso: createSsoSettingsService({
      db,
      oidc,
      appUrl: config.APP_URL,
      proofRequired: config.SSO_DOMAIN_VERIFICATION === 'on',
      lookupTxt: deps.lookupTxt,
      now,
    }),
    secureCookie,
    limiter,
    limits,
  });
  await app.register(teamsRoutes, {
    teams: createTeamsService({ db }),
    invitations,
    activity: createActivityService({ db }),
    appUrl: config.APP_URL,
    limiter,
    limits,
  });
  await app.register(usersRoutes, {
    users: createUsersService({
      db,
      mailer: deps.mailer,
      provider: config.PROVIDER_NAME,
      appUrl: config.APP_URL,
    }),
    appUrl: config.APP_URL,
    limiter,
    limits,
  });
  await app.register(reportsRoutes, {
    reports: createReportsService({ db, timeZone: config.TIME_ZONE, now }),
  });
  await app.register(systemRoutes, {
    publicConfig: toPublicConfig(config),
    mailer: deps.mailer,
    database: deps.database,
    trustProxy: config.TRUST_PROXY,
  });
  // Heavy work (templates over many ovens, zips, PDFs of many recipes) runs here, off the request path.
  const runner = createJobRunner({ db, log: app.log, now, pollMs: deps.jobPollMs });
  await app.register(chainFilesRoutes, {
    imports: createChainImportService({
      db,
      mailer: deps.mailer,
      activity,
      appUrl: config.APP_URL,
      providerName: config.PROVIDER_NAME,
      now,
    }),
    exports: createChainExportService({ db }),
    runner,
  });
  const delivery = createWebhookDelivery({
    db,
    mailer: deps.mailer,
    appUrl: config.APP_URL,
    providerName: config.PROVIDER_NAME,
    allowPrivate: config.WEBHOOKS_ALLOW_PRIVATE,
    now,
    timeoutMs: deps.webhookTimeoutMs,
  });
  runner.drain(() => delivery.deliverDue());
  app.decorate('webhookDelivery', delivery);
  await app.register(webhooksRoutes, {
    webhooks: createWebhooksService({
      db,
      allowPrivate: config.WEBHOOKS_ALLOW_PRIVATE,
      allowHttp: config.WEBHOOKS_ALLOW_HTTP,
      nudge: () => runner.nudge(),
    }),
    limiter,
    limits,
  });
  app.addHook('onReady', async () => runner.start());
  app.addHook('onClose', async () => runner.stop());
  app.decorate('jobs', runner);
  await app.register(jobsRoutes, { runner });

  const recipes = createRecipesService({ db, activity, now });
  await app.register(recipesRoutes, {
    recipes,
    pdfs: createRecipePdfs({ db, recipes, provider: config.PROVIDER_NAME, now }),
    appUrl: config.APP_URL,
    runner,
  });

  await app.register(ovensRoutes, { ovens: createOvensService({ db, activity }) });
  await app.register(locationsRoutes, { locations: createLocationsService({ db }) });
  await app.register(fleetRoutes, { fleet: createFleetService({ db }) });
  await app.register(menusRoutes, {
    menus: createMenusService({ db }),
    versions: createMenuVersionsService({ db }),
    db,
  });
  await app.register(menuTemplatesRoutes, {
    templates: createMenuTemplatesService({
      db,
      report: (error, ovenId) =>
        app.log.error({ err: error, ovenId }, 'A template could not be applied to an oven'),
    }),
    runner,
  });
  await app.register(settingsFilesRoutes, {
    files: createSettingsFilesService({
      db,
      activity,
      mailer: deps.mailer,
      provider: config.PROVIDER_NAME,
      timeZone: config.TIME_ZONE,
      now,
    }),
    limiter,
    limits,
    provider: config.PROVIDER_NAME,
    runner,
  });

  const clientDir = deps.clientDir;
  const hasClient = clientDir !== undefined && existsSync(`${clientDir}/index.html`);
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, path) => {
        const hashed = /[/\\]assets[/\\]/.test(path);
        // The service worker and the manifest are asked for again on every visit: a new version is seen at once.
        const always = /\.html$|[/\\]sw\.js$|\.webmanifest$/.test(path);
        res.header('cache-control', hashed ? IMMUTABLE : always ? 'no-cache' : 'public, max-age=3600');
        if (path.endsWith('.webmanifest')) res.header('content-type', 'application/manifest+json');
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const isApi = request.url.startsWith('/api/') || request.url.startsWith('/storage/');
    // A missing file (an old hashed asset, a source map) is a 404, not the page: only routes get the page.
    const isFile = /\.[a-z0-9]+$/i.test(request.url.split('?')[0] ?? '');
    if (!isApi && !isFile && request.method === 'GET' && hasClient) {
      // Client-side routes (/recipes, /password/reset/…) all load the single page; it is never cached.
      return reply
        .header('cache-control', 'no-cache')
        .sendFile('index.html', clientDir!, { cacheControl: false });
    }
    return reply.code(404).send(refusalBody(said('ruleMessages.notFoundPlain')));
  });

  return app;
}
