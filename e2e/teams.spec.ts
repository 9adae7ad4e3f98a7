import type { Browser, Page } from '@playwright/test';
import {
  apiAs,
  apiLocation,
  downloadedBytes,
  expect,
  linkIn,
  loginByToken,
  mailTo,
  type SeededUser,
  seed,
  test,
  unique,
} from './fixtures';

/**
 * A crew member of `cook`'s team on a tablet of their own, working in one store whose oven (imported from a golden
 * file, so its menu has recipes) is open on their Ovens page.
 */
async function crewAtStore(page: Page, browser: Browser, cook: SeededUser, store: string) {
  const call = apiAs(page.request, cook);
  const place = await apiLocation(call, store);
  const oven = await seed.importedOven(cook, { name: `${store} Oven`, type: 'Matchbox 1718/1313' });
  await call('POST', `/api/locations/${place.id}/ovens`, { oven_ids: [oven.id] });
  const crew = await seed.member(cook, 'crew', [place.id]);
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 }, hasTouch: true });
  const crewPage = await context.newPage();
  await loginByToken(crewPage, crew);
  await crewPage.goto('/ovens');
  return { call, crew, crewPage, context };
}

test('an owner invites a store manager, who registers from the mail, sees only their store, edits its menu, and the edit shows in the trail', async ({
  page,
  browser,
  cook,
}) => {
  // Four people's pages and a registration in one story: more than a minute on a busy machine.
  test.slow();
  const call = apiAs(page.request, cook);
  const harbour = await apiLocation(call, 'Harbour');
  const hill = await apiLocation(call, 'Hill');
  await seed.importedOven(cook, { name: 'Harbour Front', type: 'Matchbox 1718/1313' });
  const ovens = (await call<{ data: { id: number; name: string }[] }>('GET', '/api/ovens?ovens=All')).data;
  await call('POST', `/api/locations/${harbour.id}/ovens`, { oven_ids: [ovens[0]!.id] });
  const elsewhere = await seed.oven(cook, { name: 'Hill Oven', locationId: hill.id });

  // The owner invites through the Team page.
  await page.goto('/team');
  const email = `${unique('store')}@example.com`;
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('radio', { name: /Store manager/ }).check();
  await page.getByRole('checkbox', { name: 'Harbour' }).check();
  await page.screenshot({ path: 'test-results/screens/team-invite.png', fullPage: true });
  await page.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(page.getByRole('list', { name: 'Invitations waiting' })).toContainText(email);

  // The new person, on a tablet of their own, follows the link from the mail.
  const theirs = await browser.newContext({ viewport: { width: 1024, height: 768 }, hasTouch: true });
  const store = await theirs.newPage();
  const invitation = linkIn(await mailTo(email, /invites you to/));
  await store.goto(invitation);
  await expect(store.getByRole('heading', { name: /^Join / })).toBeVisible();
  await expect(store.getByText('as store manager')).toBeVisible();
  await expect(store.getByText('You will work in Harbour.')).toBeVisible();
  await store.screenshot({ path: 'test-results/screens/invitation.png', fullPage: true });
  await store.getByRole('link', { name: 'Create an account' }).click();
  await expect(store.getByLabel('E-mail')).toHaveValue(email);
  const username = unique('storemgr');
  await store.getByLabel('Username').fill(username);
  await store.getByLabel('Company').fill('Harbour Pizza');
  await store.getByLabel('Password', { exact: true }).fill('a-good-password');
  await store.getByLabel('Confirm password').fill('a-good-password');
  await store.getByLabel('I accept the').check();
  await store.getByRole('button', { name: 'Create account' }).click();
  // The link came to their mailbox: no mail to verify, they are in the team at once.
  await expect(store.getByRole('heading', { name: /^Welcome to / })).toBeVisible();
  await expect(store.getByText(/you joined .+ as store manager/)).toBeVisible();
  await store.screenshot({ path: 'test-results/screens/invitation-joined.png', fullPage: true });
  await store.goto('/');
  await store.getByLabel('Username').fill(username);
  await store.getByLabel('Password', { exact: true }).fill('a-good-password');
  await store.getByRole('button', { name: 'Log in' }).click();
  await expect(store).toHaveURL(/\/recipes/);
  await store.goto('/ovens');

  // Only their store's oven, and its menu they may change.
  await expect(store.getByRole('heading', { name: 'Harbour Front' })).toBeVisible();
  await expect(store.getByText('Hill Oven')).toHaveCount(0);
  expect((await store.request.get(`/api/ovens/${elsewhere.id}`)).status()).not.toBe(200);
  await expect(store.getByRole('button', { name: 'Add New Oven' })).toHaveCount(0);
  const first = store.locator('.editor-main .tile-trash').first();
  const removed = (await store.locator('.editor-main .tile-name').first().textContent()) ?? '';
  await first.tap();
  await expect(store.locator('.undo-text')).toContainText(`Removed ${removed}`);
  await store.screenshot({ path: 'test-results/screens/store-manager-editor.png', fullPage: true });
  await theirs.close();

  // The owner sees who did it, where.
  await page.goto('/team');
  const trail = page.getByRole('list', { name: 'Trail' });
  await expect(trail.getByRole('listitem').first()).toContainText(username);
  await expect(trail.getByRole('listitem').first()).toContainText(`Removed ${removed}`);
  await expect(trail.getByRole('listitem').first()).toContainText('Harbour Front · Harbour');
  await page.getByRole('combobox', { name: 'Person' }).selectOption({ label: username });
  await expect(page).toHaveURL(/user=\d+/);
  await expect(trail.getByRole('listitem')).not.toHaveCount(0);
  await page.screenshot({ path: 'test-results/screens/team-trail.png', fullPage: true });
});

