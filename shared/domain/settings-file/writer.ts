/**
 * Builds an ASCII text as bytes: much cheaper than joining JavaScript strings line by line (see the Performance
 * section of docs/settings-file-format.md). Everything written must already be ASCII; `quoted` escapes the rest.
 */
export class AsciiWriter {
  private buf = new Uint8Array(1 << 16);
  private pos = 0;

  private room(n: number): void {
    if (this.pos + n <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.pos + n) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.buf.subarray(0, this.pos));
    this.buf = next;
  }

  /** A fixed piece of syntax such as ' temp=', encoded once with `ascii()` at module level. */
  lit(bytes: Uint8Array): this {
    this.room(bytes.length);
    for (let i = 0; i < bytes.length; i++) this.buf[this.pos++] = bytes[i]!;
    return this;
  }

  /** Text known to be plain ASCII (names of enums, digits). */
  ascii(text: string): this {
    this.room(text.length);
    for (let i = 0; i < text.length; i++) this.buf[this.pos++] = text.charCodeAt(i);
    return this;
  }

  int(n: number): this {
    if (n >= 0 && n < 10) {
      this.room(1);
      this.buf[this.pos++] = 48 + n;
      return this;
    }
    return this.ascii(String(n));
  }

  byte(b: number): this {
    this.room(1);
    this.buf[this.pos++] = b;
    return this;
  }

  /** A double-quoted value: quote, backslash and control characters escaped, anything beyond ASCII as \uXXXX. */
  quoted(value: string): this {
    this.room(value.length + 2);
    this.buf[this.pos++] = 0x22;
    for (let i = 0; i < value.length; i++) {
      const c = value.charCodeAt(i);
      if (c >= 0x20 && c <= 0x7e && c !== 0x22 && c !== 0x5c) {
        this.room(1);
        this.buf[this.pos++] = c;
      } else if (c === 0x22) this.ascii('\\"');
      else if (c === 0x5c) this.ascii('\\\\');
      else if (c === 0x0a) this.ascii('\\n');
      else if (c === 0x09) this.ascii('\\t');
      else if (c === 0x0d) this.ascii('\\r');
      else this.ascii(`\\u${c.toString(16).toUpperCase().padStart(4, '0')}`);
    }
    this.room(1);
    this.buf[this.pos++] = 0x22;
    return this;
  }

  get length(): number {
    return this.pos;
  }

  bytes(): Uint8Array {
    return this.buf.subarray(0, this.pos);
  }

  /** The text written so far (ASCII, so the single-byte decoding is exact). */
  toString(): string {
    return new TextDecoder('latin1').decode(this.bytes());
  }
}

/** Encodes a fixed ASCII literal once, for `AsciiWriter.lit`. */
export function ascii(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}
