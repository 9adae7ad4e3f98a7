/**
 * The catalogues of shared/i18n, checked: every language has exactly English's keys and placeholders, every key the
 * code names exists, every key is used, and the screens already translated hold no English of their own.
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

/**
 * Screens whose every word comes from the catalogue. A screen joins this list when it is translated; the rest of
 * the client is still English only.
 */
const TRANSLATED = [
  'client/app/layout.tsx',
  'client/features/auth/login-page.tsx',
  'client/features/auth/login-carousel.tsx',
  'client/features/auth/forgot-password-page.tsx',
  'client/features/users/language-switcher.tsx',
  'client/features/auth/register-page.tsx',
  'client/features/auth/password-reset-page.tsx',
  'client/features/auth/verify-account-page.tsx',
  'client/features/auth/resend-verification.tsx',
  'client/app/not-found-page.tsx',
  'client/components/form.tsx',
  'client/features/users/my-profile-page.tsx',
  'client/features/recipes/recipe-list-page.tsx',
  'client/features/recipes/recipe-filters.tsx',
  'client/features/recipes/recipe-card.tsx',
  'client/components/pager.tsx',
  'client/features/ovens/ovens-page.tsx',
  'client/features/settings-files/oven-settings-tiles.tsx',
  'client/features/settings-files/import-oven-modal.tsx',
  'client/components/modal.tsx',
  'client/components/banners.tsx',
  'client/components/oven-type-choices.tsx',
  'client/components/oven-pick-list.tsx',
  'client/features/ovens/menu-editor.tsx',
  'client/features/ovens/container-view.tsx',
  'client/features/ovens/category-name-form.tsx',
  'client/features/ovens/select-recipe-modal.tsx',
  'client/features/ovens/assign-recipe.tsx',
  'client/features/ovens/menu-versions.tsx',
  'client/features/ovens/oven-modal.tsx',
  'client/features/recipes/recipe-wizard.tsx',
  'client/features/recipes/wizard-step-name.tsx',
  'client/features/recipes/wizard-step-details.tsx',
  'client/features/recipes/wizard-step-stages.tsx',
  'client/features/recipes/wizard-step-saved.tsx',
  'client/features/recipes/wizard-step-preview.tsx',
  'client/features/recipes/stage-editor.tsx',
  'client/features/recipes/recipe-details.tsx',
  'client/features/recipes/recipe-view-modal.tsx',
  'client/features/recipes/recipe-edit-modal.tsx',
  'client/features/recipes/convert-recipe-modal.tsx',
  'client/features/recipes/bulk-convert-modal.tsx',
  'client/features/recipes/user-recipes.tsx',
  'client/features/menus/locations-page.tsx',
  'client/features/menus/templates-page.tsx',
  'client/features/menus/template-page.tsx',
  'client/features/menus/template-layout.tsx',
  'client/features/menus/template-preview.tsx',
  'client/features/menus/fleet-page.tsx',
  'client/app/fleet-route.tsx',
  'client/features/settings-files/zip-download.tsx',
  'client/features/settings-files/mark-loaded.tsx',
  'client/features/teams/team-page.tsx',
  'client/features/teams/team-trail.tsx',
  'client/features/teams/team-switcher.tsx',
  'client/features/teams/invitation-page.tsx',
  'client/features/users/users-page.tsx',
  'client/features/users/user-page.tsx',
  'client/features/reports/reports-page.tsx',
  'client/features/reports/charts.tsx',
  'client/features/system/outbox-page.tsx',
  'client/features/help/help-page.tsx',
];

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
        // A type argument after code: `?? new Set<number>()`, `as z.ZodType<Values>`.
        !/\?\?|\?\.|\bas [\w.]+$/.test(t),
    );
  const attributes = [
    ...text.matchAll(/\b(label|aria-label|title|placeholder|alt)="([^"]*[A-Za-z][^"]*)"/g),
  ].map((m) => `${m[1]}="${m[2]}"`);
  return [...jsxText, ...attributes];
}

describe('translated screens', () => {
  it('the check finds English written into markup', () => {
    expect(englishIn('<h1 id="x">Log in</h1>\n<TextField label="Password" />')).toEqual([
      'Log in',
      'label="Password"',
    ]);
    expect(englishIn("<h1>{t('login.title')}</h1>")).toEqual([]);
  });

  it.each(TRANSLATED.map((f) => [f]))('%s has no English text of its own in its markup', (file) => {
    expect(englishIn(readFileSync(join(root, file), 'utf8'))).toEqual([]);
  });
});
