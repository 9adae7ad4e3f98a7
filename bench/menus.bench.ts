/**
 * The menu editor's writes on a full grid oven (8 screens of 8 categories, each with 22 pages of 8 recipes: 11,264
 * buttons): a button move and an undo, each one request, beside a bare endpoint of the same server in the same run;
 * and the time to load the whole oven for the editor.
 */
import { createOven, createRecipe, createSession, createUser } from '../server/test/factories';
import type { MenuButton, MenuTree } from '../shared/domain/menu';
import { load as loadOnce, serveApp, withBenchDatabase } from './harness';
import { measure, ms, report, verdict } from './measure';

const CONNECTIONS = 10;
const SECONDS = 6;

function fullMenu(recipeIds: number[]): MenuTree {
  let n = 0;
  const recipe = () => {
    const id = recipeIds[n++ % recipeIds.length]!;
    return { id, name: `Dish ${id}`, ovenType: 'Matchbox 1718/1313' };
  };
  const look = { icon: 'ICON_PIZZA', color: 'ORANGE_900' as const, favorite: false };
  return {
    screens: Array.from({ length: 8 }, (_, s) => ({
      id: null,
      buttons: Array.from(
        { length: 8 },
        (_, b): MenuButton => ({
          id: null,
          kind: 'category',
          position: b + 1,
          ...look,
          category: {
            id: null,
            name: `Cat ${s + 1}-${b + 1}`,
            icon: 'ICON_PIZZA',
            pages: Array.from({ length: 22 }, () => ({
              id: null,
              buttons: Array.from({ length: 8 }, (_, p) => ({
                id: null,
                kind: 'recipe' as const,
                position: p + 1,
                recipe: recipe(),
                ...look,
              })),
            })),
          },
        }),
      ),
    })),
  };
}

const load = (
  url: string,
  headers: Record<string, string>,
  method: 'GET' | 'PUT' | 'POST' = 'GET',
  body?: string,
  amount?: number,
) => loadOnce(url, headers, { connections: CONNECTIONS, seconds: SECONDS, method, body, amount });

export async function menusBench() {
  await withBenchDatabase(async (ctx) => {
    const { database } = ctx;
    const db = database.db;
    const user = await createUser(db);
    const recipeIds: number[] = [];
    for (let i = 0; i < 200; i++) recipeIds.push((await createRecipe(db, { ownerId: user.id })).id);
    const started = performance.now();
    const oven = await createOven(db, user.id, { tree: fullMenu(recipeIds) });
    const built = performance.now() - started;
    const token = await createSession(db, user.id);
    // The same move on a 2-button oven: the goal is that a move's cost does not grow with the menu.
    const look = { icon: 'ICON_PIZZA', color: 'ORANGE_900' as const, favorite: false };
    const small = await createOven(db, user.id, {
      tree: {
        screens: [
          {
            id: null,
            buttons: [1, 2].map((position) => ({
              id: null,
              kind: 'recipe' as const,
              position,
              recipe: { id: recipeIds[position]!, name: `Dish ${position}`, ovenType: 'Matchbox 1718/1313' },
              ...look,
            })),
          },
        ],
      },
    });

    const app = await serveApp(ctx);
    const base = app.base;
    const headers = {
      authorization: `Bearer ${token}`,
      cookie: 'XSRF-TOKEN=b',
      'x-xsrf-token': 'b',
      'content-type': 'application/json',
    };
    const screenId =
      oven.tree.screens[0]!.buttons[0]!.kind === 'category'
        ? oven.tree.screens[0]!.buttons[0]!.category.pages[0]!.id!
        : 0;

    const fetchOven = await measure(
      async () => {
        const res = await fetch(`${base}/api/ovens/${oven.id}`, { headers });
        await res.arrayBuffer();
      },
      7,
      2,
    );
    const size = (await (await fetch(`${base}/api/ovens/${oven.id}`, { headers })).arrayBuffer()).byteLength;

    const bare = await load(`${base}/api/health`, {});
    // Slot 1 and 2 of a category page change places, again and again: every request is a real move.
    const move = await load(
      `${base}/api/ovens/button-position/${oven.id}`,
      headers,
      'PUT',
      JSON.stringify({ screen_id: screenId, current_position: 1, new_position: 2 }),
    );
    const smallMove = await load(
      `${base}/api/ovens/button-position/${small.id}`,
      headers,
      'PUT',
      JSON.stringify({ screen_id: small.screenId, current_position: 1, new_position: 2 }),
    );
    // Each undo reverts one of the moves above (never more undos than moves, so each has something to revert).
    const moves = Math.round(move.rps * SECONDS);
    const { 'content-type': _json, ...noBody } = headers;
    const undo = await load(
      `${base}/api/ovens/${oven.id}/undo`,
      noBody,
      'POST',
      undefined,
      Math.max(10, Math.floor(moves * 0.8)),
    );
    const row = (r: Awaited<ReturnType<typeof load>>) =>
      `${r.rps.toFixed(0)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms (${(r.rps / bare.rps).toFixed(3)}× the baseline)`;
    report(
      `Menu editor: a full oven (11,264 buttons, ${database.kind}), ${CONNECTIONS} connections, ${SECONDS} s each`,
      [
        ['oven written (one transaction)', ms(built)],
        [
          'GET /api/ovens/{id} (whole menu)',
          `${ms(fetchOven.median)} median, ${(size / 1024).toFixed(0)} KiB`,
        ],
        ['baseline GET /api/health', `${bare.rps.toFixed(0)} req/s, p99 ${bare.p99} ms`],
        ['PUT button-position (a move)', row(move)],
        ['the same move on a 2-button oven', row(smallMove)],
        [
          "a full oven's move to a 2-button oven's (req/s)",
          verdict(move.rps / smallMove.rps, { atLeast: 0.5 }),
        ],
        ['POST undo', row(undo)],
        [
          'errors (non-2xx)',
          `${bare.errors + move.errors + smallMove.errors + undo.errors} (move: ${move.statuses}; undo: ${undo.statuses})`,
        ],
      ],
    );
    await app.close();
  });
}
