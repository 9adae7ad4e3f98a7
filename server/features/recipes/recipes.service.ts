import { and, asc, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import { fieldErrors } from '../../../shared/contracts/common';
import type {
  ConvertPreview,
  ConvertResult,
  Owner,
  RecipeData,
  RecipeDetail,
} from '../../../shared/contracts/recipes';
import { RECIPES_PER_PAGE, recipeInput } from '../../../shared/contracts/recipes';
import { detectImageType, imageIssue } from '../../../shared/domain/image';
import { type OvenType, ovenModel } from '../../../shared/domain/oven-models';
import {
  type Actor,
  can,
  canCreateIn,
  canReadRecipe,
  canWriteRecipe,
  refusalFor,
} from '../../../shared/domain/permissions';
import { copyRecipeName, normalizeRecipeName, type RecipeFields } from '../../../shared/domain/recipe';
import { type ConversionChange, convertRecipe } from '../../../shared/domain/recipe-convert';
import { countSaid } from '../../../shared/domain/words';
import { english } from '../../../shared/i18n/english';
import { listOf, type Said, said } from '../../../shared/i18n/said';
import type { ActivityRecorder } from '../../db/activity-store';
import { countAll, type Db, type DbOrTx } from '../../db/client';
import {
  insertChildren,
  insertRecipe,
  type RecipeRow,
  recipeColumns,
  recipeDetails,
  toCard,
} from '../../db/recipe-store';
import { libraryState, recipeEvents, recipeImages, recipeStages, recipes } from '../../db/schema/index';
import { inScope, ownerColumns, scopeOf } from '../../db/scope';
import { containsFolded } from '../../db/search';
import { ConflictError, ForbiddenError, NotFoundError, pgCode, ValidationError } from '../../lib/errors';
import { freshRead } from '../../lib/fresh-read';
import { saidOut } from '../../lib/said-out';
import { newToken } from '../../lib/tokens';
import { VersionedLru } from '../../lib/versioned-lru';
import { menusUsing, onMenuInReach } from '../ovens';

/** Library list pages kept per instance (each a dozen cards, a few KB), and the library's totals per filter. */
const LIBRARY_CACHE_SIZE = 2000;
const LIBRARY_COUNTS_SIZE = 5000;

/** The library's recipes of one oven model and category that a search finds. */
type Tally = { ovenType: string; category: string | null; n: number };

export interface RecipeFilterValues {
  ovens: string[] | 'All';
  categories: string[] | 'All';
  search: string;
}

/** Decodes and checks a data-URL photo by its bytes; the declared type is not trusted. */
export function decodeImage(dataUrl: string): { contentType: 'image/png' | 'image/jpeg'; bytes: Buffer } {
  const comma = dataUrl.indexOf(',');
  const bytes = Buffer.from(dataUrl.slice(comma + 1), 'base64');
  const issue = imageIssue({ size: bytes.length, head: bytes.subarray(0, 16) });
  if (issue) throw ValidationError.field('image', issue);
  const type = detectImageType(bytes);
  return { contentType: type === 'png' ? 'image/png' : 'image/jpeg', bytes };
}

async function insertImage(
  tx: DbOrTx,
  photo: { contentType: 'image/png' | 'image/jpeg'; bytes: Buffer },
): Promise<string> {
  const id = newToken().slice(0, 22);
  await tx
    .insert(recipeImages)
    .values({ id, contentType: photo.contentType, bytes: photo.bytes, size: photo.bytes.length });
  return id;
}

export function filterConditions(f: RecipeFilterValues): SQL[] {
  const where: SQL[] = [];
  if (f.ovens !== 'All') where.push(inArray(recipes.ovenType, f.ovens));
  if (f.categories !== 'All') where.push(inArray(recipes.category, f.categories));
  if (f.search) {
    where.push(containsFolded(recipes.nameKey, f.search, recipes.nameGrams));
  }
  return where;
}

/** Whose recipes a list shows: the provider's library, a team's (My Recipes), or one person's (the admin's user page). */
export type RecipeOwner = 'library' | { teamId: number } | { createdBy: number };

/**
 * The list a person asked for: the library (anyone), or My Recipes, their current team's, when their role reads
 * recipes (crew read menus, not the recipe book: 403 saying so).
 */
export function recipeOwner(actor: Actor, owner: 'provider' | 'community'): RecipeOwner {
  if (owner === 'provider') return 'library';
  if (!actor.team || !can(actor, 'recipes.read')) throw new ForbiddenError(refusalFor(actor, 'recipes.read'));
  return { teamId: actor.team.id };
}

export const ownerCondition = (owner: RecipeOwner): SQL => {
  if (owner === 'library') return inScope.library();
  if ('teamId' in owner) return inScope.ownRecipes({ teamId: owner.teamId, locationIds: null });
  // What a person made for their teams (library recipes an admin added are the library's).
  return and(eq(recipes.createdBy, owner.createdBy), isNotNull(recipes.teamId))!;
};

/**
 * A recipe on an oven's menu is neither deleted nor moved to another oven type from under it (decision 0015): the
 * person is told which ovens use it, and where, so they can take it off first. For the library, an admin is told how
 * many ovens of how many users use it (those ovens are not theirs to name).
 */
async function refuseIfOnMenus(
  tx: DbOrTx,
  actor: Actor,
  rows: { id: number; name: string }[],
  doing: 'deleted' | 'moved to another oven type',
): Promise<void> {
  const uses = await menusUsing(
    tx,
    rows.map((r) => r.id),
  );
  if (uses.length === 0) return;
  const lines = rows
    .filter((r) => uses.some((u) => u.recipeId === r.id))
    .map((r) => {
      const mine = uses.filter((u) => u.recipeId === r.id && u.teamId === actor.team?.id);
      const others = uses.filter((u) => u.recipeId === r.id && u.teamId !== actor.team?.id);
      const parts: Said[] = [];
      if (mine.length > 0) {
        const places: Said[] = mine
          .slice(0, 3)
          .map((u) => said('ruleParts.ovenAt', { oven: u.ovenName, place: u.place }));
        if (mine.length > 3) places.push(said('ruleParts.moreCount', { n: mine.length - 3 }));
        parts.push(said('ruleParts.onPlaces', { places: listOf(places) }));
      }
      if (others.length > 0) {
        const ovenCount = new Set(others.map((u) => u.ovenId)).size;
        const teamCount = new Set(others.map((u) => u.teamId)).size;
        parts.push(
          said(teamCount === 1 ? 'ruleParts.onOtherTeam' : 'ruleParts.onOtherTeams', {
            ovens: countSaid(ovenCount, 'oven'),
            n: teamCount,
          }),
        );
      }
      const where =
        parts.length === 2 ? said('ruleParts.bothParts', { a: parts[0]!, b: parts[1]! }) : parts[0]!;
      return said('ruleParts.recipeIsOn', { name: r.name, where });
    });
  const own = lines.length === 1 && uses.every((u) => u.teamId === actor.team?.id);
  throw new ConflictError(
    said('ruleMessages.onMenuRefused', {
      lines: listOf(lines, '; '),
      doing: said(doing === 'deleted' ? 'ruleParts.doingDeleted' : 'ruleParts.doingMoved'),
      menus: said(own ? 'ruleParts.thoseMenus' : 'ruleParts.theMenus'),
    }),
    {},
    { recipes: lines.map((l) => english(l)) },
  );
}

/** A button added to a menu at the same moment still stops the delete: the database refuses, said in words. */
function onMenuRace(error: unknown): never {
  if (pgCode(error) === '23503') throw new ConflictError(said('ruleMessages.justPutOnMenu'));
  throw error;
}

/** A conversion's change on the wire: the field, said, and its English. */
const changeOut = (c: ConversionChange) => ({ field: c.field, ...saidOut(c.said) });

export function createRecipesService(deps: { db: Db; activity: ActivityRecorder; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  async function row(id: number): Promise<RecipeRow | undefined> {
    const [r] = await db.select().from(recipes).where(eq(recipes.id, id)).limit(1);
    return r;
  }

  /** Someone who may not even read a recipe learns nothing about it: 404, never 403. */
  async function readable(actor: Actor, id: number): Promise<RecipeRow> {
    const r = await row(id);
    if (!r) throw new NotFoundError('Recipe');
    if (canReadRecipe(actor, r)) return r;
    // Crew read (never change) the team's recipes that stand on a menu of their stores' ovens.
    if (actor.team?.id === r.teamId && (await onMenuInReach(db, scopeOf(actor), id))) return r;
    throw new NotFoundError('Recipe');
  }
  async function writable(actor: Actor, id: number): Promise<RecipeRow> {
    const r = await readable(actor, id);
    if (!canWriteRecipe(actor, r)) throw new ForbiddenError(said('ruleMessages.ownRecipesOnly'));
    return r;
  }

  const details = (rows: RecipeRow[]) => recipeDetails(db, rows);

  /** The domain's conversion of a stored recipe (its wire fields are the domain's recipe fields). */
  const converted = (source: RecipeDetail, ovenType: OvenType) =>
    convertRecipe(source as RecipeFields, ovenModel(ovenType));

  async function detail(id: number): Promise<RecipeDetail> {
    const r = await row(id);
    if (!r) throw new NotFoundError('Recipe');
    return (await details([r]))[0]!;
  }

  async function copyImage(tx: DbOrTx, imageId: string | null): Promise<string | null> {
    if (!imageId) return null;
    const [img] = await tx.select().from(recipeImages).where(eq(recipeImages.id, imageId)).limit(1);
    return img ? insertImage(tx, { contentType: img.contentType, bytes: img.bytes }) : null;
  }

  /**
   * The recipes of one page, by name, with `also` selected beside each (a window count, or nothing). A searched
   * page is sorted from the search's matches (`|| ''` keeps the name index out of the plan): walked in name
   * order, a search that finds few recipes read the whole library to fill a page.
   */
  const pageOf = <T extends Record<string, SQL>>(
    where: SQL | undefined,
    page: number,
    also: T,
    searched = false,
  ) =>
    db
      .select({ recipe: recipes, ...also })
      .from(recipes)
      .where(where)
      .orderBy(searched ? asc(sql`${recipes.sortKey} || ''`) : asc(recipes.sortKey), asc(recipes.id))
      .limit(RECIPES_PER_PAGE)
      .offset((page - 1) * RECIPES_PER_PAGE);
  const countOf = async (where: SQL | undefined) =>
    Number((await db.select({ n: countAll }).from(recipes).where(where))[0]?.n ?? 0);

  // The library's list pages by filters and page, with the library version they were read at.
  const libraryCache = new VersionedLru<Awaited<ReturnType<typeof listPage>>>(LIBRARY_CACHE_SIZE);
  /**
   * The library's totals for one search (or none), by oven model and category: a filter of models and categories
   * is a sum of these cells, so one grouped count per search serves every filter and page of it (a first pass
   * through many filters counts each search once, not each filter). Kept per library version.
   */
  const libraryTallies = new VersionedLru<Promise<Tally[]>>(LIBRARY_COUNTS_SIZE);
  // The pages being read, by version and key.
  const libraryReads = new Map<string, ReturnType<typeof libraryPage>>();
  // Read on every library page, so shared by those who ask at once (each still sees every change made before).
  const libraryVersion = freshRead(async () => {
    const [state] = await db.select({ version: libraryState.version }).from(libraryState).limit(1);
    return Number(state?.version ?? 0);
  });

  function talliesOf(search: string, version: number): Promise<Tally[]> {
    const known = libraryTallies.get(search, version);
    if (known) return known;
    const cells = db
      .select({ ovenType: recipes.ovenType, category: recipes.category, n: countAll })
      .from(recipes)
      .where(and(ownerCondition('library'), ...filterConditions({ ovens: 'All', categories: 'All', search })))
      .groupBy(recipes.ovenType, recipes.category)
      .then((rows) => rows.map((r) => ({ ovenType: r.ovenType, category: r.category, n: Number(r.n) })));
    // A failed count is not kept: the next page asks again.
    cells.catch(() => libraryTallies.delete(search));
    libraryTallies.set(search, version, cells);
    return cells;
  }

  /** A library page: the page by the (team, name, id) index and, beside it, the total from the search's tallies. */
  async function libraryPage(filters: RecipeFilterValues, page: number, version: number) {
    const where = and(ownerCondition('library'), ...filterConditions(filters));
    const [rows, cells] = await Promise.all([
      pageOf(where, page, {}, Boolean(filters.search)),
      talliesOf(filters.search ?? '', version),
    ]);
    const ovens = filters.ovens === 'All' ? null : new Set<string>(filters.ovens);
    const categories = filters.categories === 'All' ? null : new Set<string | null>(filters.categories);
    const total = cells.reduce(
      (sum, c) =>
        (!ovens || ovens.has(c.ovenType)) && (!categories || categories.has(c.category)) ? sum + c.n : sum,
      0,
    );
    return { data: rows.map((r) => toCard(r.recipe)), total };
  }

  /** A team's or a person's page: a few hundred recipes at most, so the total rides along as a window count. */
  async function listPage(input: { owner: RecipeOwner; filters: RecipeFilterValues; page: number }) {
    const where = and(ownerCondition(input.owner), ...filterConditions(input.filters));
    const rows = await pageOf(where, input.page, {
      total: sql<number>`cast(count(*) over () as integer)`,
    });
    // A page past the end has no row to carry the total.
    const total = rows.length === 0 && input.page > 1 ? await countOf(where) : Number(rows[0]?.total ?? 0);
    return { data: rows.map((r) => toCard(r.recipe)), total };
  }

  return {
    /**
     * One page of a list. The library's pages (read by everyone, changed rarely) are served from this instance's
     * cache while the library's version stands: one tiny read instead of the filtered, searched query.
     */
    async list(input: { owner: RecipeOwner; filters: RecipeFilterValues; page: number }) {
      if (input.owner !== 'library') return listPage(input);
      const version = await libraryVersion();
      const key = JSON.stringify([input.filters, input.page]);
      const cached = libraryCache.get(key, version);
      if (cached) return cached;
      // Many asking a page no one has read yet (after a library change) share one query.
      const readingKey = `${version}|${key}`;
      const reading = libraryReads.get(readingKey);
      if (reading) return reading;
      const read = libraryPage(input.filters, input.page, version).finally(() =>
        libraryReads.delete(readingKey),
      );
      libraryReads.set(readingKey, read);
      const page = await read;
      libraryCache.set(key, version, page);
      return page;
    },

    async get(actor: Actor, id: number): Promise<RecipeDetail> {
      const r = await readable(actor, id);
      return (await details([r]))[0]!;
    },

    /** `photo.imageFrom`: copy the photo of a recipe the actor can read (a copy made in the wizard). */
    async create(
      actor: Actor,
      input: RecipeData,
      photoInput: { image?: string | null; imageFrom?: number },
      scope: Owner | undefined,
    ) {
      if (!canCreateIn(actor, scope ?? 'community'))
        throw new ForbiddenError(
          scope === 'provider' ? said('ruleMessages.libraryAdminsOnly') : refusalFor(actor, 'recipes.write'),
        );
      const teamId = scope === 'provider' ? null : ownerColumns(scopeOf(actor)).teamId;
      const photo = photoInput.image ? decodeImage(photoInput.image) : null;
      const source = !photo && photoInput.imageFrom ? await readable(actor, photoInput.imageFrom) : null;
      const id = await db.transaction(async (tx) => {
        const imageId = photo ? await insertImage(tx, photo) : await copyImage(tx, source?.imageId ?? null);
        await deps.activity.created(tx, 'recipe_created', input.oven_type);
        return insertRecipe(tx, input, { teamId, createdBy: actor.id, imageId, at: now() });
      });
      return detail(id);
    },

    async update(actor: Actor, id: number, input: RecipeData, image: string | null | undefined) {
      const current = await writable(actor, id);
      const photo = image ? decodeImage(image) : null;
      await db.transaction(async (tx) => {
        if (input.oven_type !== current.ovenType)
          await refuseIfOnMenus(tx, actor, [current], 'moved to another oven type');
        // A new photo replaces the old one; null removes it; undefined keeps it.
        const imageId = photo ? await insertImage(tx, photo) : image === null ? null : current.imageId;
        await tx
          .update(recipes)
          .set({ ...recipeColumns(input), imageId, updatedAt: now() })
          .where(eq(recipes.id, id));
        if (current.imageId && current.imageId !== imageId)
          await tx.delete(recipeImages).where(eq(recipeImages.id, current.imageId));
        await tx.delete(recipeStages).where(eq(recipeStages.recipeId, id));
        await tx.delete(recipeEvents).where(eq(recipeEvents.recipeId, id));
        await insertChildren(tx, id, input);
      });
      return detail(id);
    },

    async remove(actor: Actor, id: number): Promise<RecipeDetail> {
      const current = await writable(actor, id);
      const gone = await detail(id);
      await db
        .transaction(async (tx) => {
          await refuseIfOnMenus(tx, actor, [current], 'deleted');
          await tx.delete(recipes).where(eq(recipes.id, id));
          if (current.imageId) await tx.delete(recipeImages).where(eq(recipeImages.id, current.imageId));
        })
        .catch(onMenuRace);
      return gone;
    },

    /**
     * mode 0, clone: a recipe you can read becomes a new one of yours, same name.
     * mode 1, duplicate: a recipe you can change gets a sibling with the same owner, named "… Copy".
     */
    async clone(actor: Actor, id: number, mode: 0 | 1): Promise<RecipeDetail> {
      if (mode === 0 && !canCreateIn(actor, 'community'))
        throw new ForbiddenError(refusalFor(actor, 'recipes.write'));
      const source = mode === 0 ? await readable(actor, id) : await writable(actor, id);
      const [full] = await details([source]);
      const model = ovenModel(source.ovenType as OvenType);
      const name = mode === 0 ? normalizeRecipeName(source.name, model) : copyRecipeName(source.name, model);
      // The copy passes the same rules as any new recipe (the source may predate a rule).
      const checked = recipeInput.safeParse({ ...full, name });
      if (!checked.success) {
        const errors = fieldErrors(checked.error);
        throw new ValidationError(
          said('ruleMessages.copyNeedsFix', { reason: Object.values(errors)[0]?.[0] ?? '' }),
          errors,
        );
      }
      const teamId = mode === 0 ? ownerColumns(scopeOf(actor)).teamId : source.teamId;
      const newId = await db.transaction(async (tx) => {
        const imageId = await copyImage(tx, source.imageId);
        await deps.activity.created(tx, 'recipe_created', checked.data.oven_type);
        return insertRecipe(tx, checked.data, { teamId, createdBy: actor.id, imageId, at: now() });
      });
      return detail(newId);
    },

    /** A recipe as it would be on another oven model, and every change: nothing is saved. */
    async convertPreview(actor: Actor, id: number, ovenType: OvenType): Promise<ConvertPreview> {
      const [source] = await details([await readable(actor, id)]);
      const { recipe, changes } = converted(source!, ovenType);
      return {
        source: source!,
        result: {
          name: recipe.name,
          oven_type: recipe.oven_type,
          set_temp: recipe.set_temp,
          stages: recipe.stages,
          events: recipe.events,
        },
        changes: changes.map(changeOut),
      };
    },

    /**
     * Converted copies of recipes you can read, in My Recipes, all in one transaction: if one cannot be
     * converted, none is. Recipes already for the target model are skipped and said so.
     */
    async convertMany(actor: Actor, ids: number[], ovenType: OvenType): Promise<ConvertResult> {
      if (!canCreateIn(actor, 'community')) throw new ForbiddenError(refusalFor(actor, 'recipes.write'));
      const unique = [...new Set(ids)];
      const rows = await db.select().from(recipes).where(inArray(recipes.id, unique));
      const missing = unique.filter((id) => !rows.some((r) => r.id === id && canReadRecipe(actor, r)));
      if (missing.length > 0) {
        const message = said('ruleMessages.recipesNotFoundConvert', {
          list: `${missing.slice(0, 10).join(', ')}${missing.length > 10 ? ', …' : ''}`,
        });
        throw new NotFoundError('Recipe', { errors: { ids: [english(message)] } }, message);
      }
      const byId = new Map(rows.map((r) => [r.id, r]));
      const ordered = unique.map((id) => byId.get(id)!);
      const skipped: ConvertResult['skipped'] = ordered
        .filter((r) => r.ovenType === ovenType)
        .map((r) => ({ id: r.id, name: r.name, reason: 'same_model' as const }));
      const sources = await details(ordered.filter((r) => r.ovenType !== ovenType));
      // A recipe of yours of that name on the target model is taken as an earlier conversion: converting twice
      // would make two identical recipes.
      const mine = await db
        .select({ name: recipes.name })
        .from(recipes)
        .where(and(inScope.ownRecipes(scopeOf(actor)), eq(recipes.ovenType, ovenType)));
      const taken = new Set(mine.map((r) => r.name.toLowerCase()));
      const planned = sources.filter((source) => {
        const name = converted(source, ovenType).recipe.name;
        if (!taken.has(name.toLowerCase())) {
          taken.add(name.toLowerCase());
          return true;
        }
        skipped.push({ id: source.id, name: source.name, reason: 'already_converted' });
        return false;
      });
      const plans = planned.map((source) => {
        const { recipe, changes } = converted(source, ovenType);
        const checked = recipeInput.safeParse({ ...source, ...recipe });
        if (!checked.success)
          throw ValidationError.field(
            'ids',
            said('ruleMessages.convertNeedsFix', {
              name: source.name,
              reason: Object.values(fieldErrors(checked.error))[0]?.[0] ?? '',
            }),
          );
        return { source, data: checked.data, changes };
      });
      const data = await db.transaction(async (tx) => {
        const out: ConvertResult['data'] = [];
        for (const plan of plans) {
          const row = byId.get(plan.source.id)!;
          const imageId = await copyImage(tx, row.imageId);
          await deps.activity.created(tx, 'recipe_created', plan.data.oven_type);
          const id = await insertRecipe(tx, plan.data, {
            ...ownerColumns(scopeOf(actor)),
            createdBy: actor.id,
            imageId,
            at: now(),
          });
          out.push({
            source_id: plan.source.id,
            id,
            name: plan.data.name,
            changes: plan.changes.map(changeOut),
          });
        }
        return out;
      });
      return { data, skipped };
    },

    /** All or nothing: if any id is missing or not yours, nothing is deleted. */
    async bulkDelete(actor: Actor, ids: number[]): Promise<number> {
      const unique = [...new Set(ids)];
      return db
        .transaction(async (tx) => {
          const rows = await tx.select().from(recipes).where(inArray(recipes.id, unique));
          const missing = unique.filter((id) => !rows.some((r) => r.id === id && canReadRecipe(actor, r)));
          if (missing.length > 0) {
            const list = missing.slice(0, 10).join(', ') + (missing.length > 10 ? ', …' : '');
            const message = said('ruleMessages.recipesNotFoundDelete', { list });
            throw new NotFoundError('Recipe', { errors: { data: [english(message)] } }, message);
          }
          const notMine = rows.filter((r) => !canWriteRecipe(actor, r));
          if (notMine.length > 0) {
            throw new ForbiddenError(said('ruleMessages.ownRecipesDelete'), {
              errors: {
                data: [
                  `You cannot delete ${notMine
                    .slice(0, 10)
                    .map((r) => `"${r.name}"`)
                    .join(', ')}.`,
                ],
              },
            });
          }
          await refuseIfOnMenus(tx, actor, rows, 'deleted');
          await tx.delete(recipes).where(inArray(recipes.id, unique));
          const imageIds = rows.map((r) => r.imageId).filter((x): x is string => x !== null);
          if (imageIds.length > 0) await tx.delete(recipeImages).where(inArray(recipeImages.id, imageIds));
          return unique.length;
        })
        .catch(onMenuRace);
    },

    async image(imageId: string) {
      const [img] = await db.select().from(recipeImages).where(eq(recipeImages.id, imageId)).limit(1);
      if (!img) throw new NotFoundError('Image');
      return img;
    },

    /** Full recipes for a PDF, in pages of `batch`, so memory stays flat for long lists. */
    async *forPdf(input: {
      owner: RecipeOwner;
      filters: RecipeFilterValues;
      ids?: number[];
      limit: number;
      batch?: number;
    }) {
      const batch = input.batch ?? 100;
      const where = input.ids
        ? inArray(recipes.id, input.ids)
        : and(ownerCondition(input.owner), ...filterConditions(input.filters));
      for (let offset = 0; offset < input.limit; offset += batch) {
        const rows = await db
          .select()
          .from(recipes)
          .where(where)
          .orderBy(asc(recipes.sortKey), asc(recipes.id))
          .limit(Math.min(batch, input.limit - offset))
          .offset(offset);
        if (rows.length === 0) return;
        const images = new Map<string, { contentType: string; bytes: Buffer }>();
        const imageIds = rows.map((r) => r.imageId).filter((x): x is string => x !== null);
        if (imageIds.length > 0) {
          for (const img of await db.select().from(recipeImages).where(inArray(recipeImages.id, imageIds)))
            images.set(img.id, img);
        }
        const full = await details(rows);
        for (let i = 0; i < rows.length; i++) {
          const imageId = rows[i]!.imageId;
          yield { recipe: full[i]!, image: imageId ? (images.get(imageId) ?? null) : null };
        }
        if (rows.length < batch) return;
      }
    },

    async count(input: { owner: RecipeOwner; filters: RecipeFilterValues }): Promise<number> {
      const [c] = await db
        .select({ n: countAll })
        .from(recipes)
        .where(and(ownerCondition(input.owner), ...filterConditions(input.filters)));
      return Number(c?.n ?? 0);
    },
  };
}

export type RecipesService = ReturnType<typeof createRecipesService>;
