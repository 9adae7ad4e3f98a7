import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type Location, locationRequest } from '../../../shared/contracts/chains';
import { FLEET_BATCH_MAX, LOCATION_ADDRESS_MAX, LOCATION_NAME_MAX } from '../../../shared/domain/fleet';
import { can } from '../../../shared/domain/permissions';
import { useBanners } from '../../components/banners';
import { Alert, Spinner, TextField } from '../../components/form';
import { ConfirmDialog, DialogActions, Modal } from '../../components/modal';
import { OvenPickList } from '../../components/oven-pick-list';
import { Pager } from '../../components/pager';
import { SearchBox } from '../../components/search-box';
import { useCurrentUser } from '../../lib/current-user';
import { textOf } from '../../lib/i18n';
import { isolate } from '../../lib/text';
import { TIMINGS } from '../../lib/timings';
import { useDebounced, useSearchText } from '../../lib/use-debounced';
import { useUrlState } from '../../lib/use-url-state';
import { useZodForm } from '../../lib/use-zod-form';
import { locationPageQuery, ovenPageQuery } from '../ovens';
import { ChainFilesBar } from '../teams';
import { useAddLocation, useDeleteLocation, useMoveOvens, useUpdateLocation } from './chains-api';

const DEFAULTS = { search: '' };

type Dialog = { kind: 'add' } | { kind: 'edit' | 'move' | 'delete'; location: Location } | null;

/**
 * A chain's stores: add, rename and delete locations and move ovens into them. A location's ovens are filtered on
 * the Ovens and Fleet pages, share a template and download as one zip.
 */
