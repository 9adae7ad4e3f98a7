/** Errors a service throws; the app's error handler turns them into `{ message, errors? }` replies. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string[]>,
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const unauthenticated = () => new HttpError(401, 'Unauthenticated.');
export const forbidden = (message = 'This action is unauthorized.') => new HttpError(403, message);
export const notFound = (what = 'Resource') => new HttpError(404, `${what} not found.`);

/** 422 with one message on one field, Laravel style. */
export function invalid(field: string, message: string): HttpError {
  return new HttpError(422, message, { [field]: [message] });
}
