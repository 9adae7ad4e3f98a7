import { expect, linkIn, login, mailTo, newUnverifiedUser, newVerifiedUser, test, unique } from './fixtures';

test('register, verify from the mailed link, log in, edit the profile, log out', async ({ page }) => {
  const username = unique('newcook');
  const email = `${username}@Example.com`;

  await page.goto('/register');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Username is required.')).toBeVisible();
  await expect(page.getByText('You need to accept the Privacy Policy.')).toBeVisible();

  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Company').fill('Corner Pizza');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByLabel('Confirm password').fill('short');
  await expect(page.getByText('The password must be at least 8 characters.')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('a-good-password');
  await page.getByLabel('Confirm password').fill('a-good-password');
  await page.getByLabel('I accept the').check();
  await page.screenshot({ path: 'test-results/screens/register.png', fullPage: true });
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(
    page.getByText('User created successfully, please check your email to verify your account.'),
  ).toBeVisible();

  // Unverified accounts get a clear message at login.
  const mail = await mailTo(email, /Verify your/);
  await page.goto('/');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill('a-good-password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText(/Your account is not verified yet/)).toBeVisible();

  await page.goto(linkIn(mail));
  await expect(page.getByText('The account has been successfully verified.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/, { timeout: 8000 });

  await login(page, { username, password: 'a-good-password' });
  await page.getByRole('button', { name: 'My Profile' }).click();
  await page.getByRole('link', { name: 'Edit Profile' }).click();
  await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
  await expect(page.getByText('Change your username, company and/or password')).toBeVisible();
  await expect(page.getByLabel('Registered e-mail')).toHaveValue(email.toLowerCase());
  await page.getByLabel('Company').fill('Corner Pizza & Grill');
  await page.getByLabel('New password', { exact: true }).fill('another-password');
  await page.getByLabel('Confirm new password').fill('another-passwordX');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Passwords does not match.')).toBeVisible();
  // A new password needs the current one (a stolen session cannot take the account), said beside the field.
  await expect(page.getByText('Your current password is required to set a new one.')).toBeVisible();
  await page.getByLabel('Confirm new password').fill('another-password');
  await page.getByLabel('Current password').fill('a-good-password');
  await page.screenshot({ path: 'test-results/screens/profile.png', fullPage: true });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByText(/User profile updated successfully\. You will be redirected in \d seconds\./),
  ).toBeVisible();
  const notice = await mailTo(email, /password was changed/);
  expect(notice.text).toContain('/forgot-password');
  await expect(page).toHaveURL(/\/my-recipes$/, { timeout: 8000 });

  await page.getByRole('button', { name: 'My Profile' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.getItem('hearth_auth_token'))).toBeNull();
  await page.goto('/my-recipes');
  await expect(page).toHaveURL(/\/$/);

  await login(page, { username, password: 'another-password' });
});

test('forgot password, reset from the mailed link, log in with the new password', async ({ page }) => {
  const user = await newVerifiedUser(page);
  await page.goto('/');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Email is required', { exact: true })).toBeVisible();
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Email sent successfully.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/, { timeout: 8000 });

  const mail = await mailTo(user.email, /Reset your/);
  await page.goto(linkIn(mail));
  await expect(page.getByLabel('E-mail')).toHaveValue(user.email);
  await page.getByLabel('New password', { exact: true }).fill('reset-password-1');
  await page.getByLabel('Confirm new password').fill('reset-password-2');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByText('Password does not match.')).toBeVisible();
  await page.getByLabel('Confirm new password').fill('reset-password-1');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByText('Password updated successfully.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/, { timeout: 8000 });

  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Wrong credentials')).toBeVisible();
  await login(page, { username: user.username, password: 'reset-password-1' });
});

test('a used reset link says so and sends the user to ask for a new one', async ({ page }) => {
  const user = await newVerifiedUser(page);
  await page.goto('/forgot-password');
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  const link = linkIn(await mailTo(user.email, /Reset your/));
  for (const attempt of [1, 2]) {
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill(`new-password-${attempt}`);
    await page.getByLabel('Confirm new password').fill(`new-password-${attempt}`);
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(page.getByRole('status').or(page.getByRole('alert')).first()).toBeVisible();
  }
  await expect(page.getByText(/invalid or has expired/)).toBeVisible();
  await expect(page).toHaveURL(/\/forgot-password$/, { timeout: 8000 });
});

test('an unverified user asks for a new link from the login page and verifies with it', async ({ page }) => {
  const user = await newUnverifiedUser(page);
  await mailTo(user.email, /Verify your/);
  await page.goto('/');
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText(/Your account is not verified yet/)).toBeVisible();
  await page.getByLabel('Your e-mail').fill(user.email);
  await page.getByRole('button', { name: 'Send a new verification link' }).click();
  await expect(
    page.getByText('If that address has an unverified account, a new link is on its way.'),
  ).toBeVisible();
  const fresh = await mailTo(user.email, /Verify your/, 2);
  await page.goto(linkIn(fresh));
  await expect(page.getByText('The account has been successfully verified.')).toBeVisible();
  await login(page, user);
});

test('the outbox lists sent mail with working links', async ({ page }) => {
  const user = await newUnverifiedUser(page);
  await page.goto('/outbox');
  await expect(page.getByRole('heading', { name: 'Outbox' })).toBeVisible();
  const mail = page.locator('.outbox-mail').filter({ hasText: user.email }).first();
  await expect(mail).toContainText('Verify your Hearth account');
  await page.screenshot({ path: 'test-results/screens/outbox.png' });
  await mail.getByRole('link').first().click();
  await expect(page.getByText('The account has been successfully verified.')).toBeVisible();
});

test('register shows every problem at once, the password mismatch included', async ({ page }) => {
  await page.goto('/register');
  await page.getByLabel('Username').fill('new_cook');
  await page.getByLabel('E-mail').fill('new_cook@example.com');
  await page.getByLabel('Password', { exact: true }).fill('long-enough-1');
  await page.getByLabel('Confirm password').fill('long-enough-2');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('You need to accept the Privacy Policy.')).toBeVisible();
  await expect(page.getByText('Passwords does not match.')).toBeVisible();
});

test('a reset with a mistyped e-mail says so and keeps the link usable', async ({ page }) => {
  const user = await newVerifiedUser(page);
  await page.goto('/forgot-password');
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  const link = linkIn(await mailTo(user.email, /Reset your/));
  await page.goto(link);
  await page.getByLabel('E-mail').fill(`x${user.email}`);
  await page.getByLabel('New password', { exact: true }).fill('reset-password-9');
  await page.getByLabel('Confirm new password').fill('reset-password-9');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(
    page.getByText(
      'This e-mail address does not match the reset link. Use the address the link was sent to.',
    ),
  ).toBeVisible();
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByText('Password updated successfully.')).toBeVisible();
});

test('on the login page the keyboard reaches the form before the carousel', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByLabel('Username')).toBeVisible();
  // From the page's top, past the navigation, the first form control is Username, not a carousel dot.
  await page.locator('main').focus();
  await page.evaluate(() => (document.querySelector('main') as HTMLElement).setAttribute('tabindex', '-1'));
  await page.locator('main').focus();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Username')).toBeFocused();
});
