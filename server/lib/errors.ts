/**
 * What a service throws when it cannot do what was asked, in the domain's words. Services never touch the HTTP
 * reply: the app's error handler (server/http/error-handler.ts) turns each kind into its status code once.
 * `details` are extra reply fields the spec's clients read (for example `updated: false`).
 */
export abstract class DomainError extends Error {
  constructor(
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class UnauthenticatedError extends DomainError {
  constructor(message = 'Unauthenticated.', details?: Record<string, unknown>) {
    super(message, details);
  }
}

export class ForbiddenError extends DomainError {
  constructor(message = 'This action is unauthorized.', details?: Record<string, unknown>) {
    super(message, details);
  }
}

export class NotFoundError extends DomainError {
  constructor(what = 'Resource', details?: Record<string, unknown>, message = `${what} not found.`) {
    super(message, details);
  }
}

/** Bad input, with the messages per field (Laravel's 422 shape). */
export class ValidationError extends DomainError {
  constructor(
    message: string,
    readonly errors: Record<string, string[]> = {},
    details?: Record<string, unknown>,
  ) {
    super(message, details);
  }

  /** One message on one field. */
  static field(field: string, message: string, details?: Record<string, unknown>): ValidationError {
    return new ValidationError(message, { [field]: [message] }, details);
  }

  /** The domain's issues ({ path, message }) under an optional prefix, as messages per field. */
  static fromIssues(
    issues: readonly { path: readonly (string | number)[]; message: string }[],
    prefix: (string | number)[] = [],
  ): ValidationError {
    const errors: Record<string, string[]> = {};
    for (const issue of issues) {
      const field = [...prefix, ...issue.path].join('.') || '_';
      const list = errors[field] ?? [];
      if (!list.includes(issue.message)) list.push(issue.message);
      errors[field] = list;
    }
    return ValidationError.of(errors);
  }

  /** Messages per field; the summary is the first one. */
  static of(errors: Record<string, string[]>, details?: Record<string, unknown>): ValidationError {
    return new ValidationError(
      Object.values(errors)[0]?.[0] ?? 'The given data was invalid.',
      errors,
      details,
    );
  }
}

/** The request is valid but clashes with the current state (a stale editor, a concurrent change). */
export class ConflictError extends DomainError {
  constructor(
    message: string,
    readonly errors: Record<string, string[]> = {},
    details?: Record<string, unknown>,
  ) {
    super(message, details);
  }
}

export class TooManyError extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message, { retry_after: retryAfterSeconds });
  }
}

export class PayloadTooLargeError extends DomainError {}

/** A dependency (the database, the mail server) is away; the client may retry after a pause. */
export class UnavailableError extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds = 5,
  ) {
    super(message, { retry_after: retryAfterSeconds });
  }
}

/**
 * The mail server did not take a message. It is kept in the outbox and sent again later, so the reply says both
 * (502: a server further along failed, not this request).
 */
export class DeliveryError extends DomainError {
  constructor(
    readonly to: string,
    readonly reason: string,
  ) {
    super(
      `The mail server did not accept the message to ${to} (${reason}). It is kept and will be sent again in a few minutes.`,
      { queued: true },
    );
  }
}

/** The double-submit CSRF check failed (Laravel's 419). */
export class CsrfError extends DomainError {
  constructor() {
    super('Your session is out of date (CSRF token mismatch). Reload the page and try again.');
  }
}

/** True for PostgreSQL's unique violation, from pg or PGlite, directly or wrapped by Drizzle. */
export function isUniqueViolation(error: unknown): boolean {
  return pgCode(error) === '23505';
}

/** The SQLSTATE or system code of a database error, looking through Drizzle's wrapper. */
export function pgCode(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}
