/**
 * A catalogue is typed from the English one: its keys are the keys of all. The client loads the one it needs
 * (client/lib/i18n.ts); the server reads them all from `locales/` (server/lib/i18n.ts).
 */
import type en from './locales/en.json';

export type Catalog = typeof en;

/** Every key of a catalogue as a dotted path ("nav.myOvens"), for the checks and the pseudo-locale. */
export function keysOf(catalog: object, prefix = ''): string[] {
  return Object.entries(catalog).flatMap(([k, v]) =>
    typeof v === 'object' && v !== null ? keysOf(v, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

const ACCENTED: Record<string, string> = {
  a: 'á',
  e: 'ë',
  i: 'ï',
  o: 'ö',
  u: 'ü',
  A: 'Å',
  E: 'É',
  O: 'Ø',
  c: 'ç',
  n: 'ñ',
};

/**
 * The pseudo-locale: every English text accented and 40% longer, {{placeholders}} kept, so a screenshot shows a
 * clipped label or a text that is not from the catalogue (it stays plain English).
 */
export function pseudoCatalog(catalog: object): object {
  return Object.fromEntries(
    Object.entries(catalog).map(([k, v]) => [
      k,
      typeof v === 'object' && v !== null ? pseudoCatalog(v) : pseudo(String(v)),
    ]),
  );
}

function pseudo(text: string): string {
  const parts = text.split(/(\{\{[^}]+\}\})/);
  const body = parts
    .map((p) => (p.startsWith('{{') ? p : p.replace(/[a-zA-Z]/g, (c) => ACCENTED[c] ?? c)))
    .join('');
  const visible = parts.filter((p) => !p.startsWith('{{')).join('').length;
  return `⟦${body}${'·'.repeat(Math.ceil(visible * 0.4))}⟧`;
}
