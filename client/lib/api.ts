import type { SaidWire } from '../../shared/contracts/common';
import { CSRF_COOKIE, CSRF_HEADER } from '../../shared/contracts/http';
import { authToken } from './auth-token';
import { takeFirstAnswer } from './first-data';
import { say } from './i18n';
import { serverUnreachable } from './offline/online';

/**
 * A failed call: the HTTP status, what the server said (its key and values, shown in the screens' language by
 * `textOf`; `message` is the API's English), and its problems per field (422).
 */
export class ApiError extends Error {
  /** What the server said (its key and values); `message` is its English. Shown with `textOf`. */
  readonly said: SaidWire | undefined;
  /** Each field's problems as said, by the field's path ('stages.1.temp'). */
  readonly issues: Record<string, SaidWire[]>;
  constructor(
    readonly status: number,
    message: string,
    readonly body: Record<string, unknown> = {},
    said?: SaidWire,
  ) {
    super(message);
    this.said =
      said ?? (typeof body.key === 'string' ? { key: body.key, params: paramsOf(body.params) } : undefined);
    this.issues = {};
    if (Array.isArray(body.issues))
      for (const issue of body.issues as { path?: unknown; key?: unknown; params?: unknown }[])
        if (typeof issue.path === 'string' && typeof issue.key === 'string')
          this.issues[issue.path] = [
            ...(this.issues[issue.path] ?? []),
            { key: issue.key, params: paramsOf(issue.params) },
          ];
  }

  /** Each field's problems in the screens' language (the server's English where it said none by key). */
  get errors(): Record<string, string[]> {
    const english = (this.body.errors ?? {}) as Record<string, string[]>;
    const out: Record<string, string[]> = {};
    for (const field of new Set([...Object.keys(this.issues), ...Object.keys(english)])) {
      const said = this.issues[field];
      out[field] = said ? said.map((s, i) => say(s, 'F', english[field]?.[i])) : (english[field] ?? []);
    }
    return out;
  }
}

const paramsOf = (params: unknown) =>
  typeof params === 'object' && params !== null ? (params as Record<string, unknown>) : undefined;

function csrfToken(): string {
  const match = document.cookie.split('; ').find((c) => c.startsWith(`${CSRF_COOKIE}=`));
  return match ? decodeURIComponent(match.slice(CSRF_COOKIE.length + 1)) : '';
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const UNREACHABLE: SaidWire = { key: 'ruleMessages.unreachable' };
const unreachable = () => {
  // The app works offline from here until the server answers again.
  serverUnreachable();
  return new ApiError(
    0,
    'We could not reach the server. Check your connection and try again.',
    {},
    UNREACHABLE,
  );
};

function headersFor(body: unknown): Record<string, string> {
  const headers: Record<string, string> = { accept: 'application/json', [CSRF_HEADER]: csrfToken() };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const token = authToken.get();
  if (token) headers.authorization = `Bearer ${token}`;
  return headers;
}

/** The reply's JSON, or an ApiError carrying its message, field messages and whole body. */
function result<T>(status: number, ok: boolean, text: string): T {
  let data: Record<string, unknown> = {};
  try {
    data = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    data = {};
  }
  if (!ok) {
    if (typeof data.message === 'string') throw new ApiError(status, data.message, data);
    throw new ApiError(status, `The server answered ${status}.`, data, {
      key: 'ruleMessages.serverAnswered',
      params: { status },
    });
  }
  return data as T;
}

/** Every call sends JSON with the CSRF header (spec §7) and, when logged in, the bearer token. */
export async function api<T>(method: Method, path: string, body?: unknown): Promise<T> {
  // Headers only when the request is really sent: an answer the HTML already asked for needs none, and reading the
  // CSRF cookie is a call into the browser (3 ms of the first load's start in a profile; My Ovens adopts seven answers).
  const ask = () =>
    fetch(path, {
      method,
      headers: headersFor(body),
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  let response: Response;
  try {
    // A request the HTML made that failed on the way is asked again.
    response = await ((method === 'GET' && takeFirstAnswer(path)?.catch(ask)) || ask());
  } catch {
    throw unreachable();
  }
  return result<T>(response.status, response.ok, await response.text());
}

/** A form with a file (multipart/form-data), with the CSRF header and the token; the browser writes its boundary. */
export async function apiForm<T>(path: string, form: FormData): Promise<T> {
  const headers = headersFor(undefined);
  let response: Response;
  try {
    response = await fetch(path, { method: 'POST', headers, body: form });
  } catch {
    throw unreachable();
  }
  return result<T>(response.status, response.ok, await response.text());
}

/** The file name a reply's Content-Disposition gives, if any. */
function dispositionName(header: string | null): string | undefined {
  // The exact name (RFC 6266's filename*, "Pizzería Sol ovens.csv") before its ASCII fallback.
  const exact = header?.match(/filename\*=UTF-8''([^;]+)/i)?.[1];
  if (exact) {
    try {
      return decodeURIComponent(exact);
    } catch {
      // A broken encoding: the fallback below.
    }
  }
  return header?.match(/filename="([^"]+)"/)?.[1];
}

/**
 * A file the server sends only to this signed-in session (a prepared download, an attachment in the outbox),
 * saved under the name given, else the one the server sends.
 */
export async function apiDownload(path: string, fileName?: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(path, { headers: headersFor(undefined) });
  } catch {
    throw unreachable();
  }
  if (!response.ok) result(response.status, false, await response.text());
  saveFile(
    await response.blob(),
    fileName ?? dispositionName(response.headers.get('content-disposition')) ?? 'download',
  );
}

/** Hands a file to the browser to save under `fileName` (a download, or a file built on the device). */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Where a large upload is: still sending (with the share sent), or sent and being processed by the server. */
export type UploadProgress = { phase: 'sending'; sent: number; total: number } | { phase: 'processing' };

/**
 * The same call for a large body, through XMLHttpRequest because fetch cannot report upload progress: a 15 MB
 * settings file on a kitchen's Wi-Fi takes long enough that the person must see it move.
 */
export function apiUpload<T>(
  method: Method,
  path: string,
  body: unknown,
  onProgress: (progress: UploadProgress) => void,
  signal?: AbortSignal,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, path);
    for (const [name, value] of Object.entries(headersFor(body))) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress({ phase: 'sending', sent: e.loaded, total: e.total });
    };
    xhr.upload.onload = () => onProgress({ phase: 'processing' });
    xhr.onload = () => {
      try {
        resolve(result<T>(xhr.status, xhr.status >= 200 && xhr.status < 300, xhr.responseText));
      } catch (error) {
        reject(error);
      }
    };
    xhr.onerror = () => reject(unreachable());
    xhr.onabort = () =>
      reject(new ApiError(0, 'The upload was cancelled.', {}, { key: 'ruleMessages.uploadCancelled' }));
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(JSON.stringify(body));
  });
}
