/** CRC-32 (IEEE 802.3), used by the settings file to detect a truncated or altered copy. */
const TABLE = (() => {
  const t = new Int32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c;
  }
  return t;
})();

/** CRC of a string's characters; the files are ASCII, so characters are bytes. */
export function crc32(text: string): string {
  const table = TABLE;
  const len = text.length;
  let crc = -1;
  for (let i = 0; i < len; i++) crc = (table[(crc ^ text.charCodeAt(i)) & 0xff] as number) ^ (crc >>> 8);
  return ((crc ^ -1) >>> 0).toString(16).toUpperCase().padStart(8, '0');
}
