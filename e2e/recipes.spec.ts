import type { Page } from '@playwright/test';
import { DEMO, expect, login, loginAsNewUser, pdfTextOf, test } from './fixtures';

const wizard = (page: Page) => page.getByRole('dialog');

async function setStage(page: Page, minutes: string, seconds: string, temp: string) {
  const w = wizard(page);
  await w.getByLabel('Minutes', { exact: true }).selectOption(minutes);
  await w.getByLabel('Seconds', { exact: true }).selectOption(seconds);
  await w.getByLabel('Temperature ºF').fill(temp);
  await w.getByLabel('Temperature ºF').blur();
}

test('create a 3-stage recipe, fixing the temperature step; edit, duplicate, search, filter, PDFs, bulk delete', async ({
  page,
}) => {
  await loginAsNewUser(page);
  await page.goto('/my-recipes');
  await expect(page.getByText('No results were found')).toBeVisible();

  // Step 1: name and oven.
  await page.getByRole('button', { name: 'Create New Recipe' }).click();
  const w = wizard(page);
  await expect(w.getByRole('heading', { name: 'Create New Recipe' })).toBeVisible();
  await expect(w.getByRole('button', { name: 'Next' })).toBeDisabled();
  await w.getByLabel('Recipe name').fill('Smoky Flatbread');
  await expect(w.getByRole('radio', { name: 'Matchbox 1718/1313' })).toBeChecked();
  await page.screenshot({ path: 'test-results/screens/wizard-1.png' });
  await w.getByRole('button', { name: 'Next' }).click();

  // Step 2: three stages; the second is first too hot for the 50 ºF Matchbox step.
  await expect(w.getByRole('button', { name: 'Next' })).toBeDisabled();
  await setStage(page, '01', '30', '450');
  await w.getByRole('button', { name: 'Add Stage' }).click();
  await setStage(page, '01', '00', '520');
  await expect(
    w.getByText('The temperature is too far from previous stage. Please edit stage to correct it.'),
  ).toBeVisible();
  await expect(w.getByRole('button', { name: 'Add Stage' })).toBeDisabled();
  await w.getByLabel('Temperature ºF').fill('500');
  await w.getByLabel('Temperature ºF').blur();
  await expect(w.getByText('The temperature is too far from previous stage.')).toBeHidden();
  await w.getByRole('button', { name: 'Add Stage' }).click();
  await setStage(page, '00', '45', '475');
  await w.getByRole('button', { name: 'Add Stage' }).click();
  await expect(w.getByText('Matchbox 1718/1313 recipes have at most 3 stages.')).toBeVisible();
  await w.getByLabel('Event name').fill('Rotate');
  await w.getByLabel('Event minutes').selectOption('01');
  await w.getByRole('button', { name: 'Add Event' }).click();
  await expect(w.locator('.event-list')).toContainText('01:00 Rotate');
  await page.screenshot({ path: 'test-results/screens/wizard-2.png', fullPage: true });
  await w.getByRole('button', { name: 'Next' }).click();

  // Step 3: details; Preview waits for product name and set temp.
  await expect(w.getByRole('button', { name: 'Preview' })).toBeDisabled();
  await w.getByLabel('Product name').fill('Flatbread 12in');
  await w.getByLabel('Set Temp ºF').fill('0');
  await expect(w.getByText('Set Temp cannot be 0.')).toBeVisible();
  await w.getByLabel('Set Temp ºF').fill('475');
  await w.getByLabel('Category').selectOption('Pizza');
  await w.getByLabel('Ingredients').fill('Flatbread, smoked mozzarella, onion');
  await page.screenshot({ path: 'test-results/screens/wizard-3.png' });
  await w.getByRole('button', { name: 'Preview' }).click();

  // Step 4 and 5.
  await expect(w.locator('.timeline-stage')).toHaveCount(3);
  await page.screenshot({ path: 'test-results/screens/wizard-4.png' });
  await w.getByRole('button', { name: 'Save' }).click();
  await expect(w.getByRole('heading', { name: 'New Recipe Created' })).toBeVisible();
  await w.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText('Showing 1-1 of 1 Recipes')).toBeVisible();

  // Edit: rename and change stage 1.
  await page.getByRole('button', { name: 'View or edit Smoky Flatbread' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Edit', exact: true }).click();
  await expect(w.getByRole('heading', { name: 'Edit Recipe' })).toBeVisible();
  await w.getByLabel('Recipe name').fill('Smoky Flatbreads');
  await w.getByRole('button', { name: 'Next' }).click();
  await w.getByRole('button', { name: 'Edit stage 1' }).click();
  await w.getByLabel('Temperature ºF').fill('460');
  await w.getByRole('button', { name: 'Update Stage' }).click();
  await w.getByRole('button', { name: 'Next' }).click();
  await w.getByRole('button', { name: 'Preview' }).click();
  await w.getByRole('button', { name: 'Save' }).click();
  await expect(w.getByRole('heading', { name: 'Saved to My Recipes' })).toBeVisible();
  await w.getByRole('button', { name: 'Done' }).click();

  // Duplicate: the copy opens in the wizard at the stages step.
  await page.getByRole('button', { name: 'View or edit Smoky Flatbreads' }).click();
  const view = page.getByRole('dialog');
  await expect(view.locator('.timeline-stage').first()).toContainText('460 ºF');
  await page.screenshot({ path: 'test-results/screens/recipe-view.png' });
  await view.getByRole('button', { name: 'Duplicate' }).click();
  await expect(page.getByText('has been successfully duplicated')).toBeVisible();
  await expect(w.locator('.step-current')).toContainText('Cooking stages');
  await w.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByText('Showing 1-2 of 2 Recipes')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Smoky Fl--- Copy' })).toBeVisible();

  // Search and filter.
  await page.getByPlaceholder('Search recipes...').fill('copy');
  await expect(page.getByText('Showing 1-1 of 1 Recipes')).toBeVisible();
  await page.getByPlaceholder('Search recipes...').fill('');
  await page.getByRole('checkbox', { name: 'Bakery' }).check();
  await expect(page.getByText('No results were found')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Pizza' }).check();
  await page.getByRole('checkbox', { name: 'Matchbox 1718/1313' }).check();
  await expect(page.getByText('Showing 1-2 of 2 Recipes')).toBeVisible();
  await page.getByRole('group', { name: 'Categories' }).getByRole('checkbox', { name: 'All' }).check();
  await page.getByRole('group', { name: 'Ovens' }).getByRole('checkbox', { name: 'All' }).check();

  // One recipe's PDF and the all-recipes PDF.
  await page.getByRole('button', { name: 'View or edit Smoky Flatbreads' }).click();
  const one = await pdfTextOf(page, () =>
    page.getByRole('dialog').getByRole('button', { name: 'Download PDF' }).click(),
  );
  for (const s of [
    'Smoky Flatbreads',
    'Matchbox 1718/1313',
    'Flatbread 12in',
    '460',
    '500',
    'Rotate',
    'Flatbread, smoked mozzarella',
  ])
    expect(one).toContain(s);
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  const all = await pdfTextOf(page, async () => {
    await page.getByRole('button', { name: 'Download All Recipes in PDF' }).click();
    await expect(page.getByText('Generating a PDF with the recipes ...')).toBeVisible();
  });
  expect(all).toContain('Smoky Flatbreads');
  expect(all).toContain('Smoky Fl--- Copy');
  expect(all).toContain('2 recipes');
  await expect(page.getByText('Generating a PDF with the recipes ...')).toBeHidden();

  // Bulk delete: enter, leave with nothing selected, enter, select two, confirm.
  const bulk = page.getByRole('button', { name: 'Recipe Bulk Delete' });
  await bulk.click();
  await expect(page.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await expect(page.getByText('0 Recipe(s) Selected')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(bulk).toBeVisible();
  await bulk.click();
  await page.getByRole('checkbox', { name: 'Select Smoky Flatbreads' }).check();
  await page.getByRole('checkbox', { name: 'Select Smoky Fl--- Copy' }).check();
  await expect(page.getByText('2 Recipe(s) Selected')).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/bulk-delete.png' });
  await page.getByRole('button', { name: 'Delete Selected' }).click();
  await expect(
    page.getByText('Are you sure you want to delete the 2 selected recipe(s)? This action cannot be undone.'),
  ).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('The selected recipes were successfully deleted')).toBeVisible();
  await expect(page.getByText('No results were found')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Recipe Bulk Delete' })).toBeVisible();
});

test('the library: pages, filters, search, view-only modal, and Edit makes your own copy', async ({
  page,
}) => {
  await loginAsNewUser(page);
  await page.goto('/recipes');
  await expect(page.getByRole('heading', { name: 'Hearth Recipes' })).toBeVisible();
  await expect(page.getByText('Showing 1-12 of 66 Recipes')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Previous page' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page.getByText('Showing 13-24 of 66 Recipes')).toBeVisible();
  await page.getByRole('button', { name: 'Page 4' }).click();
  await expect(page.getByText('Showing 37-48 of 66 Recipes')).toBeVisible();
  await expect(page.locator('.pager button[aria-label^="Page"]')).toHaveText(['2', '3', '4', '5', '6']);
  await page.getByRole('button', { name: 'Page 6' }).click();
  await expect(page.getByText('Showing 61-66 of 66 Recipes')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next page' })).toHaveCount(0);
  await page.screenshot({ path: 'test-results/screens/library.png', fullPage: true });

  await page.getByRole('checkbox', { name: 'MiSA', exact: true }).check();
  await expect(page.getByText('Showing 1-11 of 11 Recipes')).toBeVisible();
  await expect(page.locator('.pager')).toHaveCount(0);
  await page.getByPlaceholder('Search recipes...').fill('pizza');
  await expect(page.locator('.recipe-card')).toHaveCount(1);
  const name = (await page.locator('.recipe-card-name').first().textContent()) ?? '';

  await page.getByRole('button', { name: `View ${name}` }).click();
  const view = page.getByRole('dialog');
  await expect(view.getByRole('button', { name: 'Duplicate' })).toBeVisible();
  await expect(view.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await expect(view.getByRole('button', { name: 'Download PDF' })).toHaveCount(0);
  await expect(view.getByText('IR top').first()).toBeVisible();
  await view.getByRole('button', { name: 'Edit', exact: true }).click();
  await expect(page.getByRole('dialog').getByRole('heading', { name: 'Edit Recipe' })).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  await page.goto('/my-recipes');
  await expect(page.getByRole('heading', { name })).toBeVisible();
});

test('an image that fails to load falls back to the placeholder', async ({ page }) => {
  await login(page, DEMO.user);
  await page.route('**/images/icons/*.svg', (route) => route.abort());
  await page.goto('/recipes');
  await expect(page.locator('.recipe-card-image').first()).toHaveAttribute('src', '/images/empty.jpeg');
});

test('phone width: filters fold away and cards stack', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await login(page, DEMO.user);
  await expect(page.getByRole('checkbox', { name: 'Bakery' })).toBeHidden();
  await page.getByRole('button', { name: 'Filters' }).click();
  await page.getByRole('checkbox', { name: 'Bakery' }).check();
  await expect(page.getByRole('button', { name: 'Filters (1)' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  expect(overflow).toBe(false);
  await page.screenshot({ path: 'test-results/screens/phone-library.png', fullPage: true });
});

test('a save the server refuses closes the wizard with the error banner', async ({ page }) => {
  await loginAsNewUser(page);
  await page.goto('/my-recipes');
  await page.route('**/api/recipes', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ message: 'Something went wrong on our side. Please try again.' }),
        })
      : route.continue(),
  );
  await page.getByRole('button', { name: 'Create New Recipe' }).click();
  const w = wizard(page);
  await w.getByLabel('Recipe name').fill('Doomed Bagel');
  await w.getByRole('button', { name: 'Next' }).click();
  await setStage(page, '02', '00', '400');
  await w.getByRole('button', { name: 'Add Stage' }).click();
  await w.getByRole('button', { name: 'Next' }).click();
  await w.getByLabel('Product name').fill('Bagel');
  await w.getByLabel('Set Temp ºF').fill('400');
  await w.getByRole('button', { name: 'Preview' }).click();
  await w.getByRole('button', { name: 'Save' }).click();
  const banner = page
    .getByRole('alert')
    .filter({ hasText: 'There was an error while trying to save the recipe' });
  await expect(banner).toContainText('Doomed Bagel');
  await expect(banner).toContainText('Something went wrong on our side.');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // Reopening starts again at step 1.
  await page.getByRole('button', { name: 'Create New Recipe' }).click();
  await expect(w.locator('.step-current')).toContainText('Name and oven');
  await expect(w.getByLabel('Recipe name')).toHaveValue('');
});

// A real 2×2 PNG and JPEG, made by the test so no binary sits in the repository.
const PNG_2x2 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

test('a photo: upload, refuse a fake, replace then keep the previous one', async ({ page }) => {
  await loginAsNewUser(page);
  await page.goto('/my-recipes');
  await page.getByRole('button', { name: 'Create New Recipe' }).click();
  const w = wizard(page);
  await w.getByLabel('Recipe name').fill('Photo Pie');
  await w
    .getByLabel('Recipe photo')
    .setInputFiles({ name: 'pie.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
  await expect(w.getByText('The image must be a PNG or JPEG file.')).toBeVisible();
  await w
    .getByLabel('Recipe photo')
    .setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('<svg/>') });
  await expect(w.getByText('The image must be a PNG or JPEG file.')).toBeVisible();
  await w
    .getByLabel('Recipe photo')
    .setInputFiles({ name: 'pie.png', mimeType: 'image/png', buffer: PNG_2x2 });
  await expect(w.getByRole('img', { name: 'Recipe' })).toHaveAttribute('src', /^data:image\/png;base64,/);
  await w.getByRole('button', { name: 'Next' }).click();
  await setStage(page, '01', '00', '450');
  await w.getByRole('button', { name: 'Add Stage' }).click();
  await w.getByRole('button', { name: 'Next' }).click();
  await w.getByLabel('Product name').fill('Pie');
  await w.getByLabel('Set Temp ºF').fill('450');
  await w.getByRole('button', { name: 'Preview' }).click();
  await w.getByRole('button', { name: 'Save' }).click();
  await w.getByRole('button', { name: 'Done' }).click();

  const cardImage = page.getByRole('article', { name: 'Photo Pie' }).locator('img');
  await expect(cardImage).toHaveAttribute('src', /^\/storage\/recipe-images\/[\w-]+\?t=\d+$/);
  const src = (await cardImage.getAttribute('src')) ?? '';
  expect((await page.request.get(src)).headers()['content-type']).toBe('image/png');

  await page.getByRole('button', { name: 'View or edit Photo Pie' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Edit', exact: true }).click();
  await w
    .getByLabel('Recipe photo')
    .setInputFiles({ name: 'other.png', mimeType: 'image/png', buffer: PNG_2x2 });
  await w.getByRole('button', { name: 'Keep Previous Image' }).click();
  await expect(w.getByRole('img', { name: 'Recipe' })).toHaveAttribute('src', src);
  await expect(w.getByRole('button', { name: 'Keep Previous Image' })).toHaveCount(0);
});

test("the provider's admin manages the library: edit mode with Delete and Download PDF", async ({ page }) => {
  await login(page, DEMO.admin);
  await page.goto('/recipes');
  await expect(page.getByRole('button', { name: 'Create New Recipe' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Recipe Bulk Delete' })).toBeVisible();
  await page.locator('.recipe-card button').first().click();
  const view = page.getByRole('dialog');
  for (const name of ['Duplicate', 'Edit', 'Download PDF', 'Delete']) {
    await expect(view.getByRole('button', { name, exact: true })).toBeVisible();
  }
});
