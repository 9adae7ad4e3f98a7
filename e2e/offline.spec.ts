import type { APIRequestContext, Page } from '@playwright/test';
import type { OvenDetail } from '../shared/contracts/ovens';
import { apiAs, downloadedBytes, expect, type SeededUser, seed, test } from './fixtures';

// The installed app: its service worker and its offline cache are what these tests are about.
test.use({ serviceWorkers: 'allow' });

const slot = (page: Page, position: number) =>
  page.locator(`.editor-main .slot[data-position="${position}"]`).first();
const look = { icon: 'ICON_PIZZA', color: 'ORANGE_900' as const, favorite: false };

/** A Matchbox whose main screen holds Pepperoni, Margherita and Calzone in slots 1–3. */
async function storeOven(cook: SeededUser) {
  const dishes = await seed.recipes(cook, [
    { name: 'Pepperoni' },
    { name: 'Margherita' },
    { name: 'Calzone' },
  ]);
  const buttons = dishes.map((dish, i) => ({
    id: null,
    kind: 'recipe' as const,
    position: i + 1,
    recipe: { id: dish.id, name: dish.name, ovenType: 'Matchbox 1718/1313' },
    ...look,
  }));
  return seed.oven(cook, { name: 'Front Line', tree: { screens: [{ id: null, buttons }] } });
}

/** The oven opened online, with everything an offline day needs kept: the app, its answers, the recipes. */
async function openOnline(page: Page, cook: SeededUser, ovenId: number) {
  const recipes = page.waitForResponse((r) => r.url().endsWith(`/api/ovens/${ovenId}/recipes`));
  await page.goto(`/ovens?oven=${ovenId}`);
  await expect(page.getByRole('heading', { name: 'Front Line' })).toBeVisible();
  await recipes;
  // The worker has the app shell, and the cache of this session is written.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect
    .poll(() => page.evaluate((id) => kept(`cache:${id}`), cook.id), { timeout: 15_000 })
    .toBeTruthy();
}

/** The store's oven, opened online with the device's offline store readable: where every offline test starts. */
async function storeOpenedOnline(page: Page, cook: SeededUser) {
  const oven = await storeOven(cook);
  await withStoreReader(page);
  await openOnline(page, cook, oven.id);
  return oven;
}

declare function kept(key: string): Promise<unknown>;
/** Reads the device's offline store from the page (for the tests' checks only). */
async function withStoreReader(page: Page) {
  await page.addInitScript(() => {
    (window as unknown as { kept: (key: string) => Promise<unknown> }).kept = (key: string) =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('hearth-offline');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('kept')) return resolve(undefined);
          const get = db.transaction('kept').objectStore('kept').get(key);
          get.onsuccess = () => resolve(get.result);
          get.onerror = () => reject(get.error);
        };
      });
  });
}

/** The ovens whose menus the device's cache holds. */
async function keptOvens(page: Page, cook: SeededUser): Promise<unknown[]> {
  const cache = (await page.evaluate((id) => kept(`cache:${id}`), cook.id)) as
    | { clientState: { queries: { queryKey: unknown[] }[] } }
    | undefined;
  return (cache?.clientState.queries ?? [])
    .filter((q) => q.queryKey[0] === 'ovens' && q.queryKey[1] === 'one')
    .map((q) => q.queryKey[2]);
}

async function removeOffline(page: Page, name: string) {
  await page.getByRole('button', { name: `Remove ${name}` }).click();
  await expect(page.getByRole('button', { name: `Remove ${name}` })).toHaveCount(0);
}

test('offline, the store opens the oven, changes its menu, downloads its file and reloads; back online the change is on Hearth', async ({
  page,
  cook,
}) => {
  const oven = await storeOpenedOnline(page, cook);
  await page.context().setOffline(true);
  await expect(page.getByTestId('offline-bar')).toContainText('You are offline.');

  await removeOffline(page, 'Margherita');
  await expect(page.getByTestId('offline-bar')).toContainText('1 change waiting');

  await page.getByRole('button', { name: 'Download Oven Settings' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Built on this device');
  const offlineFile = await downloadedBytes(page, () =>
    dialog.getByRole('button', { name: /^Download / }).click(),
  );
  expect(offlineFile.name).toBe('MATCHBOX.AI2');

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Front Line' })).toBeVisible();
  await expect(slot(page, 1).locator('.tile-name')).toHaveText('Pepperoni');
  await expect(page.getByRole('button', { name: 'Remove Margherita' })).toHaveCount(0);
  await expect(page.getByTestId('offline-bar')).toContainText('1 change waiting');
  await page.screenshot({ path: 'test-results/screens/offline-oven-tablet.png', fullPage: true });

  await page.context().setOffline(false);
  await expect(page.getByTestId('offline-bar')).toHaveCount(0, { timeout: 15_000 });
  const call = apiAs(page.request, cook);
  const saved = (await call<{ data: OvenDetail }>('GET', `/api/ovens/${oven.id}`)).data;
  const names = saved.screens[0]!.screen_content.map((b) => b.buttonable_name);
  expect(names).toEqual(['Pepperoni', 'Calzone']);

  // The file built offline is the server's own for the menu now on Hearth, byte for byte.
  await page.getByRole('button', { name: 'Download Oven Settings' }).click();
  const onlineFile = await downloadedBytes(page, () =>
    page
      .getByRole('dialog')
      .getByRole('button', { name: /^Download / })
      .click(),
  );
  expect(Buffer.compare(offlineFile.bytes, onlineFile.bytes)).toBe(0);
});

test('the worker keeps the app shell and never an API answer or a download', async ({ page, cook }) => {
  await storeOpenedOnline(page, cook);
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys())
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    return urls;
  });
  expect(cached).toContain('/index.html');
  expect(cached.filter((u) => u.startsWith('/api/') || u.startsWith('/storage/'))).toEqual([]);
});

