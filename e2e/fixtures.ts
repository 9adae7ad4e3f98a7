import { type APIRequestContext, test as base, expect, type Locator, type Page } from '@playwright/test';
import { FIXTURE_PORT } from '../playwright.config';
import type { MenuTree } from '../shared/domain/menu';

/**
 * The one fixtures file. Most tests start as a fresh user seeded straight into the database and logged in by
 * token (the `cook` and `admin` fixtures); only the auth specs register and log in through the screens.
 */
export const FIXTURE_URL = `http://127.0.0.1:${FIXTURE_PORT}`;
export const MAIL_URL = `${FIXTURE_URL}/mail`;
export const DEMO = {
  admin: { username: 'admin', password: 'hearth-admin-2026' },
  user: { username: 'demo', password: 'hearth-demo-2026' },
};

interface Mail {
  to: string;
  subject: string;
  text: string;
  attachments: { fileName: string; contentType: string; base64: string }[];
}

let seq = 0;
export function unique(prefix: string): string {
  seq += 1;
  return `${prefix}_${Date.now().toString(36)}${process.pid % 1000}${seq}`;
}

/** The newest mail to `email` whose subject matches, once at least `count` such mails have arrived. */
export async function mailTo(email: string, subject: RegExp, count = 1): Promise<Mail> {
  for (let i = 0; i < 100; i++) {
    const res = await fetch(MAIL_URL);
    const all = (await res.json()) as Mail[];
    const matching = all.filter((m) => m.to.includes(email.toLowerCase()) && subject.test(m.subject));
    const found = matching.length >= count ? matching.pop() : undefined;
    if (found) return found;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`No mail to ${email} matching ${subject}`);
}

export function linkIn(mail: Mail): string {
  const match = /https?:\/\/\S+/.exec(mail.text);
  if (!match) throw new Error(`No link in "${mail.subject}"`);
  return match[0];
}

export async function login(page: Page, account: { username: string; password: string }) {
  await page.goto('/');
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/recipes$/);
  // The address changes before the library's code has loaded; until then the log-in page is still drawn.
  await expect(page.getByRole('heading', { name: 'Hearth Recipes' })).toBeVisible();
}

/** A new account registered through the public API, not yet verified; its mail is caught. */
export async function newUnverifiedUser(page: Page) {
  const username = unique('cook');
  const email = `${username}@example.com`;
  const password = 'long-enough-pw';
  const reg = await page.request.post('/api/register', {
    headers: await csrfHeaders(page),
    data: {
      username,
      company: 'E2E Kitchen',
      email,
      password,
      password_confirmation: password,
      privacy_policy: true,
    },
  });
  expect(reg.status()).toBe(201);
  return { username, email, password };
}

/** A new verified account: registered, then verified with the link from its mail. */
export async function newVerifiedUser(page: Page) {
  const user = await newUnverifiedUser(page);
  const link = new URL(linkIn(await mailTo(user.email, /Verify/)));
  const verify = await page.request.post('/api/verify-account', {
    headers: await csrfHeaders(page),
    data: { email: link.searchParams.get('email'), token: link.searchParams.get('token') },
  });
  expect(await verify.json()).toEqual({ message: 'verified' });
  return user;
}

/** The CSRF header for API calls made outside the page, from the cookie the server hands out. */
async function csrfHeaders(page: Page): Promise<Record<string, string>> {
  let cookie = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN');
  if (!cookie) {
    await page.goto('/api/health');
    cookie = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN');
  }
  return { 'x-xsrf-token': cookie?.value ?? '' };
}

export interface SeededUser {
  id: number;
  username: string;
  email: string;
  password: string;
  token: string;
}

