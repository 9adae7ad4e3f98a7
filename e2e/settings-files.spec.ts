import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import {
  downloadedBytes,
  expect,
  mailTo,
  pdfTextOf,
  pdfToText,
  recordBanners,
  type SeededUser,
  seed,
  test,
  unique,
} from './fixtures';

const golden = (name: string) =>
  readFileSync(new URL(`../shared/domain/settings-file/fixtures/${name}`, import.meta.url));

/** Drops a file on the import modal's drop zone, as a person dragging it from their file manager. */
async function dropFile(page: Page, fileName: string, bytes: Buffer) {
  const dataTransfer = await page.evaluateHandle(
    ({ b64, name }) => {
      const dt = new DataTransfer();
      const data = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      dt.items.add(new File([data], name));
      return dt;
    },
    { b64: bytes.toString('base64'), name: fileName },
  );
  await page.getByTestId('drop-zone').dispatchEvent('dragover', { dataTransfer });
  await page.getByTestId('drop-zone').dispatchEvent('drop', { dataTransfer });
}

async function openImport(page: Page) {
  await page.goto('/ovens');
  await page.getByRole('button', { name: 'Import My Oven' }).click();
  return page.getByRole('dialog', { name: 'Import My Oven' });
}

test('a dropped settings file imports: its statistics show and the new oven opens', async ({
  page,
  cook,
}) => {
  void cook;
  const modal = await openImport(page);
  await expect(modal.getByRole('button', { name: 'Import' })).toBeDisabled();
  await expect(modal.getByText('Please select an oven type to start')).toBeVisible();
  await dropFile(page, 'MATCHBOX.AI2', golden('example-mb.ai2'));
  // The file names its model and oven: both are filled in, and the file is accepted for that type.
  await expect(modal.getByRole('radio', { name: 'Matchbox 1718/1313' })).toBeChecked();
  await expect(modal.getByLabel('Oven name')).toHaveValue('MB Front Line');
  await expect(modal.getByText('File "MATCHBOX.AI2" selected. Replace it above if necessary.')).toBeVisible();
  await modal.getByLabel('Oven name').fill('Lunch Line');
  await page.screenshot({ path: 'test-results/screens/import-form.png' });
  // The banner stands 3 s: recorded as it appears, so a slow machine reading the statistics first does not miss it.
  const banners = await recordBanners(page);
  await modal.getByRole('button', { name: 'Import' }).click();

  const stats = page.getByRole('region', { name: 'Import statistics' });
  await expect(stats.getByTestId('imported-total')).toHaveText('5');
  await expect(stats.getByTestId('skipped-total')).toHaveText('0');
  await expect(stats).toContainText('2 screens, 1 category, 7 buttons');
  await expect(stats.getByText('Pepperoni Pizza · 3 stages')).toBeVisible();
  await expect.poll(banners).toContainEqual(expect.stringContaining('has been added to My Ovens'));
  await page.screenshot({ path: 'test-results/screens/import-stats.png' });
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('heading', { name: 'Lunch Line' })).toBeVisible();
  await expect(page.locator('.editor-main .tile-name').first()).toHaveText('Pepperoni Pizza');
});

test('importing the same file again skips the recipes already in My Recipes', async ({ page, cook }) => {
  await seed.importedOven(cook, { name: 'First', type: 'MiSA' });
  const modal = await openImport(page);
  await modal.getByLabel('Oven name').fill('Second');
  await modal.getByRole('radio', { name: 'MiSA' }).check();
  await modal.getByLabel('Settings file').setInputFiles({
    name: 'MISA.RCP',
    mimeType: 'application/octet-stream',
    buffer: golden('example-misa.rcp'),
  });
  await modal.getByRole('button', { name: 'Import' }).click();
  const stats = page.getByRole('region', { name: 'Import statistics' });
  await expect(stats.getByTestId('imported-total')).toHaveText('0');
  await expect(stats.getByTestId('skipped-total')).toHaveText('5');
  await expect(stats.getByText('same name and stages already in My Recipes').first()).toBeVisible();
});

test('a damaged file is refused with every problem and its line; nothing is created', async ({
  page,
  cook,
}) => {
  void cook;
  const modal = await openImport(page);
  await modal.getByLabel('Oven name').fill('Broken');
  await modal.getByRole('radio', { name: 'Matchbox 1718/1313' }).check();
  const damaged = golden('example-mb.ai2').toString().replace('temp=400', 'temp=405');
  await modal.getByLabel('Settings file').setInputFiles({
    name: 'MATCHBOX.AI2',
    mimeType: 'application/octet-stream',
    buffer: Buffer.from(damaged),
  });
  await modal.getByRole('button', { name: 'Import' }).click();
  const problems = modal.getByRole('alert');
  await expect(problems).toContainText('The file could not be imported: 1 problem');
  await expect(problems).toContainText('Line 39, column 14 checksum: The file was changed or damaged');
  await expect(page.locator('.banner').getByText('could not be imported correctly')).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/import-refused.png' });
  await modal.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('Your account does not have any saved ovens.')).toBeVisible();
});