/**
 * Margherita removed offline while someone else, online, takes Calzone off the same menu; then the network is back:
 * the panel asking the person to choose, and the menu's names as Hearth has them.
 */
async function conflictAfterOffline(page: Page, cook: SeededUser, request: APIRequestContext) {
  const oven = await storeOpenedOnline(page, cook);
  await page.context().setOffline(true);
  await removeOffline(page, 'Margherita');
  const other = apiAs(request, cook);
  const read = async () => (await other<{ data: OvenDetail }>('GET', `/api/ovens/${oven.id}`)).data;
  const before = await read();
  const calzone = before.screens[0]!.screen_content.find((b) => b.buttonable_name === 'Calzone')!;
  await other('DELETE', `/api/buttons/${calzone.id}?version=${before.version}`);
  await page.context().setOffline(false);
  return {
    panel: page.getByRole('alert').filter({ hasText: 'changed while this device was offline' }),
    menuOnHearth: async () => (await read()).screens[0]!.screen_content.map((b) => b.buttonable_name),
  };
}

test('the oven changed on Hearth while the tablet was offline: both menus are shown and the person chooses', async ({
  page,
  cook,
  request,
}) => {
  const { panel, menuOnHearth } = await conflictAfterOffline(page, cook, request);
  await expect(panel).toBeVisible({ timeout: 15_000 });
  await expect(panel).toContainText('nothing has been overwritten');
  // What putting mine on top does to theirs: Margherita goes; Calzone, gone on Hearth, is not brought back.
  await expect(panel.locator('.offline-diff li')).toHaveCount(1);
  await expect(panel.locator('.offline-diff')).toContainText('Margherita');
  // Theirs, read-only: Calzone gone, Margherita still there.
  await panel.getByRole('button', { name: 'On Hearth now' }).click();
  await expect(page.locator('.editor-main .tile-name')).toHaveText(['Pepperoni', 'Margherita']);
  await page.screenshot({ path: 'test-results/screens/offline-conflict-tablet.png', fullPage: true });
  await panel.getByRole('button', { name: /^Yours/ }).click();
  await expect(page.locator('.editor-main .tile-name')).toHaveText(['Pepperoni', 'Calzone']);

  await panel.getByRole('button', { name: 'Put my change on top' }).click();
  await expect(panel).toHaveCount(0);
  await expect(page.locator('.editor-main .tile-name')).toHaveText(['Pepperoni']);
  await expect.poll(menuOnHearth).toEqual(['Pepperoni']);
});

test('keeping the menu on Hearth drops the change made offline', async ({ page, cook, request }) => {
  const { panel } = await conflictAfterOffline(page, cook, request);
  await panel.getByRole('button', { name: 'Keep the menu on Hearth, drop mine' }).click();
  await expect(panel).toHaveCount(0);
  await expect(page.locator('.editor-main .tile-name')).toHaveText(['Pepperoni', 'Margherita']);
  await expect.poll(() => page.evaluate((id) => kept(`changes:${id}`), cook.id)).toEqual([]);
});

