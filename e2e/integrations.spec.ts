import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { apiAs, expect, loginByToken, type SeededUser, seed, test } from './fixtures';

/**
 * API tokens on My Profile and webhooks on the Team page: a secret shown once with Copy, the lists without it, a
 * test delivery to a receiver on this machine and its log, and who sees what.
 */

/** A receiver on 127.0.0.1 that answers 200 and keeps what it was sent. */
async function receiver() {
  const got: { headers: IncomingHttpHeaders; body: string }[] = [];
  const server = createServer(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    got.push({ headers: req.headers, body });
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hearth`,
    got,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The page is never wider than the screen: lists wrap, tables scroll or fold into cards. */
async function fitsTheScreen(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

/** Makes a token through the profile's dialog and answers its secret, as the page shows it once. */
async function createToken(page: Page, name: string, scopes: RegExp[]) {
  const section = page.getByRole('region', { name: 'API tokens' });
  await section.getByRole('button', { name: 'Create token' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create an API token' });
  await dialog.getByLabel('Name').fill(name);
  for (const scope of scopes) await dialog.getByRole('checkbox', { name: scope }).check();
  await dialog.getByRole('button', { name: 'Create token' }).click();
  await expect(dialog).toBeHidden();
  const secret = section.getByLabel('Token secret', { exact: true });
  await expect(secret).toHaveValue(/^hearth_pat_/);
  await expect(section.getByText('Copy it now: you will not see it again')).toBeVisible();
  return secret.inputValue();
}

async function tokenFlow(page: Page, shots: string) {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/my-profile');
  const section = page.getByRole('region', { name: 'API tokens' });
  await expect(section.getByText('No tokens yet.')).toBeVisible();

  // Nothing ticked: the contract's own message, by the scopes.
  await section.getByRole('button', { name: 'Create token' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create an API token' });
  await dialog.getByLabel('Name').fill('Till sync');
  await dialog.getByRole('button', { name: 'Create token' }).click();
  await expect(dialog.getByText('Choose at least one scope')).toBeVisible();
  await page.screenshot({ path: `test-results/screens/token-form-${shots}.png`, fullPage: true });
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  const secret = await createToken(page, 'Till sync', [/Ovens and menus: read/, /Recipes: read/]);
  await section.getByRole('button', { name: 'Copy' }).click();
  await expect(section.getByText('Copied', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await fitsTheScreen(page);
  await page.screenshot({ path: `test-results/screens/token-secret-${shots}.png`, fullPage: true });
  await section.getByRole('button', { name: 'I have copied it' }).click();
  await expect(section.getByLabel('Token secret', { exact: true })).toHaveCount(0);

  // After a reload: listed with its scopes and the start of its secret, never the secret.
  await page.reload();
  const row = section.getByRole('listitem', { name: 'Till sync' });
  await expect(row).toBeVisible();
  await expect(row.getByText('Ovens and menus: read')).toBeVisible();
  await expect(row.getByText('recipes:read')).toBeVisible();
  await expect(row.getByText(secret.slice(0, 17))).toBeVisible();
  const never = row.getByRole('definition').filter({ hasText: /^Never$/ });
  await expect(never).toHaveCount(1);
  expect(await page.content()).not.toContain(secret);

  // The copied secret works, for what its scopes allow; the list then says when it was last used.
  const asToken = { headers: { authorization: `Bearer ${secret}` } };
  expect((await page.request.get('/api/ovens?ovens=All', asToken)).status()).toBe(200);
  await page.reload();
  await expect(row).toBeVisible();
  await expect(never).toHaveCount(0);
  await fitsTheScreen(page);
  await page.screenshot({ path: `test-results/screens/token-list-${shots}.png`, fullPage: true });

  await row.getByRole('button', { name: 'Revoke Till sync' }).click();
  const confirm = page.getByRole('dialog', { name: 'Revoke the token' });
  await expect(confirm).toContainText('Revoke “Till sync”?');
  await confirm.getByRole('button', { name: 'Revoke token' }).click();
  await expect(row).toHaveCount(0);
  await expect(section.getByText('No tokens yet.')).toBeVisible();
  expect((await page.request.get('/api/ovens?ovens=All', asToken)).status()).toBe(401);
}

test('an owner creates a token with two scopes, copies its secret once, sees it listed without the secret, and revokes it', async ({
  page,
  cook,
}) => {
  void cook;
  await tokenFlow(page, 'tablet');
});

test('after "I have copied it" and after a revoke the focus is back on the tokens section, not the top of the page', async ({
  page,
  cook,
}) => {
  void cook;
  await page.goto('/my-profile');
  const section = page.getByRole('region', { name: 'API tokens' });
  await createToken(page, 'Till sync', [/Recipes: read/]);
  await section.getByRole('button', { name: 'I have copied it' }).click();
  await expect(section.getByRole('heading', { name: 'API tokens' })).toBeFocused();
  await section.getByRole('button', { name: 'Revoke Till sync' }).click();
  await page
    .getByRole('dialog', { name: 'Revoke the token' })
    .getByRole('button', { name: 'Revoke token' })
    .click();
  await expect(section.getByText('No tokens yet.')).toBeVisible();
  await expect(section.getByRole('heading', { name: 'API tokens' })).toBeFocused();
});

test('after "I have copied it" and after a removal the focus is back on the webhooks section, not the top of the page', async ({
  page,
  cook,
}) => {
  void cook;
  const hook = await receiver();
  try {
    await page.goto('/team');
    const section = page.getByRole('region', { name: 'Webhooks' });
    const heading = section.getByRole('heading', { name: 'Webhooks', exact: true });
    await section.getByRole('button', { name: 'Add webhook' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a webhook' });
    await dialog.getByLabel('Receiver address (URL)').fill(hook.url);
    await dialog.getByRole('checkbox', { name: /Menu changed/ }).check();
    await dialog.getByRole('button', { name: 'Add webhook' }).click();
    await section.getByRole('button', { name: 'I have copied it' }).click();
    await expect(heading).toBeFocused();
    await section.getByRole('listitem', { name: hook.url }).getByRole('button', { name: 'Remove' }).click();
    await page
      .getByRole('dialog', { name: 'Remove the webhook' })
      .getByRole('button', { name: 'Remove webhook' })
      .click();
    await expect(section.getByText('No webhooks yet.')).toBeVisible();
    await expect(heading).toBeFocused();
  } finally {
    await hook.close();
  }
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('the token flow fits a phone', async ({ page, cook }) => {
    void cook;
    await tokenFlow(page, 'phone');
  });
});

test('an owner adds a webhook, copies its secret once, sends a test and reads its delivery in the log', async ({
  page,
  cook,
}) => {
  const hook = await receiver();
  try {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/team');
    const section = page.getByRole('region', { name: 'Webhooks' });
    await expect(section.getByText('No webhooks yet.')).toBeVisible();
    await section.getByRole('button', { name: 'Add webhook' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a webhook' });

    // The address's own rules, checked before anything is sent.
    await dialog.getByLabel('Receiver address (URL)').fill('ftp://example.com/x');
    await dialog.getByRole('button', { name: 'Add webhook' }).click();
    await expect(dialog.getByText('A webhook address starts with https://')).toBeVisible();
    await expect(dialog.getByText('Choose at least one event to send.')).toBeVisible();

    await dialog.getByLabel('Receiver address (URL)').fill(hook.url);
    await dialog.getByLabel('Description').fill('Stock system');
    await dialog.getByRole('checkbox', { name: /Menu changed/ }).check();
    await dialog.getByRole('checkbox', { name: /Template applied/ }).check();
    await page.screenshot({ path: 'test-results/screens/webhook-form-tablet.png', fullPage: true });
    await dialog.getByRole('button', { name: 'Add webhook' }).click();
    await expect(dialog).toBeHidden();

    const secretField = section.getByLabel('Signing secret', { exact: true });
    await expect(secretField).toHaveValue(/^whsec_/);
    await expect(section.getByText('Copy it now: you will not see it again')).toBeVisible();
    const secret = await secretField.inputValue();
    await section.getByRole('button', { name: 'Copy' }).click();
    await expect(section.getByText('Copied', { exact: true })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await section.getByRole('button', { name: 'I have copied it' }).click();
    await expect(secretField).toHaveCount(0);

    const row = section.getByRole('listitem', { name: hook.url });
    await expect(row.getByText('Active', { exact: true })).toBeVisible();
    await expect(row.getByText('Stock system')).toBeVisible();
    await expect(row.getByText('template.applied')).toBeVisible();

    await row.getByRole('button', { name: 'Send test' }).click();
    await expect(row.getByText('Test sent')).toBeVisible();
    const log = row.getByRole('region', { name: 'Delivery log' });
    const attempt = log.getByRole('row').filter({ hasText: 'webhook.ping' });
    await expect(attempt).toHaveCount(1, { timeout: 20_000 });
    await expect(attempt).toContainText('Succeeded');
    // The receiver was sent the message the log names, signed.
    expect(hook.got).toHaveLength(1);
    const sent = hook.got[0]!;
    expect(sent.headers['webhook-signature']).toMatch(/^v1,/);
    await expect(attempt).toContainText(String(sent.headers['webhook-id']));
    expect(JSON.parse(sent.body)).toMatchObject({ type: 'webhook.ping' });
    await page.screenshot({ path: 'test-results/screens/webhook-log-tablet.png', fullPage: true });

    // The open log is in the address: a reload shows it again.
    await expect(page).toHaveURL(/[?&]log=\d+/);
    await page.reload();
    await expect(row.getByRole('region', { name: 'Delivery log' }).getByRole('row')).toHaveCount(2);
    await expect(row.getByRole('button', { name: 'Hide delivery log' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(await page.content()).not.toContain(secret);

    await row.getByRole('button', { name: 'Remove' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove the webhook' });
    await confirm.getByRole('button', { name: 'Remove webhook' }).click();
    await expect(row).toHaveCount(0);
    await expect(page).not.toHaveURL(/[?&]log=/);
    void cook;
  } finally {
    await hook.close();
  }
});

test('a manager sees the webhooks, a crew member does not', async ({ browser, page, cook }) => {
  const call = apiAs(page.request, cook);
  const hook = await receiver();
  try {
    await call('POST', `/api/teams/${await teamOf(page, cook)}/webhooks`, {
      url: hook.url,
      events: ['member.joined'],
    });
    for (const [role, sees] of [
      ['manager', true],
      ['crew', false],
    ] as const) {
      const member = await seed.member(cook, role);
      const context = await browser.newContext({ viewport: { width: 1024, height: 768 }, hasTouch: true });
      const theirs = await context.newPage();
      await loginByToken(theirs, member);
      await theirs.goto('/team');
      await expect(theirs.getByRole('heading', { level: 1 })).toBeVisible();
      if (sees)
        await expect(
          theirs.getByRole('region', { name: 'Webhooks' }).getByRole('listitem', { name: hook.url }),
        ).toBeVisible();
      else {
        await expect(theirs.getByText("The team's owners and managers invite people")).toBeVisible();
        await expect(theirs.getByRole('region', { name: 'Webhooks' })).toHaveCount(0);
      }
      await context.close();
    }
  } finally {
    await hook.close();
  }
});

async function teamOf(page: Page, user: SeededUser): Promise<number> {
  const me = await apiAs(page.request, user)<{ user: { team: { id: number } } }>('GET', '/api/auth/check');
  return me.user.team.id;
}

/** Both sections with something in them, on each screen, for a look at their layout. */
for (const size of [
  { name: 'phone', viewport: { width: 390, height: 844 }, hasTouch: true },
  { name: 'tablet', viewport: { width: 820, height: 1180 }, hasTouch: true },
  { name: 'desktop', viewport: { width: 1440, height: 900 }, hasTouch: false },
]) {
  test.describe(`on a ${size.name}`, () => {
    test.use({ viewport: size.viewport, hasTouch: size.hasTouch });

    test('tokens and webhooks lay out within the screen', async ({ page, cook }) => {
      const call = apiAs(page.request, cook);
      await call('POST', '/api/tokens', {
        name: 'Stock system at the central kitchen',
        scopes: ['ovens:read', 'recipes:read', 'locations:read', 'templates:write'],
        expires_in_days: 90,
      });
      await call('POST', '/api/tokens', { name: 'Reporting script', scopes: ['team:read'] });
      const hook = await receiver();
      try {
        const team = await teamOf(page, cook);
        const made = await call<{ data: { id: number } }>('POST', `/api/teams/${team}/webhooks`, {
          url: `${hook.url}/a-rather-long-path/that-goes-on?and=has&a=query`,
          events: ['menu.changed', 'template.applied', 'oven.checked', 'import.finished'],
          description: 'Point of sale at every store',
        });
        await call('POST', `/api/teams/${team}/webhooks/${made.data.id}/test`);
        await expect
          .poll(
            async () =>
              (await call<{ total: number }>('GET', `/api/teams/${team}/webhooks/${made.data.id}/deliveries`))
                .total,
            { timeout: 20_000 },
          )
          .toBe(1);

        await page.goto('/my-profile');
        const tokens = page.getByRole('region', { name: 'API tokens' });
        await expect(tokens.getByRole('listitem', { name: 'Reporting script' })).toBeVisible();
        await fitsTheScreen(page);
        await tokens.screenshot({ path: `test-results/screens/tokens-${size.name}.png` });

        await page.goto(`/team?log=${made.data.id}`);
        const hooks = page.getByRole('region', { name: 'Webhooks' });
        await expect(hooks.getByRole('row').filter({ hasText: 'webhook.ping' })).toHaveCount(1, {
          timeout: 20_000,
        });
        await fitsTheScreen(page);
        await hooks.screenshot({ path: `test-results/screens/webhooks-${size.name}.png` });
        await hooks.getByRole('button', { name: 'Add webhook' }).click();
        await page.screenshot({ path: `test-results/screens/webhook-dialog-${size.name}.png` });
      } finally {
        await hook.close();
      }
    });
  });
}
