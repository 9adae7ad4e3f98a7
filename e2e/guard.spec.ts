import { DEMO, expect, login, test } from './fixtures';

const LOGGED_IN_ONLY = ['/ovens', '/recipes', '/my-recipes', '/my-profile', '/help'];
const ADMIN_ONLY = ['/reports', '/reports/users', '/reports/users/1'];
const GUEST_ONLY = [
  '/forgot-password',
  '/verify-account?email=a%40b.co&token=x',
  '/password/reset/some-token',
];

test('a guest is sent to login from every logged-in and admin route', async ({ page }) => {
  for (const path of [...LOGGED_IN_ONLY, ...ADMIN_ONLY]) {
    await page.goto(path);
    await expect(page, `guest on ${path}`).toHaveURL(/\/$/);
  }
  for (const path of ['/', '/register', '/forgot-password']) {
    await page.goto(path);
    await expect(page).toHaveURL(new RegExp(`${path}$`));
  }
});

test('verify-account without e-mail or token goes to login', async ({ page }) => {
  for (const path of ['/verify-account', '/verify-account?email=a%40b.co', '/verify-account?token=abc']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/$/);
  }
});

test('a user is sent to recipes from admin routes and guest-only routes; login and register still open', async ({
  page,
}) => {
  await login(page, DEMO.user);
  for (const path of [...ADMIN_ONLY, ...GUEST_ONLY]) {
    await page.goto(path);
    await expect(page, `user on ${path}`).toHaveURL(/\/recipes$/);
  }
  for (const path of LOGGED_IN_ONLY) {
    await page.goto(path);
    await expect(page).toHaveURL(new RegExp(`${path}$`));
  }
  await page.goto('/register');
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
});

test('an admin reaches every admin route', async ({ page }) => {
  await login(page, DEMO.admin);
  for (const path of ADMIN_ONLY) {
    await page.goto(path);
    await expect(page).toHaveURL(new RegExp(`${path}$`));
  }
});

test('a token revoked on the server sends the user to login on the next navigation', async ({ page }) => {
  await login(page, DEMO.user);
  await page.evaluate(() => localStorage.setItem('hearth_auth_token', 'revoked-or-made-up'));
  await page.goto('/my-recipes');
  await expect(page).toHaveURL(/\/$/);
});

test('the first page checks the session once, and the next page checks it again', async ({ page, cook }) => {
  const checks: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/auth/check') checks.push(request.url());
  });
  void cook;
  await page.goto('/ovens');
  await expect(page.getByRole('heading', { name: 'My Ovens', level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(checks).toHaveLength(1);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Recipes' }).click();
  await expect(page).toHaveURL(/\/my-recipes$/);
  await expect.poll(() => checks.length).toBe(2);
});
