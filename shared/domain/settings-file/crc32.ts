/** CRC-32 (IEEE 802.3), used by the settings file to detect a truncated or altered copy. */

// Eight tables let the loop take eight bytes a step ("slicing by 8"); table k is one flat run of 256.
const T = (() => {
  const t = new Int32Array(8 * 256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c;
  }
  for (let k = 1; k < 8; k++) {
    for (let n = 0; n < 256; n++) {
      const prev = t[(k - 1) * 256 + n]!;
      t[k * 256 + n] = t[prev & 0xff]! ^ (prev >>> 8);
    }
  }
  return t;
})();

const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

const hex = (crc: number) => ((crc ^ -1) >>> 0).toString(16).toUpperCase().padStart(8, '0');

/** CRC of bytes, as 8 upper-case hex digits. */
export function crc32Bytes(bytes: Uint8Array): string {
  return crc32Scan(bytes).crc;
}

/**
 * CRC of bytes, and whether they are all ASCII, in one pass: the reader needs both for the whole body
 * of a file, and a second pass over 15 MB would cost as much as the CRC itself.
 */
export function crc32Scan(bytes: Uint8Array): { crc: string; ascii: boolean } {
  const len = bytes.length;
  let crc = -1;
  let high = 0;
  let i = 0;
  // Whole words are read four bytes at a time where the bytes are aligned for it.
  if (LITTLE_ENDIAN && bytes.byteOffset % 4 === 0 && len >= 8) {
    const words = new Int32Array(bytes.buffer, bytes.byteOffset, len >>> 2);
    const pairs = words.length >>> 1;
    for (let w = 0; w < pairs * 2; w += 2) {
      const a = words[w]! ^ crc;
      const b = words[w + 1]!;
      high |= a ^ crc;
      high |= b;
      crc =
        T[1792 + (a & 0xff)]! ^
        T[1536 + ((a >>> 8) & 0xff)]! ^
        T[1280 + ((a >>> 16) & 0xff)]! ^
        T[1024 + (a >>> 24)]! ^
        T[768 + (b & 0xff)]! ^
        T[512 + ((b >>> 8) & 0xff)]! ^
        T[256 + ((b >>> 16) & 0xff)]! ^
        T[b >>> 24]!;
    }
    i = pairs * 8;
  }
  for (; i < len; i++) {
    const byte = bytes[i]!;
    high |= byte;
    crc = T[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  }
  return { crc: hex(crc), ascii: (high & 0x80808080) === 0 };
}

const encoder = new TextEncoder();

/** CRC of an ASCII text (each character one byte; the parser has refused anything else first). */
export function crc32(text: string): string {
  const bytes = new Uint8Array(text.length * 3);
  const { written } = encoder.encodeInto(text, bytes);
  return crc32Bytes(bytes.subarray(0, written));
}
