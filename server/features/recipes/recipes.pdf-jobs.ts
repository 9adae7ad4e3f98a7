import { and, eq, gt, lt } from 'drizzle-orm';
import type { RecipeDetail } from '../../../shared/contracts/recipes';
import type { TemperatureUnit } from '../../../shared/domain/temperature';
import type { Db } from '../../db/client';
import { pdfJobs } from '../../db/schema/index';
import type { RequestUser } from '../../http/request-user';
import { NotFoundError } from '../../lib/errors';
import { newToken } from '../../lib/tokens';
import { recipesPdf } from './recipes.pdf';
import type { RecipeFilterValues, RecipesService } from './recipes.service';

/** The most recipes one "all recipes" PDF holds; the first page says when a list was cut. */
export const PDF_MAX_RECIPES = 2000;
const JOB_TTL_MS = 15 * 60_000;

// `unit`: the asker's °F or °C (jobs stored before it existed print °F).
type JobParams = { unit?: TemperatureUnit } & (
  | { kind: 'recipe'; id: number; name: string }
  | { kind: 'recipes'; ownerId: number | null; filters: RecipeFilterValues; total: number }
);

function describeFilters(f: RecipeFilterValues): string {
  const parts = [
    f.ovens === 'All' ? 'all ovens' : f.ovens.join(', '),
    f.categories === 'All' ? 'all categories' : f.categories.join(', '),
  ];
  if (f.search) parts.push(`name contains "${f.search}"`);
  return parts.join('; ');
}

function fileName(s: string): string {
  return `${
    s
      .replace(/[^A-Za-z0-9 _-]/g, '')
      .trim()
      .replace(/\s+/g, '-') || 'recipe'
  }.pdf`;
}

/**
 * PDFs are asked for with the bearer token (/api/createpdfs…) and downloaded by the browser without it
 * (/storage/pdf/{name}); the random name, stored with what to draw and an expiry, links the two.
 */
export function createRecipePdfs(deps: {
  db: Db;
  recipes: RecipesService;
  provider: string;
  now?: () => Date;
}) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  async function save(userId: number, params: JobParams): Promise<string> {
    const name = `${newToken().slice(0, 32)}.pdf`;
    await db.delete(pdfJobs).where(lt(pdfJobs.expiresAt, now()));
    await db
      .insert(pdfJobs)
      .values({ name, userId, params, expiresAt: new Date(now().getTime() + JOB_TTL_MS) });
    return name;
  }

  return {
    async prepareOne(user: RequestUser, recipe: RecipeDetail) {
      return {
        name: await save(user.id, {
          kind: 'recipe',
          id: recipe.id,
          name: recipe.name,
          unit: user.temperature_unit,
        }),
      };
    },

    async prepareList(user: RequestUser, input: { ownerId: number | null; filters: RecipeFilterValues }) {
      const total = await deps.recipes.count(input);
      return {
        name: await save(user.id, { kind: 'recipes', ...input, total, unit: user.temperature_unit }),
        total,
      };
    },

    /** The PDF a download name stands for, drawn as it is read; NotFoundError when expired or unknown. */
    async open(name: string): Promise<{ fileName: string; doc: NodeJS.ReadableStream }> {
      const [job] = await db
        .select()
        .from(pdfJobs)
        .where(and(eq(pdfJobs.name, name), gt(pdfJobs.expiresAt, now())))
        .limit(1);
      if (!job) throw new NotFoundError('Download');
      const params = job.params as JobParams;
      const source =
        params.kind === 'recipe'
          ? deps.recipes.forPdf({
              ownerId: null,
              filters: { ovens: 'All', categories: 'All', search: '' },
              ids: [params.id],
              limit: 1,
            })
          : deps.recipes.forPdf({ ownerId: params.ownerId, filters: params.filters, limit: PDF_MAX_RECIPES });
      const title =
        params.kind === 'recipe'
          ? params.name
          : params.ownerId === null
            ? `${deps.provider} Recipes`
            : 'My Recipes';
      const intro =
        params.kind === 'recipes'
          ? `${params.total} recipe${params.total === 1 ? '' : 's'} (${describeFilters(params.filters)})${
              params.total > PDF_MAX_RECIPES
                ? `. This file holds the first ${PDF_MAX_RECIPES}; narrow the filters for the rest.`
                : '.'
            }  Printed ${now().toISOString().slice(0, 10)}.`
          : undefined;
      const doc = recipesPdf(source, {
        provider: deps.provider,
        title,
        intro,
        empty: 'No recipes match these filters.',
        unit: params.unit ?? 'F',
      });
      return { fileName: fileName(params.kind === 'recipe' ? params.name : title), doc };
    },
  };
}

export type RecipePdfs = ReturnType<typeof createRecipePdfs>;
