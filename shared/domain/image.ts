import { type Said, said } from '../i18n/said';
/** Recipe photos (spec §5: png, jpeg or jpg only), checked by their bytes on both sides. */

export const IMAGE_EXTENSIONS = ['png', 'jpeg', 'jpg'] as const;
/** Largest accepted photo, in bytes (decoded). */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

export const IMAGE_MESSAGES = {
  type: said('ruleMessages.imageType'),
  size: said('ruleMessages.imageSize'),
} as const;

export function isAllowedImageName(fileName: string): boolean {
  const dot = fileName.lastIndexOf('.');
  if (dot < 1) return false;
  const ext = fileName.slice(dot + 1).toLowerCase();
  return (IMAGE_EXTENSIONS as readonly string[]).includes(ext);
}

/** The real type of an image from its first bytes; the name or declared type is never trusted. */
export function detectImageType(bytes: Uint8Array): 'png' | 'jpeg' | null {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((b, i) => bytes[i] === b)) return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  return null;
}

/**
 * Why an image cannot be used, or null: the browser checks a chosen file (name, size, first bytes) and the
 * server the decoded upload (size, bytes), with the same messages.
 */
export function imageIssue(file: { name?: string; size: number; head: Uint8Array }): Said | null {
  if (file.name !== undefined && !isAllowedImageName(file.name)) return IMAGE_MESSAGES.type;
  if (file.size > IMAGE_MAX_BYTES) return IMAGE_MESSAGES.size;
  if (!detectImageType(file.head)) return IMAGE_MESSAGES.type;
  return null;
}
