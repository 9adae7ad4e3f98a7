import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { reseal } from '../shared/domain/settings-file/golden';
import { apiAs, apiLocation, expect, seed, THREE_STAGES, test } from './fixtures';

/** The committed Matchbox settings file, as text. */
const goldenMatchbox = () =>
  readFileSync(new URL('../shared/domain/settings-file/fixtures/example-mb.ai2', import.meta.url), 'utf8');

const languageSelect = (page: Page) =>
  page.getByRole('combobox', { name: /^(Language|Idioma|Langue|Sprache)$/ });

/** On a phone the switcher is in the menu, as the other links are. */
async function chooseLanguage(page: Page, code: string) {
  const toggle = page.locator('.nav-toggle');
  // The bar is drawn first (a phone's folded menu, or the switcher itself): a check before it would find neither.
  await expect(toggle.or(languageSelect(page)).filter({ visible: true }).first()).toBeVisible();
  if (await toggle.isVisible()) await toggle.click();
  await languageSelect(page).selectOption(code);
}

/** Nothing in the bar or the login card is cut: each control is as wide as its text. */
async function clipped(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [
      ...document.querySelectorAll<HTMLElement>(
        '.nav a, .nav button, .auth-card button, .auth-card a, .auth-card h1',
      ),
    ]
      .filter(
        (el) =>
          el.offsetParent !== null &&
          (el.scrollWidth > el.clientWidth + 1 || el.getBoundingClientRect().right > window.innerWidth + 1),
      )
      .map((el) => el.textContent ?? ''),
  );
}

test('a guest turns the login page to Spanish, and it stays Spanish after a reload', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  await languageSelect(page).selectOption('es');
  await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
  await expect(page.getByRole('link', { name: '¿Olvidó su contraseña?' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
  await expect(page.getByLabel('Nombre de usuario')).toBeVisible();
});

test('the login page draws before the rest of the catalogue, which comes when the form is first touched', async ({
  page,
}) => {
  const rest: string[] = [];
  page.on('request', (r) => {
    if (/catalog-\w+-rest|rule-messages/.test(r.url())) rest.push(r.url());
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(rest).toEqual([]);
  await page.getByLabel('Username').click();
  await expect.poll(() => rest.length).toBeGreaterThan(0);
});

test('a German guest who sends the login form empty reads what is missing in German', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'de-DE' });
  const page = await context.newPage();
  // The catalogue's rest comes late (slow Wi-Fi): the messages, shown in English first, turn German when it does.
  await page.route(/catalog-(de|en)-rest/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  await page.goto('/');
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page.getByText('Der Benutzername ist erforderlich.')).toBeVisible();
  await expect(page.getByText('Das Passwort ist erforderlich.')).toBeVisible();
  await context.close();
});

test("the browser's language is the first one for a new visitor", async ({ browser }) => {
  const context = await browser.newContext({ locale: 'fr-CA' });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
  await expect(languageSelect(page)).toHaveValue('fr');
  await context.close();
});

test('a signed-in cook picks German; the account keeps it for the next sign-in on another device', async ({
  page,
  cook,
  browser,
}) => {
  await page.goto('/recipes');
  await expect(page.getByRole('link', { name: 'My Ovens' })).toBeVisible();
  await languageSelect(page).selectOption('de');
  await expect(page.getByRole('link', { name: 'Meine Öfen' })).toBeVisible();
  // Saved on the account: the server answers it with the user.
  await expect
    .poll(async () => {
      const check = await apiAs(page.request, cook)('GET', '/api/auth/check');
      return (check as { user: { language: string | null } }).user.language;
    })
    .toBe('de');
  const other = await browser.newContext({ locale: 'en-US' });
  const fresh = await other.newPage();
  await fresh.addInitScript((token) => localStorage.setItem('hearth_auth_token', token), cook.token);
  await fresh.goto('/recipes');
  await expect(fresh.getByRole('link', { name: 'Meine Öfen' })).toBeVisible();
  await other.close();
});

for (const [name, viewport] of [
  ['tablet', { width: 1024, height: 768 }],
  ['phone', { width: 375, height: 740 }],
] as const) {
  test(`German and the 40% longer pseudo-locale fit the login page and the bar on a ${name}`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto('/');
    await chooseLanguage(page, 'de');
    await expect(page.getByRole('heading', { name: 'Anmelden' })).toBeVisible();
    expect(await clipped(page)).toEqual([]);
    await page.screenshot({ path: `test-results/screens/login-de-${name}.png`, fullPage: true });
    await page.goto('/?lang=pseudo');
    await expect(page.getByRole('heading', { name: /⟦Lög ïñ/ })).toBeVisible();
    expect(await clipped(page)).toEqual([]);
    await page.screenshot({ path: `test-results/screens/login-pseudo-${name}.png`, fullPage: true });
  });
}

