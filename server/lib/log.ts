/**
 * What the logs may hold about an error: its kind, a short message, where it happened, and for database errors
 * the SQLSTATE and the query's first characters. Never a query's parameters or a row's values (a failed insert
 * would log a password hash or megabytes of image bytes).
 */
const MAX_TEXT = 300;

const cut = (s: string, max = MAX_TEXT) =>
  s.length > max ? `${s.slice(0, max)}… (${s.length} characters)` : s;

/** Drizzle puts the parameters in its message ("Failed query: …\nparams: …"); keep only the query part. */
function safeMessage(message: string): string {
  const at = message.indexOf('\nparams:');
  return cut(at >= 0 ? message.slice(0, at) : message);
}

export interface LoggedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
  code?: string;
  constraint?: string;
  table?: string;
  column?: string;
  query?: string;
  statusCode?: number;
  cause?: LoggedError;
}

export function serializeError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: cut(String(error)), stack: '' };
  const e = error as Error & Record<string, unknown>;
  const message = safeMessage(e.message ?? '');
  const frames = (e.stack ?? '')
    .split('\n')
    .filter((l) => l.startsWith('    at '))
    .slice(0, 12);
  const out: LoggedError = {
    type: e.name || e.constructor?.name || 'Error',
    message,
    stack: [`${e.name}: ${message}`, ...frames].join('\n'),
  };
  for (const key of ['code', 'constraint', 'table', 'column'] as const)
    if (typeof e[key] === 'string') out[key] = cut(e[key] as string, 80);
  if (typeof e.query === 'string') out.query = cut(e.query);
  if (typeof e.statusCode === 'number') out.statusCode = e.statusCode;
  if (e.cause !== undefined && depth < 3) out.cause = serializeError(e.cause, depth + 1);
  return out;
}
