import type { TFunction } from 'i18next';
import type { RecipesPdfResult } from '../../../shared/contracts/jobs';
import type { RecipeDetail } from '../../../shared/contracts/recipes';
import type { TemperatureUnit } from '../../../shared/domain/temperature';
import { DEFAULT_LANGUAGE, type Language } from '../../../shared/i18n/languages';
import type { Db } from '../../db/client';
import { createDownloadStore } from '../../db/download-store';
import type { RequestUser } from '../../http/request-user';
import { NotFoundError } from '../../lib/errors';
import { translator } from '../../lib/i18n';
import type { PdfRecipe } from '../../lib/pdf';
import { newToken } from '../../lib/tokens';
import { recipesPdf } from './recipes.pdf';
import type { RecipeFilterValues, RecipeOwner, RecipesService } from './recipes.service';

/** The most recipes one "all recipes" PDF holds; the first page says when a list was cut. */
export const PDF_MAX_RECIPES = 2000;

function describeFilters(t: TFunction, f: RecipeFilterValues): string {
  const parts = [
    f.ovens === 'All' ? t('pdf.allOvens') : f.ovens.join(', '),
    f.categories === 'All' ? t('pdf.allCategories') : f.categories.join(', '),
  ];
  if (f.search) parts.push(t('pdf.nameContains', { search: f.search }));
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

/** A PDF of many recipes, carried from the request to whichever process draws it. */
export type RecipesPdfJob = {
  token: string;
  owner: RecipeOwner;
  filters: RecipeFilterValues;
  total: number;
  unit: TemperatureUnit;
  language?: Language;
};

async function bytesOf(doc: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of doc) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** The recipes as they are read, with a step after each (progress, and other requests' turn). */
async function* stepping<T>(
  source: AsyncIterable<T>,
  total: number,
  step: (done: number, total: number) => Promise<void>,
): AsyncIterable<T> {
  let done = 0;
  for await (const item of source) {
    yield item;
    await step(++done, total);
  }
}

/**
 * PDFs are drawn once and kept as bytes for the session that asked (/storage/pdf/{token}.pdf): one recipe at once,
 * a list of up to PDF_MAX_RECIPES as a job that yields after each recipe, so nobody else waits on it.
 */
export function createRecipePdfs(deps: {
  db: Db;
  recipes: RecipesService;
  provider: string;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  const downloads = createDownloadStore(deps.db, now);

  function draw(
    source: AsyncIterable<PdfRecipe>,
    title: string,
    intro: string | undefined,
    unit: TemperatureUnit,
    language: Language,
  ) {
    return bytesOf(
      recipesPdf(source, {
        provider: deps.provider,
        title,
        intro,
        empty: translator(language)('pdf.empty'),
        unit,
        language,
      }),
    );
  }

  return {
    async prepareOne(
      user: RequestUser,
      sessionHash: string,
      recipe: RecipeDetail,
    ): Promise<{ name: string }> {
      const bytes = await draw(
        deps.recipes.forPdf({
          owner: 'library',
          filters: { ovens: 'All', categories: 'All', search: '' },
          ids: [recipe.id],
          limit: 1,
        }),
        recipe.name,
        undefined,
        user.temperature_unit,
        user.language ?? DEFAULT_LANGUAGE,
      );
      const kept = await downloads.keep({
        userId: user.id,
        sessionHash,
        teamId: null,
        fileName: fileName(recipe.name),
        bytes,
      });
      return { name: `${kept.token}.pdf` };
    },

    /** Counts what the list PDF will hold; the job that draws it is queued by the caller with these params. */
    async listJob(
      user: RequestUser,
      input: { owner: RecipeOwner; filters: RecipeFilterValues },
    ): Promise<RecipesPdfJob> {
      const total = await deps.recipes.count(input);
      return {
        token: newToken().slice(0, 32),
        ...input,
        total,
        unit: user.temperature_unit,
        language: user.language ?? DEFAULT_LANGUAGE,
      };
    },

    /** Draws the list PDF of a job, once, and keeps it for the job's session. */
    async drawList(
      job: { userId: number; sessionHash: string; params: RecipesPdfJob },
      step: (done: number, total: number) => Promise<void>,
    ): Promise<RecipesPdfResult> {
      const params = job.params;
      // A job queued before PDFs had a language is written in English.
      const language = params.language ?? DEFAULT_LANGUAGE;
      const t = translator(language);
      const title =
        params.owner === 'library'
          ? t('recipeList.providerTitle', { provider: deps.provider })
          : t('recipeList.myTitle');
      const intro = [
        t('pdf.intro', { count: params.total, filters: describeFilters(t, params.filters) }),
        params.total > PDF_MAX_RECIPES ? t('pdf.introCut', { max: PDF_MAX_RECIPES }) : '',
        t('pdf.printed', { date: now().toISOString().slice(0, 10) }),
      ]
        .filter(Boolean)
        .join('  ');
      const inFile = Math.min(params.total, PDF_MAX_RECIPES);
      const source = deps.recipes.forPdf({
        owner: params.owner,
        filters: params.filters,
        limit: PDF_MAX_RECIPES,
      });
      const bytes = await draw(stepping(source, inFile, step), title, intro, params.unit, language);
      await downloads.keep({
        userId: job.userId,
        sessionHash: job.sessionHash,
        teamId: typeof params.owner === 'object' && 'teamId' in params.owner ? params.owner.teamId : null,
        fileName: fileName(title),
        bytes,
        token: params.token,
      });
      return { name: `${params.token}.pdf`, total: params.total, size: bytes.byteLength };
    },

    /** The drawn PDF a download name stands for, to the session that asked; NotFoundError otherwise. */
    async open(name: string, sessionHash: string | null): Promise<{ fileName: string; bytes: Buffer }> {
      const token = name.replace(/\.pdf$/, '');
      const found = await downloads.open(token, sessionHash);
      // A PDF is kept whole; a token of a zip's parts is not one.
      if (!found || !('bytes' in found)) throw new NotFoundError('Download');
      return found;
    },
  };
}

export type RecipePdfs = ReturnType<typeof createRecipePdfs>;