async function seedCall<T>(what: string, input: Record<string, unknown>): Promise<T> {
  const res = await fetch(`${FIXTURE_URL}/seed/${what}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(input),
  });
  if (!res.ok) throw new Error(`seeding ${what} failed: ${await res.text()}`);
  return (await res.json()) as T;
}

/** Data written straight into the test server's database. */
/** A three-stage Matchbox recipe: every other model must change it (stages merged, vent closed, times cut). */
export const THREE_STAGES = {
  name: 'Three Stage Pie',
  oven_type: 'Matchbox 1718/1313',
  set_temp: 500,
  stages: [
    { order: 1, minutes: '01', seconds: '00', temp: 500, force_vent_open: true },
    { order: 2, minutes: '02', seconds: '00', temp: 450 },
    { order: 3, minutes: '01', seconds: '00', temp: 400 },
  ],
};

export const seed = {
  user: (role: 'admin' | 'other' = 'other') => seedCall<SeededUser>('user', { role }),
  /** Recipes of a user; each entry overrides a valid Matchbox recipe (name, oven_type, stages…). */
  recipes: (owner: SeededUser, recipes: Record<string, unknown>[]) =>
    seedCall<{ id: number; name: string }[]>('recipes', { ownerId: owner.id, recipes }),
  /** An oven from a golden settings file of its type (see shared/domain/settings-file/fixtures), menu and recipes. */
  importedOven: (owner: SeededUser, oven: { name: string; type: string }) =>
    seedCall<{ id: number; name: string; type: string }>('imported-oven', { token: owner.token, ...oven }),
  /** Past report activity (see e2e/support/serve.ts). */
  activity: (
    entries: {
      userId: number;
      day: string;
      hour: number;
      recipes?: { type: string; count: number };
      ovens?: { type: string; count: number };
    }[],
  ) => seedCall<{ ok: true }>('activity', { entries }),
  /** A new person in `owner`'s team as `role` (store managers and crew in `locationIds`), with a session. */
  member: (
    owner: SeededUser,
    role: 'owner' | 'manager' | 'store' | 'crew',
    locationIds: number[] = [],
    email?: string,
  ) => seedCall<SeededUser>('member', { ownerId: owner.id, role, locationIds, email }),
  /** Locations of the user's team, made at once (a chain's stores). */
  locations: (owner: SeededUser, names: string[]) =>
    seedCall<{ id: number; name: string }[]>('locations', { ownerId: owner.id, names }),
  /** The test OpenID provider the server runs beside it, and Hearth's client there. */
  ssoProvider: () =>
    seedCall<{ issuer: string; client_id: string; client_secret: string }>('sso-provider', {}),
  /** Someone the test provider signs in. */
  ssoPerson: (person: { sub: string; email: string; email_verified?: boolean; name?: string }) =>
    seedCall<{ ok: true }>('sso-person', { email_verified: true, ...person }),
  /** What DNS answers for a domain's TXT records. */
  txtRecord: (domain: string, records: string[]) => seedCall<{ ok: true }>('txt-record', { domain, records }),
  /** An oven with one empty main screen, or the menu given. */
  oven: (
    owner: SeededUser,
    oven: { name?: string; type?: string; locationId?: number; tree?: MenuTree } = {},
  ) =>
    seedCall<{ id: number; name: string; type: string; screenId: number }>('oven', {
      ownerId: owner.id,
      ...oven,
    }),
};

/**
 * The API as `user`, the way the app calls it (bearer token, the CSRF pair writes need), for seeding what a spec
 * does not walk through itself; fails the test on any error reply.
 */
export function apiAs(request: APIRequestContext, user: SeededUser) {
  const headers = { authorization: `Bearer ${user.token}`, cookie: 'XSRF-TOKEN=t', 'x-xsrf-token': 't' };
  return async <T = unknown>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, data?: unknown) => {
    const res = await request.fetch(url, { method, headers, data });
    expect(res.status(), `${method} ${url}: ${await res.text()}`).toBeLessThan(300);
    return (await res.json()) as T;
  };
}

type Api = ReturnType<typeof apiAs>;

/** Focus on a control, once nothing else (a closing dialog handing focus back) takes it away again. */
export async function focusSteadily(page: Page, target: Locator) {
  await expect(async () => {
    await target.focus();
    await page.waitForTimeout(100);
    await expect(target).toBeFocused({ timeout: 200 });
  }).toPass();
}

/**
 * Picks up the focused tile by keyboard, and returns once the drag listens to the arrows: the keyboard sensor
 * starts listening a timer's turn after the pick-up, so an arrow pressed before that is lost. A timer set after
 * the tile shows as dragged fires after the sensor's.
 */
export async function pickUpByKeyboard(page: Page) {
  await page.keyboard.press('Space');
  await expect(page.locator('.tile-dragging')).toHaveCount(1);
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

/** A location holding these ovens, made through the API as `call`'s user. */
export async function apiLocation(call: Api, name: string, ovenIds: number[] = []) {
  const place = (await call<{ data: { id: number } }>('POST', '/api/locations', { name })).data;
  if (ovenIds.length > 0) await call('POST', `/api/locations/${place.id}/ovens`, { oven_ids: ovenIds });
  return place;
}

/** A template of an oven's menu, applied to `applyTo` (saved as a version on each), through the API. */
export async function apiTemplate(call: Api, name: string, ovenId: number, applyTo: number[] = []) {
  const template = (await call<{ data: { id: number } }>('POST', '/api/templates', { name, oven_id: ovenId }))
    .data;
  if (applyTo.length > 0)
    await finishedJob(
      call,
      await call<{ data: { id: number } }>('POST', `/api/templates/${template.id}/apply`, {
        oven_ids: applyTo,
      }),
    );
  return template;
}

/** Waits for a job the server queued (a template applied, a zip) and answers it once done. */
export async function finishedJob(call: Api, queued: { data: { id: number } }) {
  for (let i = 0; i < 200; i++) {
    const job = (
      await call<{ data: { status: string; error: string | null; result: unknown } }>(
        'GET',
        `/api/jobs/${queued.data.id}`,
      )
    ).data;
    if (job.status === 'done') return job;
    if (job.status === 'failed') throw new Error(`Job ${queued.data.id} failed: ${job.error}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`Job ${queued.data.id} did not finish`);
}