test('the signed-in bar in the pseudo-locale keeps every link whole on a tablet', async ({ page, cook }) => {
  void cook;
  await seed.recipes(cook, [{ name: 'Pepperoni' }]);
  await page.goto('/recipes?lang=pseudo');
  // Too long for one row: the bar folds behind its menu button, and every link is whole inside it.
  await expect(page.locator('.nav')).toHaveClass(/nav-compact/);
  await page.locator('.nav-toggle').click();
  await expect(page.getByRole('link', { name: /Øvëñs/ })).toBeVisible();
  expect(await clipped(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/screens/bar-pseudo-tablet.png' });
});

test('the recipe library reads in German: title, counter with German numbers, filters and categories', async ({
  page,
  cook,
}) => {
  void cook;
  await page.addInitScript(() => localStorage.setItem('hearth_language', 'de'));
  await page.goto('/recipes');
  await expect(page.getByRole('heading', { name: 'Hearth-Rezepte' })).toBeVisible();
  await expect(page.locator('.counter')).toHaveText(/^1–12 von \d+ Rezepten$/);
  await expect(page.getByRole('group', { name: 'Kategorien' }).getByText('Backwaren')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Alle Rezepte als PDF herunterladen' })).toBeVisible();
  expect(await clipped(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/screens/recipes-de-tablet.png' });
});

test('a location named in Arabic reads right to left on its card and keeps its oven count after it in the fleet filter', async ({
  page,
  cook,
}) => {
  const name = 'مطبخ الميناء';
  const oven = await seed.oven(cook, { name: 'Harbour 1' });
  await apiLocation(apiAs(page.request, cook), name, [oven.id]);
  await page.goto('/fleet/locations');
  const heading = page.getByRole('heading', { name });
  await expect(heading).toBeVisible();
  expect(await heading.evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
  await page.goto('/fleet');
  // The name is isolated, so "(1)" stays after it instead of being drawn inside the Arabic run.
  await expect(page.locator('.fleet-filters option, select option').filter({ hasText: name })).toHaveText(
    `\u2068${name}\u2069 (1)`,
  );
  await page.screenshot({ path: 'test-results/screens/fleet-rtl-location.png' });
});

test('a French cook imports an oven and reads the statistics in French', async ({ page, cook }) => {
  void cook;
  await page.addInitScript(() => localStorage.setItem('hearth_language', 'fr'));
  await page.goto('/ovens');
  await page.getByRole('button', { name: 'Importer mon four' }).click();
  const modal = page.getByRole('dialog', { name: 'Importer mon four' });
  await modal.getByRole('radio', { name: 'Matchbox 1718/1313' }).check();
  await modal.getByLabel('Nom du four').fill('Ligne midi');
  const file = Buffer.from(goldenMatchbox());
  await modal
    .getByLabel('Fichier de réglages')
    .setInputFiles({ name: 'MATCHBOX.AI2', mimeType: 'text/plain', buffer: file });
  await modal.getByRole('button', { name: 'Importer', exact: true }).click();
  const stats = page.getByRole('region', { name: "Statistiques de l'importation" });
  await expect(stats).toContainText('2 écrans, 1 catégorie, 7 boutons');
  await expect(stats.getByText('Pepperoni Pizza · 3 étapes')).toBeVisible();
  await expect(stats).toContainText('Ligne midi a été ajouté à Mes fours.');
  expect(await clipped(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/screens/import-stats-fr.png' });
});

test('the profile sets the account language, and "As my browser" gives it back to the browser', async ({
  page,
  cook,
}) => {
  await page.goto('/my-profile');
  await page.locator('#profile-language').selectOption('es');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: 'Mi perfil' })).toBeVisible();
  await expect(page.getByText(/Perfil actualizado correctamente/)).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/profile-es.png', fullPage: true });
  const check = await apiAs(page.request, cook)<{ user: { language: string | null } }>(
    'GET',
    '/api/auth/check',
  );
  expect(check.user.language).toBe('es');
  await page.goto('/my-profile');
  await page.locator('#profile-language').selectOption('');
  await page.getByRole('button', { name: 'Guardar' }).click();
  // The screens follow the browser again at once (this one reads English), and this device forgets Spanish.
  await expect(page.getByText(/User profile updated successfully/)).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('hearth_language'))).toBeNull();
  const again = await apiAs(page.request, cook)<{ user: { language: string | null } }>(
    'GET',
    '/api/auth/check',
  );
  expect(again.user.language).toBeNull();
});

test('a language picked on the device before signing in becomes the account language (mails and PDFs follow it)', async ({
  page,
  cook,
}) => {
  await page.addInitScript(() => localStorage.setItem('hearth_language', 'fr'));
  await page.goto('/ovens');
  await expect(page.getByRole('heading', { name: 'Mes fours' })).toBeVisible();
  await expect
    .poll(async () => {
      const check = await apiAs(page.request, cook)<{ user: { language: string | null } }>(
        'GET',
        '/api/auth/check',
      );
      return check.user.language;
    })
    .toBe('fr');
});

test('the German bar keeps one row on a tablet held flat', async ({ page, cook }) => {
  void cook;
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.addInitScript(() => localStorage.setItem('hearth_language', 'de'));
  await page.goto('/ovens');
  await expect(page.getByRole('link', { name: 'Gerätepark' })).toBeVisible();
  await expect(page.locator('.nav')).not.toHaveClass(/nav-compact/);
  const height = await page.locator('.nav').evaluate((nav) => nav.getBoundingClientRect().height);
  expect(height).toBeLessThan(80);
  await page.screenshot({ path: 'test-results/screens/nav-de-tablet.png' });
});

for (const [name, viewport] of [
  ['tablet', { width: 1024, height: 768 }],
  ['phone', { width: 375, height: 740 }],
] as const) {
  test(`naming a new category in German keeps its buttons inside the slot on a ${name}`, async ({
    page,
    cook,
  }) => {
    await page.setViewportSize(viewport);
    const oven = await seed.importedOven(cook, { name: 'Mittag', type: 'Matchbox 1718/1313' });
    await page.addInitScript(() => localStorage.setItem('hearth_language', 'de'));
    await page.goto(`/ovens?oven=${oven.id}`);
    await page.getByRole('button', { name: 'oder Kategorie anlegen' }).first().click();
    const form = page.locator('.slot-form').first();
    await expect(form.getByRole('button', { name: 'Abbrechen' })).toBeVisible();
    const spill = await form.evaluate((el) => {
      const box = el.getBoundingClientRect();
      return [...el.querySelectorAll('button')]
        .filter((b) => {
          const r = b.getBoundingClientRect();
          return r.right > box.right + 1 || b.scrollWidth > b.clientWidth + 1;
        })
        .map((b) => b.textContent);
    });
    expect(spill).toEqual([]);
    await page.screenshot({ path: `test-results/screens/new-category-de-${name}.png` });
  });
}

test('a German cook converts a recipe on a phone and the comparison fits the screen', async ({
  page,
  cook,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await seed.recipes(cook, [THREE_STAGES]);
  await page.addInitScript(() => localStorage.setItem('hearth_language', 'de'));
  await page.goto('/my-recipes');
  await page
    .getByRole('button', { name: /Three Stage Pie/ })
    .first()
    .click();
  await page.getByRole('dialog').getByRole('button', { name: 'Umwandeln in…' }).click();
  const dialog = page.getByRole('dialog', { name: /für einen anderen Ofen umwandeln/ });
  await dialog.getByRole('radio', { name: 'Conveyor 2600/2000/1400' }).check();
  const table = dialog.locator('.table-scroll');
  await expect(table.locator('table')).toBeVisible();
  expect(await table.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(1);
  await page.screenshot({ path: 'test-results/screens/convert-de-phone.png', fullPage: true });
});

test('a German manager checks the file copied off an oven and reads what differs in German', async ({
  page,
  cook,
}) => {
  const oven = await seed.importedOven(cook, { name: 'Mittag', type: 'Matchbox 1718/1313' });
  const changed = reseal(goldenMatchbox().replace('settemp=410', 'settemp=425'));
  await page.addInitScript(() => localStorage.setItem('hearth_language', 'de'));
  await page.goto(`/ovens?oven=${oven.id}`);
  await page
    .getByText('Datei vom Ofen wählen')
    .locator('input[type=file]')
    .setInputFiles({ name: 'MATCHBOX.AI2', mimeType: 'text/plain', buffer: Buffer.from(changed) });
  await expect(
    page.getByText(/nicht für diesen Ofen aus Hearth heruntergeladen und weicht an 1 Stelle/),
  ).toBeVisible();
  await expect(
    page.getByText('Rezept „Garlic Knots“ geändert: Solltemperatur 410 °F → 425 °F.'),
  ).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/check-file-de.png', fullPage: true });
});

test('a refused settings file lists its problems in German', async ({ page, cook }) => {
  void cook;
  const broken = reseal(goldenMatchbox().replace('vent=0', 'vent=2'));
  await page.addInitScript(() => localStorage.setItem('hearth_language', 'de'));
  await page.goto('/ovens');
  await page.getByRole('button', { name: 'Meinen Ofen importieren' }).click();
  const modal = page.getByRole('dialog', { name: 'Meinen Ofen importieren' });
  await modal.getByRole('radio', { name: 'Matchbox 1718/1313' }).check();
  await modal.getByLabel('Ofenname').fill('Mittag');
  await modal
    .locator('input[type=file]')
    .setInputFiles({ name: 'MATCHBOX.AI2', mimeType: 'text/plain', buffer: Buffer.from(broken) });
  await expect(modal.getByText(/Datei „MATCHBOX.AI2“ ausgewählt/)).toBeVisible();
  await modal.getByRole('button', { name: 'Importieren', exact: true }).click();
  const problems = modal.locator('.file-problems');
  await expect(problems).toContainText('Zwangsentlüftung: Zwangsentlüftung muss 0 oder 1 sein.');
  await expect(problems).not.toContainText(/\bmust\b|\bforce vent\b/);
  await page.screenshot({ path: 'test-results/screens/import-refused-de.png', fullPage: true });
});

test('a German manager reads what changed and what Undo took back in German, on the editor and in the trail', async ({
  page,
  cook,
}) => {
  const oven = await seed.importedOven(cook, { name: 'Mittag', type: 'Matchbox 1718/1313' });
  // The change is made in English (the API's default); it is kept by key, so a German reader reads it in German.
  await apiAs(page.request, cook)('POST', '/api/screens', { type: 'main', oven_id: oven.id });
  await page.addInitScript(() => localStorage.setItem('hearth_language', 'de'));
  await page.goto(`/ovens?oven=${oven.id}`);
  await expect(page.locator('.undo-text')).toHaveText('Bildschirm 3 hinzugefügt');
  await page.getByRole('button', { name: 'Rückgängig', exact: true }).click();
  await expect(page.locator('.banner').getByText('Bildschirm 3 hinzugefügt')).toBeVisible();
  await expect(page.locator('.undo-text')).toHaveText('Rückgängig gemacht: Bildschirm 3 hinzugefügt');
  await page.goto('/team');
  await expect(page.locator('.trail-what').first()).toHaveText(
    'Rückgängig gemacht: Bildschirm 3 hinzugefügt',
  );
  await expect(page.locator('.trail-list')).not.toContainText(/\b(Added|Undid)\b/);
  await page.screenshot({ path: 'test-results/screens/trail-de.png', fullPage: true });
});

test('a German cook who deletes a recipe still on a menu reads why the server refused, in German', async ({
  page,
  cook,
}) => {
  await seed.importedOven(cook, { name: 'Mittag', type: 'Matchbox 1718/1313' });
  await page.addInitScript(() => localStorage.setItem('hearth_language', 'de'));
  await page.goto('/my-recipes');
  await page
    .getByRole('button', { name: /Garlic Knots/ })
    .first()
    .click();
  await page.getByRole('dialog').getByRole('button', { name: 'Löschen', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Rezept löschen' })
    .getByRole('button', { name: 'Löschen', exact: true })
    .click();
  const banner = page.locator('.banner');
  // The refusal names the oven and the place the recipe is on, and what to do, all in German.
  await expect(banner).toContainText('„Garlic Knots“ ist auf Mittag (Kategorie Sides).');
  await expect(banner).toContainText('kann nicht gelöscht werden');
  await expect(banner).not.toContainText(/\b(is on|cannot|take it off|category)\b/);
  await page.screenshot({ path: 'test-results/screens/delete-refused-de.png' });
});

/** Controls of the page whose text does not fit them (cut, or past the screen's edge). */
async function clippedIn(page: Page, selector: string): Promise<string[]> {
  return page.evaluate(
    (selector) =>
      [...document.querySelectorAll<HTMLElement>(selector)]
        .filter(
          (el) =>
            el.offsetParent !== null &&
            (el.scrollWidth > el.clientWidth + 1 || el.getBoundingClientRect().right > window.innerWidth + 1),
        )
        .map((el) => el.textContent ?? ''),
    selector,
  );
}

test('a German manager edits a menu in German: screens, a category, the button options and Move to…', async ({
  page,
  cook,
}) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  const oven = await seed.importedOven(cook, { name: 'Mittag', type: 'Matchbox 1718/1313' });
  await page.addInitScript(() => localStorage.setItem('hearth_language', 'de'));
  await page.goto(`/ovens?oven=${oven.id}`);
  const screens = page.getByRole('navigation', { name: 'Bildschirme' });
  await expect(screens.getByRole('button', { name: 'Bildschirm 2' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Rezept hier hinzufügen' })).toBeVisible();
  await page.locator('.tile-button[aria-label^="Kategorie"]').first().click();
  await expect(page.getByRole('heading', { name: /Bildschirm 1.*Kategorie: .*Seite 1/ })).toBeVisible();
  await screens.getByRole('button', { name: 'Bildschirm 1' }).click();
  await page
    .getByRole('button', { name: /^Optionen für / })
    .first()
    .click();
  const options = page.getByRole('region', { name: /^Optionen für / });
  await expect(options.getByRole('group', { name: 'Tastenfarbe' })).toBeVisible();
  expect(await clippedIn(page, '.editor button')).toEqual([]);
  await page.screenshot({ path: 'test-results/screens/editor-de-tablet.png', fullPage: true });
  await options.getByRole('button', { name: 'Verschieben nach…' }).click();
  const move = page.getByRole('dialog', { name: /verschieben nach…$/ });
  await expect(move.getByRole('button', { name: /^Bildschirm 2, Platz \d+$/ })).toBeVisible();
});

test('a French cook converts a recipe and reads every change and the comparison in French', async ({
  page,
  cook,
}) => {
  await seed.recipes(cook, [THREE_STAGES]);
  await page.addInitScript(() => localStorage.setItem('hearth_language', 'fr'));
  await page.goto('/my-recipes');
  await page
    .getByRole('button', { name: /Three Stage Pie/ })
    .first()
    .click();
  await page.getByRole('dialog').getByRole('button', { name: 'Convertir en…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Convertir Three Stage Pie pour un autre four' });
  await dialog.getByRole('radio', { name: 'Conveyor 2600/2000/1400' }).check();
  const changes = dialog.getByRole('list', { name: 'Ce qui change' });
  await expect(changes).toContainText(
    'Étapes 1, 2, 3 → étape 1 : les recettes Conveyor 2600/2000/1400 ont au plus 1 étape',
  );
  await expect(changes).not.toContainText(/\bstage\b|\bthe\b/);
  const table = dialog.getByRole('table', { name: 'Avant et après' });
  await expect(table.getByRole('row', { name: /Durée de l’étape 1/ })).toContainText('04:00');
  await page.screenshot({ path: 'test-results/screens/convert-fr.png', fullPage: true });
});

test('the menu editor in the 40% longer pseudo-locale keeps every button whole on a tablet', async ({
  page,
  cook,
}) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  const oven = await seed.importedOven(cook, { name: 'Long', type: 'Matchbox 1718/1313' });
  await page.goto(`/ovens?oven=${oven.id}&lang=pseudo`);
  await expect(page.locator('.tile').first()).toBeVisible();
  expect(await clippedIn(page, '.editor button, .editor-actions button')).toEqual([]);
  await page.screenshot({ path: 'test-results/screens/editor-pseudo-tablet.png', fullPage: true });
});

const MAIN_PAGES = [
  '/recipes',
  '/my-recipes',
  '/ovens',
  '/fleet',
  '/fleet/locations',
  '/fleet/templates',
  '/team',
  '/help',
];

for (const [name, viewport] of [
  ['tablet', { width: 1024, height: 768 }],
  ['phone', { width: 375, height: 740 }],
] as const) {
  for (const language of ['de', 'pseudo'] as const) {
    test(`the main pages keep every button and link whole in ${language === 'de' ? 'German' : 'the 40% longer pseudo-locale'} on a ${name}`, async ({
      page,
      cook,
    }) => {
      test.slow();
      await page.setViewportSize(viewport);
      await seed.importedOven(cook, { name: 'Mittag', type: 'Matchbox 1718/1313' });
      if (language === 'de') await page.addInitScript(() => localStorage.setItem('hearth_language', 'de'));
      const cut: string[] = [];
      for (const path of MAIN_PAGES) {
        await page.goto(language === 'pseudo' ? `${path}?lang=pseudo` : path);
        await expect(page.locator('main h1, main h2').first()).toBeVisible();
        await page.waitForLoadState('networkidle');
        for (const text of await clippedIn(page, 'main button, main a.btn, main .tab, .nav a, .nav button'))
          cut.push(`${path}: ${text}`);
        await page.screenshot({
          path: `test-results/screens/${path.slice(1).replaceAll('/', '-')}-${language}-${name}.png`,
          fullPage: true,
        });
      }
      expect(cut).toEqual([]);
    });
  }
}

test("on a phone the Ovens page's Import and Add buttons share a row, or in German each take a whole row", async ({
  page,
  cook,
}) => {
  await seed.oven(cook, { name: 'Front Line' });
  await page.setViewportSize({ width: 390, height: 844 });
  const boxes = async (importName: string, addName: string) => [
    (await page.getByRole('button', { name: importName }).boundingBox())!,
    (await page.getByRole('button', { name: addName }).boundingBox())!,
  ];
  await page.goto('/ovens');
  // Measured once the page has settled (the oven and its editor loaded), polled: a busy machine lays out late.
  await expect(page.getByRole('heading', { name: 'Front Line' })).toBeVisible();
  await expect
    .poll(async () => {
      const [importEn, addEn] = await boxes('Import My Oven', 'Add New Oven');
      return Math.round(importEn!.y) - Math.round(addEn!.y);
    })
    .toBe(0);
  await page.evaluate(() => localStorage.setItem('hearth_language', 'de'));
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Front Line' })).toBeVisible();
  await expect
    .poll(async () => {
      const [importDe, addDe] = await boxes('Meinen Ofen importieren', 'Neuer Ofen');
      return Math.round(importDe!.width) - Math.round(addDe!.width);
    })
    .toBe(0);
  await page.screenshot({ path: 'test-results/screens/ovens-de-phone.png' });
});
