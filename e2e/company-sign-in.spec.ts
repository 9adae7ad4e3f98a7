import type { Page } from '@playwright/test';
import { apiAs, expect, loginByToken, type SeededUser, seed, test, unique } from './fixtures';

/**
 * A chain signs its people in with its own OpenID provider: the owner sets it up on the Team page (proving the
 * domain with its TXT record, trying it), a cook signs in through it, a refused answer says why, and a password
 * is refused where the company signs people in. Against a real provider (oidc-provider) the test server runs.
 */

const SIZES = [
  { name: 'tablet', viewport: { width: 1024, height: 768 }, hasTouch: true },
  { name: 'desktop', viewport: { width: 1440, height: 900 }, hasTouch: false },
  { name: 'phone', viewport: { width: 390, height: 844 }, hasTouch: true },
];

const domainFor = (label: string) =>
  `${unique(label)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')}.example`;

/** Company sign-in set up through the API, its domain proved: what the sign-in specs start from. */
async function companySignIn(
  request: Parameters<typeof apiAs>[0],
  owner: SeededUser,
  domain: string,
  extra: Record<string, unknown> = {},
) {
  const provider = await seed.ssoProvider();
  const call = apiAs(request, owner);
  const team = (await call<{ data: { id: number; current: boolean }[] }>('GET', '/api/teams')).data.find(
    (t) => t.current,
  )!;
  const saved = await call<{ data: { domains: { record_value: string }[] } }>(
    'PUT',
    `/api/teams/${team.id}/sso`,
    {
      ...provider,
      domains: [domain],
      default_role: 'crew',
      ...extra,
    },
  );
  await seed.txtRecord(domain, [saved.data.domains[0]!.record_value]);
  await call('POST', `/api/teams/${team.id}/sso/verify`);
}

/** On the provider's page: sign in as this person. */
async function atProviderSignInAs(page: Page, email: string) {
  await expect(page.getByRole('heading', { name: 'Test identity provider' })).toBeVisible();
  await page.getByRole('button', { name: `Sign in as ${email}` }).click();
}

for (const size of SIZES) {
  test.describe(`company sign-in on a ${size.name}`, () => {
    test.use({ viewport: size.viewport, hasTouch: size.hasTouch });

    test('an owner sets it up, proves the domain with its TXT record and tries it', async ({
      page,
      cook: owner,
    }) => {
      const provider = await seed.ssoProvider();
      const domain = domainFor('setup');
      await page.goto('/team');
      const section = page.getByRole('region', { name: 'Company sign-in' });
      await expect(section.getByText('Off', { exact: true })).toBeVisible();
      await expect(section.getByText('/api/auth/sso/callback')).toBeVisible();
      await section.getByRole('button', { name: 'Set up company sign-in' }).click();
      await section.getByLabel('Issuer').fill(provider.issuer);
      await section.getByLabel('Client ID').fill(provider.client_id);
      await section.getByLabel('Client secret').fill(provider.client_secret);
      await section.getByLabel('E-mail domains').fill(domain);
      await section.getByRole('button', { name: 'Turn on company sign-in' }).click();
      const row = section.getByRole('listitem', { name: domain });
      await expect(row.getByText('Waiting for its DNS record')).toBeVisible();
      const record = (await row.locator('code').textContent()) ?? '';
      expect(record).toMatch(/^hearth-domain-verification=/);
      await page.screenshot({ path: `test-results/company-sign-in-setup-${size.name}.png`, fullPage: true });

      await seed.txtRecord(domain, ['v=spf1 -all', record]);
      await section.getByRole('button', { name: 'Check DNS now' }).click();
      await expect(row.getByText('Proved')).toBeVisible();
      await expect(section.getByRole('status').filter({ hasText: `Proved: ${domain}.` })).toBeVisible();

      await seed.ssoPerson({ sub: `it-${domain}`, email: `it@${domain}` });
      await section.getByRole('button', { name: 'Test sign-in' }).click();
      await atProviderSignInAs(page, `it@${domain}`);
      await expect(page).toHaveURL(/\/team\?/);
      await expect(
        page.getByText(`The test sign-in worked: your provider vouched for it@${domain}.`),
      ).toBeVisible();
      // Still the owner: the test signed nobody in.
      await expect(page.getByRole('heading', { level: 1 })).toContainText(owner.username);
      await page.screenshot({ path: `test-results/company-sign-in-tested-${size.name}.png`, fullPage: true });
    });

    test('a cook signs in with the company account and lands in the team', async ({ page, request }) => {
      const owner = await seed.user();
      const domain = domainFor('cook');
      await companySignIn(request, owner, domain);
      await seed.ssoPerson({ sub: `cook-${domain}`, email: `maria@${domain}`, name: 'Maria' });
      await page.goto('/');
      await page.getByRole('link', { name: 'Sign in with your company account' }).click();
      await page.getByLabel('E-mail').fill(`maria@${domain}`);
      await page.screenshot({ path: `test-results/company-sign-in-start-${size.name}.png`, fullPage: true });
      await page.getByRole('button', { name: 'Continue' }).click();
      await atProviderSignInAs(page, `maria@${domain}`);
      await expect(page).toHaveURL(/\/ovens$/);
      // The hand-off is gone from the address and the session works: the team's ovens page shows.
      expect(page.url()).not.toContain('handoff');
      await expect(page.getByRole('heading', { name: 'My Ovens', level: 1 })).toBeVisible();
      const check = await page.evaluate(async () => {
        const token = localStorage.getItem('hearth_auth_token');
        const res = await fetch('/api/auth/check', { headers: { authorization: `Bearer ${token}` } });
        return res.json();
      });
      expect(check.user).toMatchObject({ email: `maria@${domain}`, team: { role: 'crew' } });
    });
  });
}

