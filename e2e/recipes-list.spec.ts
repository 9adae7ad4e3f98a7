import type { Page } from '@playwright/test';
import { DEMO, expect, login, pdfTextOf, recordBanners, seed, test } from './fixtures';

const dialog = (page: Page) => page.getByRole('dialog');

test('search, filters and page live in the address and survive a reload', async ({ page, cook }) => {
  await seed.recipes(
    cook,
    Array.from({ length: 14 }, (_, i) => ({
      name: `Pizza ${String(i + 1).padStart(2, '0')}`,
      category: 'Pizza',
    })),
  );
  await seed.recipes(cook, [{ name: 'Bagel', category: 'Bakery' }]);
  await page.goto('/my-recipes');
  await page.getByPlaceholder('Search recipes...').fill('pizza');
  await expect(page.getByText('Showing 1-12 of 14 Recipes')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Pizza' }).check();
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page.getByText('Showing 13-14 of 14 Recipes')).toBeVisible();
  await expect(page).toHaveURL(/search=pizza/);
  await expect(page).toHaveURL(/categories=Pizza/);
  await expect(page).toHaveURL(/page=2/);
  await page.reload();
  await expect(page.getByText('Showing 13-14 of 14 Recipes')).toBeVisible();
  await expect(page.getByPlaceholder('Search recipes...')).toHaveValue('pizza');
  // A new filter starts again at page 1.
  await page.getByRole('checkbox', { name: 'Matchbox 1718/1313' }).check();
  await expect(page).not.toHaveURL(/page=/);
  await expect(page.getByText('Showing 1-12 of 14 Recipes')).toBeVisible();
});

test('deleting the last recipe of the last page shows the page before, with a true counter', async ({
  page,
  cook,
}) => {
  await seed.recipes(
    cook,
    Array.from({ length: 13 }, (_, i) => ({ name: `Tart ${String(i + 1).padStart(2, '0')}` })),
  );
  await page.goto('/my-recipes?page=2');
  await expect(page.getByText('Showing 13-13 of 13 Recipes')).toBeVisible();
  const banners = await recordBanners(page);
  await page.getByRole('button', { name: 'View or edit Tart 13' }).click();
  await dialog(page).getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete recipe' }).getByRole('button', { name: 'Delete' }).click();
  await expect.poll(banners).toContainEqual(expect.stringContaining('Tart 13\nwas successfully deleted'));
  await expect(page.getByText('Showing 1-12 of 12 Recipes')).toBeVisible();
  await expect(page.getByText(/null/)).toHaveCount(0);
});

test('a deleted recipe is not asked for again', async ({ page, cook }) => {
  await seed.recipes(cook, [{ name: 'Gone Soon' }, { name: 'Stays' }]);
  const notFound: string[] = [];
  page.on('response', (r) => {
    if (r.status() === 404) notFound.push(r.url());
  });
  await page.goto('/my-recipes');
  await page.getByRole('button', { name: 'View or edit Gone Soon' }).click();
  await dialog(page).getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete recipe' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Showing 1-1 of 1 Recipes')).toBeVisible();
  expect(notFound).toEqual([]);
});

test('bulk delete names every selected recipe, even one a search has hidden', async ({ page, cook }) => {
  await seed.recipes(cook, [{ name: 'Hidden Pie' }, { name: 'Shown Bun' }, { name: 'Kept Roll' }]);
  await page.goto('/my-recipes');
  await page.getByRole('button', { name: 'Recipe Bulk Delete' }).click();
  await page.getByRole('checkbox', { name: 'Select Hidden Pie' }).check();
  await page.getByPlaceholder('Search recipes...').fill('bun');
  await expect(page.locator('.recipe-card')).toHaveCount(1);
  await page.getByRole('checkbox', { name: 'Select Shown Bun' }).check();
  await expect(page.getByText('2 Recipe(s) Selected')).toBeVisible();
  await page.getByRole('button', { name: 'Delete Selected' }).click();
  const confirm = dialog(page);
  await expect(confirm.locator('.confirm-list li')).toHaveText(['Hidden Pie', 'Shown Bun']);
  await page.screenshot({ path: 'test-results/screens/bulk-delete-confirm.png' });
  const banners = await recordBanners(page);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect
    .poll(banners)
    .toContainEqual(expect.stringContaining('The selected recipes were successfully deleted'));
  await page.getByPlaceholder('Search recipes...').fill('');
  await expect(page.locator('.recipe-card-name')).toHaveText(['Kept Roll']);
});

