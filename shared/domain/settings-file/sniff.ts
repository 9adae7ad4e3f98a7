/**
 * Quick looks at a file before it is read in full: whether it is text at all, and what its first lines say (the
 * import form fills in the oven type and name from them). Small, so the browser can use it without the codec.
 */

import { said } from '../../i18n/said';
import { type OvenModel, ovenModelByCode } from '../oven-models';

export const BINARY_MESSAGE = said('ruleMessages.fileBinary');

/**
 * A settings file is plain text: a NUL byte, or many bytes that are neither printable ASCII nor line ends in its
 * first 8 KB, means something else was picked. Text pasted through a browser shows binary as U+FFFD, which is
 * three bytes above 0x7F, so it counts the same way.
 */
export function looksBinary(bytes: Uint8Array): boolean {
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  const end = Math.min(bytes.length, bom + 8192);
  const n = end - bom;
  let odd = 0;
  for (let i = bom; i < end; i++) {
    const b = bytes[i]!;
    if (b === 0) return true;
    if ((b < 0x20 && b !== 0x0a && b !== 0x0d && b !== 0x09) || b > 0x7e) odd++;
  }
  return n > 0 && odd / n > 0.1;
}

/** The model and oven name a settings file announces in its first lines, if it looks like one. */
export function sniffSettings(head: string): { model?: OvenModel; ovenName?: string } {
  const header = /^\ufeff?HEARTH-(?:AI2|RCP) \d+\.\d+ ([A-Z0-9]+)\r?$/m.exec(head.slice(0, 200));
  const name = /^OVEN name="((?:[^"\\]|\\.)*)"/m.exec(head.slice(0, 4096));
  return {
    model: header ? ovenModelByCode(header[1]!) : undefined,
    ovenName: name ? name[1]!.replace(/\\(.)/g, '$1') : undefined,
  };
}

/** The codec's checksum of a file (the CRC on its END line), which names the file wherever it travels. */
export function fileChecksum(text: string): string | null {
  const m = /END lines=\d+ crc32=([0-9a-fA-F]{8})\s*$/.exec(text);
  return m ? m[1]!.toLowerCase() : null;
}
