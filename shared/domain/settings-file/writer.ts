/**
 * Writing an ASCII text as bytes. A line first asks `ByteOut.room()` for the most it can take, then the `put*`
 * functions write into that buffer with the position in a local variable: three times faster than a writer
 * object that checks and stores its position on every call (see "Performance" in docs/settings-file-format.md).
 * Everything written must already be ASCII, except through `putQuoted`, which escapes the rest.
 */
export class ByteOut {
  buf: Uint8Array;
  pos = 0;

  constructor(sizeHint = 1 << 16) {
    this.buf = new Uint8Array(Math.max(1024, sizeHint));
  }

  /** The buffer, with at least `n` free bytes from `pos`. */
  room(n: number): Uint8Array {
    if (this.pos + n > this.buf.length) {
      let size = this.buf.length * 2;
      while (size < this.pos + n) size *= 2;
      const next = new Uint8Array(size);
      next.set(this.buf.subarray(0, this.pos));
      this.buf = next;
    }
    return this.buf;
  }

  bytes(): Uint8Array {
    return this.buf.subarray(0, this.pos);
  }
}

/** The most bytes `putInt` writes for any number. */
export const MAX_INT_BYTES = 24;
/** The most bytes `putQuoted` writes for a text of `length` characters. */
export const quotedBytes = (length: number) => 6 * length + 2;

/** A fixed piece of syntax such as ' temp=', encoded once with `ascii()` at module level. */
export function putLit(buf: Uint8Array, p: number, bytes: Uint8Array): number {
  for (let i = 0; i < bytes.length; i++) buf[p++] = bytes[i]!;
  return p;
}

/** Text meant to be plain ASCII (names of enums, digits); anything else becomes '?', which no reader accepts. */
export function putAscii(buf: Uint8Array, p: number, text: string): number {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    buf[p++] = c >= 0x20 && c <= 0x7e ? c : 0x3f;
  }
  return p;
}

/** A number in plain decimal. Small enough to be inlined where it is called: 0–999 are written here. */
export function putInt(buf: Uint8Array, p: number, n: number): number {
  if (n >= 0 && n < 1000 && (n | 0) === n) {
    if (n >= 100) {
      const h = (n / 100) | 0;
      buf[p++] = 48 + h;
      n -= h * 100;
      buf[p++] = 48 + ((n / 10) | 0);
    } else if (n >= 10) buf[p++] = 48 + ((n / 10) | 0);
    buf[p++] = 48 + (n % 10);
    return p;
  }
  return putLargeInt(buf, p, n);
}

/** Whole numbers from 1,000 to a billion digit by digit; anything else as JavaScript writes it. */
function putLargeInt(buf: Uint8Array, p: number, n: number): number {
  if (!(n > 0 && n < 1e9 && Math.floor(n) === n)) return putAscii(buf, p, String(n));
  let digits = 4;
  for (let limit = 10000; n >= limit; limit *= 10) digits++;
  let at = p + digits;
  for (let v = n; v > 0; ) {
    const q = Math.floor(v / 10);
    buf[--at] = 48 + v - q * 10;
    v = q;
  }
  return p + digits;
}

/** Two digits at least, zero-padded (event times). */
export function putInt2(buf: Uint8Array, p: number, n: number): number {
  if (n >= 0 && n < 10) buf[p++] = 48;
  return putInt(buf, p, n);
}

/** A double-quoted value: quote, backslash and control characters escaped, anything beyond ASCII as \uXXXX. */
export function putQuoted(buf: Uint8Array, p: number, value: string): number {
  buf[p++] = 0x22;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c >= 0x20 && c <= 0x7e && c !== 0x22 && c !== 0x5c) buf[p++] = c;
    else {
      buf[p++] = 0x5c;
      if (c === 0x22 || c === 0x5c) buf[p++] = c;
      else if (c === 0x0a) buf[p++] = 0x6e;
      else if (c === 0x09) buf[p++] = 0x74;
      else if (c === 0x0d) buf[p++] = 0x72;
      else {
        buf[p++] = 0x75;
        for (let shift = 12; shift >= 0; shift -= 4) buf[p++] = HEX[(c >> shift) & 15]!;
      }
    }
  }
  buf[p++] = 0x22;
  return p;
}

/** Encodes a fixed ASCII literal once, for `putLit`. */
export function ascii(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

const HEX = ascii('0123456789ABCDEF');
const decoder = new TextDecoder();

/** Bytes known to be ASCII as a string (UTF-8 decoding is exact for ASCII, and the fastest decoder). */
export function asciiText(bytes: Uint8Array): string {
  return decoder.decode(bytes);
}