test('a crew member reads the menu and downloads the USB file, and cannot change anything', async ({
  page,
  browser,
  cook,
}) => {
  const { crewPage, context: theirs } = await crewAtStore(page, browser, cook, 'Corner');
  await expect(crewPage.getByRole('heading', { name: 'Corner Oven' })).toBeVisible();
  await expect(crewPage.locator('.editor-main .tile-name').first()).toBeVisible();
  // No way to change the menu or the ovens: no tile controls, no adding, no undo, no oven management.
  await expect(crewPage.locator('.editor-main .tile-actions')).toHaveCount(0);
  await expect(crewPage.getByRole('button', { name: 'Add Recipe Here' })).toHaveCount(0);
  await expect(crewPage.getByRole('button', { name: 'Add New Oven' })).toHaveCount(0);
  await expect(crewPage.getByRole('button', { name: 'Import My Oven' })).toHaveCount(0);
  await expect(crewPage.getByRole('button', { name: 'Edit Oven' })).toHaveCount(0);
  await expect(crewPage.getByRole('link', { name: 'My Recipes' })).toHaveCount(0);
  await expect(crewPage.getByText("Share Oven's Settings")).toHaveCount(0);
  await crewPage.screenshot({ path: 'test-results/screens/crew-ovens.png', fullPage: true });
  // …but the USB file is theirs to carry.
  await crewPage.getByRole('button', { name: 'Download Oven Settings' }).click();
  const dialog = crewPage.getByRole('dialog', { name: 'Download Oven Settings' });
  const { name, bytes } = await downloadedBytes(crewPage, () =>
    dialog.getByRole('button', { name: /^Download / }).click(),
  );
  expect(name).toMatch(/\.AI2$/i);
  expect(bytes.length).toBeGreaterThan(100);
  await theirs.close();
});

