/**
 * A chain's fleet: the fleet page over 1,000 ovens in 40 locations (versions, sightings and downloads for most),
 * and one menu template applied to 100 ovens in one request, each beside the bare endpoint of the same server in
 * the same run.
 */
import { inArray } from 'drizzle-orm';
import {
  locations,
  menuVersions,
  ovenSightings,
  ovens,
  settingsFingerprints,
} from '../server/db/schema/index';
import { createOven, createRecipe, createSession, createUser } from '../server/test/factories';
import type { MenuTree } from '../shared/domain/menu';
import { finishJob, load as loadOnce, serveApp, withBenchDatabase } from './harness';
import { measure, ms, report, verdict } from './measure';

const OVENS = 1000;
const PLACES = 40;
const CONNECTIONS = 10;
const SECONDS = 6;

/** Two main screens of 8 recipe buttons: a typical store menu. */
function storeMenu(recipeIds: number[]): MenuTree {
  const look = { icon: 'ICON_PIZZA', color: 'ORANGE_900' as const, favorite: false };
  return {
    screens: [0, 1].map((s) => ({
      id: null,
      buttons: Array.from({ length: 8 }, (_, b) => {
        const id = recipeIds[(s * 8 + b) % recipeIds.length]!;
        return {
          id: null,
          kind: 'recipe' as const,
          position: b + 1,
          recipe: { id, name: `Dish ${id}`, ovenType: 'Matchbox 1718/1313' },
          ...look,
        };
      }),
    })),
  };
}

const load = (url: string, headers: Record<string, string>) =>
  loadOnce(url, headers, { connections: CONNECTIONS, seconds: SECONDS });

export async function fleetBench() {
  await withBenchDatabase(async (ctx) => {
    const { database } = ctx;
    const db = database.db;
    /** A chain of `count` ovens in `placeCount` locations, nine in ten with versions, a download and a sighting. */
    const chain = async (count: number, placeCount: number) => {
      const user = await createUser(db);
      const recipeIds: number[] = [];
      for (let i = 0; i < 16; i++) recipeIds.push((await createRecipe(db, { ownerId: user.id })).id);
      const tree = storeMenu(recipeIds);
      const places = await db
        .insert(locations)
        .values(
          Array.from({ length: placeCount }, (_, i) => ({ teamId: user.teamId!, name: `Store ${i + 1}` })),
        )
        .returning({ id: locations.id });
      const ids: number[] = [];
      for (let i = 0; i < count; i++)
        ids.push((await createOven(db, user.id, { name: `Oven ${i + 1}`, tree })).id);
      for (const [p, place] of places.entries()) {
        const mine = ids.filter((_, i) => i % placeCount === p);
        await db.update(ovens).set({ locationId: place.id }).where(inArray(ovens.id, mine));
      }
      for (const [i, ovenId] of ids.entries()) {
        if (i % 10 === 0) continue;
        const [first] = await db
          .insert(menuVersions)
          .values([
            { ovenId, name: 'Winter', tree, recipes: {}, createdBy: user.id },
            { ovenId, name: 'Spring', tree, recipes: {}, createdBy: user.id },
          ])
          .returning({ id: menuVersions.id });
        await db.insert(settingsFingerprints).values({ ovenId, checksum: `c${i}`, versionId: first!.id });
        await db
          .insert(ovenSightings)
          .values({ ovenId, checksum: `c${i}`, versionId: first!.id, seenBy: user.id });
      }
      const token = await createSession(db, user.id);
      return { user, ids, places, token };
    };
    const { ids, places, token } = await chain(OVENS, PLACES);
    // The same page for a chain a tenth the size: a page's cost must not grow with the fleet behind it.
    const smaller = await chain(OVENS / 10, PLACES / 10);
    const app = await serveApp(ctx);
    const base = app.base;
    const headers = {
      authorization: `Bearer ${token}`,
      cookie: 'XSRF-TOKEN=b',
      'x-xsrf-token': 'b',
      'content-type': 'application/json',
    };

    const bare = await load(`${base}/api/health`, {});
    const page = await load(`${base}/api/fleet?per_page=50`, headers);
    const waiting = await load(`${base}/api/fleet?status=waiting&location=${places[3]!.id}`, headers);
    const smallPage = await load(`${base}/api/fleet?per_page=50`, {
      ...headers,
      authorization: `Bearer ${smaller.token}`,
    });

    const template = (await (
      await fetch(`${base}/api/templates`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ name: 'Summer', oven_id: ids[0] }),
      })
    ).json()) as { data: { id: number } };
    const hundred = ids.slice(0, 100);
    let applied = 0;
    const apply = await measure(
      async () => {
        const res = await fetch(`${base}/api/templates/${template.data.id}/apply`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ oven_ids: hundred, save_version: true }),
        });
        applied = (await finishJob<{ applied: number }>(base, headers, res)).result.applied;
      },
      3,
      1,
    );
    // The same template on 10 ovens: the time an oven takes should fall, not grow, as the batch grows.
    const ten = ids.slice(100, 110);
    const applyTen = await measure(
      async () => {
        const res = await fetch(`${base}/api/templates/${template.data.id}/apply`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ oven_ids: ten, save_version: true }),
        });
        await finishJob(base, headers, res);
      },
      3,
      1,
    );
    const healthOnce = await measure(async () => (await fetch(`${base}/api/health`)).arrayBuffer(), 21, 5);
    const row = (r: Awaited<ReturnType<typeof load>>) =>
      `${r.rps.toFixed(0)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms (${(r.rps / bare.rps).toFixed(3)}× the baseline's req/s)`;
    report(
      `Fleet: ${OVENS} ovens in ${PLACES} locations (${database.kind}), ${CONNECTIONS} connections, ${SECONDS} s each`,
      [
        ['baseline GET /api/health', `${bare.rps.toFixed(0)} req/s, p99 ${bare.p99} ms`],
        ['GET /api/fleet (page of 50 of 1,000)', row(page)],
        ['GET /api/fleet?status=waiting&location=…', row(waiting)],
        [`the same page for a chain of ${OVENS / 10} ovens`, row(smallPage)],
        [
          `page at ${OVENS} ovens to the page at ${OVENS / 10} (req/s)`,
          verdict(page.rps / smallPage.rps, { atLeast: 0.8 }),
        ],
        [
          `POST template apply to 100 ovens (${applied} applied)`,
          `${ms(apply.median)} median, ${ms(apply.median / 100)} an oven; ${(apply.median / healthOnce.median).toFixed(0)}× one bare request (${ms(healthOnce.median)})`,
        ],
        [
          'the same template to 10 ovens',
          `${ms(applyTen.median)} median, ${ms(applyTen.median / 10)} an oven`,
        ],
        [
          'time an oven at 100 to an oven at 10',
          verdict(apply.median / 100 / (applyTen.median / 10), { atMost: 1 }),
        ],
        ['errors (non-2xx)', String(bare.errors + page.errors + waiting.errors + smallPage.errors)],
      ],
    );
    await app.close();
  });
}
