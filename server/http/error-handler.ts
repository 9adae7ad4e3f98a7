import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MENU_ERROR_FIELDS, type MenuFields } from '../../shared/contracts/menus';
import { MenuError } from '../../shared/domain/menu';
import { isDatabaseUnavailable } from '../db/client';
import {
  ConflictError,
  CsrfError,
  DeliveryError,
  DomainError,
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

function capErrors(errors: Record<string, string[]>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(errors).slice(0, MAX_ERROR_FIELDS))
    out[field] = messages.slice(0, MAX_MESSAGES_PER_FIELD);
  return out;
}

function megabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return mb >= 1 ? `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB` : `${Math.round(bytes / 1024)} KB`;
}

/** Turns anything a route or service threw into the `{ message, errors? }` reply, with its status, once. */
export function toReply(
  error: unknown,
  request: FastifyRequest,
): { status: number; body: Record<string, unknown> } {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors: Record<string, string[]> = {};
    for (const v of error.validation) {
      const path = (v.params as { issue?: { path?: unknown[] } }).issue?.path;
      const field =
        (Array.isArray(path) && path.length > 0 ? path.join('.') : '') ||
        v.instancePath.replace(/^\//, '').replaceAll('/', '.') ||
        '_';
      const list = errors[field] ?? [];
      const message = v.message ?? 'The given data was invalid.';
      if (!list.includes(message)) list.push(message);
      errors[field] = list;
    }
    const capped = capErrors(errors);
    return {
      status: 422,
      body: { message: Object.values(capped)[0]?.[0] ?? 'The given data was invalid.', errors: capped },
    };
  }
  if (error instanceof MenuError) {
    // A menu rule names what it is about; the route says how its request calls that, else the usual field.
    if (error.missing) return { status: 404, body: { message: error.message } };
    const fields = request.routeOptions.config?.menuFields;
    const field = fields?.[error.subject] ?? MENU_ERROR_FIELDS[error.subject];
    return { status: 422, body: { message: error.message, errors: { [field]: [error.message] } } };
  }
  if (error instanceof DomainError) {
    const withErrors = error instanceof ValidationError || error instanceof ConflictError;
    return {
      status: statusOf(error),
      body: {
        message: error.message,
        ...(withErrors && Object.keys(error.errors).length > 0 ? { errors: capErrors(error.errors) } : {}),
        ...error.details,
      },
    };
  }
  // The disk under the database filled up or turned read-only: the write was rolled back whole, and only an
  // operator can fix it, so the user is told plainly rather than asked to retry in a few seconds.
  const code = pgCode(error);
  if (code === '53100' || code === 'ENOSPC') {
    return {
      status: 507,
      body: {
        message:
          "The server's storage is full, so nothing was saved. Ask your administrator to free some space, then try again.",
      },
    };
  }
  if (code === '25006' || code === '58030' || code === 'EROFS') {
    return {
      status: 503,
      body: {
        message:
          'The database cannot write right now (its storage is read-only or failing), so nothing was saved. Ask your administrator.',
        retry_after: 60,
      },
    };
  }
  if (isDatabaseUnavailable(error)) {
    return {
      status: 503,
      body: {
        message: 'The database is not reachable right now. Please try again in a few seconds.',
        retry_after: 5,
      },
    };
  }
  const fastifyError = error as Partial<FastifyError>;
  if (fastifyError.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    const limit = request.routeOptions.bodyLimit ?? 0;
    return {
      status: 413,
      body: {
        message: `The request is too large: it may be at most ${megabytes(limit)}.`,
        limit_bytes: limit,
      },
    };
  }
  if (
    fastifyError.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
    fastifyError.code === 'FST_ERR_CTP_INVALID_JSON_BODY'
  ) {
    return { status: 400, body: { message: 'The request body is not valid JSON.' } };
  }
  const status = fastifyError.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    if (error instanceof SyntaxError)
      return { status: 400, body: { message: 'The request body is not valid JSON.' } };
    return { status, body: { message: fastifyError.message ?? 'The request could not be understood.' } };
  }
  return { status: 500, body: { message: 'Something went wrong on our side. Please try again.' } };
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
