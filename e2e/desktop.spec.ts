import type { Page } from '@playwright/test';
import { apiAs, apiLocation, expect, loginByToken, seed, test } from './fixtures';

/** A regular user's main pages on a desktop: the whole bar in one row, nothing wider than the window. */
for (const size of [
  { width: 1440, height: 900 },
  { width: 1920, height: 1080 },
]) {
  test.describe(`a ${size.width} px desktop`, () => {
    test.use({ viewport: size, hasTouch: false });

    const overflows = (page: Page) =>
      page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

    test('shows the navigation in one row, not behind the menu button', async ({ page, cook }) => {
      await loginByToken(page, cook);
      await page.goto('/recipes');
      const nav = page.getByRole('navigation', { name: 'Main' });
      await expect(nav.getByRole('button', { name: 'Menu' })).toBeHidden();
      for (const name of ['Hearth Recipes', 'My Recipes', 'My Ovens', 'Fleet', 'Team']) {
        await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
      }
      // The brand's name shows beside its logo where there is room.
      await expect(nav.locator('.brand-name')).toBeVisible();
      const tops = await nav
        .locator('.nav-links a, .nav-tools > *')
        .evaluateAll((els) => [...new Set(els.map((e) => Math.round(e.getBoundingClientRect().top / 8)))]);
      expect(tops.length).toBe(1);
    });

    test('lays out the main pages within the window', async ({ page, cook }) => {
      const call = apiAs(page.request, cook);
      const oven = await seed.importedOven(cook, { name: 'Front Line', type: 'Matchbox 1718/1313' });
      await apiLocation(call, 'Harbour', [oven.id]);
      await loginByToken(page, cook);
      const pages: [string, RegExp | string][] = [
        ['/recipes', 'Hearth Recipes'],
        ['/my-recipes', 'My Recipes'],
        ['/ovens', 'Front Line'],
        ['/fleet', 'Fleet'],
        ['/fleet/locations', 'Locations'],
        ['/team', 'Members'],
      ];
      for (const [path, heading] of pages) {
        await page.goto(path);
        await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible();
        expect(await overflows(page), path).toBe(false);
        await page.screenshot({
          path: `test-results/screens/desktop-${size.width}${path.replaceAll('/', '-')}.png`,
        });
      }
    });
  });
}
