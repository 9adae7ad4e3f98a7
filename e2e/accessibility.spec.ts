import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import { apiAs, apiLocation, apiTemplate, DEMO, expect, login, seed, test } from './fixtures';

// axe is injected as a script, which the app's CSP would rightly refuse; only this spec lifts it.
test.use({ bypassCSP: true });
const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

async function violations(page: Page) {
  await page.addScriptTag({ path: axePath });
  const result = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run(
            o: unknown,
          ): Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }>;
        };
      }
    ).axe;
    // WCAG 2.1 too, and its check that a control's spoken name holds its visible label (experimental in axe, so
    // named): a voice user says what they see.
    return axe.run({
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      rules: { 'label-content-name-mismatch': { enabled: true } },
    });
  });
  return result.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(', ')}`,
  );
}

test('public pages meet WCAG 2 AA as axe checks it', async ({ page }) => {
  for (const path of ['/', '/register', '/forgot-password']) {
    await page.goto(path);
    await expect(page.locator('main h1')).toBeVisible();
    expect(await violations(page), path).toEqual([]);
  }
});

test('recipe pages, the view modal and the wizard meet WCAG 2 AA as axe checks it', async ({ page }) => {
  await login(page, DEMO.user);
  await expect(page.locator('.recipe-card').first()).toBeVisible();
  expect(await violations(page), 'library').toEqual([]);
  await page.locator('.recipe-card button').first().click();
  await expect(page.locator('.recipe-details')).toBeVisible();
  expect(await violations(page), 'view modal').toEqual([]);
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  await page.goto('/my-recipes');
  await page.getByRole('button', { name: 'Create New Recipe' }).click();
  expect(await violations(page), 'wizard').toEqual([]);
  await page.goto('/help');
  expect(await violations(page), 'help').toEqual([]);
  await page.goto('/my-profile');
  expect(await violations(page), 'profile').toEqual([]);
});

test('the ovens page, the oven modal and Select Recipe meet WCAG 2 AA as axe checks it', async ({
  page,
  cook,
}) => {
  await seed.recipes(cook, [{ name: 'Pepperoni' }]);
  await seed.oven(cook, { name: 'Front Line' });
  await page.goto('/ovens');
  await expect(page.locator('.screen-grid')).toBeVisible();
  expect(await violations(page), 'ovens').toEqual([]);
  await page.getByRole('button', { name: 'Drop Recipe Here (slot 1)' }).click();
  await expect(page.getByRole('dialog').locator('.choice-card').first()).toBeVisible();
  expect(await violations(page), 'select recipe').toEqual([]);
  await page.getByRole('dialog').getByRole('button', { name: 'Add to Oven (Pepperoni)' }).click();
  await page.locator('.slot[data-position="1"] .tile-button').click();
  expect(await violations(page), 'button options').toEqual([]);
  await page.getByRole('button', { name: 'Add New Oven' }).click();
  expect(await violations(page), 'oven modal').toEqual([]);
});

test('the admin report, users list and user page meet WCAG 2 AA as axe checks it', async ({
  page,
  admin,
}) => {
  const cook = await seed.user();
  await seed.recipes(cook, [{ name: 'Axe Check' }]);
  await page.goto('/reports');
  await expect(page.getByTestId('total-active')).toBeVisible();
  expect(await violations(page), '/reports').toEqual([]);
  await page.goto('/reports/users');
  await expect(page.getByRole('table')).toBeVisible();
  expect(await violations(page), '/reports/users').toEqual([]);
  await page.goto(`/reports/users/${cook.id}`);
  await expect(page.getByText('Showing 1 - 1 of 1 Recipes')).toBeVisible();
  expect(await violations(page), '/reports/users/{id}').toEqual([]);
  void admin;
});

test('the import modal and the settings tiles meet WCAG 2 AA as axe checks it', async ({ page, cook }) => {
  const oven = await seed.importedOven(cook, { name: 'Axe Oven', type: 'MiSA' });
  await page.goto(`/ovens?oven=${oven.id}`);
  await expect(page.getByRole('button', { name: 'Download Oven Settings' })).toBeVisible();
  expect(await violations(page), 'tiles').toEqual([]);
  await page.getByRole('button', { name: 'Import My Oven' }).click();
  await expect(page.getByRole('dialog', { name: 'Import My Oven' })).toBeVisible();
  expect(await violations(page), 'import modal').toEqual([]);
});

test('the fleet, locations and templates pages and their dialogs meet WCAG 2 AA as axe checks it', async ({
  page,
  cook,
}) => {
  const call = apiAs(page.request, cook);
  const front = await seed.importedOven(cook, { name: 'Front', type: 'Matchbox 1718/1313' });
  const back = await seed.oven(cook, { name: 'Back', type: 'Matchbox 1718/1313' });
  await apiLocation(call, 'Harbour', [front.id]);
  await call('POST', `/api/ovens/${front.id}/versions`, { name: 'Spring' });
  await call('GET', `/api/files/${front.id}`);
  const template = await apiTemplate(call, 'Lunch', front.id, [back.id]);

  await page.goto('/fleet');
  await expect(page.locator('.fleet-table')).toBeVisible();
  expect(await violations(page), '/fleet').toEqual([]);
  await page.goto('/fleet/locations');
  await expect(page.getByRole('listitem', { name: 'Harbour' })).toBeVisible();
  expect(await violations(page), '/fleet/locations').toEqual([]);
  await page.getByRole('button', { name: 'Move ovens here' }).click();
  await expect(page.getByRole('list', { name: 'Ovens to move' })).toBeVisible();
  expect(await violations(page), 'move ovens').toEqual([]);
  await page.goto('/fleet/templates');
  await expect(page.getByRole('link', { name: 'Lunch', exact: true })).toBeVisible();
  expect(await violations(page), '/fleet/templates').toEqual([]);
  await page.goto(`/fleet/templates/${template.id}`);
  await expect(page.locator('.template-ovens')).toBeVisible();
  expect(await violations(page), '/fleet/templates/{id}').toEqual([]);
});

test('the Import page and its preview of a file with problems meet WCAG 2 AA as axe checks it', async ({
  page,
  cook,
}) => {
  await page.goto('/team/import/ovens');
  await expect(page.getByRole('heading', { name: 'Import ovens' })).toBeVisible();
  expect(await violations(page), 'import page').toEqual([]);
  await page.getByLabel('Your file').setInputFiles({
    name: 'ovens.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('name,model,location\nFront,Pizzamatic,\nBack,MiSA,Nowhere\n'),
  });
  await page.getByRole('button', { name: 'Check the file' }).click();
  await expect(page.locator('td.cell-bad')).toHaveCount(2);
  expect(await violations(page), 'import preview').toEqual([]);
  void cook;
});
