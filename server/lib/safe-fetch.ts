import { lookup as dnsLookup } from 'node:dns/promises';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP } from 'node:net';
import { Readable } from 'node:stream';
import { english } from '../../shared/i18n/english';
import { type Said, said } from '../../shared/i18n/said';

/**
 * Posting to an address a customer typed, without opening a way into the network behind Hearth (decision 0036):
 * the name is looked up here, every address it gives is checked, and the connection goes to the checked address
 * (a second lookup by the HTTP client could answer otherwise: DNS rebinding). Redirects are not followed.
 */

// Cloud metadata: never, whatever the setting (AWS, GCP, Azure, OpenStack use the first; AWS's IPv6 the second).
const METADATA = new BlockList();
METADATA.addAddress('169.254.169.254', 'ipv4');
METADATA.addAddress('fd00:ec2::254', 'ipv6');

const PRIVATE = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  // Documentation ranges: never a real receiver.
  ['192.0.2.0', 24],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  PRIVATE.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  // Unspecified, loopback and IPv4-compatible (::a.b.c.d); IPv4-translated; local-use NAT64; discard.
  ['::', 96],
  ['::ffff:0:0:0', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  // Tunnels that carry an IPv4 address inside (6to4, Teredo), site-local and documentation.
  ['2002::', 16],
  ['2001::', 32],
  ['fec0::', 10],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  PRIVATE.addSubnet(net, bits, 'ipv6');

/** The IPv4 address inside an IPv4-mapped or NAT64 IPv6 one (::ffff:7f00:1 is 127.0.0.1), else null. */
export function embeddedIpv4(ipv6: string): string | null {
  const [head = '', tail = ''] = ipv6.toLowerCase().split('::');
  const groupsOf = (part: string) => (part === '' ? [] : part.split(':'));
  let tailGroups = groupsOf(tail);
  const last = tailGroups[tailGroups.length - 1] ?? '';
  if (last.includes('.')) {
    const [a, b, c, d] = last.split('.').map(Number) as [number, number, number, number];
    tailGroups = [...tailGroups.slice(0, -1), ((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
  }
  const headGroups = groupsOf(head);
  const groups = ipv6.includes('::')
    ? [...headGroups, ...Array(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups]
    : tailGroups.length
      ? tailGroups
      : headGroups;
  if (groups.length !== 8) return null;
  const n = groups.map((g) => Number.parseInt(g || '0', 16));
  const mapped = n.slice(0, 5).every((g) => g === 0) && n[5] === 0xffff;
  const nat64 = n[0] === 0x64 && n[1] === 0xff9b && n.slice(2, 6).every((g) => g === 0);
  if (!mapped && !nat64) return null;
  return [n[6]! >> 8, n[6]! & 255, n[7]! >> 8, n[7]! & 255].join('.');
}

/** Whether Hearth refuses to connect to this address. */
export function isRefusedAddress(address: string, allowPrivate: boolean): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  if (family === 6) {
    const inner = embeddedIpv4(address);
    if (inner) return isRefusedAddress(inner, allowPrivate);
  }
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (METADATA.check(address, type)) return true;
  return !allowPrivate && PRIVATE.check(address, type);
}

export class RefusedAddress extends Error {
  constructor(readonly said: Said) {
    super(english(said));
  }
}

/** The address to connect to for a URL's host, checked; throws RefusedAddress when any answer is refused. */
export async function checkedAddress(
  url: URL,
  allowPrivate: boolean,
): Promise<{ address: string; family: 4 | 6 }> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const literal = isIP(host);
  let answers: { address: string; family: number }[];
  if (literal) answers = [{ address: host, family: literal }];
  else {
    try {
      answers = await dnsLookup(host, { all: true, verbatim: true });
    } catch {
      throw new RefusedAddress(said('ruleMessages.webhookUrlUnknownHost', { host }));
    }
  }
  // Every answer is checked: a name that gives a public and a private address is refused.
  const refused = answers.find((a) => isRefusedAddress(a.address, allowPrivate));
  if (refused || answers.length === 0)
    throw new RefusedAddress(said('ruleMessages.webhookUrlPrivate', { address: refused?.address ?? host }));
  const first = answers[0]!;
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}

/** The name TLS is told (SNI): none for an address, which URLs write in brackets for IPv6. */
export const serverNameOf = (url: URL) =>
  isIP(url.hostname.replace(/^\[|\]$/g, '')) ? undefined : url.hostname;

/** Resolves a connection's host to the address already checked, never by a second lookup. */
function pinnedLookup(target: { address: string; family: 4 | 6 }) {
  return (
    _host: string,
    opts: unknown,
    callback: (error: Error | null, address: unknown, family?: number) => void,
  ) => {
    if ((opts as { all?: boolean }).all) callback(null, [target]);
    else callback(null, target.address, target.family);
  };
}

export interface CheckedFetchInit {
  method?: string;
  headers?: HeadersInit;
  body?: string | URLSearchParams | Uint8Array | ArrayBuffer | null;
  signal?: AbortSignal | null;
}

/**
 * `fetch` for an address from outside (a company's identity provider): the host is looked up and checked once,
 * and the connection goes to that address, so a name that answers a public address to the check and a private one
 * to the connection (DNS rebinding) reaches nothing. Redirects come back as they are, never followed. The answer's
 * body streams; the caller bounds it.
 */
export async function fetchChecked(
  rawUrl: string,
  init: CheckedFetchInit,
  allowPrivate: boolean,
): Promise<Response> {
  const url = new URL(rawUrl);
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new TypeError(`Unsupported ${url.protocol}`);
  const target = await checkedAddress(url, allowPrivate);
  const headers: Record<string, string> = {};
  new Headers(init.headers).forEach((value, name) => {
    headers[name] = value;
  });
  const body =
    init.body === undefined || init.body === null
      ? undefined
      : init.body instanceof ArrayBuffer
        ? Buffer.from(init.body)
        : typeof init.body === 'string' || init.body instanceof Uint8Array
          ? init.body
          : init.body.toString();
  if (body !== undefined && headers['content-length'] === undefined)
    headers['content-length'] = String(Buffer.byteLength(body));
  if (init.body instanceof URLSearchParams && headers['content-type'] === undefined)
    headers['content-type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<Response>((resolve, reject) => {
    const req = send(
      url,
      {
        method: init.method ?? 'GET',
        headers,
        lookup: pinnedLookup(target) as never,
        servername: serverNameOf(url),
        signal: init.signal ?? undefined,
      },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status < 200 || status > 599) {
          res.destroy();
          reject(new TypeError(`Unusable status ${status}`));
          return;
        }
        const answer = new Headers();
        for (const [name, value] of Object.entries(res.headers)) {
          if (value === undefined) continue;
          for (const one of Array.isArray(value) ? value : [value]) answer.append(name, one);
        }
        const empty = status === 204 || status === 205 || status === 304 || init.method === 'HEAD';
        if (empty) res.resume();
        resolve(
          new Response(empty ? null : (Readable.toWeb(res) as ReadableStream<Uint8Array>), {
            status,
            statusText: res.statusMessage ?? '',
            headers: answer,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

export interface PostOutcome {
  /** The receiver's status, or null when none came (refused, unreachable, timed out). */
  status: number | null;
  /** Why it failed, said for the delivery log; null on a 2xx. */
  error: Said | null;
  durationMs: number;
}

/** Why a connection failed, in words a manager can act on (the system's code only where none fits). */
function connectionProblem(error: NodeJS.ErrnoException): Said {
  const code = error.code ?? '';
  if (code === 'ECONNREFUSED' || code === 'ECONNRESET') return said('ruleMessages.webhookRefused');
  if (['EHOSTUNREACH', 'ENETUNREACH', 'ETIMEDOUT', 'EAI_AGAIN'].includes(code))
    return said('ruleMessages.webhookUnreachable');
  if (/CERT|TLS|SSL|SELF_SIGNED/.test(code)) return said('ruleMessages.webhookTls', { reason: code });
  return said('ruleMessages.webhookConnect', { reason: code || error.message });
}

/** Reads at most this much of a receiver's answer: only its status matters. */
const ANSWER_READ_MAX = 64 * 1024;

/** POSTs a body to a checked address with a deadline for the whole exchange; never follows a redirect. */
export async function postChecked(
  rawUrl: string,
  headers: Record<string, string>,
  body: string,
  options: { timeoutMs: number; allowPrivate: boolean },
): Promise<PostOutcome> {
  const started = Date.now();
  const done = (status: number | null, error: Said | null): PostOutcome => ({
    status,
    error,
    durationMs: Date.now() - started,
  });
  let url: URL;
  let target: { address: string; family: 4 | 6 };
  try {
    url = new URL(rawUrl);
    target = await checkedAddress(url, options.allowPrivate);
  } catch (error) {
    return done(null, error instanceof RefusedAddress ? error.said : said('ruleMessages.webhookUrlInvalid'));
  }
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<PostOutcome>((resolve) => {
    let settled = false;
    const finish = (status: number | null, error: Said | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(done(status, error));
    };
    const req = send(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': Buffer.byteLength(body).toString() },
        // The connection goes to the address checked above, not to a second lookup's answer.
        lookup: pinnedLookup(target) as never,
        servername: serverNameOf(url),
      },
      (res) => {
        const status = res.statusCode ?? 0;
        let read = 0;
        res.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > ANSWER_READ_MAX) res.destroy();
        });
        res.on('error', () => {});
        res.on('close', () => {
          if (status >= 200 && status < 300) finish(status, null);
          else if (status >= 300 && status < 400)
            finish(status, said('ruleMessages.webhookRedirect', { status }));
          else finish(status, said('ruleMessages.webhookStatus', { status }));
        });
        res.resume();
      },
    );
    const timer = setTimeout(() => {
      finish(null, said('ruleMessages.webhookNoAnswer', { seconds: Math.round(options.timeoutMs / 1000) }));
      req.destroy();
    }, options.timeoutMs);
    req.on('error', (error) => finish(null, connectionProblem(error as NodeJS.ErrnoException)));
    req.end(body);
  });
}
