import type { Page } from '@playwright/test';
import { apiAs, apiLocation, expect, type SeededUser, seed, test } from './fixtures';

test('a location added on the Locations page takes the ovens moved into it, and leads to them', async ({
  page,
  cook,
}) => {
  await seed.oven(cook, { name: 'Fryer side' });
  await seed.oven(cook, { name: 'Window' });
  await seed.oven(cook, { name: 'Elsewhere' });
  await page.goto('/fleet/locations');
  await expect(page.getByText('No locations yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Add Location' }).click();
  const form = page.getByRole('dialog', { name: 'Add Location' });
  await form.getByLabel('Location name').fill('Harbour Street');
  await form.getByLabel('Address (optional)').fill('12 Harbour Street, Leith');
  await form.getByRole('button', { name: 'Save' }).click();
  const card = page.getByRole('listitem', { name: 'Harbour Street' });
  await expect(card).toContainText('12 Harbour Street, Leith');
  await expect(card).toContainText('No ovens yet');

  await card.getByRole('button', { name: 'Move ovens here' }).click();
  const move = page.getByRole('dialog', { name: 'Move ovens to Harbour Street' });
  await move.getByRole('searchbox').fill('i');
  await move.getByRole('checkbox', { name: /Fryer side/ }).check();
  await move.getByRole('checkbox', { name: /Window/ }).check();
  await move.getByRole('button', { name: 'Move 2 ovens' }).click();
  await expect(move).toBeHidden();
  await expect(card.getByRole('link', { name: '2 ovens' })).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/locations.png', fullPage: true });

  await card.getByRole('link', { name: '2 ovens' }).click();
  await expect(page).toHaveURL(/\/ovens\?location=\d+/);
  await page.getByRole('button', { name: /^Select Oven/ }).click();
  const picker = page.getByRole('list', { name: 'Select Oven' }).getByRole('listitem');
  await expect(picker).toHaveCount(2);
  await expect(picker.filter({ hasText: 'Elsewhere' })).toHaveCount(0);
});

test("a location's card downloads that location's zip and checklist in one tap", async ({ page, cook }) => {
  const call = apiAs(page.request, cook);
  const oven = await seed.importedOven(cook, { name: 'Front', type: 'Matchbox 1718/1313' });
  await apiLocation(call, 'Canal Street', [oven.id]);
  await apiLocation(call, 'Empty Yard');
  await page.goto('/fleet/locations');
  await expect(
    page.getByRole('listitem', { name: 'Empty Yard' }).getByRole('button', { name: /settings \(zip\)/ }),
  ).toHaveCount(0);
  const card = page.getByRole('listitem', { name: 'Canal Street' });
  const names: string[] = [];
  page.on('download', (d) => names.push(d.suggestedFilename()));
  await card.getByRole('button', { name: 'Download this location’s settings (zip)' }).click();
  await expect(card.getByRole('status').filter({ hasText: 'Saved:' })).toContainText('1 oven');
  await expect.poll(() => names.length).toBe(2);
  expect(names[0]).toMatch(/^hearth-settings-Canal Street-\d{4}-\d{2}-\d{2}\.zip$/);
  await page.screenshot({ path: 'test-results/screens/locations-zip.png', fullPage: true });
});

test('a location renamed to a name already used is refused, with the reason on the name', async ({
  page,
  cook,
}) => {
  const call = apiAs(page.request, cook);
  await apiLocation(call, 'Old Town');
  await apiLocation(call, 'New Town');
  await page.goto('/fleet/locations');
  await page.getByRole('button', { name: 'Edit New Town' }).click();
  const form = page.getByRole('dialog', { name: 'Edit New Town' });
  await form.getByLabel('Location name').fill('old town');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByRole('alert')).toContainText('You already have a location named');
  await expect(form).toBeVisible();
});

