import type { Locator } from '@playwright/test';
import { unzipSync } from 'fflate';
import { apiAs, apiLocation, apiTemplate, expect, finishedJob, seed, test } from './fixtures';

test('a template applied to a location shows on the fleet page, and its zip holds each oven under its file name', async ({
  page,
  cook,
}) => {
  const call = apiAs(page.request, cook);
  const front = await seed.importedOven(cook, { name: 'Front', type: 'Matchbox 1718/1313' });
  const back = await seed.oven(cook, { name: 'Back', type: 'Matchbox 1718/1313' });
  const misa = await seed.oven(cook, { name: 'Corner', type: 'MiSA' });
  const place = await apiLocation(call, 'Harbour: North', [front.id, back.id, misa.id]);
  const template = await apiTemplate(call, 'Lunch', front.id);
  const applied = await finishedJob(
    call,
    await call<{ data: { id: number } }>('POST', `/api/templates/${template.id}/apply`, {
      location_id: place.id,
    }),
  );
  // Front gave the template its menu: it already matched, and is linked to it all the same.
  expect(applied.result).toMatchObject({ applied: 1, matched: 1, skipped: 1 });

  await page.goto(`/fleet?location=${place.id}`);
  const rows = page.locator('.fleet-table tbody tr');
  await expect(rows).toHaveCount(3);
  const backRow = rows.filter({ hasText: 'Back' });
  await expect(backRow).toContainText('"Lunch v1"');
  await expect(backRow).toContainText('Template "Lunch"');
  await expect(backRow).toContainText('Never checked');
  await expect(rows.filter({ hasText: 'Corner' })).toContainText('No version saved');
  await expect(page.getByRole('list', { name: 'Ovens by status' })).toContainText('Never checked: 2');
  await page.screenshot({ path: 'test-results/screens/fleet.png', fullPage: true });

  // One tap saves both the zip and the checklist; Corner's menu is empty (a MiSA, the template is a Matchbox's).
  const names: string[] = [];
  const both = new Promise<Buffer>((resolve) => {
    page.on('download', async (d) => {
      names.push(d.suggestedFilename());
      if (d.suggestedFilename().endsWith('.zip')) {
        const { readFileSync } = await import('node:fs');
        resolve(readFileSync((await d.path())!));
      }
    });
  });
  await page.getByRole('button', { name: /Download this location’s settings/ }).click();
  const ready = page.getByRole('status').filter({ hasText: 'Saved:' });
  await expect(ready).toContainText('2 ovens');
  await expect(ready.getByRole('alert')).toContainText(
    'Corner (Harbour: North): its menu has no recipe, and its file would empty the oven’s menu.',
  );
  await ready.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/screens/fleet-zip-ready.png' });
  const zip = unzipSync(new Uint8Array(await both));
  await expect.poll(() => names.length).toBe(2);
  expect(names[0]).toMatch(/^hearth-settings-Harbour North-\d{4}-\d{2}-\d{2}\.zip$/);
  expect(names[1]).toMatch(/^usb-checklist-.*\.pdf$/);
  expect(Object.keys(zip).sort()).toEqual([
    'Harbour North/01 Back/MATCHBOX.AI2',
    'Harbour North/02 Front/MATCHBOX.AI2',
    'USB checklist.pdf',
  ]);
});

