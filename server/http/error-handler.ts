import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MENU_ERROR_FIELDS, type MenuFields } from '../../shared/contracts/menus';
import { saidOf } from '../../shared/contracts/zod-said';
import { MenuError } from '../../shared/domain/menu';
import { english } from '../../shared/i18n/english';
import { type Said, said } from '../../shared/i18n/said';
import { isDatabaseUnavailable } from '../db/client';
import {
  ConflictError,
  CsrfError,
  DeliveryError,
  DomainError,
  type FieldErrors,
  ForbiddenError,
  NotFoundError,
  PayloadTooLargeError,
  pgCode,
  TooManyError,
  UnauthenticatedError,
  UnavailableError,
  ValidationError,
} from '../lib/errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** How this route's request names a menu rule's subject, where it differs from MENU_ERROR_FIELDS. */
    menuFields?: MenuFields;
  }
}

/** A reply never lists more than this many fields, so a hostile body cannot make a huge error. */
const MAX_ERROR_FIELDS = 20;
const MAX_MESSAGES_PER_FIELD = 3;

const STATUS = new Map<abstract new (...args: never[]) => DomainError, number>([
  [UnauthenticatedError, 401],
  [ForbiddenError, 403],
  [NotFoundError, 404],
  [ConflictError, 409],
  [PayloadTooLargeError, 413],
  [CsrfError, 419],
  [ValidationError, 422],
  [TooManyError, 429],
  [DeliveryError, 502],
  [UnavailableError, 503],
]);

function statusOf(error: DomainError): number {
  for (const [kind, status] of STATUS) if (error instanceof kind) return status;
  return 500;
}

/** One field's problem on the wire: its path, its key and values (what every client says it by), its English. */
export interface WireIssue {
  path: string;
  key: string;
  params: Record<string, unknown>;
  message: string;
}

/**
 * The reply of a refusal: the summary's English, key and values; with field problems, Laravel's `errors` (English
 * per field) and the same problems as `issues` (path, key, values), capped so a hostile body cannot make a huge one.
 */
export function refusalBody(summary: Said, errors: FieldErrors = {}): Record<string, unknown> {
  const body: Record<string, unknown> = {
    message: english(summary),
    key: summary.key,
    params: summary.params ?? {},
  };
  const fields = Object.entries(errors).slice(0, MAX_ERROR_FIELDS);
  if (fields.length === 0) return body;
  const english_: Record<string, string[]> = {};
  const issues: WireIssue[] = [];
  for (const [field, list] of fields) {
    const shown = list.slice(0, MAX_MESSAGES_PER_FIELD);
    english_[field] = shown.map(english);
    for (const one of shown)
      issues.push({ path: field, key: one.key, params: one.params ?? {}, message: english(one) });
  }
  body.errors = english_;
  body.issues = issues;
  return body;
}

function megabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return mb >= 1 ? `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB` : `${Math.round(bytes / 1024)} KB`;
}

/** Turns anything a route or service threw into the `{ message, key, params, errors?, issues? }` reply, once. */
export function toReply(
  error: unknown,
  request: FastifyRequest,
): { status: number; body: Record<string, unknown> } {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors: FieldErrors = {};
    const seen = new Set<string>();
    for (const v of error.validation) {
      const path = (v.params as { issue?: { path?: unknown[] } }).issue?.path;
      const field =
        (Array.isArray(path) && path.length > 0 ? path.join('.') : '') ||
        v.instancePath.replace(/^\//, '').replaceAll('/', '.') ||
        '_';
      const what = saidOf({ message: v.message ?? '' });
      const once = `${field}\n${JSON.stringify(what)}`;
      if (seen.has(once)) continue;
      seen.add(once);
      errors[field] = [...(errors[field] ?? []), what];
    }
    const first = Object.values(errors)[0]?.[0] ?? said('ruleMessages.dataInvalid');
    return { status: 422, body: refusalBody(first, errors) };
  }
  if (error instanceof MenuError) {
    // A menu rule names what it is about; the route says how its request calls that, else the usual field.
    if (error.missing) return { status: 404, body: refusalBody(error.said) };
    const fields = request.routeOptions.config?.menuFields;
    const field = fields?.[error.subject] ?? MENU_ERROR_FIELDS[error.subject];
    return { status: 422, body: refusalBody(error.said, { [field]: [error.said] }) };
  }
  if (error instanceof DomainError) {
    const withErrors = error instanceof ValidationError || error instanceof ConflictError;
    return {
      status: statusOf(error),
      body: { ...refusalBody(error.said, withErrors ? error.errors : {}), ...error.details },
    };
  }
  // The disk under the database filled up or turned read-only: the write was rolled back whole, and only an
  // operator can fix it, so the user is told plainly rather than asked to retry in a few seconds.
  const code = pgCode(error);
  if (code === '53100' || code === 'ENOSPC')
    return { status: 507, body: refusalBody(said('ruleMessages.storageFull')) };
  if (code === '25006' || code === '58030' || code === 'EROFS')
    return { status: 503, body: { ...refusalBody(said('ruleMessages.dbReadOnly')), retry_after: 60 } };
  if (isDatabaseUnavailable(error))
    return { status: 503, body: { ...refusalBody(said('ruleMessages.dbUnreachable')), retry_after: 5 } };
  const fastifyError = error as Partial<FastifyError>;
  if (fastifyError.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    const limit = request.routeOptions.bodyLimit ?? 0;
    return {
      status: 413,
      body: {
        ...refusalBody(said('ruleMessages.requestTooLarge', { size: megabytes(limit) })),
        limit_bytes: limit,
      },
    };
  }
  if (
    fastifyError.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
    fastifyError.code === 'FST_ERR_CTP_INVALID_JSON_BODY'
  ) {
    return { status: 400, body: refusalBody(said('ruleMessages.notJson')) };
  }
  const status = fastifyError.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    if (error instanceof SyntaxError) return { status: 400, body: refusalBody(said('ruleMessages.notJson')) };
    // Fastify's own words for what it refused, kept as the English; the key says it for everyone else.
    const body = refusalBody(said('ruleMessages.notUnderstood'));
    return { status, body: fastifyError.message ? { ...body, message: fastifyError.message } : body };
  }
  return { status: 500, body: refusalBody(said('ruleMessages.serverError')) };
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply: FastifyReply) => {
    const { status, body } = toReply(error, request);
    if (status >= 500)
      request.log.error({ err: error }, status === 503 ? 'dependency unavailable' : 'request failed');
    if (typeof body.retry_after === 'number') reply.header('retry-after', String(body.retry_after));
    return reply.code(status).send(body);
  });
}