/** Signs the page in as `user` with its token, as a login would leave it (once: a later logout sticks). */
export async function loginByToken(page: Page, user: SeededUser): Promise<void> {
  await page.addInitScript((token) => {
    if (sessionStorage.getItem('hearth-e2e-signed-in')) return;
    localStorage.setItem('hearth_auth_token', token);
    sessionStorage.setItem('hearth-e2e-signed-in', '1');
  }, user.token);
}

export const test = base.extend<{ cook: SeededUser; admin: SeededUser; wordsInPlace: void }>({
  /** Every test: no text the page drew was missing from the part of the catalogue its route loaded. */
  wordsInPlace: [
    async ({ page }, use) => {
      const missing: string[] = [];
      page.on('console', (message) => {
        if (message.text().startsWith('Hearth: a key outside its catalogue part'))
          missing.push(message.text());
      });
      await use();
      expect(missing).toEqual([]);
    },
    { auto: true },
  ],
  /** A new regular user of this test alone, signed in. */
  cook: async ({ page }, use) => {
    const user = await seed.user();
    await loginByToken(page, user);
    await use(user);
  },
  /** A new admin of this test alone, signed in. */
  admin: async ({ page }, use) => {
    const user = await seed.user('admin');
    await loginByToken(page, user);
    await use(user);
  },
});
export { expect };

/** The text of a PDF, as pdftotext reads it with its layout. */
export async function pdfToText(bytes: Uint8Array): Promise<string> {
  const { execFileSync } = await import('node:child_process');
  const { mkdtempSync, writeFileSync } = await import('node:fs');
  const { join } = await import('node:path');
  const { tmpdir } = await import('node:os');
  const file = join(mkdtempSync(join(tmpdir(), 'e2e-pdf-')), 'f.pdf');
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

/** The bytes of a file the page downloads (prepared downloads are fetched by the page with its session). */
export async function downloadedBytes(page: Page, trigger: () => Promise<void>) {
  const download = page.waitForEvent('download');
  await trigger();
  const file = await download;
  const { readFileSync } = await import('node:fs');
  return { name: file.suggestedFilename(), bytes: readFileSync((await file.path())!) };
}

/** Text of a PDF the page downloads, as pdftotext reads it. */
export async function pdfTextOf(page: Page, trigger: () => Promise<void>): Promise<string> {
  const { name, bytes } = await downloadedBytes(page, trigger);
  expect(name).toMatch(/\.pdf$/);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  return pdfToText(bytes);
}

/** Logs in as a brand-new verified user, so a test owns all of its My Recipes. */
export async function loginAsNewUser(page: Page) {
  const user = await newVerifiedUser(page);
  await login(page, user);
  return user;
}

/**
 * Every banner shown from now on, as its text: a flag that lives a second (spec §8) is seen even when a busy
 * machine would let a poll for it miss that second.
 */
export async function recordBanners(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { bannersSeen: string[] }).bannersSeen = seen;
    new MutationObserver((changes) => {
      for (const change of changes)
        for (const node of change.addedNodes)
          if (node instanceof HTMLElement && node.classList.contains('banner')) seen.push(node.innerText);
    }).observe(document.querySelector('.banners')!, { childList: true });
  });
  return () => page.evaluate(() => (window as unknown as { bannersSeen: string[] }).bannersSeen);
}