test("a crew member taps a recipe's button and reads the recipe, stages included, with nothing to change", async ({
  page,
  browser,
  cook,
}) => {
  const { crewPage, context: theirs } = await crewAtStore(page, browser, cook, 'Quay');
  const tile = crewPage.locator('.editor-main .tile-button').filter({ hasText: 'Pepperoni Pizza' });
  await tile.click();
  const dialog = crewPage.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Pepperoni Pizza' })).toBeVisible();
  await expect(dialog.locator('.recipe-details')).toContainText(/Stage 1/);
  await expect(dialog.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Duplicate' })).toHaveCount(0);
  await crewPage.screenshot({ path: 'test-results/screens/crew-recipe.png' });
  await theirs.close();
});

test('a crew member removed while the menu is open is told so when they tap Download, and the old menu is gone', async ({
  page,
  browser,
  cook,
}) => {
  const { call, crew, crewPage, context: theirs } = await crewAtStore(page, browser, cook, 'Dockside');
  await expect(crewPage.locator('.editor-main .tile-name').first()).toBeVisible();
  const [team] = (await call<{ data: { id: number }[] }>('GET', '/api/teams')).data;
  await call('DELETE', `/api/teams/${team!.id}/members/${crew.id}`);
  await crewPage.getByRole('button', { name: 'Download Oven Settings' }).click();
  await crewPage
    .getByRole('dialog', { name: 'Download Oven Settings' })
    .getByRole('button', { name: /^Download / })
    .click();
  await expect(crewPage.getByText(/You are no longer a member of .+: you were removed/)).toBeVisible();
  await expect(crewPage.locator('.editor-main .tile-name')).toHaveCount(0);
  await expect(crewPage.getByRole('heading', { name: 'Dockside Oven' })).toHaveCount(0);
  await theirs.close();
});

test("crew who open the team's recipes or templates by address are told the page is not for their role", async ({
  page,
  browser,
  cook,
}) => {
  const store = await apiLocation(apiAs(page.request, cook), 'Kiosk');
  const crew = await seed.member(cook, 'crew', [store.id]);
  const theirs = await browser.newContext({ viewport: { width: 1024, height: 768 }, hasTouch: true });
  const crewPage = await theirs.newPage();
  await loginByToken(crewPage, crew);
  for (const address of ['/my-recipes', '/fleet/templates']) {
    await crewPage.goto(address);
    await expect(crewPage.getByRole('heading', { name: 'Not part of your role' })).toBeVisible();
    await expect(crewPage.getByText(/^As crew of .+ you do not use this page\./)).toBeVisible();
    await expect(crewPage.getByRole('alert')).toHaveCount(0);
  }
  await crewPage.screenshot({ path: 'test-results/screens/crew-not-for-role.png' });
  await crewPage.getByRole('link', { name: 'Go to My Ovens' }).click();
  await expect(crewPage).toHaveURL(/\/ovens$/);
  await theirs.close();
});

test('crew whose locations have no ovens are told who adds them, not to add or import one', async ({
  page,
  browser,
  cook,
}) => {
  const store = await apiLocation(apiAs(page.request, cook), 'Empty Corner');
  const crew = await seed.member(cook, 'crew', [store.id]);
  const theirs = await browser.newContext({ viewport: { width: 1024, height: 768 }, hasTouch: true });
  const crewPage = await theirs.newPage();
  await loginByToken(crewPage, crew);
  const told = 'No ovens are in your locations yet. An owner or manager of your team adds them.';
  await crewPage.goto('/ovens');
  await expect(crewPage.getByText(told)).toBeVisible();
  await expect(crewPage.getByText(/create or import/)).toHaveCount(0);
  await crewPage.goto('/fleet');
  await expect(crewPage.getByText(told)).toBeVisible();
  await expect(crewPage.getByText(/add or import/)).toHaveCount(0);
  await theirs.close();
});

test('someone in two teams switches from the navigation, and every list follows', async ({ page, cook }) => {
  await seed.oven(cook, { name: 'Home Oven' });
  const other = await seed.user();
  await seed.oven(other, { name: 'Their Oven' });
  // The cook manages the other team too.
  const call = apiAs(page.request, other);
  const invite = await call<{ data: { id: number } }>(
    'POST',
    `/api/teams/${(await call<{ data: { id: number; current: boolean }[] }>('GET', '/api/teams')).data[0]!.id}/invitations`,
    { email: cook.email, role: 'manager' },
  );
  expect(invite.data.id).toBeGreaterThan(0);
  const token = new URL(linkIn(await mailTo(cook.email, /invites you to/))).pathname.split('/').pop()!;
  await page.goto(`/invitations/${token}`);
  await page.getByRole('button', { name: /^Join / }).click();
  await expect(page.getByRole('heading', { name: 'Their Oven' })).toBeVisible();

  const switcher = page.getByRole('combobox', { name: 'Team' });
  await expect(switcher).toBeVisible();
  await switcher.selectOption({ label: `${cook.username}'s kitchen` });
  await expect(page.getByRole('heading', { name: 'Home Oven' })).toBeVisible();
  await page.reload();
  // The choice persists.
  await expect(page.getByRole('heading', { name: 'Home Oven' })).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/team-switcher.png' });
});

test('an owner changes a member to crew in another location and removes them', async ({ page, cook }) => {
  const call = apiAs(page.request, cook);
  const a = await apiLocation(call, 'North');
  await apiLocation(call, 'South');
  const member = await seed.member(cook, 'store', [a.id]);
  await page.goto('/team');
  const row = page.getByRole('list', { name: 'Members' }).getByRole('listitem', { name: member.username });
  await expect(row).toContainText('Store manager');
  await expect(row).toContainText('North');
  await row.getByRole('button', { name: 'Change' }).click();
  const dialog = page.getByRole('dialog', { name: `Change ${member.username}` });
  await dialog.getByRole('radio', { name: /Crew/ }).check();
  await dialog.getByRole('checkbox', { name: 'North' }).uncheck();
  await dialog.getByRole('button', { name: 'Save' }).click();
  // No location: the rule is said beside the locations, and nothing is saved.
  await expect(dialog.getByText(/Choose at least one location/)).toBeVisible();
  await dialog.getByRole('checkbox', { name: 'South' }).check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(row).toContainText('Crew');
  await expect(row).toContainText('South');
  await row.getByRole('button', { name: 'Remove' }).click();
  await page.getByRole('dialog', { name: 'Remove Member' }).getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByRole('listitem', { name: member.username })).toHaveCount(0);
});