test('a deleted location leaves its ovens in My Ovens, in no location', async ({ page, cook }) => {
  const call = apiAs(page.request, cook);
  const oven = await seed.oven(cook, { name: 'Stays' });
  await apiLocation(call, 'Closing', [oven.id]);
  await page.goto('/fleet/locations');
  await page.getByRole('button', { name: 'Delete Closing' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete location' });
  await expect(confirm).toContainText('Its oven stays in My Ovens, in no location.');
  await confirm.getByRole('button', { name: 'Delete Location' }).click();
  await expect(page.getByText('No locations yet.')).toBeVisible();
  const after = await call<{ data: { location: unknown } }>('GET', `/api/ovens/${oven.id}`);
  expect(after.data.location).toBeNull();
});

test('the oven form moves an oven to another location', async ({ page, cook }) => {
  const call = apiAs(page.request, cook);
  await seed.oven(cook, { name: 'Mover' });
  await apiLocation(call, 'Quayside');
  await page.goto('/ovens');
  await page.getByRole('button', { name: 'Edit Oven' }).click();
  const form = page.getByRole('dialog', { name: 'Edit Mover' });
  await form.getByRole('combobox', { name: 'Location' }).selectOption({ label: 'Quayside' });
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();
  await expect(page.locator('.oven-header')).toContainText('Quayside · Matchbox 1718/1313');
});

test('an oven added while the Ovens page shows one location starts in it', async ({ page, cook }) => {
  const call = apiAs(page.request, cook);
  await seed.oven(cook, { name: 'First' });
  const place = await apiLocation(call, 'Pier');
  await page.goto(`/ovens?location=${place.id}`);
  await page.getByRole('button', { name: 'Add New Oven' }).click();
  const modal = page.getByRole('dialog', { name: 'Add New Oven' });
  await expect(modal.getByRole('combobox', { name: 'Location' })).toHaveValue(String(place.id));
  await modal.getByLabel('Oven name').fill('Pier Oven');
  await modal.getByRole('radio', { name: 'MiSA' }).check();
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('.oven-title')).toHaveText('Pier Oven');
  await expect(page.locator('.oven-header')).toContainText('Pier · MiSA');
  await expect(page).toHaveURL(new RegExp(`location=${place.id}`));
});

test('an oven added in another location than the one shown opens, the location filter dropped', async ({
  page,
  cook,
}) => {
  const call = apiAs(page.request, cook);
  await seed.oven(cook, { name: 'First' });
  const place = await apiLocation(call, 'Pier');
  await page.goto(`/ovens?location=${place.id}`);
  await page.getByRole('button', { name: 'Add New Oven' }).click();
  const modal = page.getByRole('dialog', { name: 'Add New Oven' });
  await modal.getByRole('combobox', { name: 'Location' }).selectOption({ label: 'No location' });
  await modal.getByLabel('Oven name').fill('Roaming');
  await modal.getByRole('radio', { name: 'MiSA' }).check();
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('.oven-title')).toHaveText('Roaming');
  await expect(page).not.toHaveURL(/location=/);
});

test("a chain's Locations page shows 50 stores a page, and finds one by name or address from the server", async ({
  page,
  cook,
}) => {
  await seed.locations(
    cook,
    Array.from({ length: 120 }, (_, i) => `Store ${String(i + 1).padStart(3, '0')}`),
  );
  await page.goto('/fleet/locations');
  const cards = page.getByRole('list', { name: 'Your locations' }).getByRole('listitem');
  await expect(cards).toHaveCount(50);
  await expect(page.getByRole('status').filter({ hasText: '120 locations' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Pages' }).getByRole('button', { name: 'Page 3' }).click();
  await expect(page).toHaveURL(/page=3/);
  await expect(cards).toHaveCount(20);
  await expect(cards.first()).toHaveAccessibleName('Store 101');
  // A new page starts at the top; the back button returns to the page before.
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await page.goBack();
  await expect(cards.first()).toHaveAccessibleName('Store 001');
  await page.goForward();
  await expect(cards.first()).toHaveAccessibleName('Store 101');
  const search = page.getByRole('searchbox', { name: 'Search locations' });
  await search.fill('store 11');
  await search.press('Enter');
  await expect(page).toHaveURL(/search=store\+11/);
  await expect(page).not.toHaveURL(/page=/);
  await expect(cards).toHaveCount(10);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: 'test-results/screens/locations-search.png' });
  await search.fill('nowhere');
  await search.press('Enter');
  await expect(page.getByText('No location’s name or address holds “nowhere”.')).toBeVisible();
  await page.goBack();
  await expect(search).toHaveValue('store 11');
  await expect(cards).toHaveCount(10);
});

test('a page past the last one (an old link) shows the last page', async ({ page, cook }) => {
  await seed.locations(
    cook,
    Array.from({ length: 60 }, (_, i) => `Store ${String(i + 1).padStart(3, '0')}`),
  );
  await page.goto('/fleet/locations?page=9');
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByRole('list', { name: 'Your locations' }).getByRole('listitem')).toHaveCount(10);
});

