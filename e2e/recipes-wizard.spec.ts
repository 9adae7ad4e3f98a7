import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

const wizard = (page: Page) => page.getByRole('dialog').filter({ has: page.locator('.steps') });

async function setStage(page: Page, minutes: string, seconds: string, temp: string) {
  const w = wizard(page);
  await w.getByLabel('Minutes', { exact: true }).selectOption(minutes);
  await w.getByLabel('Seconds', { exact: true }).selectOption(seconds);
  await w.getByLabel('Temperature °F').fill(temp);
  await w.getByLabel('Temperature °F').blur();
}

async function openWizard(page: Page) {
  await page.goto('/my-recipes');
  await page.getByRole('button', { name: 'Create New Recipe' }).click();
  await expect(wizard(page).getByRole('heading', { name: 'Create New Recipe' })).toBeVisible();
  return wizard(page);
}

/** Steps 1 and 2 with one valid stage, leaving the wizard on step 3. */
async function toDetails(page: Page, name: string) {
  const w = await openWizard(page);
  await w.getByLabel('Recipe name').fill(name);
  await w.getByRole('button', { name: 'Next' }).click();
  await setStage(page, '01', '30', '450');
  await w.getByRole('button', { name: 'Add Stage' }).click();
  await w.getByRole('button', { name: 'Next' }).click();
  return w;
}

test('a 3-stage recipe is created, with the temperature step enforced between stages', async ({
  page,
  cook,
}) => {
  void cook;
  const w = await openWizard(page);
  await expect(w.getByRole('button', { name: 'Next' })).toBeDisabled();
  await w.getByLabel('Recipe name').fill('Smoky Flatbread');
  await expect(w.getByRole('radio', { name: 'Matchbox 1718/1313' })).toBeChecked();
  await page.screenshot({ path: 'test-results/screens/wizard-1.png' });
  await w.getByRole('button', { name: 'Next' }).click();

  await setStage(page, '01', '30', '450');
  await w.getByRole('button', { name: 'Add Stage' }).click();
  await setStage(page, '01', '00', '520');
  await expect(
    w.getByText('The temperature is too far from previous stage. Please edit stage to correct it.').first(),
  ).toBeVisible();
  await expect(w.getByRole('button', { name: 'Add Stage' })).toBeDisabled();
  await w.getByLabel('Temperature °F').fill('500');
  await w.getByLabel('Temperature °F').blur();
  await w.getByRole('button', { name: 'Add Stage' }).click();
  await setStage(page, '00', '45', '475');
  await w.getByRole('button', { name: 'Add Stage' }).click();
  await expect(w.getByText('Matchbox 1718/1313 recipes have at most 3 stages.')).toBeVisible();
  await w.getByLabel('Event name').fill('Rotate');
  await w.getByLabel('Event minutes').selectOption('01');
  await w.getByRole('button', { name: 'Add Event' }).click();
  await expect(w.locator('.event-list')).toContainText('01:00 Rotate');
  await page.screenshot({ path: 'test-results/screens/wizard-2.png', fullPage: true });
  await w.getByRole('button', { name: 'Next' }).click();

  await w.getByLabel('Product name').fill('Flatbread 12in');
  await w.getByLabel('Set Temp °F').fill('475');
  await w.getByLabel('Category').selectOption('Pizza');
  await page.screenshot({ path: 'test-results/screens/wizard-3.png' });
  await w.getByRole('button', { name: 'Preview' }).click();
  await expect(w.locator('.timeline-stage')).toHaveCount(3);
  await page.screenshot({ path: 'test-results/screens/wizard-4.png' });
  await w.getByRole('button', { name: 'Save' }).click();
  await expect(w.getByRole('heading', { name: 'New Recipe Created' })).toBeVisible();
  await w.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText('Showing 1-1 of 1 Recipes')).toBeVisible();
});

