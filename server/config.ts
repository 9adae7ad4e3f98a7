import { z } from 'zod';
import { isTimeZone } from '../shared/domain/report';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const url = (what: string) => z.url({ error: `${what} must be a full URL, for example https://example.com` });

const linkList = z.string().transform((s, ctx) => {
  // "Label|https://…;Label|https://…" keeps a menu configurable from one variable.
  const items = s
    .split(';')
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => {
      const [label = '', href = ''] = p.split('|').map((x) => x.trim());
      return { label, href };
    });
  for (const item of items) {
    if (!item.label || !/^https?:\/\//.test(item.href)) {
      ctx.addIssue({ code: 'custom', message: 'must be "Label|https://…" pairs separated by ";"' });
      return z.NEVER;
    }
  }
  return items;
});

export const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce
      .number({ error: 'PORT must be a number' })
      .int()
      .min(1, 'PORT must be between 1 and 65535')
      .max(65535, 'PORT must be between 1 and 65535')
      .default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
      .optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
      .optional(),
    MAIL_FROM: z.string().min(3).default('Hearth <no-reply@hearth.local>'),
    APP_URL: url('APP_URL').optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    TRUST_PROXY: booleanFlag.default(false),
    SEED_DEMO: booleanFlag.optional(),
    OUTBOX_PAGE: booleanFlag.optional(),
    /**
     * Webhooks may deliver to private and loopback addresses (tests, a receiver on the same network as an
     * on-premises Hearth); never to the cloud metadata address.
     */
    WEBHOOKS_ALLOW_PRIVATE: booleanFlag.default(false),
    /** Webhooks may deliver over plain http: by default everywhere but production. */
    WEBHOOKS_ALLOW_HTTP: booleanFlag.optional(),
    /**
     * Company sign-in: `off` lets a team's domains count without their DNS TXT proof (an on-premises install
     * whose operator knows its teams, and tests).
     */
    SSO_DOMAIN_VERIFICATION: z
      .enum(['on', 'off'], { error: 'SSO_DOMAIN_VERIFICATION must be on or off' })
      .default('on'),
    /** Company sign-in providers over plain http: for tests only, never in production. */
    SSO_ALLOW_INSECURE_ISSUER: booleanFlag.default(false),
    /** Providers at private addresses (an on-premises Keycloak); the cloud metadata address never. */
    SSO_ALLOW_PRIVATE_ISSUER: booleanFlag.default(false),
    /** The zone the usage report's days and hours are counted in (an IANA name, e.g. America/Chicago). */
    TIME_ZONE: z
      .string()
      .refine(isTimeZone, 'TIME_ZONE must be an IANA time zone name, for example America/Chicago or UTC')
      .default('UTC'),
    PROVIDER_NAME: z.string().min(1).max(40).default('Hearth'),
    PROVIDER_TOOLS_LINKS: linkList.default([
      { label: 'Menu Builder', href: 'https://example.com/tools/menu-builder' },
      { label: 'Cook Time Calculator', href: 'https://example.com/tools/cook-time' },
    ]),
    PROVIDER_ABOUT_LINKS: linkList.default([
      { label: 'Our Story', href: 'https://example.com/about' },
      { label: 'Careers', href: 'https://example.com/careers' },
    ]),
    PROVIDER_CATALOG_URL: url('PROVIDER_CATALOG_URL').default('https://example.com/catalog'),
    PROVIDER_DOCS_URL: url('PROVIDER_DOCS_URL').default('https://example.com/documentation'),
    PROVIDER_PRIVACY_URL: url('PROVIDER_PRIVACY_URL').default('https://example.com/privacy-policy'),
    PROVIDER_TERMS_URL: url('PROVIDER_TERMS_URL').default('https://example.com/terms'),
    PROVIDER_BUY_URL: url('PROVIDER_BUY_URL').default('https://example.com/buy'),
    PROVIDER_REP_FINDER_URL: url('PROVIDER_REP_FINDER_URL').default('https://example.com/find-a-rep'),
    PROVIDER_SOCIAL_LINKS: linkList.default([
      { label: 'Facebook', href: 'https://example.com/facebook' },
      { label: 'Instagram', href: 'https://example.com/instagram' },
      { label: 'LinkedIn', href: 'https://example.com/linkedin' },
      { label: 'YouTube', href: 'https://example.com/youtube' },
    ]),
    PROVIDER_ADDRESS: z.string().default('1200 Hearthstone Way, Dallas, TX 75201'),
    PROVIDER_PHONE: z.string().default('+1 800 555 0199'),
    PROVIDER_EMAIL: z.string().default('support@example.com'),
    /** Processes serving requests: a number, or `auto` for one per core (PostgreSQL only). */
    WEB_CONCURRENCY: z
      .union([z.literal('auto'), z.coerce.number().int().min(1).max(64)], {
        error: 'WEB_CONCURRENCY must be a number from 1 to 64, or auto',
      })
      .default(1),
    /** Database connections each process may hold (PostgreSQL): the total is WEB_CONCURRENCY × DB_POOL_MAX. */
    DB_POOL_MAX: z.coerce
      .number({ error: 'DB_POOL_MAX must be a number from 2 to 200' })
      .int()
      .min(2, 'DB_POOL_MAX must be a number from 2 to 200')
      .max(200, 'DB_POOL_MAX must be a number from 2 to 200')
      .default(20),
  })
  .superRefine((env, ctx) => {
    if (env.SSO_ALLOW_INSECURE_ISSUER && env.NODE_ENV === 'production')
      ctx.addIssue({
        code: 'custom',
        path: ['SSO_ALLOW_INSECURE_ISSUER'],
        message: 'SSO_ALLOW_INSECURE_ISSUER is for tests: a production install signs in over https only',
      });
    if (env.WEB_CONCURRENCY !== 1 && env.DATABASE_URL === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['WEB_CONCURRENCY'],
        message: 'WEB_CONCURRENCY above 1 needs DATABASE_URL: the embedded database is locked to one process',
      });
  })
  .transform((env) => ({
    ...env,
    APP_URL: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    // The outbox page shows mail, links included: only on by default where no real mail goes out.
    OUTBOX_PAGE: env.OUTBOX_PAGE ?? env.SMTP_URL === undefined,
    // Demo accounts with published passwords: only for the embedded two-command start, never by default on
    // PostgreSQL or in production (an operator creates the first admin with `npm run create-admin`).
    SEED_DEMO: env.SEED_DEMO ?? (env.DATABASE_URL === undefined && env.NODE_ENV !== 'production'),
    WEBHOOKS_ALLOW_HTTP: env.WEBHOOKS_ALLOW_HTTP ?? env.NODE_ENV !== 'production',
  }));

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {}

/** Validates the environment once at start; a bad value stops the app with a message naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = configSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}
