import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Owner, RecipeDetail } from '../../../shared/contracts/recipes';
import { canCreateIn, canWriteRecipe } from '../../../shared/domain/permissions';
import { useBanners } from '../../components/banners';
import { FlameLogo } from '../../components/icons';
import { JobProgressBar } from '../../components/job-progress';
import { ConfirmDialog, Overlay } from '../../components/modal';
import { useCurrentUser } from '../../lib/current-user';
import { textOf } from '../../lib/i18n';
import { usePublicConfig } from '../../lib/public-config';
import { TIMINGS } from '../../lib/timings';
import { BulkConvertModal } from './bulk-convert-modal';
import { ConvertRecipeModal } from './convert-recipe-modal';
import { RecipeBrowser, useRecipeBrowser } from './recipe-browser';
import { RecipeViewModal, type ViewAction } from './recipe-view-modal';
import { type Conversion, RecipeWizard, type WizardMode } from './recipe-wizard';
import {
  listQueryString,
  recipeListQuery,
  useBulkDeleteRecipes,
  useCloneRecipe,
  useDeleteRecipe,
  useDownloadPdf,
} from './recipes-api';

const message = (e: unknown) => (e instanceof Error ? textOf(e) : '');
/** How many names a delete confirmation lists before "and N more". */
const NAMES_SHOWN = 8;