test('closing a wizard with changes asks first, and a tap beside it does nothing', async ({ page, cook }) => {
  void cook;
  const w = await openWizard(page);
  await w.getByLabel('Recipe name').fill('Half Typed');
  // A stray tap on the backdrop beside the dialog.
  await page.mouse.click(3, 400);
  await expect(w).toBeVisible();
  await page.keyboard.press('Escape');
  const ask = page.getByRole('dialog', { name: 'Discard this recipe?' });
  await expect(ask).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/wizard-discard.png' });
  await ask.getByRole('button', { name: 'Keep editing' }).click();
  await expect(w.getByLabel('Recipe name')).toHaveValue('Half Typed');
  await w.getByRole('button', { name: 'Close' }).click();
  await page
    .getByRole('dialog', { name: 'Discard this recipe?' })
    .getByRole('button', { name: 'Discard' })
    .click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('a wizard without changes closes at once', async ({ page, cook }) => {
  void cook;
  await openWizard(page);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('a filled-in stage counts: Next adds it without pressing Add Stage', async ({ page, cook }) => {
  void cook;
  const w = await openWizard(page);
  await w.getByLabel('Recipe name').fill('Two Stages');
  await w.getByRole('button', { name: 'Next' }).click();
  await setStage(page, '01', '00', '450');
  await w.getByRole('button', { name: 'Add Stage' }).click();
  await setStage(page, '00', '40', '470');
  await expect(w.getByRole('button', { name: 'Next' })).toBeEnabled();
  await w.getByRole('button', { name: 'Next' }).click();
  await expect(w.locator('.step-current')).toContainText('Details');
  await w.getByRole('button', { name: 'Back' }).click();
  await expect(w.locator('.timeline-stage')).toHaveCount(2);
});

test('a disabled Next says beside it what is missing', async ({ page, cook }) => {
  void cook;
  const w = await openWizard(page);
  const next = w.getByRole('button', { name: 'Next' });
  await expect(next).toBeDisabled();
  await expect(next).toHaveAccessibleDescription('Name the recipe to go on.');
  await w.getByLabel('Recipe name').fill('One Stage');
  await next.click();
  await expect(next).toBeDisabled();
  await expect(w.locator('.wizard-missing')).toHaveText('Add at least one cooking stage.');
  await setStage(page, '01', '00', '450');
  await expect(next).toBeEnabled();
  await expect(w.locator('.wizard-missing')).toHaveCount(0);
});

test('a microwave stage on a MiLO, then a Conveyor chosen: the microwave is cleared, said per stage, and Next works', async ({
  page,
  cook,
}) => {
  void cook;
  const w = await openWizard(page);
  await w.getByLabel('Recipe name').fill('Quick Melt');
  await w.getByRole('radio', { name: 'MiLO/Double MiLO' }).check({ force: true });
  await w.getByRole('button', { name: 'Next' }).click();
  await setStage(page, '01', '00', '450');
  await w.getByLabel('Microwave %').selectOption('20');
  await w.getByRole('button', { name: 'Add Stage' }).click();
  await w.getByRole('button', { name: 'Back' }).click();
  await w.getByRole('radio', { name: 'Conveyor 2600/2000/1400' }).check({ force: true });
  await expect(w.locator('.alert-info')).toContainText(
    'Stage 1 microwave 20 % → 0 %: the Conveyor 2600/2000/1400 has no microwave.',
  );
  await page.screenshot({ path: 'test-results/screens/wizard-model-cleared.png' });
  await w.getByRole('button', { name: 'Next' }).click();
  await expect(w.getByRole('button', { name: 'Next' })).toBeEnabled();
  await w.getByRole('button', { name: 'Next' }).click();
  await expect(w.locator('.step-current')).toContainText('Details');
});

test('an invalid name is stopped on step 1', async ({ page, cook }) => {
  void cook;
  const w = await openWizard(page);
  await w.getByLabel('Recipe name').fill('Pizza! #1');
  await expect(
    w.getByText(
      'Please enter a valid recipe name: use letters, numbers, spaces, _ - and " only. "!" cannot be shown on the oven.',
    ),
  ).toBeVisible();
  await expect(w.getByRole('button', { name: 'Next' })).toBeDisabled();
});

test('Set Temp keeps what was typed and says why it counts as 0; Preview says what it waits for', async ({
  page,
  cook,
}) => {
  void cook;
  const w = await toDetails(page, 'Temp Check');
  await expect(w.getByRole('button', { name: 'Preview' })).toBeDisabled();
  await expect(w.getByText(/To preview the recipe: .*Product name is required\./)).toBeVisible();
  await w.getByLabel('Product name').fill('Bagel');
  await w.getByLabel('Set Temp °F').fill('12.7');
  await expect(w.getByLabel('Set Temp °F')).toHaveValue('12.7');
  await expect(
    w.getByText('Set Temp cannot be 0. "12.7" is not a whole number from 1 to 999.', { exact: true }),
  ).toBeVisible();
  await w.getByLabel('Set Temp °F').fill('1000');
  await expect(w.getByText('Set Temp cannot be 0. 1000 is above 999.', { exact: true })).toBeVisible();
  // What Preview waits for says the same, not only that Set Temp counts as 0.
  await expect(
    w.getByText(/To preview the recipe: Set Temp cannot be 0\. 1000 is above 999\./),
  ).toBeVisible();
  await expect(w.getByRole('button', { name: 'Preview' })).toBeDisabled();
  await w.getByLabel('Set Temp °F').fill('425');
  await expect(w.getByRole('button', { name: 'Preview' })).toBeEnabled();
});

test('an event after the end of cooking is refused; events are listed by time', async ({ page, cook }) => {
  void cook;
  const w = await openWizard(page);
  await w.getByLabel('Recipe name').fill('Timed Events');
  await w.getByRole('button', { name: 'Next' }).click();
  await setStage(page, '01', '30', '450');
  await w.getByRole('button', { name: 'Add Stage' }).click();
  await w.getByLabel('Event name').fill('Too Late');
  await w.getByLabel('Event minutes').selectOption('01');
  await w.getByLabel('Event seconds').selectOption('45');
  await expect(w.getByText('The event is after the end of cooking: the stages last 01:30.')).toBeVisible();
  await expect(w.getByRole('button', { name: 'Add Event' })).toBeDisabled();
  await w.getByLabel('Event name').fill('Cheese');
  await w.getByLabel('Event seconds').selectOption('10');
  await w.getByRole('button', { name: 'Add Event' }).click();
  await w.getByLabel('Event name').fill('Rotate');
  await w.getByLabel('Event minutes').selectOption('00');
  await w.getByLabel('Event seconds').selectOption('30');
  await w.getByRole('button', { name: 'Add Event' }).click();
  await expect(w.locator('.event-list li')).toHaveText(['00:30 Rotate', '01:10 Cheese']);
});

test('a temperature above the maximum is brought down with a note saying so', async ({ page, cook }) => {
  void cook;
  const w = await openWizard(page);
  await w.getByLabel('Recipe name').fill('Hot One');
  await w.getByRole('button', { name: 'Next' }).click();
  await setStage(page, '01', '00', '900');
  await expect(w.getByLabel('Temperature °F')).toHaveValue('525');
  await expect(w.getByText('900 °F was changed to 525 °F: the Matchbox 1718/1313 maximum.')).toBeVisible();
});

test('a name too long for the oven chosen is kept as typed and said so', async ({ page, cook }) => {
  void cook;
  const w = await openWizard(page);
  await w.getByLabel('Recipe name').fill('Sixteen chars ok');
  await w.getByRole('radio', { name: 'Conveyor 2600/2000/1400' }).check();
  await expect(w.getByLabel('Recipe name')).toHaveValue('Sixteen chars ok');
  await expect(w.getByText('16/15 characters: 1 too many')).toBeVisible();
  await expect(w.getByRole('button', { name: 'Next' })).toBeDisabled();
});

test('a long name typed before the oven is chosen is judged once it is: MiLO takes 24 characters', async ({
  page,
  cook,
}) => {
  void cook;
  const w = await openWizard(page);
  const name = 'Double Pepperoni Large';
  await w.getByLabel('Recipe name').fill(name);
  await expect(w.getByLabel('Recipe name')).toHaveValue(name);
  await expect(w.getByText(/Choose the oven below: how long a name may be depends on it/)).toBeVisible();
  await expect(w.getByRole('button', { name: 'Next' })).toBeDisabled();
  await w.getByRole('radio', { name: 'MiLO/Double MiLO' }).check();
  await expect(w.getByLabel('Recipe name')).toHaveValue(name);
  await expect(w.getByRole('button', { name: 'Next' })).toBeEnabled();
});

test('a conveyor stage of 2 h 60 min reads as 3:00:05', async ({ page, cook }) => {
  void cook;
  const w = await openWizard(page);
  await w.getByLabel('Recipe name').fill('Slow Roast');
  await w.getByRole('radio', { name: 'Conveyor 2600/2000/1400' }).check();
  await w.getByRole('button', { name: 'Next' }).click();
  await w.getByLabel('Hours', { exact: true }).selectOption('02');
  await setStage(page, '60', '05', '300');
  await w.getByRole('button', { name: 'Add Stage' }).click();
  await expect(w.locator('.timeline-time')).toHaveText('3:00:05');
});

test('a refused photo says so where the person is looking', async ({ page, cook }) => {
  void cook;
  const w = await openWizard(page);
  await w
    .getByLabel('Recipe photo')
    .setInputFiles({ name: 'pie.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
  const error = w.getByText('The image must be a PNG or JPEG file.');
  await expect(error).toBeInViewport();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 700 } });

  test('each step opens at its top, and a new stage scrolls into view', async ({ page, cook }) => {
    void cook;
    const w = await openWizard(page);
    await w.getByLabel('Recipe name').fill('Phone Pie');
    await w.locator('.modal-body').evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await w.getByRole('button', { name: 'Next' }).click();
    await expect(w.locator('.steps')).toBeInViewport();
    await setStage(page, '01', '00', '450');
    await w.getByRole('button', { name: 'Add Stage' }).click();
    await expect(w.locator('.timeline-stage').last()).toBeInViewport();
    await page.screenshot({ path: 'test-results/screens/phone-wizard-stages.png' });
  });
});
