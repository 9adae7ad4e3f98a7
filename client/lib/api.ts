import { CSRF_COOKIE, CSRF_HEADER } from '../../shared/contracts/http';
import { authToken } from './auth-token';

/** A failed call: the HTTP status, the server's message, and its messages per field (422). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: Record<string, string[]> = {},
    readonly body: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

function csrfToken(): string {
  const match = document.cookie.split('; ').find((c) => c.startsWith(`${CSRF_COOKIE}=`));
  return match ? decodeURIComponent(match.slice(CSRF_COOKIE.length + 1)) : '';
}

/** Every call sends JSON with the CSRF header (spec §7) and, when logged in, the bearer token. */
export async function api<T>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', [CSRF_HEADER]: csrfToken() };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const token = authToken.get();
  if (token) headers.authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, 'We could not reach the server. Check your connection and try again.');
  }
  const text = await response.text();
  let data: Record<string, unknown> = {};
  try {
    data = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    data = {};
  }
  if (!response.ok) {
    const message =
      typeof data.message === 'string' ? data.message : `The server answered ${response.status}.`;
    throw new ApiError(response.status, message, (data.errors as Record<string, string[]>) ?? {}, data);
  }
  return data as T;
}
