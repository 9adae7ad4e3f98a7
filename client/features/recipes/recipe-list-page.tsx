import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { AuthCheckResponse } from '../../../shared/contracts/auth';
import type { Owner, RecipeDetail } from '../../../shared/contracts/recipes';
import { useBanners } from '../../components/banners';
import { Alert, Spinner } from '../../components/form';
import { FlameLogo } from '../../components/icons';
import { ConfirmDialog, Overlay } from '../../components/modal';
import { Pager } from '../../components/pager';
import { ApiError } from '../../lib/api';
import { usePublicConfig } from '../../lib/public-config';
import { TIMINGS } from '../../lib/timings';
import { RecipeCard } from './recipe-card';
import { RecipeFilters } from './recipe-filters';
import { RecipeViewModal, type ViewAction } from './recipe-view-modal';
import { RecipeWizard } from './recipe-wizard';
import { downloadPdf, listQueryString, useRecipeActions, useRecipeList } from './recipes-api';

const message = (e: unknown) => (e instanceof ApiError || e instanceof Error ? e.message : '');

/** Spec §2.5: the provider's library (owner provider) and My Recipes (owner community). */
export function RecipeListPage({ owner }: { owner: Owner }) {
  const queryClient = useQueryClient();
  const auth = queryClient.getQueryData<AuthCheckResponse>(['auth-check']);
  const isAdmin = auth?.role === 'admin';
  const provider = usePublicConfig().data?.providerName ?? 'Hearth';
  const banners = useBanners();
  const actions = useRecipeActions();

  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  const [ovens, setOvens] = useState<string[]>([]);
  const [categories, setCategories] = useState<string[]>([]);
  const [page, setPage] = useState(1);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [selecting, setSelecting] = useState(false);
  const [selected, setSelected] = useState<number[]>([]);
  const [viewing, setViewing] = useState<number | null>(null);
  const [wizard, setWizard] = useState<{ recipe: RecipeDetail | null; step: 1 | 2 } | null>(null);
  const [confirm, setConfirm] = useState<{ ids: number[]; name?: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [pdfBusy, setPdfBusy] = useState(false);

  // Typing waits a moment before searching; every filter change starts again at page 1.
  useEffect(() => {
    const t = window.setTimeout(() => setSearch(searchText), 300);
    return () => window.clearTimeout(t);
  }, [searchText]);
  useEffect(() => setPage(1), [search, ovens, categories]);

  const list = useRecipeList({ owner, ovens, categories, search, page });
  const data = list.data;
  // Users edit their own recipes; the provider's admins edit the library.
  const editMode = owner === 'community' || isAdmin;
  const title = owner === 'provider' ? `${provider} Recipes` : 'My Recipes';

  const ok = (who: string, description: string, ms: number = TIMINGS.banner.success) =>
    banners.show({ tone: 'success', who, description, ms });
  const fail = (who: string, description: string, what?: string) =>
    banners.show({ tone: 'error', who, description, what, ms: TIMINGS.banner.error });

  const onBulkButton = () => {
    if (!selecting) {
      setSelecting(true);
      return;
    }
    if (selected.length === 0) {
      setSelecting(false);
      return;
    }
    setConfirm({ ids: selected });
  };

  const onAction = async (action: ViewAction, recipe: RecipeDetail) => {
    if (action === 'delete') {
      setConfirm({ ids: [recipe.id], name: recipe.name });
      return;
    }
    if (action === 'pdf') {
      await pdf(`/api/createpdfs/${recipe.id}`, recipe.name);
      return;
    }
    if (action === 'edit' && editMode) {
      setViewing(null);
      setWizard({ recipe, step: 1 });
      return;
    }
    // Duplicate (or Edit of a library recipe): a copy of yours, opened at the stages step.
    setBusy(true);
    try {
      const copy = await actions.clone(recipe.id, editMode ? 1 : 0);
      ok(copy.name, 'has been successfully duplicated', TIMINGS.banner.deleteOrDuplicateSuccess);
      setViewing(null);
      setWizard({ recipe: copy, step: 2 });
    } catch (e) {
      fail(recipe.name, 'could not be duplicated', message(e));
    } finally {
      setBusy(false);
    }
  };

  const doDelete = async () => {
    if (!confirm) return;
    setBusy(true);
    try {
      if (confirm.name) {
        await actions.remove(confirm.ids[0]!);
        ok(confirm.name, 'was successfully deleted', TIMINGS.banner.deleteOrDuplicateSuccess);
      } else {
        await actions.bulkDelete(confirm.ids);
        ok(
          'Recipes',
          'The selected recipes were successfully deleted',
          TIMINGS.banner.deleteOrDuplicateSuccess,
        );
        setSelecting(false);
        setSelected([]);
      }
      setViewing(null);
    } catch (e) {
      if (confirm.name) fail(confirm.name, 'could not be deleted', message(e));
      else fail('Recipes', 'The selected recipes could not be deleted', message(e));
    } finally {
      setBusy(false);
      setConfirm(null);
    }
  };

  const pdf = async (path: string, who: string) => {
    setPdfBusy(true);
    try {
      await downloadPdf(path);
    } catch (e) {
      fail(who, 'There was an error while trying to download recipes', message(e));
    } finally {
      // Spec §4: the PDF flag resets after 1 s.
      window.setTimeout(() => setPdfBusy(false), TIMINGS.pdfFlagResetMs);
    }
  };

  const counter = selecting
    ? `${selected.length} Recipe(s) Selected`
    : data && data.total > 0
      ? `Showing ${data.from}-${data.to} of ${data.total} Recipes`
      : '';

  return (
    <section className="page recipes-page">
      {owner === 'provider' ? (
        <header className="library-header">
          <FlameLogo size={48} />
          <div>
            <h1>{title}</h1>
            <p>Tested by our chefs for every oven. Open one to see its stages, or copy it into My Recipes.</p>
          </div>
        </header>
      ) : (
        <header className="page-header">
          <h1>{title}</h1>
        </header>
      )}

      <div className="toolbar">
        <label className="search">
          <span className="sr-only">Search recipes</span>
          <input
            type="search"
            placeholder="Search recipes..."
            value={searchText}
            onChange={(e) => setSearchText(e.target.value)}
          />
        </label>
        <button
          type="button"
          className="btn btn-secondary filters-toggle"
          aria-expanded={filtersOpen}
          onClick={() => setFiltersOpen((o) => !o)}
        >
          Filters{ovens.length + categories.length > 0 ? ` (${ovens.length + categories.length})` : ''}
        </button>
        <div className="toolbar-actions">
          {owner === 'community' || isAdmin ? (
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => setWizard({ recipe: null, step: 1 })}
              disabled={selecting}
            >
              Create New Recipe
            </button>
          ) : null}
          {editMode ? (
            <button
              type="button"
              className={`btn ${selecting && selected.length > 0 ? 'btn-danger' : 'btn-secondary'}`}
              onClick={onBulkButton}
            >
              {!selecting ? 'Recipe Bulk Delete' : selected.length === 0 ? 'Cancel' : 'Delete Selected'}
            </button>
          ) : null}
          <button
            type="button"
            className="btn btn-secondary"
            disabled={pdfBusy || !data || data.total === 0}
            onClick={() =>
              pdf(`/api/createpdfs?${listQueryString({ owner, ovens, categories, search })}`, title)
            }
          >
            Download All Recipes in PDF
          </button>
        </div>
      </div>

      <div className="recipes-layout">
        <aside className={`card filters-panel ${filtersOpen ? 'filters-open' : ''}`} aria-label="Filters">
          <RecipeFilters
            ovens={ovens}
            categories={categories}
            onOvens={setOvens}
            onCategories={setCategories}
          />
        </aside>
        <div className="recipes-main">
          <p className="counter" aria-live="polite">
            {counter}
          </p>
          {list.isPending ? <Spinner label="Loading recipes ..." /> : null}
          {list.isError ? (
            <Alert tone="error">The recipes could not be loaded: {list.error.message}</Alert>
          ) : null}
          {data && data.data.length === 0 ? (
            <div className="card empty-state">No results were found</div>
          ) : null}
          <div className="recipe-grid">
            {data?.data.map((r) => (
              <RecipeCard
                key={r.id}
                recipe={r}
                editMode={editMode}
                selecting={selecting}
                selected={selected.includes(r.id)}
                onOpen={() => setViewing(r.id)}
                onToggle={() =>
                  setSelected((s) => (s.includes(r.id) ? s.filter((x) => x !== r.id) : [...s, r.id]))
                }
              />
            ))}
          </div>
          {data ? (
            <Pager
              page={data.current_page}
              lastPage={data.last_page}
              total={data.total}
              perPage={data.per_page}
              onPage={setPage}
            />
          ) : null}
        </div>
      </div>

      {viewing !== null ? (
        <RecipeViewModal
          id={viewing}
          editMode={editMode}
          busy={busy}
          onAction={onAction}
          onClose={() => setViewing(null)}
        />
      ) : null}
      {wizard ? (
        <RecipeWizard
          recipe={wizard.recipe}
          startStep={wizard.step}
          scope={owner === 'provider' && isAdmin ? 'provider' : 'community'}
          onClose={() => setWizard(null)}
          onFailed={(who, what) => {
            setWizard(null);
            fail(who, 'There was an error while trying to save the recipe', what);
          }}
        />
      ) : null}
      {confirm ? (
        <ConfirmDialog
          title={confirm.name ? 'Delete recipe' : 'Delete recipes'}
          message={
            confirm.name
              ? `Are you sure you want to delete "${confirm.name}"? This action cannot be undone.`
              : `Are you sure you want to delete the ${confirm.ids.length} selected recipe(s)? This action cannot be undone.`
          }
          confirmLabel="Delete"
          busy={busy}
          onConfirm={doDelete}
          onCancel={() => setConfirm(null)}
        />
      ) : null}
      {pdfBusy ? <Overlay message="Generating a PDF with the recipes ..." /> : null}
    </section>
  );
}
