import type { Page } from '@playwright/test';
import { apiAs, expect, focusSteadily, pickUpByKeyboard, seed, test } from './fixtures';

const slot = (page: Page, position: number) =>
  page.locator(`.editor-main .slot[data-position="${position}"]`).first();

test('save a version, change the menu, read what changed, see it marked, then restore the version', async ({
  page,
  cook,
}) => {
  await seed.importedOven(cook, { name: 'Front Line', type: 'Matchbox 1718/1313' });
  await page.goto('/ovens');
  const first = await slot(page, 1).locator('.tile-name').textContent();

  await page.getByRole('button', { name: 'Versions' }).click();
  const dialog = page.getByRole('dialog', { name: 'Menu versions of Front Line' });
  await dialog.getByLabel('Version name').fill('Spring menu');
  await dialog.getByLabel('Note').fill('Before the lunch specials');
  await dialog.getByRole('button', { name: 'Save Version' }).click();
  await expect(dialog.getByText('Saved as “Spring menu”.')).toBeVisible();
  await expect(dialog.getByRole('listitem', { name: 'Spring menu' })).toContainText(
    'Before the lunch specials',
  );
  await dialog.getByRole('button', { name: 'Close' }).click();

  // A change: the first button goes to the trash.
  await slot(page, 1).locator('.tile-button').click();
  await page.getByRole('button', { name: `Remove ${first}` }).click();
  await expect(page.locator('.undo-text')).toHaveText(new RegExp(`^Removed ${first}`));

  await page.getByRole('button', { name: 'Versions' }).click();
  const item = dialog.getByRole('listitem', { name: 'Spring menu' });
  await item.getByRole('button', { name: 'What changed since' }).click();
  await expect(item.getByRole('list', { name: 'Changes since Spring menu' })).toContainText(
    `Button "${first}" removed from screen 1, slot 1.`,
  );
  await page.screenshot({ path: 'test-results/screens/menu-versions.png', fullPage: true });

  await item.getByRole('button', { name: 'Restore' }).click();
  await page
    .getByRole('dialog', { name: 'Restore version' })
    .getByRole('button', { name: 'Restore' })
    .click();
  await expect(page.getByText('now runs version “Spring menu” again')).toBeVisible();
  await expect(slot(page, 1).locator('.tile-name')).toHaveText(first!);
  await expect(page.locator('.undo-text')).toHaveText('Restored version "Spring menu"');
});

test('a version name refused as taken shows no "Saved as" from the save before it', async ({
  page,
  cook,
}) => {
  await seed.importedOven(cook, { name: 'Front Line', type: 'Matchbox 1718/1313' });
  await page.goto('/ovens');
  await page.getByRole('button', { name: 'Versions' }).click();
  const dialog = page.getByRole('dialog', { name: 'Menu versions of Front Line' });
  await dialog.getByLabel('Version name').fill('Spring menu');
  await dialog.getByRole('button', { name: 'Save Version' }).click();
  await expect(dialog.getByText('Saved as “Spring menu”.')).toBeVisible();
  await dialog.getByLabel('Version name').fill('spring menu');
  await dialog.getByRole('button', { name: 'Save Version' }).click();
  await expect(dialog.getByText('This oven already has a version named "spring menu".')).toBeVisible();
  await expect(dialog.getByText('Saved as “Spring menu”.')).toHaveCount(0);
});