test('the bulk-delete button cycles: select mode, Cancel with nothing chosen', async ({ page, cook }) => {
  await seed.recipes(cook, [{ name: 'One Bun' }]);
  await page.goto('/my-recipes');
  const bulk = page.getByRole('button', { name: 'Recipe Bulk Delete' });
  await bulk.click();
  await expect(page.getByText('0 Recipe(s) Selected')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(bulk).toBeVisible();
});

test('an empty My Recipes points to Create New Recipe and offers no bulk delete', async ({ page, cook }) => {
  void cook;
  await page.goto('/my-recipes');
  await expect(page.getByText('No results were found')).toBeVisible();
  await expect(page.getByText(/Press Create New Recipe above to add your first one/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Recipe Bulk Delete' })).toBeDisabled();
});

test('editing a recipe saves the change in place', async ({ page, cook }) => {
  await seed.recipes(cook, [{ name: 'Flatbread' }]);
  await page.goto('/my-recipes');
  await page.getByRole('button', { name: 'View or edit Flatbread' }).click();
  await dialog(page).getByRole('button', { name: 'Edit', exact: true }).click();
  const w = dialog(page);
  await expect(w.getByRole('heading', { name: 'Edit Recipe' })).toBeVisible();
  await w.getByLabel('Recipe name').fill('Flatbreads');
  await w.getByRole('button', { name: 'Next' }).click();
  await w.getByRole('button', { name: 'Edit stage 1' }).click();
  await w.getByLabel('Temperature °F').fill('460');
  await w.getByRole('button', { name: 'Update Stage' }).click();
  await w.getByRole('button', { name: 'Next' }).click();
  await w.getByRole('button', { name: 'Preview' }).click();
  await w.getByRole('button', { name: 'Save' }).click();
  await expect(w.getByRole('heading', { name: 'Saved to My Recipes' })).toBeVisible();
  await w.getByRole('button', { name: 'Done' }).click();
  await page.getByRole('button', { name: 'View or edit Flatbreads' }).click();
  await expect(dialog(page).locator('.timeline-stage').first()).toContainText('460 °F');
});

test('duplicating one of my recipes makes "… Copy" and opens it at the stages step', async ({
  page,
  cook,
}) => {
  await seed.recipes(cook, [{ name: 'Smoky Flatbreads' }]);
  await page.goto('/my-recipes');
  await page.getByRole('button', { name: 'View or edit Smoky Flatbreads' }).click();
  const banners = await recordBanners(page);
  await dialog(page).getByRole('button', { name: 'Duplicate' }).click();
  await expect.poll(banners).toContainEqual(expect.stringContaining('has been successfully duplicated'));
  await expect(dialog(page).locator('.step-current')).toContainText('Cooking stages');
  await dialog(page).getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('heading', { name: 'Smoky Fl--- Copy' })).toBeVisible();
});

test('one recipe and all recipes as PDF', async ({ page, cook }) => {
  await seed.recipes(cook, [
    {
      name: 'Smoky Flatbread',
      product_name: 'Flatbread 12in',
      events: [{ name: 'Rotate', minutes: 0, seconds: 45 }],
    },
    { name: 'Garlic Knots' },
  ]);
  await page.goto('/my-recipes');
  await page.getByRole('button', { name: 'View or edit Smoky Flatbread' }).click();
  const one = await pdfTextOf(page, () => dialog(page).getByRole('button', { name: 'Download PDF' }).click());
  for (const s of ['Smoky Flatbread', 'Matchbox 1718/1313', 'Flatbread 12in', 'Rotate'])
    expect(one).toContain(s);
  await dialog(page).getByRole('button', { name: 'Close' }).click();
  const all = await pdfTextOf(page, async () => {
    await page.getByRole('button', { name: 'Download All Recipes in PDF' }).click();
    await expect(page.getByText('Generating a PDF with the recipes ...')).toBeVisible();
  });
  expect(all).toContain('Garlic Knots');
  expect(all).toContain('2 recipes');
});

test('the library pages through 66 recipes, two pages either side', async ({ page, cook }) => {
  void cook;
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
});

test('a library recipe: view-only with Download PDF, and Edit makes a copy only when saved', async ({
  page,
  cook,
}) => {
  void cook;
  await page.goto('/recipes');
  await page.getByRole('checkbox', { name: 'MiSA', exact: true }).check();
  await expect(page.getByText('Showing 1-11 of 11 Recipes')).toBeVisible();
  const name = (await page.locator('.recipe-card-name').first().textContent()) ?? '';
  await page.getByRole('button', { name: `View ${name}` }).click();
  const view = dialog(page);
  await expect(view.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await expect(view.getByText('IR top').first()).toBeVisible();
  const text = await pdfTextOf(page, () => view.getByRole('button', { name: 'Download PDF' }).click());
  expect(text).toContain(name);
  await page.screenshot({ path: 'test-results/screens/library-view.png' });

  await view.getByRole('button', { name: 'Edit', exact: true }).click();
  const w = dialog(page);
  await expect(w.getByRole('heading', { name: 'Edit a Copy' })).toBeVisible();
  await w.getByRole('button', { name: 'Close' }).click();
  await page.goto('/my-recipes');
  await expect(page.getByText('No results were found')).toBeVisible();

  await page.goto('/recipes');
  await page.getByRole('checkbox', { name: 'MiSA', exact: true }).check();
  await expect(page.getByText('Showing 1-11 of 11 Recipes')).toBeVisible();
  await page.getByRole('button', { name: `View ${name}` }).click();
  await dialog(page).getByRole('button', { name: 'Edit', exact: true }).click();
  await w.getByRole('button', { name: 'Next' }).click();
  await w.getByRole('button', { name: 'Next' }).click();
  await w.getByRole('button', { name: 'Preview' }).click();
  await w.getByRole('button', { name: 'Save' }).click();
  await expect(w.getByRole('heading', { name: 'New Recipe Created' })).toBeVisible();
  await w.getByRole('button', { name: 'Done' }).click();
  await page.goto('/my-recipes');
  await expect(page.getByRole('heading', { name })).toBeVisible();
});

test('Duplicate on a library recipe saves a copy into My Recipes at once', async ({ page, cook }) => {
  void cook;
  await page.goto('/recipes');
  const name = (await page.locator('.recipe-card-name').first().textContent()) ?? '';
  await page.locator('.recipe-card button').first().click();
  const banners = await recordBanners(page);
  await dialog(page).getByRole('button', { name: 'Duplicate' }).click();
  await expect.poll(banners).toContainEqual(expect.stringContaining('has been successfully duplicated'));
  await dialog(page).getByRole('button', { name: 'Close' }).click();
  await page.goto('/my-recipes');
  await expect(page.getByRole('heading', { name })).toBeVisible();
});

test('an image that fails to load falls back to the placeholder', async ({ page, cook }) => {
  void cook;
  await page.route('**/images/icons/*.webp', (route) => route.abort());
  await page.goto('/recipes');
  await expect(page.locator('.recipe-card-image').first()).toHaveAttribute('src', '/images/empty.jpeg');
});

test('oven badges never wrap in the filter sidebar', async ({ page, cook }) => {
  void cook;
  await page.goto('/recipes');
  for (const badge of await page.locator('.filters-panel .oven-badge').all()) {
    const box = await badge.boundingBox();
    expect(box?.height ?? 0).toBeLessThan(30);
  }
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 800 } });
  test('filters fold away and cards stack', async ({ page, cook }) => {
    void cook;
    await page.goto('/recipes');
    await expect(page.getByRole('checkbox', { name: 'Bakery' })).toBeHidden();
    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByRole('checkbox', { name: 'Bakery' }).check();
    await expect(page.getByRole('button', { name: 'Filters (1)' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
    await page.screenshot({ path: 'test-results/screens/phone-library.png', fullPage: true });
  });

  test('the bulk actions stay within reach after ticking a recipe far down the list', async ({
    page,
    cook,
  }) => {
    await seed.recipes(
      cook,
      Array.from({ length: 12 }, (_, i) => ({ name: `Bun ${String(i + 1).padStart(2, '0')}` })),
    );
    await page.goto('/my-recipes');
    await page.getByRole('button', { name: 'Recipe Bulk Delete' }).click();
    // Ticked at the top of a long list: the bar rides at the bottom of the screen, not at the end of the list.
    await page.getByRole('checkbox', { name: 'Select Bun 01' }).check();
    const bar = page.getByRole('region', { name: 'Selected recipes' });
    await expect(bar.getByRole('button', { name: 'Delete Selected' })).toBeInViewport();
    await page.screenshot({ path: 'test-results/screens/phone-bulk-bar-top.png' });
    await page.getByRole('checkbox', { name: 'Select Bun 01' }).uncheck();
    const last = page.getByRole('checkbox', { name: 'Select Bun 12' });
    await last.scrollIntoViewIfNeeded();
    await last.check();
    await expect(bar.getByText('1 Recipe(s) Selected')).toBeInViewport();
    await expect(bar.getByRole('button', { name: 'Delete Selected' })).toBeInViewport();
    await expect(bar.getByRole('button', { name: 'Convert Selected…' })).toBeInViewport();
    await page.screenshot({ path: 'test-results/screens/phone-bulk-bar.png' });
    await bar.getByRole('button', { name: 'Cancel' }).click();
    await expect(bar).toBeHidden();
    await expect(page.getByRole('button', { name: 'Recipe Bulk Delete' })).toBeVisible();
  });
});

test('a save the server refuses closes the wizard with the error banner', async ({ page, cook }) => {
  void cook;
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
  const w = dialog(page);
  await w.getByLabel('Recipe name').fill('Doomed Bagel');
  await w.getByRole('button', { name: 'Next' }).click();
  await w.getByLabel('Minutes', { exact: true }).selectOption('02');
  await w.getByLabel('Temperature °F').fill('400');
  await w.getByLabel('Temperature °F').blur();
  await w.getByRole('button', { name: 'Add Stage' }).click();
  await w.getByRole('button', { name: 'Next' }).click();
  await w.getByLabel('Product name').fill('Bagel');
  await w.getByLabel('Set Temp °F').fill('400');
  await w.getByRole('button', { name: 'Preview' }).click();
  await w.getByRole('button', { name: 'Save' }).click();
  const banner = page
    .getByRole('alert')
    .filter({ hasText: 'There was an error while trying to save the recipe' });
  await expect(banner).toContainText('Doomed Bagel');
  await expect(banner).toContainText('Something went wrong on our side.');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByRole('button', { name: 'Create New Recipe' }).click();
  await expect(w.locator('.step-current')).toContainText('Name and oven');
  await expect(w.getByLabel('Recipe name')).toHaveValue('');
});

// A real 2×2 PNG, made by the test so no binary sits in the repository.
const PNG_2x2 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

test('a photo: upload, refuse a fake, replace then keep the previous one', async ({ page, cook }) => {
  void cook;
  await page.goto('/my-recipes');
  await page.getByRole('button', { name: 'Create New Recipe' }).click();
  const w = dialog(page);
  await w.getByLabel('Recipe name').fill('Photo Pie');
  await w
    .getByLabel('Recipe photo')
    .setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('<svg/>') });
  await expect(w.getByText('The image must be a PNG or JPEG file.')).toBeVisible();
  await w
    .getByLabel('Recipe photo')
    .setInputFiles({ name: 'pie.png', mimeType: 'image/png', buffer: PNG_2x2 });
  await expect(w.getByRole('img', { name: 'Recipe' })).toHaveAttribute('src', /^data:image\/png;base64,/);
  await w.getByRole('button', { name: 'Next' }).click();
  await w.getByLabel('Minutes', { exact: true }).selectOption('01');
  await w.getByLabel('Temperature °F').fill('450');
  await w.getByLabel('Temperature °F').blur();
  await w.getByRole('button', { name: 'Add Stage' }).click();
  await w.getByRole('button', { name: 'Next' }).click();
  await w.getByLabel('Product name').fill('Pie');
  await w.getByLabel('Set Temp °F').fill('450');
  await w.getByRole('button', { name: 'Preview' }).click();
  await w.getByRole('button', { name: 'Save' }).click();
  await w.getByRole('button', { name: 'Done' }).click();

  const cardImage = page.getByRole('article', { name: 'Photo Pie' }).locator('img');
  await expect(cardImage).toHaveAttribute('src', /^\/storage\/recipe-images\/[\w-]+\?t=\d+$/);
  const src = (await cardImage.getAttribute('src')) ?? '';
  expect((await page.request.get(src)).headers()['content-type']).toBe('image/png');

  await page.getByRole('button', { name: 'View or edit Photo Pie' }).click();
  await dialog(page).getByRole('button', { name: 'Edit', exact: true }).click();
  await w
    .getByLabel('Recipe photo')
    .setInputFiles({ name: 'other.png', mimeType: 'image/png', buffer: PNG_2x2 });
  await w.getByRole('button', { name: 'Keep Previous Image' }).click();
  await expect(w.getByRole('img', { name: 'Recipe' })).toHaveAttribute('src', src);
});

test("the provider's admin manages the library: edit mode with Delete and Download PDF", async ({
  page,
  admin,
}) => {
  void admin;
  await page.goto('/recipes');
  await expect(page.getByRole('button', { name: 'Create New Recipe' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Recipe Bulk Delete' })).toBeVisible();
  await page.locator('.recipe-card button').first().click();
  for (const name of ['Duplicate', 'Edit', 'Download PDF', 'Delete']) {
    await expect(dialog(page).getByRole('button', { name, exact: true })).toBeVisible();
  }
});

test('the demo user logs in through the form and lands on the library', async ({ page }) => {
  await login(page, DEMO.user);
  await expect(page.getByRole('heading', { name: 'Hearth Recipes' })).toBeVisible();
});

test('markup typed into a recipe shows as text and runs nothing', async ({ page, cook }) => {
  // Product names hold up to 40 characters of anything printable.
  const markup = '<img src=x onerror="window.__xss=1">';
  await seed.recipes(cook, [{ name: 'Inert Dish', product_name: markup }]);
  await page.goto('/my-recipes');
  await page.getByRole('button', { name: 'View or edit Inert Dish' }).click();
  await expect(dialog(page).getByText(markup)).toBeVisible();
  expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
});