test("a chain's member is moved to a store found by a search (accents aside), the stores ticked kept in sight", async ({
  page,
  cook,
}) => {
  const places = await seed.locations(
    cook,
    Array.from({ length: 70 }, (_, i) => `Store ${String(i + 1).padStart(3, '0')}`),
  );
  await seed.locations(cook, ['Café du Port']);
  const member = await seed.member(cook, 'store', [places[0]!.id]);
  await page.goto('/team');
  const row = page.getByRole('list', { name: 'Members' }).getByRole('listitem', { name: member.username });
  await row.getByRole('button', { name: 'Change' }).click();
  const dialog = page.getByRole('dialog', { name: `Change ${member.username}` });
  const boxes = dialog.getByRole('group', { name: 'Locations' }).getByRole('checkbox');
  // The first 50 the server gives, the store ticked in its place among them; the others are found by a search.
  await expect(boxes).toHaveCount(50);
  await expect(boxes.nth(1)).toHaveAccessibleName('Store 001');
  await expect(boxes.nth(1)).toBeChecked();
  await expect(dialog.getByRole('status')).toHaveText('50 of 71 locations shown: search to find the others.');
  await dialog.getByRole('searchbox', { name: 'Search locations' }).fill('cafe du');
  await expect(boxes).toHaveCount(2);
  await dialog.getByRole('checkbox', { name: 'Café du Port' }).check();
  await dialog.getByRole('checkbox', { name: 'Store 001' }).uncheck();
  await expect(dialog.getByText(/No location matches/)).toHaveCount(0);
  await dialog.screenshot({ path: 'test-results/screens/team-place-search.png' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(row).toContainText('Café du Port');
  await expect(row).not.toContainText('Store 001');
});

test('the invite form starts afresh after each invitation: role and locations are chosen again', async ({
  page,
  cook,
}) => {
  const call = apiAs(page.request, cook);
  await apiLocation(call, 'North');
  await apiLocation(call, 'South');
  await page.goto('/team');
  await page.getByLabel('E-mail').fill(`${unique('crew')}@example.com`);
  await page.getByRole('radio', { name: /Crew/ }).check();
  await page.getByRole('checkbox', { name: 'South' }).check();
  await page.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(page.getByLabel('E-mail')).toHaveValue('');
  await expect(page.getByRole('radio', { name: /Store manager/ })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'South' })).not.toBeChecked();
});

