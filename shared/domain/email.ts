// Spec §5: local part, '@', then a domain whose TLD has 2+ letters, or a bracketed IPv4 address.
const EMAIL_PATTERN =
  /^[^\s@"(),:;<>[\\\]]+@(?:(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,}|\[(?:(?:25[0-5]|2[0-4]\d|1?\d?\d)\.){3}(?:25[0-5]|2[0-4]\d|1?\d?\d)\])$/;

export const EMAIL_MAX_LENGTH = 254;

export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

export function isValidEmail(value: string): boolean {
  const email = normalizeEmail(value);
  return email.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(email);
}

/**
 * An address whose domain is a bracketed IP (`x@[127.0.0.1]`): the spec lets an account have one, but Hearth
 * never sends a user's settings to one, so shared mail cannot be aimed at hosts inside a network.
 */
export function isAddressLiteral(value: string): boolean {
  return normalizeEmail(value).includes('@[');
}

/**
 * The mailbox an address delivers to, for counting: `chef+1@x.com` and `chef+2@x.com` reach the same inbox, so a
 * limit per recipient counts them as one.
 */
export function mailboxOf(value: string): string {
  const email = normalizeEmail(value);
  const at = email.lastIndexOf('@');
  if (at < 0) return email;
  const local = email.slice(0, at);
  const plus = local.indexOf('+');
  return `${plus > 0 ? local.slice(0, plus) : local}${email.slice(at)}`;
}
