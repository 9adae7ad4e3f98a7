import { apiAs, apiLocation, apiTemplate, expect, seed, test } from './fixtures';

interface Detail {
  version: number;
  screens: { screen_content: { id: number; buttonable_id: number | null }[] }[];
}

test('a template made from an oven and applied to a location says what happened on each oven, and each matches', async ({
  page,
  cook,
}) => {
  const call = apiAs(page.request, cook);
  await seed.importedOven(cook, { name: 'Front', type: 'Matchbox 1718/1313' });
  const back = await seed.oven(cook, { name: 'Back', type: 'Matchbox 1718/1313' });
  const corner = await seed.oven(cook, { name: 'Corner', type: 'MiSA' });
  await apiLocation(call, 'Harbour', [back.id, corner.id]);

  await page.goto('/fleet/templates');
  await page.getByRole('button', { name: 'New Template' }).click();
  const form = page.getByRole('dialog', { name: 'New Template' });
  await form.getByLabel('Template name').fill('Lunch');
  await form
    .getByRole('combobox', { name: 'Take the menu of' })
    .selectOption({ label: 'Front · Matchbox 1718/1313' });
  await form.getByRole('button', { name: 'Make Template' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Lunch' })).toBeVisible();
  await expect(page.getByText('Not applied to any oven yet.')).toBeVisible();
  // The layout the ovens will get, before anything is replaced.
  const layout = page.getByRole('region', { name: 'What the ovens will show' });
  await expect(layout.getByText('Screen 1', { exact: true })).toBeVisible();
  await expect(layout.locator('.layout-button').first()).toBeVisible();
  await layout.screenshot({ path: 'test-results/screens/template-layout.png' });

  await page.getByRole('combobox', { name: 'Location' }).selectOption({ label: 'Harbour (1 oven)' });
  await page.getByRole('button', { name: 'Apply Template' }).click();
  const confirm = page.getByRole('dialog', { name: 'Apply template' });
  await expect(confirm).toContainText('the Matchbox 1718/1313 ovens in Harbour');
  await expect(confirm).toContainText('kept as the version "Before Lunch v1"');
  // Before anything is replaced: each oven with what changes on it, or why it is skipped.
  const preview = confirm.getByRole('region', { name: 'What changes on each oven' });
  await expect(preview).toContainText('1 oven will change, 1 oven skipped (another model).');
  const backLine = preview.getByRole('listitem').filter({ hasText: 'Back' }).first();
  await expect(backLine).toContainText('Changes');
  await backLine.locator('summary').click();
  await expect(backLine.getByRole('listitem').first()).toContainText(
    /^Button ".+" added on screen 1, slot \d+\.$/,
  );
  await expect(preview.getByRole('listitem').filter({ hasText: 'Corner' }).first()).toContainText('Skipped');
  await confirm.screenshot({ path: 'test-results/screens/template-apply-preview.png' });
  await confirm.getByRole('button', { name: 'Apply Template' }).click();

  const results = page.getByRole('status', { name: 'Apply results' });
  await expect(results).toContainText('1 applied, 1 skipped.');
  await expect(results.getByRole('listitem').filter({ hasText: 'Back' })).toContainText('Applied');
  await expect(results.getByRole('listitem').filter({ hasText: 'Back' })).toContainText(
    'The menu it had is kept as version "Before Lunch v1".',
  );
  await expect(results.getByRole('listitem').filter({ hasText: 'Corner' })).toContainText('Skipped');
  const rows = page.locator('.template-ovens tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.filter({ hasText: 'Back' })).toContainText('Harbour');
  await expect(rows.filter({ hasText: 'Back' })).toContainText('Matches');
  await page.screenshot({ path: 'test-results/screens/template-applied.png', fullPage: true });
});

test('an oven edited after a template was applied shows "Edited here" with the differences in words', async ({
  page,
  cook,
}) => {
  const call = apiAs(page.request, cook);
  const front = await seed.importedOven(cook, { name: 'Front', type: 'Matchbox 1718/1313' });
  const back = await seed.oven(cook, { name: 'Back', type: 'Matchbox 1718/1313' });
  const template = await apiTemplate(call, 'Lunch', front.id, [back.id]);
  const oven = (await call<{ data: Detail }>('GET', `/api/ovens/${back.id}`)).data;
  const button = oven.screens[0]!.screen_content.find((b) => b.buttonable_id !== null)!;
  await call('DELETE', `/api/buttons/${button.id}?version=${oven.version}`);

  await page.goto(`/fleet/templates/${template.id}`);
  const row = page.locator('.template-ovens tbody tr').filter({ hasText: 'Back' });
  await expect(row).toContainText('Edited here');
  await row.getByText('1 difference').click();
  await expect(row.getByRole('listitem')).toHaveCount(1);
  await expect(row.getByRole('listitem').first()).toContainText(/removed/i);
  await page.screenshot({ path: 'test-results/screens/template-differs.png', fullPage: true });
});

test('a template updated from an edited oven marks the ovens that have the older one', async ({
  page,
  cook,
}) => {
  const call = apiAs(page.request, cook);
  const front = await seed.importedOven(cook, { name: 'Front', type: 'Matchbox 1718/1313' });
  await seed.oven(cook, { name: 'Back', type: 'Matchbox 1718/1313' });
  const back = (await call<{ data: { id: number }[] }>('GET', '/api/ovens')).data.find(
    (o) => o.id !== front.id,
  )!;
  const template = await apiTemplate(call, 'Lunch', front.id, [front.id, back.id]);
  // Front's menu changes after the template was applied; the template then takes Front's new menu.
  const oven = (await call<{ data: Detail }>('GET', `/api/ovens/${front.id}`)).data;
  const button = oven.screens[0]!.screen_content.find((b) => b.buttonable_id !== null)!;
  await call('DELETE', `/api/buttons/${button.id}?version=${oven.version}`);

  await page.goto(`/fleet/templates/${template.id}`);
  await page.getByRole('button', { name: 'Update from an oven' }).click();
  const dialog = page.getByRole('dialog', { name: 'Update Lunch' });
  await dialog.getByRole('combobox').selectOption({ label: 'Front · Matchbox 1718/1313' });
  await dialog.getByRole('button', { name: 'Update Template' }).click();
  await expect(page.getByText(/version 2 ·/)).toBeVisible();
  const rows = page.locator('.template-ovens tbody tr');
  await expect(rows.filter({ hasText: 'Back' })).toContainText('Older template');
  await expect(rows.filter({ hasText: 'Back' })).toContainText('1 difference');
  // Front has the template's new menu exactly, however it got it.
  await expect(rows.filter({ hasText: 'Front' })).toContainText('Matches');
});

test('a template deleted from its page leaves the list, and its ovens keep their menus', async ({
  page,
  cook,
}) => {
  const call = apiAs(page.request, cook);
  const front = await seed.importedOven(cook, { name: 'Front', type: 'Matchbox 1718/1313' });
  const template = await apiTemplate(call, 'Old', front.id, [front.id]);
  const before = (await call<{ data: Detail }>('GET', `/api/ovens/${front.id}`)).data;

  await page.goto(`/fleet/templates/${template.id}`);
  await page.getByRole('button', { name: 'Delete' }).click();
  await page
    .getByRole('dialog', { name: 'Delete template' })
    .getByRole('button', { name: 'Delete Template' })
    .click();
  await expect(page).toHaveURL(/\/fleet\/templates$/);
  await expect(page.getByText('No templates yet.')).toBeVisible();
  const after = (await call<{ data: Detail }>('GET', `/api/ovens/${front.id}`)).data;
  expect(after.screens).toEqual(before.screens);
});

test('a template is made from any oven of a chain: the oven is found by a search on the server', async ({
  page,
  cook,
}) => {
  for (let i = 1; i <= 59; i++) await seed.oven(cook, { name: `Line ${String(i).padStart(3, '0')}` });
  await seed.importedOven(cook, { name: 'Line 060', type: 'Matchbox 1718/1313' });
  await page.goto('/fleet/templates');
  await page.getByRole('button', { name: 'New Template' }).click();
  const form = page.getByRole('dialog', { name: 'New Template' });
  await form.getByLabel('Template name').fill('Chain lunch');
  await expect(form.getByRole('status')).toHaveText('50 of 60 ovens shown: search to find the others.');
  // An oven with an empty menu is offered, and says why it cannot be chosen.
  await expect(
    form.getByRole('option', { name: 'Line 001 · Matchbox 1718/1313 (empty menu)' }),
  ).toBeDisabled();
  await form.getByRole('searchbox', { name: 'Search the ovens to take the menu of' }).fill('line 060');
  const oven = form.getByRole('combobox', { name: 'Take the menu of' });
  await expect(oven.getByRole('option')).toHaveCount(2);
  await oven.selectOption({ label: 'Line 060 · Matchbox 1718/1313' });
  await form.screenshot({ path: 'test-results/screens/template-oven-chooser.png' });
  await form.getByRole('button', { name: 'Make Template' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Chain lunch' })).toBeVisible();
});

test('a template is applied to ovens of a chain found by a search, and an oven that already had it says so', async ({
  page,
  cook,
}) => {
  const call = apiAs(page.request, cook);
  const source = await seed.importedOven(cook, { name: 'Source', type: 'Matchbox 1718/1313' });
  for (let i = 1; i <= 58; i++) await seed.oven(cook, { name: `Store ${String(i).padStart(3, '0')}` });
  await seed.oven(cook, { name: 'Store 900', type: 'MiSA' });
  const template = await apiTemplate(call, 'Chain lunch', source.id);

  await page.goto(`/fleet/templates/${template.id}`);
  await page.getByRole('radio', { name: 'Ovens I choose' }).check();
  const panel = page.getByRole('region', { name: 'Apply this template' });
  // Only the template's model is offered: 58 stores and the source, not the MiSA.
  await expect(panel.getByRole('status')).toHaveText('50 of 59 ovens shown: search to find the others.');
  const search = panel.getByRole('searchbox', { name: 'Search: Ovens to apply to' });
  const list = panel.getByRole('list', { name: 'Ovens to apply to' });
  await search.fill('store 057');
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await list.getByRole('checkbox', { name: /Store 057/ }).check();
  await search.fill('source');
  // Store 057, ticked before, stays in sight above the new search's match.
  await expect(list.getByRole('checkbox', { name: /Source/ })).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list.getByRole('checkbox', { name: /Store 057/ })).toBeChecked();
  await list.getByRole('checkbox', { name: /Source/ }).check();
  await search.fill('store 900');
  await expect(panel.getByText('No oven matches "store 900".')).toBeVisible();
  await panel.getByRole('button', { name: 'Apply Template' }).click();
  const confirm = page.getByRole('dialog', { name: 'Apply template' });
  await expect(confirm).toContainText('Replace the menu of 2 ovens with "Chain lunch"');
  await confirm.getByRole('button', { name: 'Apply Template' }).click();

  const results = page.getByRole('status', { name: 'Apply results' });
  await expect(results).toContainText('1 applied, 1 already matched.');
  await expect(results.getByRole('listitem').filter({ hasText: 'Store 057' })).toContainText('Applied');
  await expect(results.getByRole('listitem').filter({ hasText: 'Source' })).toContainText('Already matched');
  await page.screenshot({ path: 'test-results/screens/template-applied-chosen.png', fullPage: true });
});

test("a template's preview on a phone splits no button name inside a word", async ({ page, cook }) => {
  const call = apiAs(page.request, cook);
  const source = await seed.importedOven(cook, { name: 'Front', type: 'Matchbox 1718/1313' });
  const template = await apiTemplate(call, 'Lunch', source.id);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/fleet/templates/${template.id}`);
  const layout = page.getByRole('region', { name: 'What the ovens will show' });
  await expect(layout.locator('.layout-name').first()).toBeVisible();
  // A word drawn on two lines has two boxes.
  const split = await layout.locator('.layout-name').evaluateAll((names) =>
    names.flatMap((el) => {
      const text = el.firstChild;
      if (!text?.textContent) return [];
      return [...text.textContent.matchAll(/\S+/g)].flatMap((m) => {
        const range = document.createRange();
        range.setStart(text, m.index);
        range.setEnd(text, m.index + m[0].length);
        return range.getClientRects().length > 1 ? [m[0]] : [];
      });
    }),
  );
  // Nor does a tile spill out of its place.
  const spilled = await layout
    .locator('.layout-slot')
    .evaluateAll((slots) => slots.filter((slot) => slot.scrollWidth > slot.clientWidth + 1).length);
  await layout.screenshot({ path: 'test-results/screens/template-layout-phone.png' });
  expect(split).toEqual([]);
  expect(spilled).toBe(0);
});