test('a refused answer says why, makes no account, and keeps the address typed', async ({
  page,
  request,
}) => {
  const owner = await seed.user();
  const domain = domainFor('refused');
  await companySignIn(request, owner, domain);
  await seed.ssoPerson({ sub: `unv-${domain}`, email: `unv@${domain}`, email_verified: false });
  await page.goto('/login/company');
  await page.getByLabel('E-mail').fill(`unv@${domain}`);
  await page.getByRole('button', { name: 'Continue' }).click();
  await atProviderSignInAs(page, `unv@${domain}`);
  await expect(page).toHaveURL(/\/login\/company\?refused=unverified/);
  await expect(page.getByRole('alert')).toContainText('You were not signed in.');
  await expect(page.getByRole('alert')).toContainText('did not give a verified e-mail address');
  await expect(page.getByLabel('E-mail')).toHaveValue(`unv@${domain}`);
  await page.screenshot({ path: 'test-results/company-sign-in-refused.png', fullPage: true });
});

test('an address no team signs in is told so on the e-mail field', async ({ page }) => {
  await page.goto('/login/company');
  await page.getByLabel('E-mail').fill('chef@nobody-signs-this-in.example');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('No team signs in nobody-signs-this-in.example addresses')).toBeVisible();
});

test('a password log-in where the company signs people in leads to the company sign-in', async ({
  page,
  request,
}) => {
  const owner = await seed.user();
  const domain = domainFor('enforced');
  await companySignIn(request, owner, domain, { enforce: true });
  const crew = await seed.member(owner, 'crew', [], `crew@${domain}`);
  await page.goto('/');
  await page.getByLabel('Username').fill(crew.username);
  await page.getByLabel('Password').fill(crew.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toContainText('Your company signs you in with its own account');
  await page.getByRole('link', { name: 'Sign in with your company account' }).click();
  await expect(page.getByLabel('E-mail')).toHaveValue(`crew@${domain}`);
});

test("the team's owners keep a password way in", async ({ page, request }) => {
  const owner = await seed.user();
  const domain = domainFor('owner');
  await companySignIn(request, owner, domain, { enforce: true });
  const second = await seed.member(owner, 'owner', [], `boss@${domain}`);
  await page.goto('/');
  await page.getByLabel('Username').fill(second.username);
  await page.getByLabel('Password').fill(second.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/recipes/);
});

test('turning it off asks first and lets passwords in again', async ({ page, request }) => {
  const owner = await seed.user();
  await loginByToken(page, owner);
  const domain = domainFor('off');
  await companySignIn(request, owner, domain, { enforce: true });
  await page.goto('/team');
  const section = page.getByRole('region', { name: 'Company sign-in' });
  await section.getByRole('button', { name: 'Turn off company sign-in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Turn off company sign-in?' });
  await dialog.getByRole('button', { name: 'Turn off company sign-in' }).click();
  await expect(section.getByText('Off', { exact: true })).toBeVisible();
  const crew = await seed.member(owner, 'crew', [], `crew2@${domain}`);
  const res = await request.post('/api/login', {
    data: { username: crew.username, password: crew.password },
    headers: { cookie: 'XSRF-TOKEN=t', 'x-xsrf-token': 't' },
  });
  expect(res.status()).toBe(200);
});
