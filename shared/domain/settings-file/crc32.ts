/** CRC-32 (IEEE 802.3), used by the settings file to detect a truncated or altered copy. */
const TABLES = (() => {
  // Four tables let the loop take four bytes a step ("slicing by 4").
  const t = Array.from({ length: 4 }, () => new Int32Array(256));
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[0]![n] = c;
  }
  for (let n = 0; n < 256; n++) {
    for (let k = 1; k < 4; k++) t[k]![n] = t[0]![t[k - 1]![n]! & 0xff]! ^ (t[k - 1]![n]! >>> 8);
  }
  return t as [Int32Array, Int32Array, Int32Array, Int32Array];
})();

const hex = (crc: number) => ((crc ^ -1) >>> 0).toString(16).toUpperCase().padStart(8, '0');

/** CRC of bytes, as 8 upper-case hex digits. */
export function crc32Bytes(bytes: Uint8Array): string {
  const [t0, t1, t2, t3] = TABLES;
  const len = bytes.length;
  let crc = -1;
  let i = 0;
  for (; i + 4 <= len; i += 4) {
    crc ^= bytes[i]! | (bytes[i + 1]! << 8) | (bytes[i + 2]! << 16) | (bytes[i + 3]! << 24);
    crc = t3[crc & 0xff]! ^ t2[(crc >>> 8) & 0xff]! ^ t1[(crc >>> 16) & 0xff]! ^ t0[crc >>> 24]!;
  }
  for (; i < len; i++) crc = t0[(crc ^ bytes[i]!) & 0xff]! ^ (crc >>> 8);
  return hex(crc);
}

const encoder = new TextEncoder();

/** CRC of an ASCII text (each character one byte; the parser has refused anything else first). */
export function crc32(text: string): string {
  const bytes = new Uint8Array(text.length * 3);
  const { written } = encoder.encodeInto(text, bytes);
  return crc32Bytes(bytes.subarray(0, written));
}