export function LocationsPage({
  renderDownload,
}: {
  /** The zip of a location's settings files with its USB checklist (settings-files), on each location's card. */
  renderDownload?(location: { id: number; name: string }): ReactNode;
} = {}) {
  const url = useUrlState(DEFAULTS);
  const search = url.values.search.trim();
  const box = useSearchText(url.values.search, (next, push) => url.update({ search: next }, { push }));
  const list = useQuery(locationPageQuery({ search, page: url.page }));
  const page = list.data;
  const [dialog, setDialog] = useState<Dialog>(null);
  const banners = useBanners();
  const remove = useDeleteLocation();
  const close = () => setDialog(null);
  const ok = banners.success;
  const manage = can(useCurrentUser().user, 'locations.manage');
  const { t } = useTranslation();

  return (
    <section className="page locations-page" aria-labelledby="locations-title">
      <header className="page-header page-header-row">
        <div>
          <h1 id="locations-title">{t('locationsPage.title')}</h1>
          <p className="muted">{t('locationsPage.intro')}</p>
        </div>
        {manage ? (
          <div className="page-header-actions">
            <ChainFilesBar kind="locations" />
            <button type="button" className="btn btn-primary" onClick={() => setDialog({ kind: 'add' })}>
              {t('locationsPage.add')}
            </button>
          </div>
        ) : null}
      </header>
      {page && (page.total > 0 || search !== '') ? (
        <div className="toolbar">
          <SearchBox
            className="search"
            label={t('locationsPage.search')}
            placeholder={t('locationsPage.searchPlaceholder')}
            {...box.bind}
          />
          <p className="muted" role="status">
            {t('locationsPage.count', { count: page.total })}
          </p>
        </div>
      ) : null}
      {list.isPending ? <Spinner label={t('locationsPage.loading')} /> : null}
      {list.isError ? (
        <Alert tone="error">{t('locationsPage.loadFailed', { message: textOf(list.error) })}</Alert>
      ) : null}
      {page && page.total === 0 ? (
        <div className="card empty-state">
          <p>{search === '' ? t('locationsPage.empty') : t('locationsPage.noMatch', { search })}</p>
        </div>
      ) : null}
      {page && page.data.length > 0 ? (
        <ul className="location-list" aria-label={t('locationsPage.list')}>
          {page.data.map((l) => (
            <li key={l.id} className="card location-card" aria-label={l.name}>
              <div className="location-head">
                <h2 dir="auto">{l.name}</h2>
                {l.address ? <p className="muted">{l.address}</p> : null}
                <p>
                  {l.ovens === 0 ? (
                    t('locationsPage.noOvens')
                  ) : (
                    <>
                      <Link to={`/ovens?location=${l.id}`}>
                        {t('locationsPage.ovens', { count: l.ovens })}
                      </Link>
                      {' · '}
                      <Link to={`/fleet?location=${l.id}`}>{t('locationsPage.onFleet')}</Link>
                    </>
                  )}
                </p>
              </div>
              {renderDownload && l.ovens > 0 ? (
                <div className="location-download">{renderDownload({ id: l.id, name: l.name })}</div>
              ) : null}
              {manage ? (
                <div className="location-actions">
                  <button
                    type="button"
                    className="btn btn-secondary"
                    onClick={() => setDialog({ kind: 'move', location: l })}
                  >
                    {t('locationsPage.moveHere')}
                  </button>
                  <button
                    type="button"
                    className="btn btn-secondary"
                    aria-label={t('locationsPage.editName', { name: l.name })}
                    onClick={() => setDialog({ kind: 'edit', location: l })}
                  >
                    {t('locationsPage.edit')}
                  </button>
                  <button
                    type="button"
                    className="btn btn-link-danger"
                    aria-label={t('locationsPage.deleteName', { name: l.name })}
                    onClick={() => setDialog({ kind: 'delete', location: l })}
                  >
                    {t('locationsPage.delete')}
                  </button>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {page ? (
        <Pager
          page={page.current_page}
          lastPage={page.last_page}
          total={page.total}
          perPage={page.per_page}
          onPage={url.setPage}
        />
      ) : null}

      {dialog?.kind === 'add' || dialog?.kind === 'edit' ? (
        <LocationModal
          location={dialog.kind === 'edit' ? dialog.location : null}
          onClose={close}
          onSaved={(saved, made) => {
            ok(saved.name, made ? t('locationsPage.added') : t('locationsPage.updated'));
            close();
          }}
        />
      ) : null}
      {dialog?.kind === 'move' ? (
        <MoveOvensModal
          location={dialog.location}
          onClose={close}
          onMoved={(count) => {
            ok(dialog.location.name, t('locationsPage.moved', { count }));
            close();
          }}
        />
      ) : null}
      {dialog?.kind === 'delete' ? (
        <ConfirmDialog
          title={t('locationsPage.deleteTitle')}
          message={
            dialog.location.ovens > 0
              ? t('locationsPage.deleteConfirmOvens', {
                  name: isolate(dialog.location.name),
                  count: dialog.location.ovens,
                })
              : t('locationsPage.deleteConfirm', { name: isolate(dialog.location.name) })
          }
          confirmLabel={t('locationsPage.deleteLocation')}
          busy={remove.isPending}
          onCancel={close}
          onConfirm={async () => {
            try {
              await remove.mutateAsync(dialog.location.id);
              ok(dialog.location.name, t('locationsPage.deleted'));
            } catch (e) {
              banners.failure(dialog.location.name, t('locationsPage.deleteFailed'), e);
            } finally {
              close();
            }
          }}
        />
      ) : null}
    </section>
  );
}

function LocationModal({
  location,
  onClose,
  onSaved,
}: {
  location: Location | null;
  onClose(): void;
  onSaved(saved: Location, made: boolean): void;
}) {
  const { t } = useTranslation();
  const initial = { name: location?.name ?? '', address: location?.address ?? '' };
  const form = useZodForm(locationRequest, initial);
  const add = useAddLocation();
  const update = useUpdateLocation();
  const busy = form.busy;
  const dirty = form.values.name !== initial.name || form.values.address !== initial.address;
  const submit = form.onSubmit(async (body) => {
    const saved = location
      ? await update.mutateAsync({ id: location.id, body })
      : await add.mutateAsync(body);
    onSaved(saved, location === null);
  });
  return (
    <Modal
      title={location ? t('locationsPage.editName', { name: location.name }) : t('locationsPage.add')}
      onClose={onClose}
      size="sm"
      busy={busy}
      dirty={dirty}
      footer={
        <DialogActions
          onCancel={onClose}
          label={t('locationsPage.save')}
          busy={busy}
          disabled={!form.values.name.trim()}
          form="location-form"
        />
      }
    >
      <form id="location-form" onSubmit={submit} noValidate>
        <TextField
          label={t('locationsPage.name')}
          required
          max={LOCATION_NAME_MAX}
          hint={t('locationsPage.nameHint', { max: LOCATION_NAME_MAX })}
          {...form.field('name')}
          data-autofocus
        />
        <TextField label={t('locationsPage.address')} max={LOCATION_ADDRESS_MAX} {...form.field('address')} />
        {form.failure && !form.errors.name && !form.errors.address ? (
          <Alert tone="error">{textOf(form.failure)}</Alert>
        ) : null}
      </form>
    </Modal>
  );
}

/** Picks ovens from the other locations (or none) to move in. */
function MoveOvensModal({
  location,
  onClose,
  onMoved,
}: {
  location: Location;
  onClose(): void;
  onMoved(count: number): void;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const asked = useDebounced(search.trim(), TIMINGS.pickerSearchDebounceMs);
  // The server searches the team's ovens outside this location (a chain has more than a list can show).
  const ovens = useQuery(
    ovenPageQuery({ types: 'All', location: '', outside: location.id, search: asked, page: 1 }),
  );
  const move = useMoveOvens();
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const elsewhere = ovens.data?.data ?? [];
  const allHere = ovens.data !== undefined && asked === '' && ovens.data.total === 0;
  const tooMany = chosen.size > FLEET_BATCH_MAX;
  return (
    <Modal
      title={t('locationsPage.moveTitle', { name: isolate(location.name) })}
      onClose={onClose}
      busy={move.isPending}
      dirty={chosen.size > 0}
      footer={
        <DialogActions
          onCancel={onClose}
          label={
            chosen.size === 0 ? t('locationsPage.move') : t('locationsPage.moveCount', { count: chosen.size })
          }
          busy={move.isPending}
          busyLabel={t('locationsPage.moving')}
          disabled={chosen.size === 0 || tooMany}
          onConfirm={async () => {
            try {
              await move.mutateAsync({ id: location.id, ovenIds: [...chosen] });
              onMoved(chosen.size);
            } catch {
              // Shown below.
            }
          }}
        />
      }
    >
      {ovens.isPending ? <Spinner label={t('locationsPage.loadingOvens')} /> : null}
      {allHere ? (
        <p className="muted">{t('locationsPage.allHere', { name: isolate(location.name) })}</p>
      ) : null}
      {ovens.data && !allHere ? (
        <OvenPickList
          label={t('locationsPage.toMove')}
          ovens={elsewhere}
          matches={ovens.data.total}
          search={search}
          onSearch={setSearch}
          chosen={chosen}
          onChange={setChosen}
          detail={(o) =>
            `${o.type} · ${o.location ? t('locationsPage.nowIn', { name: isolate(o.location.name) }) : t('locationsPage.noLocation')}`
          }
        />
      ) : null}
      {tooMany ? <Alert tone="error">{t('locationsPage.tooMany', { max: FLEET_BATCH_MAX })}</Alert> : null}
      {move.isError ? <Alert tone="error">{textOf(move.error)}</Alert> : null}
    </Modal>
  );
}
