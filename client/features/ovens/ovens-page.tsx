import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { OvenDetail, OvenSummary } from '../../../shared/contracts/ovens';
import type { Paginated } from '../../../shared/contracts/pagination';
import { OVEN_TYPES, ovenThumbnail } from '../../../shared/domain/oven-models';
import { can } from '../../../shared/domain/permissions';
import { formatTemp } from '../../../shared/domain/temperature';
import { useBanners } from '../../components/banners';
import { DrawnAfter } from '../../components/drawn-after';
import { Alert, Spinner } from '../../components/form';
import { CaretIcon } from '../../components/icons';
import { ConfirmDialog, Overlay } from '../../components/modal';
import { NeedsConnection } from '../../components/needs-connection';
import { openedLater } from '../../components/opened-later';
import { SearchBox } from '../../components/search-box';
import { useCurrentUser, useTemperatureUnit } from '../../lib/current-user';
import { textOf } from '../../lib/i18n';
import { useOnline } from '../../lib/offline/online';
import { TIMINGS } from '../../lib/timings';
import { useDebounced } from '../../lib/use-debounced';
import { ChainFilesBar } from '../teams';
import { lastOven, ovenAsked } from './last-oven';
import { LocationSearch, useLocationOptions } from './location-options';
import { OfflineConflict } from './offline-conflict';
import { useWaitingChanges } from './offline-sync';
import {
  ovenKeys,
  ovenPageQuery,
  ovenQuery,
  useCreateOven,
  useDeleteOven,
  useDuplicateOven,
  useUpdateOven,
} from './ovens-api';

/** The oven the editor works on (the menus feature's `OvenHandle`, composed by the app). */
export interface OvenEditorProps {
  oven: OvenDetail;
  set(next: OvenDetail): void;
  reload(): Promise<unknown>;
  readOnly?: boolean;
}

// Its code (and the oven form's rules) loads when the form is first opened.
const OvenModal = openedLater(() => import('./oven-modal').then((m) => m.OvenModal));

const thumbnailOf = ovenThumbnail;

/**
 * Spec §2.7 Select Oven: each oven with its type's picture and its name, as a list a finger can use. A chain's
 * ovens come a page at a time from the server, with a search of oven and location names.
 */
