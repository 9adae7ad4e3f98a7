/**
 * The menu editor in a browser on a tablet 4× slower than this machine (Chromium's CPU throttling): opening a
 * MiLO category of 3, 300 and 1,024 recipes, and moving a button within it, each timed in the page from the tap
 * (or key) to the frame that shows the result. The 3-recipe category is the baseline: a category should open,
 * and a move land, in about the same time at any size. Needs `npm run build` and Chromium.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { DEFAULT_CLIENT_DIR } from '../server/app';
import { createOven, createRecipe, createSession, createUser } from '../server/test/factories';
import { AUTH_TOKEN_STORAGE_KEY } from '../shared/contracts/http';
import type { MenuTree, RecipeButton } from '../shared/domain/menu';
import { serveApp, withBenchDatabase } from './harness';
import { ms, report, verdict } from './measure';

const SIZES = [3, 300, 1024];
const RUNS = 5;
const THROTTLE = 4;
const TYPE = 'MiLO/Double MiLO' as const;

function categoryOf(size: number, recipeIds: number[]): MenuTree {
  const look = { icon: 'ICON_PIZZA', color: 'ORANGE_900' as const, favorite: false };
  const buttons = Array.from(
    { length: size },
    (_, i): RecipeButton => ({
      id: null,
      kind: 'recipe',
      position: i + 1,
      recipe: { id: recipeIds[i % recipeIds.length]!, name: `Dish ${i + 1}`, ovenType: TYPE },
      ...look,
    }),
  );
  return {
    screens: [
      {
        id: null,
        buttons: [
          {
            id: null,
            kind: 'category',
            position: 1,
            ...look,
            category: { id: null, name: 'Pizzas', icon: 'ICON_PIZZA', pages: [{ id: null, buttons }] },
          },
        ],
      },
    ],
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function editorBench() {
  if (!existsSync(join(DEFAULT_CLIENT_DIR, 'index.html'))) {
    console.log('\neditor: no build found; run `npm run build` first.');
    return;
  }
  await withBenchDatabase(async (ctx) => {
    const db = ctx.database.db;
    const user = await createUser(db);
    const recipeIds: number[] = [];
    for (let i = 0; i < 24; i++)
      recipeIds.push(
        (await createRecipe(db, { ownerId: user.id, oven_type: TYPE, name: `Dish ${i + 1}` })).id,
      );
    const ovens = new Map<number, number>();
    for (const size of SIZES)
      ovens.set(
        size,
        (
          await createOven(db, user.id, {
            type: TYPE,
            name: `Milo ${size}`,
            tree: categoryOf(size, recipeIds),
          })
        ).id,
      );
    const token = await createSession(db, user.id);
    const app = await serveApp(ctx, { clientDir: DEFAULT_CLIENT_DIR });
    const browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu'],
    });
    try {
      const context = await browser.newContext({ viewport: { width: 1024, height: 768 }, hasTouch: true });
      await context.addInitScript(
        ([key, value]) => localStorage.setItem(key!, value!),
        [AUTH_TOKEN_STORAGE_KEY, token],
      );
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
      const figures = new Map<number, { open: number; move: number }>();
      for (const size of SIZES) {
        const opens: number[] = [];
        const moves: number[] = [];
        for (let run = 0; run < RUNS; run++) {
          await page.goto(`${app.base}/ovens?oven=${ovens.get(size)}`);
          const category = page.locator('.editor-main .tile-button', { hasText: 'Pizzas' });
          await category.waitFor();
          // Timed in the page: from the tap's event to the frame that shows the category's first recipe.
          await page.evaluate(() => {
            addEventListener('click', () => Object.assign(window, { t0: performance.now() }), {
              capture: true,
              once: true,
            });
          });
          await category.click();
          if (process.env.EDITOR_BENCH_DEBUG) {
            await page.waitForTimeout(3000);
            await page.screenshot({ path: '/tmp/editor-bench.png' });
            console.log(
              await page.evaluate(() => [
                (window as unknown as { t0?: number }).t0,
                document.querySelector('.editor-main .slot[data-position="1"] .tile-name')?.textContent,
              ]),
            );
          }
          const open = await page.waitForFunction(() => {
            const w = window as unknown as { t0?: number };
            return w.t0 !== undefined &&
              document
                .querySelector('.editor-main .slot[data-position="1"] .tile-name')
                ?.textContent?.startsWith('Dish')
              ? performance.now() - w.t0
              : null;
          });
          opens.push((await open.jsonValue()) as number);

          // A move within the category by keyboard: slot 1 to slot 2, timed from the dropping key.
          const first = page.locator('.editor-main .slot[data-position="1"] .tile-button');
          const moved = await page.locator('.editor-main .slot[data-position="1"] .tile-name').textContent();
          await first.focus();
          await page.keyboard.press('Space');
          await page.locator('.tile-dragging').waitFor();
          await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
          await page.keyboard.press('ArrowRight');
          await page.locator('.editor-main .slot[data-position="2"].slot-over').waitFor();
          await page.evaluate(() => {
            addEventListener('keydown', () => Object.assign(window, { t1: performance.now() }), {
              capture: true,
              once: true,
            });
          });
          await page.keyboard.press('Space');
          const move = await page.waitForFunction((name) => {
            const w = window as unknown as { t1?: number };
            return w.t1 !== undefined &&
              document.querySelector('.editor-main .slot[data-position="2"] .tile-name')?.textContent === name
              ? performance.now() - w.t1
              : null;
          }, moved);
          moves.push((await move.jsonValue()) as number);
          // Let the move's request finish before the next load.
          await page.waitForLoadState('networkidle');
        }
        figures.set(size, { open: median(opens), move: median(moves) });
      }
      const base = figures.get(SIZES[0]!)!;
      report(`editor: a MiLO category on a tablet ${THROTTLE}× slower (median of ${RUNS}, tap to frame)`, [
        ...SIZES.map((size): [string, string] => {
          const f = figures.get(size)!;
          return [`${size} recipes`, `open ${ms(f.open)}, move ${ms(f.move)}`];
        }),
        ...SIZES.slice(1).flatMap((size): [string, string][] => {
          const f = figures.get(size)!;
          return [
            [`open ${size} / open ${SIZES[0]}`, verdict(f.open / base.open, { atMost: 1.5 })],
            [`move ${size} / move ${SIZES[0]}`, verdict(f.move / base.move, { atMost: 1.5 })],
          ];
        }),
      ]);
    } finally {
      await browser.close();
      await app.close();
    }
  });
}