test('a file of the wrong kind for the oven type is named, and Import stays off', async ({ page, cook }) => {
  void cook;
  const modal = await openImport(page);
  await modal.getByLabel('Oven name').fill('Counter');
  await modal.getByRole('radio', { name: 'MiLO/Double MiLO' }).check();
  await modal.getByLabel('Settings file').setInputFiles({
    name: 'MATCHBOX.AI2',
    mimeType: 'application/octet-stream',
    buffer: golden('example-mb.ai2'),
  });
  await expect(
    modal.getByText(
      'File "MATCHBOX.AI2" is invalid for the selected oven type. Replace it before trying to import.',
    ),
  ).toBeVisible();
  await expect(modal.getByRole('button', { name: 'Import' })).toBeDisabled();
  await modal.getByLabel('Settings file').setInputFiles({
    name: 'photo.rcp',
    mimeType: 'image/png',
    buffer: Buffer.from([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52,
    ]),
  });
  await expect(modal.getByText(/holds binary data, not text/)).toBeVisible();
  await expect(modal.getByRole('button', { name: 'Import' })).toBeDisabled();
});

test('on a short screen the reason a file is refused is brought into view, not left below the dialog', async ({
  page,
  cook,
}) => {
  void cook;
  await page.setViewportSize({ width: 1024, height: 520 });
  const modal = await openImport(page);
  await modal.getByLabel('Oven name').fill('Counter');
  await modal.getByRole('radio', { name: 'MiLO/Double MiLO' }).check();
  await modal.getByLabel('Settings file').setInputFiles({
    name: 'MATCHBOX.AI2',
    mimeType: 'application/octet-stream',
    buffer: golden('example-mb.ai2'),
  });
  await expect(
    modal.getByText(/^File "MATCHBOX.AI2" is invalid for the selected oven type/),
  ).toBeInViewport();
});

async function openOven(page: Page, user: SeededUser, type = 'Matchbox 1718/1313') {
  const oven = await seed.importedOven(user, { name: 'Front Line', type });
  await page.goto(`/ovens?oven=${oven.id}`);
  await expect(page.getByRole('heading', { name: 'Front Line' })).toBeVisible();
  return oven;
}

test('Download Oven Settings warns first, then gives the bytes the server built', async ({ page, cook }) => {
  const oven = await openOven(page, cook);
  await page.getByRole('button', { name: 'Download Oven Settings' }).click();
  const warning = page.getByRole('dialog', { name: 'Download Oven Settings' });
  await expect(warning).toContainText('replaces all of its recipes and settings');
  await expect(warning).toContainText("Keep the file's name exactly MATCHBOX.AI2");
  await page.screenshot({ path: 'test-results/screens/download-warning.png' });
  const file = await downloadedBytes(page, () =>
    warning.getByRole('button', { name: 'Download MATCHBOX.AI2' }).click(),
  );
  expect(file.name).toBe('MATCHBOX.AI2');
  const fromPage = file.bytes;
  const headers = { authorization: `Bearer ${cook.token}` };
  const prepared = await page.request.get(`/api/files/${oven.id}`, { headers });
  const fromServer = await (
    await page.request.get(`/storage/settings/${(await prepared.json()).file}`, { headers })
  ).body();
  expect(fromPage.equals(fromServer)).toBe(true);
  expect(fromPage.toString()).toMatch(/^HEARTH-AI2 1\.0 MB\nOVEN name="Front Line"\n/);
  await expect(warning).toBeHidden();
});

test("the USB guides open as PDFs, the oven's own first in weight", async ({ page, cook }) => {
  await openOven(page, cook, 'MiLO/Double MiLO');
  const current = page.locator('.guide-link-current a');
  await expect(current).toHaveText('USB guide for MiLO and MiSA ovens (PDF)');
  const other = page.getByRole('link', { name: 'USB guide for Matchbox, Shuttle and Conveyor ovens (PDF)' });
  for (const link of [current, other]) {
    const res = await page.request.get((await link.getAttribute('href'))!);
    expect(res.headers()['content-type']).toBe('application/pdf');
    expect(await pdfToText(await res.body())).toContain('Step by step');
  }
});