function OvenPicker({
  page,
  current,
  currentId,
  search,
  onSearch,
  onPage,
  onPick,
}: {
  page: Paginated<OvenSummary>;
  current: { name: string; type: string } | undefined;
  currentId: number | undefined;
  search: string;
  onSearch(text: string): void;
  onPage(n: number): void;
  onPick(id: number): void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', close);
    return () => document.removeEventListener('pointerdown', close);
  }, [open]);
  const ovens = page.data;
  // A kitchen with a handful of ovens needs no search; a chain does.
  const searchable = page.total > 8 || search !== '';
  return (
    <div className="oven-picker" ref={root}>
      <button
        type="button"
        className="oven-picker-button"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') setOpen(false);
        }}
      >
        {current ? (
          <>
            {/* Said before the name it shows: a voice user says what they see, a screen reader hears the purpose. */}
            <span className="sr-only">{`${t('ovenPage.selectOvenCurrent', { name: '' }).trim()} `}</span>
            <img src={thumbnailOf(current.type)} alt="" />
            <span className="oven-picker-name">{current.name}</span>
            <span className="muted small">{current.type}</span>
          </>
        ) : (
          <span>{t('ovenPage.selectOven')}</span>
        )}
        <CaretIcon />
      </button>
      {open ? (
        <div className="oven-picker-panel">
          {searchable ? (
            <SearchBox
              className="oven-picker-search"
              label={t('ovenPage.search')}
              placeholder={t('ovenPage.searchPlaceholder')}
              value={search}
              onChange={onSearch}
            />
          ) : null}
          <ul className="oven-picker-list" aria-label={t('ovenPage.selectOven')}>
            {ovens.map((o) => (
              <li key={o.id}>
                <button
                  type="button"
                  aria-current={o.id === currentId ? 'true' : undefined}
                  onClick={() => {
                    onPick(o.id);
                    setOpen(false);
                  }}
                >
                  <img src={thumbnailOf(o.type)} alt="" />
                  <span className="oven-picker-name">{o.name}</span>
                  <span className="muted small">
                    {o.type}
                    {o.location ? (
                      <>
                        {' · '}
                        <bdi>{o.location.name}</bdi>
                      </>
                    ) : null}{' '}
                    · {t('ovenPage.screens', { count: o.screens })} ·{' '}
                    {t('ovenPage.recipes', { count: o.recipes })}
                  </span>
                </button>
              </li>
            ))}
            {ovens.length === 0 ? <li className="muted oven-picker-empty">{t('ovenPage.noMatch')}</li> : null}
          </ul>
          {page.last_page > 1 ? (
            <div className="oven-picker-pager">
              <button
                type="button"
                className="btn btn-secondary"
                disabled={page.current_page <= 1}
                onClick={() => onPage(page.current_page - 1)}
              >
                {t('pager.prev')}
              </button>
              <span className="muted small">
                {t('ovenPage.range', { from: page.from, to: page.to, total: page.total })}
              </span>
              <button
                type="button"
                className="btn btn-secondary"
                disabled={page.current_page >= page.last_page}
                onClick={() => onPage(page.current_page + 1)}
              >
                {t('pager.nextShort')}
              </button>
            </div>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

/**
 * Spec §2.7 Ovens page: Select Oven, Import My Oven, Add New Oven; the oven's name with Edit, Duplicate and Delete;
 * the menu editor; and (composed by the app) the import modal, the download and the share tiles.
 */
export function OvensPage({
  renderEditor,
  renderImport,
  renderTiles,
}: {
  renderEditor(props: OvenEditorProps): ReactNode;
  renderImport?(props: {
    onClose(): void;
    onImported(oven: { id: number; name: string }): void;
    onFailed(name: string, error: unknown): void;
  }): ReactNode;
  renderTiles?(props: { oven: OvenDetail }): ReactNode;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const banners = useBanners();
  const unit = useTemperatureUnit();
  const { user } = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const model = params.get('model') ?? 'All';
  const place = params.get('location') ?? '';
  const [search, setSearch] = useState('');
  const [pickerPage, setPickerPage] = useState(1);
  const asked = useDebounced(search.trim(), TIMINGS.pickerSearchDebounceMs);
  const list = useQuery(ovenPageQuery({ types: model, location: place, search: asked, page: pickerPage }));
  const places = useLocationOptions({ value: place });
  // Another model or location shows its own ovens from their first page.
  useEffect(() => {
    setPickerPage(1);
  }, [model, place]);
  const ovens = list.data?.data ?? [];
  // The oven asked for in the address may be on another page of the picker: it opens all the same. Without one,
  // the oven this user had open last time (unless a filter is chosen), else the first oven opens, and stays open
  // while the picker is searched or paged.
  const userId = user?.id;
  const [remembered, setRemembered] = useState(() => (userId ? lastOven.get(userId) : undefined));
  const { fromAddress, fromMemory } = ovenAsked(params, remembered);
  const wanted = fromAddress ?? fromMemory;
  const firstShown = useRef<{ id: number; key: string } | null>(null);
  const listKey = `${model}|${place}`;
  if (asked === '' && pickerPage === 1 && list.data && !list.isPlaceholderData)
    firstShown.current = ovens[0] ? { id: ovens[0].id, key: listKey } : null;
  const currentId = wanted ?? (firstShown.current?.key === listKey ? firstShown.current.id : undefined);
  const current = ovens.find((o) => o.id === currentId);
  const detail = useQuery({ ...ovenQuery(currentId ?? 0), enabled: currentId !== undefined });
  const shownId = detail.data?.id;
  useEffect(() => {
    if (userId && shownId !== undefined) lastOven.set(userId, shownId);
  }, [userId, shownId]);
  const forgetOven = useCallback(() => {
    if (userId) lastOven.forget(userId);
    setRemembered(undefined);
  }, [userId]);
  // A remembered oven since deleted, or no longer this user's to see, is forgotten: the first oven opens instead.
  const memoryFailed = fromMemory !== undefined && detail.isError;
  useEffect(() => {
    if (memoryFailed) forgetOven();
  }, [memoryFailed, forgetOven]);
  const [modal, setModal] = useState<'create' | 'edit' | 'delete' | 'import' | null>(null);
  const create = useCreateOven();
  const update = useUpdateOven();
  const duplicate = useDuplicateOven();
  const remove = useDeleteOven();

  const open = useCallback(
    (id: number) =>
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          next.set('oven', String(id));
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  /**
   * Opens an oven just made or imported, first dropping a model or location filter it would be hidden by (an
   * import's model and location are not known here, so both go).
   */
  const reveal = useCallback(
    (made: { id: number; type?: string; location?: { id: number } | null }) =>
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          const where = next.get('location');
          const shownHere =
            made.location === undefined
              ? false
              : (made.location?.id ?? 'none') === (where === 'none' ? 'none' : Number(where));
          if (where && !shownHere) next.delete('location');
          const type = next.get('model');
          if (type && type !== 'All' && made.type !== type) next.delete('model');
          next.set('oven', String(made.id));
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  /** A filter chosen (its "all" value clears it); the open oven goes, as it may not be among the ovens shown. */
  const filterBy = (key: 'location' | 'model', value: string, all: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (value === all) next.delete(key);
        else next.set(key, value);
        next.delete('oven');
        return next;
      },
      { replace: true },
    );
  const ok = (who: string, description: string, ms: number = TIMINGS.banner.oven) =>
    banners.success(who, description, ms);
  const fail = banners.failure;

  const oven = detail.data;
  const online = useOnline();
  // An oven whose offline changes met a newer menu: the editor shows either, read-only for the one on Hearth.
  const [showing, setShowing] = useState<'mine' | 'theirs'>('mine');
  const trouble = useWaitingChanges().trouble.get(oven?.id ?? 0);
  const theirs = trouble && trouble.kind !== 'gone' ? trouble.theirs : null;
  const reload = useCallback(
    () => queryClient.invalidateQueries({ queryKey: ovenKeys.one(oven?.id ?? 0) }),
    [queryClient, oven?.id],
  );
  const handle = useMemo<OvenEditorProps | null>(
    () =>
      oven
        ? {
            oven,
            set: (next) => queryClient.setQueryData(ovenKeys.one(next.id), next),
            reload: () => queryClient.invalidateQueries({ queryKey: ovenKeys.one(oven.id) }),
          }
        : null,
    [oven, queryClient],
  );

  return (
    <section className="page ovens-page" aria-labelledby="ovens-title">
      <h1 id="ovens-title" className="sr-only">
        {t('ovenPage.title')}
      </h1>
      <header className="ovens-toolbar">
        <div className="ovens-picker-row">
          {list.data && (list.data.total > 0 || search !== '') ? (
            <OvenPicker
              page={list.data}
              current={
                current ?? (detail.data ? { name: detail.data.name, type: detail.data.type } : undefined)
              }
              currentId={currentId}
              search={search}
              onSearch={(text) => {
                setSearch(text);
                setPickerPage(1);
              }}
              onPage={setPickerPage}
              onPick={open}
            />
          ) : list.isPending ? (
            // The picker's room is kept while the list comes: the buttons below do not jump under a finger.
            <div className="oven-picker" aria-hidden="true">
              <div className="oven-picker-button oven-picker-pending" />
            </div>
          ) : list.data ? (
            // No oven to pick: its room says so (and is the empty state's title), so the buttons below stay put
            // for someone about to add their first oven.
            <div className="oven-picker">
              <h2 className="oven-picker-button oven-picker-none">{t('ovenPage.noneFound')}</h2>
            </div>
          ) : null}
          {/* The filters move as one: a row too narrow for them all takes them to the next line together. */}
          <div className="ovens-filters">
            {places.any ? (
              <>
                <label className="field field-inline model-filter">
                  <span>{t('ovenPage.location')}</span>
                  <select value={place} onChange={(e) => filterBy('location', e.target.value, '')}>
                    <option value="">{t('ovenPage.allLocations')}</option>
                    <option value="none">{t('ovenPage.noLocation')}</option>
                    {places.options.map((l) => (
                      <option key={l.id} value={String(l.id)}>
                        {l.name}
                      </option>
                    ))}
                  </select>
                </label>
                <LocationSearch choice={places} />
              </>
            ) : null}
            <label className="field field-inline model-filter">
              <span>{t('ovenPage.model')}</span>
              <select value={model} onChange={(e) => filterBy('model', e.target.value, 'All')}>
                <option value="All">{t('ovenPage.allModels')}</option>
                {OVEN_TYPES.map((type) => (
                  <option key={type}>{type}</option>
                ))}
              </select>
            </label>
          </div>
        </div>
        <div className="toolbar-actions">
          <ChainFilesBar kind="ovens" />
          {can(user, 'ovens.import') ? (
            <button
              type="button"
              className="btn btn-secondary"
              disabled={!online}
              onClick={() => setModal('import')}
            >
              {t('ovenPage.import')}
            </button>
          ) : null}
          {can(user, 'ovens.manage') ? (
            <button
              type="button"
              className="btn btn-primary"
              disabled={!online}
              onClick={() => setModal('create')}
            >
              {t('ovenPage.add')}
            </button>
          ) : null}
          <NeedsConnection />
        </div>
      </header>

      {list.isPending ? <Spinner label={t('ovenPage.loading')} /> : null}
      {list.isError ? (
        <Alert tone="error">{t('ovenPage.loadFailed', { message: textOf(list.error) })}</Alert>
      ) : null}
      {list.data && list.data.total === 0 && search === '' ? (
        <div className="card empty-state">
          {place ? (
            <p>{model === 'All' ? t('ovenPage.noneInLocation') : t('ovenPage.noneInLocationModel')}</p>
          ) : model === 'All' ? (
            // What to do next depends on the role: make or import one, import one, or wait for one.
            can(user, 'ovens.manage') ? (
              <>
                <p>{t('ovenPage.noneSaved')}</p>
                <p className="muted">{t('ovenPage.noneSavedHelp')}</p>
              </>
            ) : (
              <p>{can(user, 'ovens.import') ? t('ovenPage.noneSavedImport') : t('ovenPage.noneForReader')}</p>
            )
          ) : (
            <p>{t('ovenPage.noneInModel')}</p>
          )}
        </div>
      ) : null}

      {currentId !== undefined && !oven && detail.isPending ? <Spinner label={t('ovenPage.wait')} /> : null}
      {detail.isError && !memoryFailed ? (
        <Alert tone="error">{t('ovenPage.ovenLoadFailed', { message: textOf(detail.error) })}</Alert>
      ) : null}
      {oven && handle ? (
        <>
          <header className="oven-header">
            <img className="oven-header-thumb" src={thumbnailOf(oven.type)} alt="" />
            <div>
              <h2 className="oven-title">{oven.name}</h2>
              <p className="muted">
                {oven.location ? (
                  <>
                    <bdi>{oven.location.name}</bdi>
                    {' · '}
                  </>
                ) : null}
                {oven.type}
                {oven.warm_ups.length > 0
                  ? ` · ${t('ovenPage.warmUps', { list: oven.warm_ups.map((w) => `${w.name} ${formatTemp(w.temperature, unit)}`).join(', ') })}`
                  : ''}
              </p>
            </div>
            {can(user, 'ovens.manage') ? (
              <div className="oven-header-actions">
                <button
                  type="button"
                  className="btn btn-link"
                  disabled={!online}
                  onClick={() => setModal('edit')}
                >
                  {t('ovenPage.edit')}
                </button>
                <button
                  type="button"
                  className="btn btn-link"
                  disabled={duplicate.isPending || !online}
                  onClick={async () => {
                    try {
                      const copy = await duplicate.mutateAsync(oven.id);
                      ok(oven.name, t('ovenPage.duplicated'), TIMINGS.banner.deleteOrDuplicateSuccess);
                      open(copy.id);
                    } catch (e) {
                      fail(oven.name, t('ovenPage.duplicateFailed'), e);
                    }
                  }}
                >
                  {t('ovenPage.duplicate')}
                </button>
                <button
                  type="button"
                  className="btn btn-link btn-link-danger"
                  disabled={!online}
                  onClick={() => setModal('delete')}
                >
                  {t('ovenPage.delete')}
                </button>
              </div>
            ) : null}
          </header>
          <OfflineConflict oven={oven} showing={showing} onShow={setShowing} />
          {/* The menu and the tiles under it come together, just after the oven's header. */}
          <DrawnAfter minHeight="60vh">
            {theirs && showing === 'theirs' ? (
              <div key="theirs">{renderEditor({ oven: theirs, set: () => {}, reload, readOnly: true })}</div>
            ) : (
              <div key="mine">{renderEditor(handle)}</div>
            )}
            {renderTiles ? renderTiles({ oven }) : null}
          </DrawnAfter>
        </>
      ) : null}

      {modal === 'create' || modal === 'edit' ? (
        <OvenModal
          oven={modal === 'edit' ? (oven ?? null) : null}
          defaultLocationId={/^\d+$/.test(place) ? Number(place) : null}
          busy={create.isPending || update.isPending}
          onClose={() => setModal(null)}
          onSave={async (values) => {
            try {
              if (modal === 'edit' && oven) {
                await update.mutateAsync({
                  id: oven.id,
                  body: { name: values.name, warm_ups: values.warm_ups, location_id: values.location_id },
                });
                ok(values.name, t('ovenPage.updated'));
              } else {
                const made = await create.mutateAsync(values);
                ok(made.name, t('ovenPage.addedToMine'));
                // Spec §4: after a create the list is reloaded and the new oven opens.
                reveal(made);
              }
              setModal(null);
            } catch (e) {
              fail(
                values.name,
                modal === 'edit' ? t('ovenPage.updateFailed') : t('ovenPage.createFailed'),
                e,
              );
              throw e;
            }
          }}
        />
      ) : null}
      {modal === 'delete' && oven ? (
        <ConfirmDialog
          title={t('ovenPage.deleteTitle')}
          message={t('ovenPage.deleteConfirm', { name: oven.name })}
          confirmLabel={t('ovenPage.delete')}
          busy={remove.isPending}
          onCancel={() => setModal(null)}
          onConfirm={async () => {
            try {
              await remove.mutateAsync(oven.id);
              forgetOven();
              ok(oven.name, t('ovenPage.deleted'), TIMINGS.banner.deleteOrDuplicateSuccess);
              setParams((p) => {
                const next = new URLSearchParams(p);
                next.delete('oven');
                return next;
              });
            } catch (e) {
              fail(oven.name, t('ovenPage.deleteFailed'), e);
            } finally {
              setModal(null);
            }
          }}
        />
      ) : null}
      {modal === 'import'
        ? renderImport
          ? renderImport({
              onClose: () => setModal(null),
              // Spec §4: the list reloads and the new oven opens behind the statistics, after the banner.
              onImported: (made) => {
                void queryClient.invalidateQueries({ queryKey: ovenKeys.lists });
                ok(made.name, t('ovenPage.addedToMine'));
                reveal(made);
              },
              onFailed: (name, error) => fail(name, t('ovenPage.importFailed'), error),
            })
          : null
        : null}
      {remove.isPending ? <Overlay message={t('ovenPage.deleting')} /> : null}
    </section>
  );
}
