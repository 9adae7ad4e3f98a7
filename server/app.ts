import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { CSRF_COOKIE, CSRF_HEADER } from '../shared/contracts/auth';
import type { PublicConfig } from '../shared/contracts/config';
import type { Config } from './config';
import type { Db } from './db/client';
import { authPlugin } from './features/auth/auth.plugin';
import { authRoutes } from './features/auth/auth.routes';
import { createAuthService } from './features/auth/auth.service';
import { createRecipePdfs } from './features/recipes/recipes.pdf-jobs';
import { recipesRoutes } from './features/recipes/recipes.routes';
import { createRecipesService } from './features/recipes/recipes.service';
import { systemRoutes } from './features/system/system.routes';
import { usersRoutes } from './features/users/users.routes';
import { createUsersService } from './features/users/users.service';
import { defaultRateLimits, type RateLimits } from './http/rate-limits';
import { HttpError } from './lib/http-errors';
import { RateLimiter } from './lib/rate-limiter';
import { newToken } from './lib/tokens';
import type { Mailer } from './mail/mailer';

export interface AppDeps {
  config: Config;
  db: Db;
  mailer: Mailer;
  rateLimits?: Partial<RateLimits>;
  now?: () => Date;
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

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger: config.LOG_LEVEL === 'silent' ? false : { level: config.LOG_LEVEL },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 12 * 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
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
  await app.register(cookie);

  // Double-submit CSRF (spec §7): every page load gets a cookie; every write must echo it in a header.
  const secureCookie = config.APP_URL.startsWith('https://');
  app.addHook('onRequest', async (request, reply) => {
    const cookieToken = request.cookies[CSRF_COOKIE];
    if (!cookieToken) {
      reply.setCookie(CSRF_COOKIE, newToken(), { path: '/', sameSite: 'strict', secure: secureCookie });
    }
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    const headerToken = request.headers[CSRF_HEADER];
    if (!cookieToken || typeof headerToken !== 'string' || headerToken !== cookieToken) {
      throw new HttpError(
        419,
        'Your session is out of date (CSRF token mismatch). Reload the page and try again.',
      );
    }
  });

  app.setErrorHandler((error, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string[]> = {};
      for (const v of error.validation) {
        const field =
          v.instancePath.replace(/^\//, '').replaceAll('/', '.') ||
          (v.params as { issue?: { path?: unknown[] } }).issue?.path?.join('.') ||
          '_';
        const message = v.message ?? 'The given data was invalid.';
        const list = errors[field] ?? [];
        if (!list.includes(message)) list.push(message);
        errors[field] = list;
      }
      const first = Object.values(errors)[0]?.[0] ?? 'The given data was invalid.';
      return reply.code(422).send({ message: first, errors });
    }
    if (error instanceof HttpError) {
      if (error.statusCode === 429 && typeof error.extra?.retry_after === 'number') {
        reply.header('retry-after', String(error.extra.retry_after));
      }
      return reply
        .code(error.statusCode)
        .send({ message: error.message, ...(error.errors ? { errors: error.errors } : {}), ...error.extra });
    }
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send({ message: 'Something went wrong on our side. Please try again.' });
    }
    return reply.code(status).send({ message: (error as Error).message });
  });

  await app.register(swagger, {
    openapi: {
      info: { title: 'Hearth API', version: '1.0.0', description: 'Recipes, ovens and settings files.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  const auth = createAuthService({
    db: deps.db,
    mailer: deps.mailer,
    appUrl: config.APP_URL,
    providerName: config.PROVIDER_NAME,
    log: app.log,
    now: deps.now,
  });
  await app.register(authPlugin, { auth });

  const limiter = new RateLimiter(deps.now ? () => deps.now!().getTime() : undefined);
  const limits = { ...defaultRateLimits, ...deps.rateLimits };
  await app.register(authRoutes, { auth, limiter, limits });
  await app.register(usersRoutes, { users: createUsersService({ db: deps.db }) });
  await app.register(systemRoutes, { publicConfig: toPublicConfig(config), mailer: deps.mailer });
  const recipes = createRecipesService({ db: deps.db, now: deps.now });
  await app.register(recipesRoutes, {
    recipes,
    pdfs: createRecipePdfs({ db: deps.db, recipes, provider: config.PROVIDER_NAME, now: deps.now }),
    appUrl: config.APP_URL,
  });

  const clientDir = deps.clientDir;
  if (clientDir && existsSync(`${clientDir}/index.html`)) {
    await app.register(fastifyStatic, { root: clientDir, wildcard: false, index: false, maxAge: '1h' });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const isApi = request.url.startsWith('/api/') || request.url.startsWith('/storage/');
    if (!isApi && request.method === 'GET' && clientDir && existsSync(`${clientDir}/index.html`)) {
      // Client-side routes (/recipes, /password/reset/…) all load the single page; it is never cached.
      return reply.header('cache-control', 'no-cache').sendFile('index.html', clientDir);
    }
    return reply.code(404).send({ message: 'Not found.' });
  });

  return app;
}