test("share the oven's settings by e-mail: the file arrives attached", async ({ page, cook }) => {
  await openOven(page, cook);
  const tile = page.getByRole('form', { name: "Share Oven's Settings" });
  await tile.getByLabel('E-mail address').fill('chef@');
  await tile.getByRole('button', { name: 'Send' }).click();
  await expect(tile.getByText('Please input a valid email')).toBeVisible();
  const to = `${unique('chef')}@example.com`;
  await tile.getByLabel('E-mail address').fill(to);
  await tile.getByRole('button', { name: 'Send' }).click();
  await expect(page.locator('.banner')).toContainText(`The settings of Front Linehave been sent to ${to}`);
  const mail = await mailTo(to, /Settings of oven Front Line/);
  expect(mail.attachments.map((a) => a.fileName)).toEqual(['MATCHBOX.AI2']);
  expect(Buffer.from(mail.attachments[0]!.base64, 'base64').toString()).toContain('OVEN name="Front Line"');
});

test('the menu PDF downloads beside Share, to print, the same as the one mailed', async ({ page, cook }) => {
  await openOven(page, cook);
  const tile = page.getByRole('form', { name: "Share Oven's Menu as PDF" });
  const text = await pdfTextOf(page, () =>
    tile.getByRole('button', { name: 'Download / Print (PDF)' }).click(),
  );
  expect(text).toContain('Menu of Front Line');
  expect(text).toContain('Screen 1 > Sides');
});

test("share the oven's menu as a PDF: it shows the screens with their buttons", async ({ page, cook }) => {
  await openOven(page, cook);
  const tile = page.getByRole('form', { name: "Share Oven's Menu as PDF" });
  const to = `${unique('owner')}@example.com`;
  await tile.getByLabel('E-mail address').fill(to);
  await tile.getByRole('button', { name: 'Send' }).click();
  await expect(page.locator('.banner')).toContainText(`has been sent to ${to}`);
  const mail = await mailTo(to, /Menu of oven Front Line/);
  const pdf = Buffer.from(mail.attachments[0]!.base64, 'base64');
  expect(mail.attachments[0]!.fileName).toBe('Front-Line-menu.pdf');
  const text = await pdfToText(pdf);
  expect(text).toContain('Screen 1 > Sides');
  expect(text).toContain('Recipes on this oven (5)');
  // The first page as an image, kept with the screenshots to be looked at.
  const dir = mkdtempSync(join(tmpdir(), 'e2e-menu-'));
  writeFileSync(join(dir, 'menu.pdf'), pdf);
  mkdirSync('test-results/screens', { recursive: true });
  execFileSync('pdftoppm', [
    '-f',
    '1',
    '-l',
    '1',
    '-r',
    '60',
    '-png',
    '-singlefile',
    join(dir, 'menu.pdf'),
    'test-results/screens/menu-pdf',
  ]);
  const png = readFileSync('test-results/screens/menu-pdf.png');
  expect(png.subarray(1, 4).toString()).toBe('PNG');
  expect(png.length).toBeGreaterThan(10_000);
});

test('on a phone the tiles stack and the import statistics fit', async ({ page, cook }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openOven(page, cook);
  const tiles = page.locator('.oven-tiles .tile-card');
  await expect(tiles).toHaveCount(4);
  // Both boxes are read in one go: read one after the other, a tile whose content was still arriving moved between.
  const boxes = () =>
    tiles.evaluateAll((els) =>
      els.slice(0, 2).map((el) => {
        const r = el.getBoundingClientRect();
        return { top: r.top, bottom: r.bottom, width: r.width };
      }),
    );
  await expect
    .poll(async () => {
      const [a, b] = await boxes();
      return !!a && !!b && b.top >= a.bottom - 1 && a.width <= 390;
    })
    .toBe(true);
  await tiles.nth(1).scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/screens/tiles-phone.png', fullPage: true });
});

test('a shared file can be saved again from the outbox page', async ({ page, cook }) => {
  await openOven(page, cook);
  const tile = page.getByRole('form', { name: "Share Oven's Settings" });
  await tile.getByLabel('E-mail address').fill(cook.email);
  await tile.getByRole('button', { name: 'Send' }).click();
  await expect(page.locator('.banner')).toContainText(`have been sent to ${cook.email}`);
  await page.goto('/outbox');
  const mail = page
    .locator('.outbox-mail', { hasText: 'Settings of oven Front Line' })
    .filter({ hasText: cook.email });
  await expect(mail.getByText(/· sent$/)).toBeVisible();
  const download = page.waitForEvent('download');
  await mail.getByRole('button', { name: 'MATCHBOX.AI2' }).click();
  expect((await download).suggestedFilename()).toBe('MATCHBOX.AI2');
});
