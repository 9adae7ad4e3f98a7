import type { Page } from '@playwright/test';
import { expect, type SeededUser, seed, THREE_STAGES, test } from './fixtures';

const wizard = (page: Page) => page.getByRole('dialog').filter({ has: page.locator('.steps') });

async function recipesOf(page: Page, cook: SeededUser) {
  const res = await page.request.get('/api/recipes?owner=community', {
    headers: { authorization: `Bearer ${cook.token}` },
  });
  return ((await res.json()) as { data: { id: number; name: string; oven_type: string }[] }).data;
}
async function recipe(page: Page, cook: SeededUser, id: number) {
  const res = await page.request.get(`/api/recipes/${id}`, {
    headers: { authorization: `Bearer ${cook.token}` },
  });
  return ((await res.json()) as { data: { set_temp: number; stages: { temp: number }[] } }).data;
}

async function openConvert(page: Page, name: string) {
  await page.goto('/my-recipes');
  await page.getByRole('button', { name: `View or edit ${name}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Convert to…' }).click();
  return page.getByRole('dialog', { name: `Convert ${name} to another oven` });
}

test('a 3-stage Matchbox recipe becomes one Conveyor stage, read in the comparison, then saved', async ({
  page,
  cook,
}) => {
  await seed.recipes(cook, [THREE_STAGES]);
  const dialog = await openConvert(page, 'Three Stage Pie');
  await dialog.getByRole('radio', { name: 'Conveyor 2600/2000/1400' }).check();
  const changes = dialog.getByRole('list', { name: 'What changes' });
  await expect(changes).toContainText(
    'Stages 1, 2, 3 → stage 1: Conveyor 2600/2000/1400 recipes have at most 1 stage, so it runs their total time (04:00) at their time-weighted temperature (450 °F)',
  );
  const table = dialog.getByRole('table', { name: 'Before and after' });
  await expect(table.getByRole('row', { name: /Stage 1 time/ })).toContainText('04:00');
  await expect(table.getByRole('row', { name: /Stage 2 time/ })).toContainText('—');
  await page.screenshot({ path: 'test-results/screens/convert-conveyor.png', fullPage: true });
  await dialog.getByRole('button', { name: 'Save to My Recipes' }).click();
  await expect(
    page.getByText('was converted to Conveyor 2600/2000/1400 and saved in My Recipes'),
  ).toBeVisible();

  const mine = await recipesOf(page, cook);
  const converted = mine.find((r) => r.oven_type === 'Conveyor 2600/2000/1400')!;
  expect(converted.name).toBe('Three Stage Pie');
  const saved = await recipe(page, cook, converted.id);
  expect(saved.stages.map((s) => s.temp)).toEqual([450]);
});

test('a Matchbox recipe converted to a MiLO is adjusted in the wizard before it is saved', async ({
  page,
  cook,
}) => {
  await seed.recipes(cook, [THREE_STAGES]);
  const dialog = await openConvert(page, 'Three Stage Pie');
  await dialog.getByRole('radio', { name: 'MiLO/Double MiLO' }).check();
  // The MiLO keeps stages within 25 °F of each other (the Matchbox: 50 °F).
  await expect(dialog.getByRole('list', { name: 'What changes' })).toContainText(
    'Stage 2 temperature 450 °F → 475 °F: within 25 °F of stage 1 on the MiLO/Double MiLO.',
  );
  await dialog.getByRole('button', { name: 'Adjust in the wizard' }).click();
  const w = wizard(page);
  await expect(w.locator('.timeline-stage')).toHaveCount(3);
  // What conversion changed stays in sight in the wizard, on every step until saved.
  const changed = w.getByRole('list', { name: 'What conversion changed' });
  await expect(changed).toContainText(
    'Stage 2 temperature 450 °F → 475 °F: within 25 °F of stage 1 on the MiLO/Double MiLO.',
  );
  await expect(w.getByText('Converted from Matchbox 1718/1313:')).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/wizard-after-conversion.png' });
  await w.getByRole('button', { name: 'Next' }).click();
  await expect(changed).toBeVisible();
  await w.getByLabel('Product name').fill('Pie for the MiLO');
  await w.getByRole('button', { name: 'Preview' }).click();
  await w.getByRole('button', { name: 'Save' }).click();
  await expect(w.getByRole('heading', { name: 'New Recipe Created' })).toBeVisible();
  await w.getByRole('button', { name: 'Done' }).click();

  const milo = (await recipesOf(page, cook)).filter((r) => r.oven_type === 'MiLO/Double MiLO');
  expect(milo.map((r) => r.name)).toEqual(['Three Stage Pie']);
});

test('selected recipes are converted at once, with a summary of what changed', async ({ page, cook }) => {
  await seed.recipes(cook, [THREE_STAGES, { name: 'Hot Wings', oven_type: 'MiSA' }]);
  await page.goto('/my-recipes');
  await page.getByRole('button', { name: 'Recipe Bulk Delete' }).click();
  await page.getByRole('checkbox', { name: 'Select Three Stage Pie' }).check();
  await page.getByRole('checkbox', { name: 'Select Hot Wings' }).check();
  await page.getByRole('button', { name: 'Convert Selected…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Convert the selected recipes' });
  await dialog.getByRole('radio', { name: 'MiSA' }).check();
  await dialog.getByRole('button', { name: 'Convert 2 recipes' }).click();
  await expect(
    dialog.getByText(
      '1 recipe was converted to MiSA and saved in My Recipes. Already for the MiSA: Hot Wings.',
    ),
  ).toBeVisible();
  await dialog.getByText('Three Stage Pie').click();
  await expect(dialog.locator('.change-list')).toContainText(
    'Stage 3 temperature 400 °F → 450 °F: within 25 °F of stage 2 on the MiSA.',
  );
  await page.screenshot({ path: 'test-results/screens/convert-bulk.png', fullPage: true });
  await dialog.getByRole('button', { name: 'Done' }).click();
  expect((await recipesOf(page, cook)).filter((r) => r.oven_type === 'MiSA')).toHaveLength(2);
});

test('a cook who reads °C types °C, the recipe keeps °F, and the PDF shows °C', async ({ page, cook }) => {
  await page.goto('/my-profile');
  await page.getByRole('radio', { name: '°C (Celsius)' }).check({ force: true });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('User profile updated successfully')).toBeVisible();

  await page.goto('/my-recipes');
  await page.getByRole('button', { name: 'Create New Recipe' }).click();
  const w = wizard(page);
  await w.getByLabel('Recipe name').fill('Celsius Bread');
  await w.getByRole('button', { name: 'Next' }).click();
  await expect(w.getByText('between 122 and 273 °C').first()).toBeVisible();
  await w.getByLabel('Minutes', { exact: true }).selectOption('02');
  await w.getByLabel('Temperature °C').fill('300');
  await w.getByLabel('Temperature °C').blur();
  await expect(w.getByText('300 °C was changed to 273 °C: the Matchbox 1718/1313 maximum.')).toBeVisible();
  await w.getByLabel('Temperature °C').fill('232');
  await w.getByLabel('Temperature °C').blur();
  await w.getByRole('button', { name: 'Add Stage' }).click();
  await expect(w.locator('.timeline-temp')).toHaveText('232 °C');
  await w.getByRole('button', { name: 'Next' }).click();
  await w.getByLabel('Product name').fill('Bread');
  await w.getByLabel('Set Temp °C').fill('200');
  await w.getByRole('button', { name: 'Preview' }).click();
  await w.getByRole('button', { name: 'Save' }).click();
  await expect(w.getByRole('heading', { name: 'New Recipe Created' })).toBeVisible();
  await w.getByRole('button', { name: 'Done' }).click();

  const [made] = await recipesOf(page, cook);
  const saved = await recipe(page, cook, made!.id);
  expect(saved.stages.map((s) => s.temp)).toEqual([450]);
  expect(saved.set_temp).toBe(392);

  const headers = { authorization: `Bearer ${cook.token}` };
  const pdf = await page.request.get(`/api/createpdfs/${made!.id}`, { headers });
  const { name } = (await pdf.json()) as { name: string };
  const bytes = await (await page.request.get(`/storage/pdf/${name}`, { headers })).body();
  const { pdfToText } = await import('./fixtures');
  const text = await pdfToText(bytes);
  expect(text).toContain('Set temp: 200 °C');
  expect(text).toContain('Temp °C');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 800 } });
  test('the comparison fits the screen: the table scrolls inside the dialog, the page does not', async ({
    page,
    cook,
  }) => {
    await seed.recipes(cook, [THREE_STAGES]);
    const dialog = await openConvert(page, 'Three Stage Pie');
    await dialog.getByRole('radio', { name: 'Conveyor 2600/2000/1400' }).check();
    await expect(dialog.getByRole('table', { name: 'Before and after' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
    await expect(dialog.getByRole('button', { name: 'Save to My Recipes' })).toBeInViewport();
    await expect(dialog.getByRole('heading', { name: /What changes/ })).toBeInViewport();
    await page.screenshot({ path: 'test-results/screens/phone-convert.png' });
  });
});