test('buttons changed since a version are marked on the editor', async ({ page, cook }) => {
  const oven = await seed.importedOven(cook, { name: 'Marked', type: 'Matchbox 1718/1313' });
  await apiAs(page.request, cook)('POST', `/api/ovens/${oven.id}/versions`, { name: 'Before' });
  await page.goto('/ovens');
  const name = await slot(page, 1).locator('.tile-name').textContent();
  // Move the first button onto slot 4's recipe by keyboard.
  await focusSteadily(page, slot(page, 1).locator('.tile-button'));
  await pickUpByKeyboard(page);
  // One slot at a time: a busy machine can lag behind the keys, and a drop lands where the drag has reached.
  for (let i = 2; i <= 4; i++) {
    await page.keyboard.press('ArrowRight');
    await expect(slot(page, i)).toHaveClass(/slot-over/);
  }
  await page.keyboard.press('Space');
  await expect(page.locator('.undo-text')).toHaveText(new RegExp(`^Moved ${name}`));

  await page.getByRole('button', { name: 'Versions' }).click();
  const item = page.getByRole('dialog').getByRole('listitem', { name: 'Before' });
  await item.getByRole('button', { name: 'What changed since' }).click();
  // Moved onto a taken slot, the two buttons swap places: both are changed.
  await expect(item.getByRole('list', { name: 'Changes since Before' })).toContainText(
    `Button "${name}" moved`,
  );
  await item.getByRole('button', { name: /^Show 2 changed buttons on the menu$/ }).click();
  await expect(page.getByText('2 buttons changed since “Before”')).toBeVisible();
  await expect(page.locator('.tile-changed').filter({ hasText: name! })).toHaveCount(1);
  await page.screenshot({ path: 'test-results/screens/menu-versions-marked.png' });
});

test('a button removed since a version leaves a mark on its empty slot', async ({ page, cook }) => {
  const oven = await seed.importedOven(cook, { name: 'Emptied', type: 'Matchbox 1718/1313' });
  await apiAs(page.request, cook)('POST', `/api/ovens/${oven.id}/versions`, { name: 'Before' });
  await page.goto('/ovens');
  const name = await slot(page, 1).locator('.tile-name').textContent();
  await slot(page, 1).locator('.tile-button').click();
  await page.getByRole('button', { name: `Remove ${name}` }).click();
  await expect(page.locator('.undo-text')).toHaveText(new RegExp(`^Removed ${name}`));

  await page.getByRole('button', { name: 'Versions' }).click();
  const item = page.getByRole('dialog').getByRole('listitem', { name: 'Before' });
  await item.getByRole('button', { name: 'What changed since' }).click();
  await item.getByRole('button', { name: /^Show 1 changed button on the menu$/ }).click();
  await expect(page.getByText('1 button changed since “Before”')).toBeVisible();
  await expect(slot(page, 1).locator('.slot-removed-note')).toHaveText(`Removed: "${name}"`);
  await page.screenshot({ path: 'test-results/screens/menu-versions-removed.png' });
});

test('a file copied off the oven is recognised as the older version it came from', async ({ page, cook }) => {
  const oven = await seed.importedOven(cook, { name: 'Recognised', type: 'Matchbox 1718/1313' });
  const headers = { authorization: `Bearer ${cook.token}`, cookie: 'XSRF-TOKEN=t', 'x-xsrf-token': 't' };
  await page.request.post(`/api/ovens/${oven.id}/versions`, { headers, data: { name: 'Spring menu' } });
  const prepared = (await (await page.request.get(`/api/files/${oven.id}`, { headers })).json()) as {
    file: string;
    name: string;
  };
  const springFile = await (await page.request.get(`/storage/settings/${prepared.file}`, { headers })).body();

  await page.goto('/ovens');
  // The menu changes and is saved as a newer version; the oven still runs the spring file.
  const first = slot(page, 1);
  await first.locator('.tile-button').click();
  const name = await first.locator('.tile-name').textContent();
  await page.getByRole('button', { name: `Remove ${name}` }).click();
  await expect(page.locator('.undo-text')).toHaveText(new RegExp(`^Removed ${name}`));
  await page.request.post(`/api/ovens/${oven.id}/versions`, { headers, data: { name: 'Summer menu' } });

  await page
    .getByLabel('Choose the file from the oven')
    .setInputFiles({ name: prepared.name, mimeType: 'text/plain', buffer: springFile });
  await expect(page.getByText(/^This is version "Spring menu", downloaded on /)).toBeVisible();
  await page.getByText(/^This is version "Spring menu"/).scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/screens/check-file.png' });
});