/** Spec §2.5: the provider's library (owner provider) and My Recipes (owner community). */
export function RecipeListPage({ owner }: { owner: Owner }) {
  const { t } = useTranslation();
  const { user, isAdmin } = useCurrentUser();
  const provider = usePublicConfig().data?.providerName ?? 'Hearth';
  const banners = useBanners();
  const remove = useDeleteRecipe();
  const bulkDelete = useBulkDeleteRecipes();
  const clone = useCloneRecipe();
  const pdf = useDownloadPdf();

  // Filters and page live in the address: a reload or a shared link shows the same list.
  const browser = useRecipeBrowser((filters) => recipeListQuery({ owner, ...filters }));
  const { ovens, categories, search, data, filtered } = browser;
  const [selecting, setSelecting] = useState(false);
  // Names kept with the ids, so a confirmation can name recipes a search has since hidden.
  const [selected, setSelected] = useState<Map<number, string>>(new Map());
  const [viewing, setViewing] = useState<number | null>(null);
  const [wizard, setWizard] = useState<{
    recipe: RecipeDetail | null;
    mode: WizardMode;
    step: 1 | 2;
    conversion?: Conversion;
  } | null>(null);
  const [confirm, setConfirm] = useState<{ ids: number[]; names: string[]; single: boolean } | null>(null);
  const [pdfBusy, setPdfBusy] = useState(false);
  const [converting, setConverting] = useState<RecipeDetail | null>(null);
  const [bulkConverting, setBulkConverting] = useState(false);

  const actor = user ?? { id: 0, role: 'other' as const, team: null };
  const editMode = canCreateIn(actor, owner);
  const writable = (r: RecipeDetail) => canWriteRecipe(actor, { teamId: r.team_id });
  const title = owner === 'provider' ? t('recipeList.providerTitle', { provider }) : t('recipeList.myTitle');
  const busy = remove.isPending || bulkDelete.isPending || clone.isPending;

  const ok = (who: string, description: string, ms: number = TIMINGS.banner.success) =>
    banners.show({ tone: 'success', who, description, ms });
  const fail = (who: string, description: string, what?: string) =>
    banners.show({ tone: 'error', who, description, what, ms: TIMINGS.banner.error });

  const onBulkButton = () => {
    if (!selecting) {
      setSelecting(true);
      return;
    }
    if (selected.size === 0) {
      setSelecting(false);
      return;
    }
    setConfirm({ ids: [...selected.keys()], names: [...selected.values()], single: false });
  };

  const download = async (path: string, who: string) => {
    setPdfBusy(true);
    try {
      await pdf.mutateAsync(path);
    } catch (e) {
      fail(who, t('recipeList.downloadFailed'), message(e));
    } finally {
      // Spec §4: the PDF flag resets after 1 s.
      window.setTimeout(() => setPdfBusy(false), TIMINGS.pdfFlagResetMs);
    }
  };

  const onAction = async (action: ViewAction, recipe: RecipeDetail) => {
    if (action === 'delete') return setConfirm({ ids: [recipe.id], names: [recipe.name], single: true });
    if (action === 'pdf') return download(`/api/createpdfs/${recipe.id}`, recipe.name);
    if (action === 'convert') {
      setViewing(null);
      setConverting(recipe);
      return;
    }
    if (action === 'edit') {
      setViewing(null);
      // Someone else's recipe (the library, for a cook) is edited as a copy that exists only once saved.
      setWizard({ recipe, mode: writable(recipe) ? 'edit' : 'copy', step: 1 });
      return;
    }
    // Duplicate makes the copy now (spec §4: then the wizard opens it at the stages step).
    try {
      const copy = await clone.mutateAsync({ id: recipe.id, mode: writable(recipe) ? 1 : 0 });
      ok(copy.name, t('recipeList.duplicated'), TIMINGS.banner.deleteOrDuplicateSuccess);
      setViewing(null);
      setWizard({ recipe: copy, mode: 'edit', step: 2 });
    } catch (e) {
      fail(recipe.name, t('recipeList.duplicateFailed'), message(e));
    }
  };

  const doDelete = async () => {
    if (!confirm) return;
    try {
      if (confirm.single) {
        setViewing(null);
        await remove.mutateAsync(confirm.ids[0]!);
        ok(confirm.names[0]!, t('recipeList.deleted'), TIMINGS.banner.deleteOrDuplicateSuccess);
      } else {
        await bulkDelete.mutateAsync(confirm.ids);
        ok(t('recipeList.recipes'), t('recipeList.deletedMany'), TIMINGS.banner.deleteOrDuplicateSuccess);
        setSelecting(false);
        setSelected(new Map());
      }
    } catch (e) {
      if (confirm.single) fail(confirm.names[0]!, t('recipeList.deleteFailed'), message(e));
      else fail(t('recipeList.recipes'), t('recipeList.deleteManyFailed'), message(e));
    } finally {
      setConfirm(null);
    }
  };

  const shownNames = confirm?.names.slice(0, NAMES_SHOWN) ?? [];
  const moreNames = (confirm?.names.length ?? 0) - shownNames.length;

  return (
    <section className="page recipes-page">
      {owner === 'provider' ? (
        <header className="library-header">
          <FlameLogo size={48} />
          <div>
            <h1>{title}</h1>
            <p>{t('recipeList.libraryIntro')}</p>
          </div>
        </header>
      ) : (
        <header className="page-header">
          <h1>{title}</h1>
        </header>
      )}

      <RecipeBrowser
        browser={browser}
        searchLabel={t('recipeList.search')}
        searchPlaceholder={t('recipeList.searchPlaceholder')}
        counter={(range) => t('recipeList.counter', range)}
        actions={
          <>
            {editMode ? (
              <button
                type="button"
                className="btn btn-primary"
                onClick={() => setWizard({ recipe: null, mode: 'create', step: 1 })}
                disabled={selecting}
              >
                {t('recipeList.create')}
              </button>
            ) : null}
            {editMode && !selecting ? (
              <button
                type="button"
                className="btn btn-secondary"
                onClick={onBulkButton}
                disabled={!data || data.total === 0}
              >
                {t('recipeList.bulkDelete')}
              </button>
            ) : null}
            <button
              type="button"
              className="btn btn-secondary"
              disabled={pdfBusy || !data || data.total === 0}
              onClick={() =>
                download(`/api/createpdfs?${listQueryString({ owner, ovens, categories, search })}`, title)
              }
            >
              {t('recipeList.downloadAll')}
            </button>
          </>
        }
        empty={
          filtered ? (
            <p className="muted">{t('recipeList.tryOther')}</p>
          ) : owner === 'community' ? (
            <p className="muted">{t('recipeList.emptyMine', { provider })}</p>
          ) : null
        }
        editMode={editMode}
        selecting={selecting}
        selected={selected}
        onToggle={(r) =>
          setSelected((s) => {
            const next = new Map(s);
            if (next.has(r.id)) next.delete(r.id);
            else next.set(r.id, r.name);
            return next;
          })
        }
        onOpen={(r) => setViewing(r.id)}
        below={
          editMode && selecting ? (
            // Stuck to the bottom of the screen while choosing, so the actions stay under the thumb on a phone
            // however far down the list the last recipe was ticked.
            <section className="bulk-bar" aria-label={t('recipeList.selectedRegion')}>
              <span className="bulk-bar-count" aria-live="polite">
                {t('recipeList.selectedCount', { count: selected.size })}
              </span>
              <div className="bulk-bar-actions">
                {selected.size > 0 && owner === 'community' ? (
                  <button type="button" className="btn btn-secondary" onClick={() => setBulkConverting(true)}>
                    {t('recipeList.convertSelected')}
                  </button>
                ) : null}
                <button
                  type="button"
                  className={`btn ${selected.size > 0 ? 'btn-danger' : 'btn-secondary'}`}
                  onClick={onBulkButton}
                >
                  {selected.size === 0 ? t('recipeList.cancel') : t('recipeList.deleteSelected')}
                </button>
                {selected.size > 0 ? (
                  <button
                    type="button"
                    className="btn btn-secondary"
                    onClick={() => {
                      setSelecting(false);
                      setSelected(new Map());
                    }}
                  >
                    {t('recipeList.cancel')}
                  </button>
                ) : null}
              </div>
            </section>
          ) : null
        }
      />

      {viewing !== null ? (
        <RecipeViewModal
          id={viewing}
          editMode={editMode}
          busy={busy}
          onAction={onAction}
          onClose={() => setViewing(null)}
        />
      ) : null}
      {converting ? (
        <ConvertRecipeModal
          recipe={converting}
          onClose={() => setConverting(null)}
          onSaved={(saved) => {
            setConverting(null);
            ok(saved.name, t('recipeList.convertedSaved', { type: saved.ovenType }));
          }}
          onAdjust={(converted, changes) => {
            setConverting(null);
            // A copy that exists only once saved, with the source's photo unless another is chosen; the changes
            // conversion made stay in sight while it is adjusted.
            setWizard({
              recipe: converted,
              mode: 'copy',
              step: 2,
              conversion: { from: converting.oven_type, changes },
            });
          }}
        />
      ) : null}
      {bulkConverting ? (
        <BulkConvertModal
          ids={[...selected.keys()]}
          onClose={() => setBulkConverting(false)}
          onDone={() => {
            setSelected(new Map());
            setSelecting(false);
          }}
        />
      ) : null}
      {wizard ? (
        <RecipeWizard
          recipe={wizard.recipe}
          mode={wizard.mode}
          startStep={wizard.step}
          conversion={wizard.conversion}
          scope={owner === 'provider' && isAdmin ? 'provider' : 'community'}
          onClose={() => setWizard(null)}
          onFailed={(who, what) => {
            setWizard(null);
            fail(who, t('recipeList.saveFailed'), what);
          }}
        />
      ) : null}
      {confirm ? (
        <ConfirmDialog
          title={confirm.single ? t('recipeList.deleteOne') : t('recipeList.deleteMany')}
          message={
            confirm.single ? (
              t('recipeList.confirmOne', { name: confirm.names[0] })
            ) : (
              <>
                <p>{t('recipeList.confirmMany', { count: confirm.ids.length })}</p>
                <ul className="confirm-list">
                  {shownNames.map((n, i) => (
                    <li key={`${n}-${i}`}>{n}</li>
                  ))}
                  {moreNames > 0 ? <li>{t('recipeList.andMore', { count: moreNames })}</li> : null}
                </ul>
              </>
            )
          }
          confirmLabel={t('recipeList.delete')}
          busy={busy}
          onConfirm={doDelete}
          onCancel={() => setConfirm(null)}
        />
      ) : null}
      {pdfBusy ? (
        <Overlay message={t('recipeList.generatingPdf')}>
          {pdf.progress && pdf.progress.total > 1 ? (
            <JobProgressBar progress={pdf.progress} unit="recipe" />
          ) : null}
        </Overlay>
      ) : null}
    </section>
  );
}
