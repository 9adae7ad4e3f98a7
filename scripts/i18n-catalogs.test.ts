/**
 * The catalogues of shared/i18n, checked: every language has exactly English's keys and placeholders, every key the
 * code names exists, every key is used, and no screen of the client holds English of its own.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATALOGS } from '../server/lib/i18n';
import { keysOf, pseudoCatalog } from '../shared/i18n/catalogs';
import { LANGUAGES } from '../shared/i18n/languages';

const root = join(import.meta.dirname, '..');
const en = CATALOGS.en;
const englishKeys = keysOf(en).sort();

function valueAt(catalog: object, key: string): unknown {
  return key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], catalog);
}
const placeholders = (text: string) =>
  [...text.matchAll(/\{\{(\w+)(?:, *\w+)?\}\}/g)].map((m) => m[1]).sort();

function sources(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(root, path)).isDirectory()) return sources(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.ts$/.test(name) ? [path] : [];
  });
}
const code = ['client', 'server', 'shared'].flatMap(sources).map((f) => ({
  file: f,
  text: readFileSync(join(root, f), 'utf8'),
}));
// Every screen and component of the client: none may carry English of its own.
const screens = sources('client').filter((f) => f.endsWith('.tsx'));
const namespaces = Object.keys(en);
const literalKeys = new RegExp(`['"\`]((?:${namespaces.join('|')})\\.[\\w.]+)['"\`]`, 'g');
const templatePrefixes = new RegExp(`\`((?:${namespaces.join('|')})\\.[\\w.]*)\\$\\{`, 'g');

describe('the catalogues', () => {
  it.each(LANGUAGES.filter((l) => l.code !== 'en').map((l) => [l.code]))(
    '%s has every English key and no other',
    (code) => {
      expect(keysOf(CATALOGS[code as keyof typeof CATALOGS]).sort()).toEqual(englishKeys);
    },
  );

  it.each(LANGUAGES.map((l) => [l.code]))('%s keeps every placeholder and leaves no text empty', (code) => {
    const catalog = CATALOGS[code as keyof typeof CATALOGS];
    for (const key of englishKeys) {
      const text = String(valueAt(catalog, key));
      expect(text.trim(), `${code} ${key}`).not.toBe('');
      expect(placeholders(text), `${code} ${key}`).toEqual(placeholders(String(valueAt(en, key))));
    }
  });

  it('names only keys that exist', () => {
    const missing = code.flatMap(({ file, text }) =>
      [...text.matchAll(literalKeys)]
        .map((m) => m[1]!)
        .filter(
          (key) => !['string', 'object'].includes(typeof (valueAt(en, key) ?? valueAt(en, `${key}_other`))),
        )
        .map((key) => `${relative(root, join(root, file))}: ${key}`),
    );
    expect(missing).toEqual([]);
  });

  it('has no key the code never uses', () => {
    const used = new Set(code.flatMap(({ text }) => [...text.matchAll(literalKeys)].map((m) => m[1]!)));
    const prefixes = code.flatMap(({ text }) => [...text.matchAll(templatePrefixes)].map((m) => m[1]!));
    // A key of a group read whole (`returnObjects`) or by a built name is used with its group.
    const groups = [...used, ...prefixes.map((p) => p.replace(/\.$/, ''))];
    // A name built on a prefix (`usbGuide.step${n}Title`) uses every key that starts with it.
    const built = prefixes.filter((p) => !p.endsWith('.'));
    // A plural form (`…_one`, `…_other`) is used with its key.
    const base = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '');
    const unused = englishKeys.filter(
      (key) =>
        !used.has(key) &&
        !used.has(base(key)) &&
        !groups.some((g) => key.startsWith(`${g}.`)) &&
        !built.some((p) => key.startsWith(p)),
    );
    expect(unused).toEqual([]);
  });

  it('makes every pseudo-locale text 40% longer and keeps its placeholders', () => {
    const pseudo = pseudoCatalog(en);
    for (const key of englishKeys) {
      const original = String(valueAt(en, key));
      const text = String(valueAt(pseudo, key));
      expect(placeholders(text)).toEqual(placeholders(original));
      const visible = (t: string) => t.replace(/\{\{[^}]+\}\}/g, '').length;
      expect(visible(text)).toBeGreaterThanOrEqual(Math.floor(visible(original) * 1.4));
    }
  });
});

/** Text between tags, and the attributes a person reads or hears, that is not from the catalogue. */
function englishIn(text: string): string[] {
  const jsxText = [...text.matchAll(/>\s*([^<>{}\n]*[A-Za-z][^<>{}\n]*?)\s*</g)]
    .map((m) => m[1]!.trim())
    // What sits between a `>` and a `<` that is code, not text: a comparison going on to JSX (`n > MAX ? (`),
    // the end of a branch (`) : other ? (`), an operator or an identifier.
    .filter(
      (t) =>
        !/^[\w.]+\)?;?$/.test(t) &&
        !/[=&|]{2}|=>/.test(t) &&
        !/^\)|\($/.test(t) &&
        // A type argument after code: `?? new Set<number>()`, `=> new Map<number, Oven>()`, `as z.ZodType<Values>`.
        !/\?\?|\?\.|\bas [\w.]+$|^new [\w.]+$/.test(t),
    );
  const attributes = [
    ...text.matchAll(/\b(label|aria-label|title|placeholder|alt)="([^"]*[A-Za-z][^"]*)"/g),
  ].map((m) => `${m[1]}="${m[2]}"`);
  // Words handed over in code: a banner's lines, a dialog's title or message, a field's label or hint.
  const properties = [
    ...text.matchAll(
      /\b(who|description|what|title|message|label|hint|confirmLabel|cancelLabel|busyLabel|legend|summary): *(['"`])([^'"`]*[A-Za-z]{2,}[^'"`]*)\2/g,
    ),
  ]
    .filter((m) => !/^[A-Za-z]+\.[\w.]+$/.test(m[3]!))
    .map((m) => `${m[1]}: ${m[2]}${m[3]}${m[2]}`);
  // A banner's description handed straight to its helper: `ok(oven.name, 'has been updated')`.
  const bannerLines = [
    ...text.matchAll(/\b(?:ok|fail|success|failure)\(\s*[\w.]+,\s*(['"`])([^'"`]*[A-Za-z]{2,}[^'"`]*)\1/g),
  ].map((m) => `${m[1]}${m[2]}${m[1]}`);
  return [...jsxText, ...attributes, ...properties, ...bannerLines];
}

describe('every screen of the client', () => {
  it('the check finds English written into markup', () => {
    expect(englishIn('<h1 id="x">Log in</h1>\n<TextField label="Password" />')).toEqual([
      'Log in',
      'label="Password"',
    ]);
    expect(englishIn("<h1>{t('login.title')}</h1>")).toEqual([]);
  });

  it('the check finds English handed to a banner, a dialog or a field in code', () => {
    expect(englishIn("banners.show({ who: name, description: 'could not be updated' })")).toEqual([
      "description: 'could not be updated'",
    ]);
    expect(englishIn("ok(made.name,\n  'has been added')")).toEqual(["'has been added'"]);
    expect(englishIn("fail(t('editor.screenFull'));\n<ConfirmDialog title={t('a.b')} />")).toEqual([]);
  });

  it.each(screens.map((f) => [f]))('%s has no English text of its own', (file) => {
    expect(englishIn(readFileSync(join(root, file), 'utf8'))).toEqual([]);
  });
});
