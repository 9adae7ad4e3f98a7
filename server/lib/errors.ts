/**
 * What a service throws when it cannot do what was asked, in the domain's words: said by key and values
 * (shared/i18n/said.ts) so every reader has it in their language; `message` is its English, for the API and the
 * logs. Services never touch the HTTP reply: the app's error handler (server/http/error-handler.ts) turns each
 * kind into its status code once. `details` are extra reply fields the spec's clients read (`updated: false`).
 */
import type { Issue } from '../../shared/domain/issues';
import { english } from '../../shared/i18n/english';
import { type Said, said } from '../../shared/i18n/said';

export abstract class DomainError extends Error {
  constructor(
    readonly said: Said,
    readonly details: Record<string, unknown> = {},
  ) {
    super(english(said));
    this.name = new.target.name;
  }
}

export class UnauthenticatedError extends DomainError {
  constructor(what: Said = said('ruleMessages.unauthenticated'), details?: Record<string, unknown>) {
    super(what, details);
  }
}

export class ForbiddenError extends DomainError {
  constructor(what: Said = said('ruleMessages.unauthorized'), details?: Record<string, unknown>) {
    super(what, details);
  }
}

const WHAT = {
  Resource: 'ruleParts.whatResource',
  Recipe: 'ruleParts.whatRecipe',
  Oven: 'ruleParts.whatOven',
  Location: 'ruleParts.whatLocation',
  Template: 'ruleParts.whatTemplate',
  Version: 'ruleParts.whatVersion',
  Job: 'ruleParts.whatJob',
  Download: 'ruleParts.whatDownload',
  Guide: 'ruleParts.whatGuide',
  Page: 'ruleParts.whatPage',
  Attachment: 'ruleParts.whatAttachment',
  Invitation: 'ruleParts.whatInvitation',
  Team: 'ruleParts.whatTeam',
  Member: 'ruleParts.whatMember',
  User: 'ruleParts.whatUser',
  Image: 'ruleParts.whatImage',
  Token: 'ruleParts.whatToken',
  Webhook: 'ruleParts.whatWebhook',
  Screen: 'ruleParts.whatScreen',
  Button: 'ruleParts.whatButton',
  Category: 'ruleParts.whatCategory',
  'Company sign-in': 'ruleParts.whatCompanySignIn',
} as const;

export class NotFoundError extends DomainError {
  constructor(
    what: keyof typeof WHAT = 'Resource',
    details?: Record<string, unknown>,
    message: Said = said('ruleMessages.notFound', { what: said(WHAT[what]) }),
  ) {
    super(message, details);
  }
}

/** Field problems: what each field's values break, said (Laravel's 422 shape on the wire). */
export type FieldErrors = Record<string, Said[]>;

/** Bad input, with what is wrong per field (Laravel's 422 shape). */
export class ValidationError extends DomainError {
  constructor(
    what: Said,
    readonly errors: FieldErrors = {},
    details?: Record<string, unknown>,
  ) {
    super(what, details);
  }

  /** One problem on one field. */
  static field(field: string, what: Said, details?: Record<string, unknown>): ValidationError {
    return new ValidationError(what, { [field]: [what] }, details);
  }

  /** The domain's issues ({ path, said }) under an optional prefix, per field. */
  static fromIssues(issues: readonly Issue[], prefix: (string | number)[] = []): ValidationError {
    const errors: FieldErrors = {};
    const seen = new Set<string>();
    for (const issue of issues) {
      const field = [...prefix, ...issue.path].join('.') || '_';
      const once = `${field}\n${JSON.stringify(issue.said)}`;
      if (seen.has(once)) continue;
      seen.add(once);
      errors[field] = [...(errors[field] ?? []), issue.said];
    }
    return ValidationError.of(errors);
  }

  /** Problems per field; the summary is the first one. */
  static of(errors: FieldErrors, details?: Record<string, unknown>): ValidationError {
    return new ValidationError(
      Object.values(errors)[0]?.[0] ?? said('ruleMessages.dataInvalid'),
      errors,
      details,
    );
  }
}

/** The request is valid but clashes with the current state (a stale editor, a concurrent change). */
export class ConflictError extends DomainError {
  constructor(
    what: Said,
    readonly errors: FieldErrors = {},
    details?: Record<string, unknown>,
  ) {
    super(what, details);
  }
}

export class TooManyError extends DomainError {
  constructor(
    what: Said,
    readonly retryAfterSeconds: number,
  ) {
    super(what, { retry_after: retryAfterSeconds });
  }
}

export class PayloadTooLargeError extends DomainError {}

/** A dependency (the database, the mail server) is away; the client may retry after a pause. */
export class UnavailableError extends DomainError {
  constructor(
    what: Said,
    readonly retryAfterSeconds = 5,
  ) {
    super(what, { retry_after: retryAfterSeconds });
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
    super(said('ruleMessages.mailNotAccepted', { to, reason }), { queued: true });
  }
}

/** The double-submit CSRF check failed (Laravel's 419). */
export class CsrfError extends DomainError {
  constructor() {
    super(said('ruleMessages.csrf'));
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