test('the fleet page filters by status from the address, and fits a phone', async ({ page, cook }) => {
  const call = apiAs(page.request, cook);
  const saved = await seed.oven(cook, { name: 'Saved' });
  await seed.oven(cook, { name: 'Plain' });
  await call('POST', `/api/ovens/${saved.id}/versions`, { name: 'Spring' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/fleet?status=no_version');
  const rows = page.locator('.fleet-table tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText('Plain');
  await page.getByRole('combobox', { name: 'Status' }).selectOption('never_checked');
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText('Saved');
  await expect(page).toHaveURL(/status=never_checked/);
  await page.screenshot({ path: 'test-results/screens/fleet-phone.png', fullPage: true });
});

test('a phone shows an oven never saved nor seen as a short card, without its empty columns', async ({
  page,
  cook,
}) => {
  await seed.oven(cook, { name: 'Plain' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/fleet');
  const row = page.locator('.fleet-table tbody tr', { hasText: 'Plain' });
  await expect(row.getByText('No version saved')).toBeVisible();
  await expect(row.locator('td[data-label="Should run"]')).toBeHidden();
  await expect(row.locator('td[data-label="Last seen running"]')).toBeHidden();
  const box = await row.boundingBox();
  expect(box!.height).toBeLessThan(180);
});

test('the Ovens page shows only the ovens of the location chosen, and says where the oven stands', async ({
  page,
  cook,
}) => {
  const call = apiAs(page.request, cook);
  const inside = await seed.oven(cook, { name: 'Inside' });
  await seed.oven(cook, { name: 'Outside' });
  const place = await apiLocation(call, 'Dockside', [inside.id]);
  await page.goto('/ovens');
  await page.getByRole('combobox', { name: 'Location' }).selectOption({ label: 'Dockside' });
  await expect(page).toHaveURL(new RegExp(`location=${place.id}`));
  await expect(page.locator('.oven-title')).toHaveText('Inside');
  await expect(page.locator('.oven-header')).toContainText('Dockside · Matchbox 1718/1313');
  await page.getByRole('button', { name: /^Select Oven/ }).click();
  await expect(page.getByRole('list', { name: 'Select Oven' }).getByRole('listitem')).toHaveCount(1);
});

test('an oven whose downloaded file was marked loaded counts as up to date', async ({ page, cook }) => {
  const call = apiAs(page.request, cook);
  const oven = await seed.importedOven(cook, { name: 'Loaded', type: 'Matchbox 1718/1313' });
  await call('POST', `/api/ovens/${oven.id}/versions`, { name: 'Spring' });
  await call('GET', `/api/files/${oven.id}`);
  await page.goto('/fleet');
  const row = page.locator('.fleet-table tbody tr').filter({ hasText: 'Loaded' });
  await expect(row).toContainText('Never checked');
  await expect(row).toContainText('("Spring"), not seen since');
  await row.getByRole('button', { name: 'Mark loaded (Loaded, with "Spring")' }).click();
  await expect(row).toContainText('Up to date');
  await expect(row).toContainText('marked loaded');
  await expect(row.getByRole('button', { name: /^Mark .* loaded/ })).toHaveCount(0);
});

test("a chain's Ovens page pages the oven picker and searches ovens and locations on the server", async ({
  page,
  cook,
}) => {
  const call = apiAs(page.request, cook);
  const harbour = await apiLocation(call, 'Harbour Street');
  for (let i = 1; i <= 56; i++)
    await seed.oven(cook, {
      name: `Line ${String(i).padStart(2, '0')}`,
      locationId: i === 56 ? harbour.id : undefined,
    });
  await page.goto('/ovens');
  await expect(page.getByRole('heading', { name: 'Line 01' })).toBeVisible();
  await page.getByRole('button', { name: /^Select Oven/ }).click();
  const picker = page.getByRole('list', { name: 'Select Oven' });
  await expect(picker.getByRole('listitem')).toHaveCount(50);
  await expect(page.getByText('1-50 of 56')).toBeVisible();
  await page.getByRole('button', { name: 'Next ›' }).click();
  await expect(picker.getByRole('listitem')).toHaveCount(6);
  await page.getByRole('searchbox', { name: 'Search ovens' }).fill('harbour');
  await expect(picker.getByRole('listitem')).toHaveCount(1);
  await expect(picker).toContainText('Line 56');
  await page.screenshot({ path: 'test-results/screens/ovens-picker-search.png' });
  await picker.getByRole('button', { name: /Line 56/ }).click();
  await expect(page.getByRole('heading', { name: 'Line 56' })).toBeVisible();
  await expect(page).toHaveURL(/oven=\d+/);
});

test("a chain's location filter lists the first locations and finds the others by a search on the server", async ({
  page,
  cook,
}) => {
  const places = await seed.locations(
    cook,
    Array.from({ length: 79 }, (_, i) => `Store ${String(i + 1).padStart(3, '0')}`),
  );
  const harbour = await apiLocation(apiAs(page.request, cook), 'Zeta Harbour');
  await seed.oven(cook, { name: 'Quay', locationId: harbour.id });
  await seed.oven(cook, { name: 'Main', locationId: places[0]!.id });
  await page.goto('/fleet');
  const filter = page.getByRole('combobox', { name: 'Location' });
  // "All locations", "No location" and the first 50 of the 80, by name.
  await expect(filter.getByRole('option')).toHaveCount(52);
  await expect(page.getByRole('status').filter({ hasText: 'locations shown' })).toHaveText(
    '50 of 80 locations shown: search to find the others.',
  );
  // The box says what it searches above it, as the selects beside it do, not only in a placeholder.
  await expect(page.locator('.search-box-label', { hasText: 'Search locations' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search locations' }).fill('harbour');
  await expect(filter.getByRole('option')).toHaveCount(3);
  await filter.selectOption({ label: 'Zeta Harbour (1)' });
  await expect(page).toHaveURL(/location=\d+/);
  await expect(page.getByRole('row').filter({ hasText: 'Quay' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Main' })).toHaveCount(0);
  await page.screenshot({ path: 'test-results/screens/fleet-location-search.png' });
  // From the address alone (a link, a reload), the chosen location is named though the first page lacks it.
  await page.reload();
  await expect(filter).toHaveValue(String(harbour.id));
  await expect(filter.locator('option:checked')).toHaveText('Zeta Harbour (1)');
});

test('a fleet search applies once typing pauses, each search is a step back returns to, and the box shows it', async ({
  page,
  cook,
}) => {
  await seed.oven(cook, { name: 'Harbour Front' });
  await seed.oven(cook, { name: 'Market Hall' });
  await page.goto('/fleet');
  const rows = page.locator('.fleet-table tbody tr');
  await expect(rows).toHaveCount(2);
  const search = page.getByRole('searchbox', { name: 'Search ovens' });
  // No Enter: a pause in typing is enough.
  await search.fill('harb');
  await expect(page).toHaveURL(/search=harb/);
  await expect(rows).toHaveCount(1);
  await search.fill('harbour');
  await expect(page).toHaveURL(/search=harbour/);
  await search.press('Enter');
  await search.fill('market');
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText('Market Hall');
  // Another search typed over it, without Enter, is a step of its own.
  await search.fill('hall');
  await expect(page).toHaveURL(/search=hall/);
  // "harb" was amended to "harbour" in one step; "market" and "hall" are the next two.
  await page.goBack();
  await expect(search).toHaveValue('market');
  await page.goBack();
  await expect(search).toHaveValue('harbour');
  await expect(rows).toContainText('Harbour Front');
  await page.goBack();
  await expect(search).toHaveValue('');
  await expect(rows).toHaveCount(2);
});

test('a search box clears with a button a finger can hit, and the list comes back whole', async ({
  page,
  cook,
}) => {
  await seed.oven(cook, { name: 'Harbour Front' });
  await seed.oven(cook, { name: 'Market Hall' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/fleet?search=harbour');
  const rows = page.locator('.fleet-table tbody tr');
  await expect(rows).toHaveCount(1);
  const clear = page.getByRole('button', { name: 'Clear the search' });
  const box = await clear.boundingBox();
  expect(box!.width).toBeGreaterThanOrEqual(44);
  expect(box!.height).toBeGreaterThanOrEqual(44);
  await page.screenshot({ path: 'test-results/screens/fleet-search-clear-phone.png' });
  await clear.click();
  await expect(page.getByRole('searchbox', { name: 'Search ovens' })).toHaveValue('');
  // On a touch screen the box is not focused again: that would open the keyboard over the list come back.
  await expect(page.getByRole('searchbox', { name: 'Search ovens' })).not.toBeFocused();
  await expect(page).not.toHaveURL(/search=/);
  await expect(rows).toHaveCount(2);
  await expect(clear).toHaveCount(0);
});

test("a chain's location search stands level with the selects beside it, its hint above it, on the Fleet and Ovens pages", async ({
  page,
  cook,
}) => {
  await seed.locations(
    cook,
    Array.from({ length: 74 }, (_, i) => `Store ${String(i + 1).padStart(3, '0')}`),
  );
  await seed.oven(cook, { name: 'Grill One' });
  const bottom = async (name: string, role: 'combobox' | 'searchbox') => {
    const box = (await page.getByRole(role, { name, exact: true }).boundingBox())!;
    return Math.round(box.y + box.height);
  };
  for (const [path, select] of [
    ['/fleet', 'Location'],
    ['/ovens', 'Location'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('status').filter({ hasText: '50 of 74 locations shown' })).toBeVisible();
    expect(
      Math.abs((await bottom('Search locations', 'searchbox')) - (await bottom(select, 'combobox'))),
    ).toBeLessThanOrEqual(1);
  }
  await page.screenshot({ path: 'test-results/screens/ovens-location-search.png' });
});

test('a location chosen after a search empties the search box, and stays chosen', async ({ page, cook }) => {
  await seed.locations(
    cook,
    Array.from({ length: 74 }, (_, i) => `Store ${String(i + 1).padStart(3, '0')}`),
  );
  await seed.oven(cook, { name: 'Grill One' });
  await page.goto('/fleet');
  const search = page.getByRole('searchbox', { name: 'Search locations', exact: true });
  await search.fill('store 07');
  const select = page.getByRole('combobox', { name: 'Location', exact: true });
  const option = select.getByRole('option', { name: 'Store 070' });
  await expect(option).toBeAttached();
  // Each location with its count of ovens: "Store 070 (0)".
  await select.selectOption({ label: 'Store 070 (0)' });
  await expect(page).toHaveURL(/location=\d+/);
  await expect(search).toHaveValue('');
  await expect(select.locator('option:checked')).toHaveText('Store 070 (0)');
});

test('each filter chosen is a step Back returns from: a location, then a status, Back undoes the status only', async ({
  page,
  cook,
}) => {
  const [north] = await seed.locations(cook, ['North', 'South']);
  await seed.oven(cook, { name: 'Grill One' });
  await page.goto('/recipes');
  await page.goto('/fleet');
  const location = page.getByRole('combobox', { name: 'Location', exact: true });
  await location.selectOption(String(north!.id));
  await expect(page).toHaveURL(/location=/);
  await page.getByRole('combobox', { name: 'Status' }).selectOption('never_checked');
  await expect(page).toHaveURL(/status=/);
  await page.goBack();
  await expect(page).not.toHaveURL(/status=/);
  await expect(page).toHaveURL(new RegExp(`location=${north!.id}`));
  await expect(location).toHaveValue(String(north!.id));
  await page.goBack();
  await expect(page).toHaveURL(/\/fleet$/);
});

test('the fleet lists stores and lines by their numbers: Store 9 before Store 10, Line 2 before Line 10', async ({
  page,
  cook,
}) => {
  const [ten, nine] = await seed.locations(cook, ['Store 10', 'Store 9']);
  await seed.oven(cook, { name: 'Line 10', locationId: ten!.id });
  await seed.oven(cook, { name: 'Line 2', locationId: ten!.id });
  await seed.oven(cook, { name: 'Line 1', locationId: nine!.id });
  await page.goto('/fleet');
  const rows = page.locator('.fleet-table tbody tr');
  await expect(rows).toHaveCount(3);
  await expect(rows.locator('td:first-child a')).toHaveText(['Line 1', 'Line 2', 'Line 10']);
  await expect(rows.nth(0)).toContainText('Store 9');
});

test("the fleet's oven search shows its label, level with the selects beside it", async ({ page, cook }) => {
  await seed.oven(cook, { name: 'Grill One' });
  await page.goto('/fleet');
  await expect(page.getByText('Search ovens or locations', { exact: true })).toBeVisible();
  const bottom = async (target: Locator) => {
    const box = (await target.boundingBox())!;
    return Math.round(box.y + box.height);
  };
  const search = page.getByRole('searchbox', { name: 'Search ovens or locations' });
  const status = page.getByRole('combobox', { name: 'Status' });
  expect(Math.abs((await bottom(search)) - (await bottom(status)))).toBeLessThanOrEqual(1);
  // The clear button sits inside the box, not beside its label.
  await search.fill('grill');
  const clear = (await page.getByRole('button', { name: 'Clear the search' }).boundingBox())!;
  const box = (await search.boundingBox())!;
  expect(clear.y).toBeGreaterThanOrEqual(box.y - 1);
  expect(clear.y + clear.height).toBeLessThanOrEqual(box.y + box.height + 1);
});

test('the fleet table on a portrait tablet in French keeps each store name whole and fits the page', async ({
  page,
  cook,
}) => {
  const [store] = await seed.locations(cook, ['apple Store 2']);
  await seed.oven(cook, { name: 'Line 6', type: 'Shuttle 1200/1600/2000/2600', locationId: store!.id });
  await page.addInitScript(() => localStorage.setItem('hearth_language', 'fr'));
  await page.setViewportSize({ width: 768, height: 1024 });
  await page.goto('/fleet');
  const place = page.locator('.fleet-table tbody td').nth(1);
  await expect(place).toHaveText('apple Store 2');
  // A line a word at most (three words): broken inside words it read "ap / ple / Sto / re 2".
  const lines = await place.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
  });
  expect(lines).toBeLessThanOrEqual(3);
  const table = (await page.locator('.fleet-table').boundingBox())!;
  expect(table.x + table.width).toBeLessThanOrEqual(768);
  await page.screenshot({ path: 'test-results/screens/fleet-french-portrait.png' });
});