test('logging out clears what the tablet kept of the session', async ({ page, cook }) => {
  await storeOpenedOnline(page, cook);
  await page.getByRole('button', { name: 'My Profile' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(() => page.evaluate((id) => kept(`cache:${id}`), cook.id)).toBeUndefined();
  // Offline now, the app opens on the log-in page: nothing of the last session is shown.
  await page.context().setOffline(true);
  await page.goto('/ovens');
  await expect(page.getByRole('heading', { name: 'Front Line' })).toHaveCount(0);
});

test('work that needs the server says so offline instead of failing', async ({ page, cook }) => {
  await storeOpenedOnline(page, cook);
  await page.context().setOffline(true);
  await expect(page.getByRole('button', { name: 'Import My Oven' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Duplicate Oven' })).toBeDisabled();
  await expect(page.locator('form.share-tile').first().getByRole('button', { name: 'Send' })).toBeDisabled();
  await expect(page.getByText('Needs a connection: this device is offline.').first()).toBeVisible();
});

test('on a phone the offline strip stays under the top bar as the page scrolls, and nothing sticky hides beneath it', async ({
  page,
  cook,
}) => {
  await page.setViewportSize({ width: 412, height: 823 });
  await storeOpenedOnline(page, cook);
  await page.context().setOffline(true);
  const strip = page.getByTestId('offline-bar');
  await expect(strip).toContainText('You are offline.');
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
  const box = (await strip.boundingBox())!;
  const bar = (await page.locator('header.topbar').boundingBox())!;
  expect(box.y).toBeCloseTo(bar.y + bar.height, 0);
  await page.screenshot({ path: 'test-results/screens/offline-strip-scrolled-phone.png' });
});

test('a change made offline is what the undo bar names, not the last change Hearth recorded', async ({
  page,
  cook,
}) => {
  await storeOpenedOnline(page, cook);
  await page.getByRole('button', { name: 'Remove Calzone' }).click();
  const bar = page.locator('.undo-bar .undo-text');
  await expect(bar).toContainText('Calzone');
  await page.context().setOffline(true);
  await removeOffline(page, 'Margherita');
  await expect(bar).toHaveText('1 change waiting');
});

test('offline, Versions says its list is as last seen, and saving or restoring waits for a connection', async ({
  page,
  cook,
}) => {
  const oven = await storeOven(cook);
  await apiAs(page.request, cook)('POST', `/api/ovens/${oven.id}/versions`, {
    name: 'Spring menu',
    note: '',
  });
  await withStoreReader(page);
  await openOnline(page, cook, oven.id);
  await page.getByRole('button', { name: 'Versions' }).click();
  const dialog = page.getByRole('dialog', { name: 'Menu versions of Front Line' });
  await expect(dialog.getByRole('listitem', { name: 'Spring menu' })).toBeVisible();
  await expect(dialog.getByText('Offline: the versions as this device last saw them online.')).toHaveCount(0);
  await page.context().setOffline(true);
  await expect(dialog.getByText('Offline: the versions as this device last saw them online.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Save Version' })).toBeDisabled();
  await expect(
    dialog.getByRole('listitem', { name: 'Spring menu' }).getByRole('button', { name: 'Restore' }),
  ).toBeDisabled();
  await expect(dialog.getByText('Needs a connection: this device is offline.')).toBeVisible();
});

test('logging out with changes waiting says they would be dropped, and staying keeps them', async ({
  page,
  cook,
}) => {
  await storeOpenedOnline(page, cook);
  await page.context().setOffline(true);
  await removeOffline(page, 'Margherita');
  await page.getByRole('button', { name: 'My Profile' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('1 menu change made offline has not reached Hearth yet');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('offline-bar')).toContainText('1 change waiting');
});

test('a store of 20 ovens keeps every oven and its recipes within the cache bound', async ({
  page,
  cook,
}) => {
  test.setTimeout(120_000);
  const type = 'MiLO/Double MiLO';
  const dishes = await seed.recipes(
    cook,
    Array.from({ length: 40 }, (_, i) => ({ name: `Dish ${i + 1}`, oven_type: type })),
  );
  const buttons = (from: number) =>
    dishes.slice(from, from + 20).map((dish, i) => ({
      id: null,
      kind: 'recipe' as const,
      position: i + 1,
      recipe: { id: dish.id, name: dish.name, ovenType: type },
      ...look,
    }));
  const category = (name: string, from: number, position: number) => ({
    id: null,
    kind: 'category' as const,
    position,
    ...look,
    category: { id: null, name, icon: 'ICON_PIZZA', pages: [{ id: null, buttons: buttons(from) }] },
  });
  const ovens = [];
  for (let i = 0; i < 20; i++)
    ovens.push(
      await seed.oven(cook, {
        name: `Store ${i + 1}`,
        type,
        tree: { screens: [{ id: null, buttons: [category('Pizzas', 0, 1), category('Sides', 20, 2)] }] },
      }),
    );
  await withStoreReader(page);
  for (const oven of ovens) {
    const recipes = page.waitForResponse((r) => r.url().endsWith(`/api/ovens/${oven.id}/recipes`));
    await page.goto(`/ovens?oven=${oven.id}`);
    await expect(page.getByRole('heading', { name: oven.name })).toBeVisible();
    await recipes;
    await expect.poll(() => keptOvens(page, cook)).toContain(oven.id);
  }
  expect(await keptOvens(page, cook)).toHaveLength(20);
  const bytes = await page.evaluate(async (id) => JSON.stringify(await kept(`cache:${id}`)).length, cook.id);
  // Measured for the note on the cache's size: 20 ovens of 40 recipes each.
  console.log(`offline cache of a store of 20 ovens (40 recipes each): ${bytes} bytes`);
  expect(bytes).toBeLessThan(8 * 1024 * 1024);
});