test('an invitation refused for too many mails says so in a banner, once, however often Send is tapped', async ({
  page,
  cook,
}) => {
  const call = apiAs(page.request, cook);
  const teamId = (await call<{ data: { id: number; current: boolean }[] }>('GET', '/api/teams')).data.find(
    (t) => t.current,
  )!.id;
  const email = `${unique('often')}@example.com`;
  // Five mails to one address within the hour are allowed; the sixth is refused.
  for (let i = 0; i < 5; i++)
    await call('POST', `/api/teams/${teamId}/invitations`, { email, role: 'manager', location_ids: [] });
  await page.goto('/team');
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('radio', { name: /^Manager/ }).check();
  await page.getByRole('button', { name: 'Send Invitation' }).click();
  const banner = page.locator('.banner-error');
  await expect(banner).toContainText('could not be invited');
  await expect(banner).toContainText('Too many attempts. Please wait');
  const refusedAgain = page.waitForResponse(
    (r) => r.url().endsWith('/invitations') && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Send Invitation' }).click();
  expect((await refusedAgain).status()).toBe(429);
  await expect(page.getByRole('button', { name: 'Send Invitation' })).toBeEnabled();
  await expect(banner).toHaveCount(1);
});

test('an owner makes a second team, works in it, and renames it; a blank name is refused beside the field', async ({
  page,
  cook,
}) => {
  await page.goto('/team');
  await page.getByRole('button', { name: 'New Team' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Team' });
  await dialog.getByRole('button', { name: 'Make Team' }).click();
  await expect(dialog.getByText('The team needs a name.')).toBeVisible();
  await dialog.getByLabel('Team name').fill('Harbour Bakery');
  await dialog.getByRole('button', { name: 'Make Team' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Harbour Bakery' })).toBeVisible();
  // Two teams: the switcher shows the one worked in.
  await expect(page.getByRole('combobox', { name: 'Team' })).toHaveValue(/\d+/);
  await page.getByRole('button', { name: 'Rename' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename Team' });
  await rename.getByLabel('Team name').fill('Harbour Bread');
  await rename.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Harbour Bread' })).toBeVisible();
  expect(cook.id).toBeGreaterThan(0);
});

test('an oven moved to another store in its form shows in the trail, from where to where', async ({
  page,
  cook,
}) => {
  const call = apiAs(page.request, cook);
  const north = await apiLocation(call, 'North');
  await apiLocation(call, 'South');
  const oven = await seed.oven(cook, { name: 'Deck Two', locationId: north.id });
  await page.goto(`/ovens?oven=${oven.id}`);
  await page.getByRole('button', { name: 'Edit Oven' }).click();
  const form = page.getByRole('dialog', { name: 'Edit Deck Two' });
  await form.getByRole('combobox', { name: 'Location' }).selectOption({ label: 'South' });
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();
  await page.goto('/team');
  const line = page.getByRole('list', { name: 'Trail' }).getByRole('listitem').first();
  await expect(line).toContainText('Moved from North to South');
  await expect(line).toContainText('Deck Two · South');
});

test('a long team name takes the bar’s spare room on a tablet, and the bar still fits its row', async ({
  page,
  cook,
}) => {
  const other = await seed.user();
  const call = apiAs(page.request, other);
  const [theirs] = (await call<{ data: { id: number }[] }>('GET', '/api/teams')).data;
  await call('PUT', `/api/teams/${theirs!.id}`, { name: 'Harbour Kitchens Group' });
  await call('POST', `/api/teams/${theirs!.id}/invitations`, { email: cook.email, role: 'manager' });
  const token = new URL(linkIn(await mailTo(cook.email, /invites you to/))).pathname.split('/').pop()!;
  await page.goto(`/invitations/${token}`);
  await page.getByRole('button', { name: /^Join / }).click();
  const switcher = page.getByRole('navigation', { name: 'Main' }).getByRole('combobox', { name: 'Team' });
  await expect(switcher).toBeVisible();
  // Wider than the 7rem (112 px) that cut it to "Harbou…", and nothing in the bar pushed off its edge.
  expect((await switcher.boundingBox())!.width).toBeGreaterThan(140);
  const bar = await page.getByRole('navigation', { name: 'Main' }).evaluate((nav) => ({
    needed: nav.scrollWidth,
    has: nav.clientWidth,
  }));
  expect(bar.needed).toBeLessThanOrEqual(bar.has);
  await page.screenshot({
    path: 'test-results/screens/team-switcher-tablet.png',
    clip: { x: 0, y: 0, width: 1024, height: 80 },
  });
});

test('withdrawing an invitation asks first; Cancel keeps it, Withdraw takes it away', async ({
  page,
  cook,
}) => {
  const call = apiAs(page.request, cook);
  const [team] = (await call<{ data: { id: number }[] }>('GET', '/api/teams')).data;
  await call('POST', `/api/teams/${team!.id}/invitations`, { email: 'sam@example.com', role: 'manager' });
  await page.goto('/team');
  const row = page.getByRole('listitem', { name: 'sam@example.com' });
  await row.getByRole('button', { name: 'Withdraw' }).click();
  const confirm = page.getByRole('dialog', { name: 'Withdraw the invitation?' });
  await expect(confirm).toContainText('The link sent to sam@example.com will stop working.');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: 'Withdraw' }).click();
  await confirm.getByRole('button', { name: 'Withdraw' }).click();
  await expect(row).toBeHidden();
});
