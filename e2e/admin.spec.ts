import type { Page } from '@playwright/test';
import { expect, seed, test } from './fixtures';

const numbers = (page: Page, chart: string) =>
  page.getByRole('region', { name: chart }).locator('.chart-numbers');

test('the report under each filter: totals, the titled bar chart and the doughnuts', async ({
  page,
  admin,
}) => {
  void admin;
  await page.goto('/reports');
  await expect(page.getByRole('heading', { name: 'General Report' })).toBeVisible();
  await expect(page.getByText(/counted in UTC/)).toBeVisible();
  for (const label of ['Active Users', 'Recipes Created', 'Ovens Registered'])
    await expect(page.locator('.report-totals dt', { hasText: label })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Unique Users in the Last Year' })).toBeVisible();
  // The admin's own visit counts: this year's bar chart has a bar.
  await expect(page.getByTestId('total-active')).not.toHaveText('0');
  await page.screenshot({ path: 'test-results/screens/report-year.png', fullPage: true });

  const titles: [string, string][] = [
    ['Last Month (30 days)', 'Unique Users in the Last Month'],
    ['Last Week (7 days)', 'Unique Users in the Last Week'],
    ['Today', 'Unique Users Today'],
  ];
  for (const [option, title] of titles) {
    await page.getByLabel('Period').selectOption({ label: option });
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
  }
  await expect(page).toHaveURL(/filter=today/);
  await numbers(page, 'Unique Users Today').locator('summary').click();
  await expect(numbers(page, 'Unique Users Today').locator('tr')).toHaveCount(24);
});

test('a range shows Start Date and End Date and charts those days', async ({ page, admin }) => {
  const cooks = [await seed.user(), await seed.user()];
  await seed.activity([
    { userId: cooks[0]!.id, day: '2020-02-28', hour: 9, recipes: { type: 'MiSA', count: 3 } },
    { userId: cooks[0]!.id, day: '2020-02-29', hour: 10, ovens: { type: 'MiSA', count: 1 } },
    { userId: cooks[1]!.id, day: '2020-02-29', hour: 11, recipes: { type: 'Matchbox 1718/1313', count: 2 } },
    { userId: admin.id, day: '2020-02-29', hour: 12 },
  ]);
  await page.goto('/reports');
  await page.getByLabel('Period').selectOption({ label: 'Between Dates' });
  await page.getByLabel('Start Date').fill('2020-02-28');
  await page.getByLabel('End Date').fill('2020-03-01');
  await expect(page.getByRole('heading', { name: 'Unique Users Between Dates' })).toBeVisible();
  await expect(page.getByTestId('total-active')).toHaveText('3');
  await expect(page.getByTestId('total-recipes')).toHaveText('5');
  await expect(page.getByTestId('total-ovens')).toHaveText('1');
  const bars = numbers(page, 'Unique Users Between Dates');
  await bars.locator('summary').click();
  await expect(bars.locator('tr')).toHaveText(['Feb 281', 'Feb 293', 'Mar 10']);
  await expect(
    page.getByRole('region', { name: 'Recipes Created per Oven' }).locator('canvas'),
  ).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/report-range.png', fullPage: true });

  await page.getByLabel('End Date').fill('2020-02-01');
  await expect(page.getByText('The end date cannot be before the start date.')).toBeVisible();
  await page.getByLabel('Start Date').fill('1999-01-01');
  await page.getByLabel('End Date').fill('1999-01-31');
  await expect(page.getByText('No Data Available...')).toHaveCount(3);
});

test('an admin finds a user by e-mail, reads their recipes and deletes them', async ({ page, admin }) => {
  void admin;
  const cook = await seed.user();
  await seed.recipes(cook, [{ name: 'Garlic Knots' }, { name: 'Pepperoni Slice' }, { name: 'Toasted Sub' }]);
  await seed.oven(cook, { name: 'Front Line' });
  await page.goto('/reports/users');
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
  const search = page.getByPlaceholder('Search by email...');
  const part = cook.email.split('@')[0]!;
  await search.fill(part);
  // The list follows the typing after a pause, not at every key.
  await expect(page).toHaveURL(new RegExp(`email=${part}$`));
  const row = page.getByRole('row', { name: new RegExp(cook.username) });
  await expect(row).toContainText(cook.email);
  await expect(row.getByRole('cell').nth(4)).toHaveText('3');
  await expect(row.getByRole('cell').nth(5)).toHaveText('1');
  await page.screenshot({ path: 'test-results/screens/users.png' });
  await search.fill('nobody-has-this-address');
  await expect(page.getByText('No results were found')).toBeVisible();
  await search.fill(cook.email);
  await page.getByRole('link', { name: cook.username }).click();

  await expect(page).toHaveURL(/\/reports\/users\/\d+$/);
  await expect(page.getByRole('heading', { name: cook.username })).toBeVisible();
  await expect(page.getByText('Recipes Created: 3')).toBeVisible();
  await expect(page.getByText('Showing 1 - 3 of 3 Recipes')).toBeVisible();
  await page.getByPlaceholder('Search recipe...').fill('garlic');
  await expect(page.getByText('Showing 1 - 1 of 1 Recipes')).toBeVisible();
  await page.getByRole('article', { name: 'Garlic Knots' }).getByRole('button').first().click();
  const view = page.getByRole('dialog', { name: 'Garlic Knots' });
  await expect(view.getByText('Cooking stages')).toBeVisible();
  // Read only: no Delete, Edit or Duplicate for the admin.
  await expect(view.getByRole('button', { name: /^(Delete|Edit|Duplicate)$/ })).toHaveCount(0);
  await view.getByRole('button', { name: 'Close' }).click();
  await page.screenshot({ path: 'test-results/screens/user.png', fullPage: true });

  await page.getByRole('button', { name: 'Delete User' }).click();
  await page
    .getByRole('dialog', { name: 'Delete User' })
    .getByRole('button', { name: 'Delete User' })
    .click();
  await expect(page.getByText('Deleting user ...')).toBeVisible();
  await expect(page.locator('.banner')).toContainText(`${cook.username}was successfully deleted`);
  await expect(page).toHaveURL(/\/reports\/users$/, { timeout: 6000 });
  await page.getByPlaceholder('Search by email...').fill(cook.email);
  await expect(page.getByText('No results were found')).toBeVisible();
});

test("an admin's own page has no Delete User", async ({ page, admin }) => {
  await page.goto(`/reports/users/${admin.id}`);
  await expect(page.getByRole('heading', { name: admin.username })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete User' })).toHaveCount(0);
  await expect(page.getByText('This is you')).toBeVisible();
});
