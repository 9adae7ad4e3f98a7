import type { Page } from '@playwright/test';
import { apiAs, apiLocation, downloadedBytes, expect, loginByToken, seed, test } from './fixtures';

/** Chooses a file on the Import page, as a person picks one from their computer, and checks it. */
async function checkFile(page: Page, name: string, content: string | Buffer) {
  await page.getByLabel('Your file').setInputFiles({
    name,
    mimeType: name.endsWith('.csv') ? 'text/csv' : 'application/octet-stream',
    buffer: Buffer.from(content),
  });
  await page.getByRole('button', { name: 'Check the file' }).click();
}

test('an owner imports locations from a spreadsheet: the bad cell is marked with its reason, the corrected file goes in', async ({
  page,
  cook,
}) => {
  await page.goto('/fleet/locations');
  await page.getByRole('link', { name: 'Import from a spreadsheet' }).click();
  await expect(page.getByRole('heading', { name: 'Import locations' })).toBeVisible();

  const example = await downloadedBytes(page, () =>
    page.getByRole('button', { name: 'Download an example file' }).click(),
  );
  expect(example.name).toBe('locations-example.csv');
  expect(example.bytes.toString('utf8')).toContain('name,address');

  await checkFile(page, 'stores.csv', 'name,address\nHarbour Street,12 Harbour St\nharbour street,again\n');
  await expect(page.getByRole('alert').filter({ hasText: 'The file has 1 problem' })).toBeVisible();
  const bad = page.locator('td.cell-bad');
  await expect(bad).toHaveCount(1);
  await expect(bad).toContainText('The same as row 2: each appears once in a file.');
  await expect(page.getByRole('button', { name: /^Import \d+ change/ })).toBeDisabled();
  await page.screenshot({ path: 'test-results/screens/import-problems.png', fullPage: true });

  await checkFile(
    page,
    'stores.csv',
    'name;address\r\nHarbour Street;"12 Harbour St; Leith"\r\nCanal Yard;\r\n',
  );
  await expect(page.getByText('2 rows: 2 to add, 0 to change, 0 already as in the file.')).toBeVisible();
  await page.getByRole('button', { name: 'Import 2 changes' }).click();
  await expect(page.getByText('Imported: 2 added, 0 changed, 0 already so.')).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/import-done.png', fullPage: true });

  await page.getByRole('main').getByRole('link', { name: 'Back to Locations' }).last().click();
  await expect(page.getByRole('listitem', { name: 'Harbour Street' })).toContainText('12 Harbour St; Leith');
  await expect(page.getByRole('listitem', { name: 'Canal Yard' })).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: 'test-results/screens/import-locations-after.png' });
  void cook;
});

test('the Team page exports its members as a CSV an import reads back unchanged', async ({ page, cook }) => {
  const call = apiAs(page.request, cook);
  const place = await apiLocation(call, 'Old Town');
  await seed.member(cook, 'crew', [place.id]);
  await page.goto('/team');
  const members = page.getByRole('group', { name: 'Members as a file' });
  await expect(page.getByRole('list', { name: 'Members' })).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/team-files.png' });
  const file = await downloadedBytes(page, () => members.getByRole('button', { name: 'Export CSV' }).click());
  expect(file.name).toMatch(/ members\.csv$/);
  const text = file.bytes.toString('utf8');
  expect(text.startsWith('\uFEFFemail,role,locations')).toBe(true);
  expect(text).toContain(`${cook.email},owner,`);
  expect(text).toContain(',crew,Old Town');

  await members.getByRole('link', { name: 'Import from a spreadsheet' }).click();
  await checkFile(page, file.name, file.bytes);
  await expect(page.getByText(/2 rows: 0 to add, 0 to change, 2 already as in the file\./)).toBeVisible();
  await expect(
    page.getByText('Everything in the file is already so: there is nothing to import.'),
  ).toBeVisible();
});

test('store managers see no Import or Export on the Locations page', async ({ page }) => {
  const owner = await seed.user();
  const [place] = await seed.locations(owner, ['Harbour']);
  const store = await seed.member(owner, 'store', [place!.id]);
  await loginByToken(page, store);
  await page.goto('/fleet/locations');
  await expect(page.getByRole('listitem', { name: 'Harbour' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Import from a spreadsheet' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Export CSV' })).toHaveCount(0);
});

for (const size of [
  { name: 'desktop', viewport: { width: 1440, height: 900 }, hasTouch: false },
  { name: 'phone', viewport: { width: 390, height: 844 }, hasTouch: true },
]) {
  test.describe(`on a ${size.name}`, () => {
    test.use({ viewport: size.viewport, hasTouch: size.hasTouch });

    test('ovens come in from a file into their locations, and show on My Ovens', async ({ page, cook }) => {
      const call = apiAs(page.request, cook);
      await apiLocation(call, 'Downtown');
      await page.goto('/team/import/ovens');
      await checkFile(
        page,
        'ovens.csv',
        'name,model,location\nFront Oven,Matchbox 1718/1313,Downtown\nBack Oven,Pizzamatic,Downtown\n',
      );
      const bad = page.locator('td.cell-bad');
      await expect(bad).toContainText(
        '“Pizzamatic” is not a model Hearth knows: write one of Conveyor 2600/2000/1400;',
      );
      // The table scrolls inside its box: the page itself is never wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await page.screenshot({ path: `test-results/screens/import-ovens-${size.name}.png`, fullPage: true });

      await checkFile(
        page,
        'ovens.csv',
        'name,model,location\nFront Oven,Matchbox 1718/1313,Downtown\nBack Oven,MiSA,\n',
      );
      await page.getByRole('button', { name: 'Import 2 changes' }).click();
      await expect(page.getByText('Imported: 2 added, 0 changed, 0 already so.')).toBeVisible();
      await page.goto('/ovens');
      await expect(page.getByRole('button', { name: /^Select Oven/ })).toBeVisible();
      await page.screenshot({ path: `test-results/screens/ovens-files-${size.name}.png` });
      await page.getByRole('button', { name: /^Select Oven/ }).click();
      const picker = page.getByRole('list', { name: 'Select Oven' }).getByRole('listitem');
      await expect(picker).toHaveCount(2);
    });
  });
}

test('a German owner reads the check of a file in German: the summary, the marked cell and its reason', async ({
  page,
  cook,
}) => {
  await page.addInitScript(() => localStorage.setItem('hearth_language', 'de'));
  await page.goto('/team/import/locations');
  await expect(page.getByRole('heading', { name: 'Standorte importieren' })).toBeVisible();
  // The chooser is a button in the page's language (the browser's own says "Choose File" in its own): a tap opens it.
  await expect(page.getByText('Noch keine Datei gewählt')).toBeVisible();
  const chooser = page.waitForEvent('filechooser');
  await page.getByText('Datei wählen', { exact: true }).click();
  await (await chooser).setFiles({
    name: 'filialen.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('name;address\nMarktplatz;Hauptstraße 1\nmarktplatz;\n'),
  });
  await expect(page.getByText('filialen.csv')).toBeVisible();
  await page.getByRole('button', { name: 'Datei prüfen' }).click();
  await expect(
    page.getByText('2 Zeilen: 1 hinzuzufügen, 0 zu ändern, 0 schon wie in der Datei.'),
  ).toBeVisible();
  await expect(page.locator('td.cell-bad')).toContainText(
    'Wie Zeile 2: Jeder Eintrag steht nur einmal in einer Datei.',
  );
  await page.screenshot({ path: 'test-results/screens/import-german.png', fullPage: true });
  void cook;
});