/** The cook's ovens of these names, a location "Depot", and its Move dialog open. */
async function openMoveDialog(page: Page, cook: SeededUser, ovens: string[]) {
  for (const name of ovens) await seed.oven(cook, { name });
  await seed.locations(cook, ['Depot']);
  await page.goto('/fleet/locations');
  await page
    .getByRole('listitem', { name: 'Depot' })
    .getByRole('button', { name: 'Move ovens here' })
    .click();
  return page.getByRole('dialog', { name: 'Move ovens to Depot' });
}

test('moving ovens in finds any of a chain’s ovens by a search on the server, past the first ones shown', async ({
  page,
  cook,
}) => {
  const move = await openMoveDialog(
    page,
    cook,
    Array.from({ length: 60 }, (_, i) => `Line ${String(i + 1).padStart(3, '0')}`),
  );
  await expect(move.getByRole('status')).toHaveText('50 of 60 ovens shown: search to find the others.');
  await move.getByRole('checkbox', { name: /Line 001/ }).check();
  await move.getByRole('searchbox').fill('line 058');
  // The search's one match, under the oven ticked before, which stays in sight.
  await expect(move.getByRole('checkbox')).toHaveCount(2);
  await expect(move.getByRole('checkbox').first()).toHaveAccessibleName(/Line 001/);
  await expect(move.getByRole('checkbox').first()).toBeChecked();
  await move.getByRole('checkbox', { name: /Line 058/ }).check();
  await move.getByRole('button', { name: 'Move 2 ovens' }).click();
  await expect(move).toBeHidden();
  const card = page.getByRole('listitem', { name: 'Depot' });
  await expect(card.getByRole('link', { name: '2 ovens' })).toBeVisible();
});

test('on a touch screen the Move dialog leaves its search unfocused, so no keyboard opens over the list', async ({
  page,
  cook,
}) => {
  const move = await openMoveDialog(page, cook, ['Grill One']);
  await expect(move.getByRole('checkbox', { name: /Grill One/ })).toBeVisible();
  await expect(move.getByRole('searchbox')).not.toBeFocused();
});

test.describe('with a mouse and keyboard', () => {
  test.use({ hasTouch: false });

  test('the Move dialog puts the focus in its search once its ovens have loaded, so typing finds an oven', async ({
    page,
    cook,
  }) => {
    const move = await openMoveDialog(page, cook, ['Grill One']);
    await expect(move.getByRole('checkbox', { name: /Grill One/ })).toBeVisible();
    await expect(move.getByRole('searchbox')).toBeFocused();
    await page.keyboard.type('grill');
    await expect(move.getByRole('searchbox')).toHaveValue('grill');
  });
});

test('an oven ticked or unticked in the Move dialog stays where it was, and "Select all shown" counts it again', async ({
  page,
  cook,
}) => {
  const move = await openMoveDialog(page, cook, ['Line 1', 'Line 2', 'Line 3']);
  await move.getByRole('checkbox', { name: /Line 3/ }).check();
  // Ticked, it keeps its place: the row under the finger is still the one tapped.
  await expect(move.getByRole('checkbox').nth(2)).toHaveAccessibleName(/Line 3/);
  await move.getByRole('searchbox').fill('line 1');
  await expect(move.getByRole('checkbox')).toHaveCount(2);
  await move.getByRole('checkbox', { name: /Line 3/ }).uncheck();
  // Still first, unticked: nothing moved under the finger.
  await expect(move.getByRole('checkbox').first()).toHaveAccessibleName(/Line 3/);
  await move.getByRole('button', { name: 'Select all shown (2)' }).click();
  await expect(move.getByRole('button', { name: 'Move 2 ovens' })).toBeEnabled();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the Move dialog scrolls as one, its list reaching down to the buttons with no box of its own', async ({
    page,
    cook,
  }) => {
    const move = await openMoveDialog(
      page,
      cook,
      Array.from({ length: 20 }, (_, i) => `Line ${i + 1}`),
    );
    const list = move.getByRole('list', { name: 'Ovens to move' });
    await expect(list.getByRole('checkbox')).toHaveCount(20);
    const listBox = (await list.boundingBox())!;
    const footer = (await move.locator('.modal-footer').boundingBox())!;
    // The list runs on under the buttons (the dialog scrolls), not stopping half way above an empty gap.
    expect(listBox.y + listBox.height).toBeGreaterThan(footer.y);
    await page.screenshot({ path: 'test-results/screens/move-dialog-phone.png' });
  });
});
