import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { type Location, locationRequest } from '../../../shared/contracts/ovens';
import { FLEET_BATCH_MAX, LOCATION_ADDRESS_MAX, LOCATION_NAME_MAX } from '../../../shared/domain/fleet';
import { can } from '../../../shared/domain/permissions';
import { countOf, nounFor } from '../../../shared/domain/words';
import { useBanners } from '../../components/banners';
import { Alert, Spinner, TextField } from '../../components/form';
import { ConfirmDialog, DialogActions, Modal } from '../../components/modal';
import { OvenPickList } from '../../components/oven-pick-list';
import { useCurrentUser } from '../../lib/current-user';
import { useZodForm } from '../../lib/use-zod-form';
import { locationListQuery, ovenListQuery } from '../ovens';
import { useAddLocation, useDeleteLocation, useMoveOvens, useUpdateLocation } from './menus-api';

type Dialog = { kind: 'add' } | { kind: 'edit' | 'move' | 'delete'; location: Location } | null;

/**
 * A chain's stores: add, rename and delete locations and move ovens into them. A location's ovens are filtered on
 * the Ovens and Fleet pages, share a template and download as one zip.
 */
export function LocationsPage() {
  const list = useQuery(locationListQuery());
  const [dialog, setDialog] = useState<Dialog>(null);
  const banners = useBanners();
  const remove = useDeleteLocation();
  const close = () => setDialog(null);
  const ok = banners.success;
  const manage = can(useCurrentUser().user, 'locations.manage');

  return (
    <section className="page locations-page" aria-labelledby="locations-title">
      <header className="page-header page-header-row">
        <div>
          <h1 id="locations-title">Locations</h1>
          <p className="muted">
            One for each store. Its ovens can then take a template and download as one zip.
          </p>
        </div>
        {manage ? (
          <button type="button" className="btn btn-primary" onClick={() => setDialog({ kind: 'add' })}>
            Add Location
          </button>
        ) : null}
      </header>
      {list.isPending ? <Spinner label="Loading locations..." /> : null}
      {list.isError ? (
        <Alert tone="error">The locations could not be loaded: {list.error.message}</Alert>
      ) : null}
      {list.data && list.data.length === 0 ? (
        <div className="card empty-state">
          <p>No locations yet. Add one for each store, then move its ovens in.</p>
        </div>
      ) : null}
      {list.data && list.data.length > 0 ? (
        <ul className="location-list" aria-label="Your locations">
          {list.data.map((l) => (
            <li key={l.id} className="card location-card" aria-label={l.name}>
              <div className="location-head">
                <h2 dir="auto">{l.name}</h2>
                {l.address ? <p className="muted">{l.address}</p> : null}
                <p>
                  {l.ovens === 0 ? (
                    'No ovens yet'
                  ) : (
                    <>
                      <Link to={`/ovens?location=${l.id}`}>{countOf(l.ovens, 'oven')}</Link>
                      {' · '}
                      <Link to={`/fleet?location=${l.id}`}>On the fleet page</Link>
                    </>
                  )}
                </p>
              </div>
              {manage ? (
                <div className="location-actions">
                  <button
                    type="button"
                    className="btn btn-secondary"
                    onClick={() => setDialog({ kind: 'move', location: l })}
                  >
                    Move ovens here
                  </button>
                  <button
                    type="button"
                    className="btn btn-secondary"
                    aria-label={`Edit ${l.name}`}
                    onClick={() => setDialog({ kind: 'edit', location: l })}
                  >
                    Edit
                  </button>
                  <button
                    type="button"
                    className="btn btn-link-danger"
                    aria-label={`Delete ${l.name}`}
                    onClick={() => setDialog({ kind: 'delete', location: l })}
                  >
                    Delete
                  </button>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}

      {dialog?.kind === 'add' || dialog?.kind === 'edit' ? (
        <LocationModal
          location={dialog.kind === 'edit' ? dialog.location : null}
          onClose={close}
          onSaved={(saved, made) => {
            ok(saved.name, made ? 'has been added to your locations' : 'has been updated');
            close();
          }}
        />
      ) : null}
      {dialog?.kind === 'move' ? (
        <MoveOvensModal
          location={dialog.location}
          onClose={close}
          onMoved={(count) => {
            ok(dialog.location.name, `now has ${count} more ${nounFor(count, 'oven')}`);
            close();
          }}
        />
      ) : null}
      {dialog?.kind === 'delete' ? (
        <ConfirmDialog
          title="Delete location"
          message={
            dialog.location.ovens > 0
              ? `Delete "${dialog.location.name}"? Its ${countOf(dialog.location.ovens, 'oven')} stay in My Ovens, in no location.`
              : `Delete "${dialog.location.name}"?`
          }
          confirmLabel="Delete Location"
          busy={remove.isPending}
          onCancel={close}
          onConfirm={async () => {
            try {
              await remove.mutateAsync(dialog.location.id);
              ok(dialog.location.name, 'was deleted');
            } catch (e) {
              banners.failure(dialog.location.name, 'could not be deleted', e);
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
      title={location ? `Edit ${location.name}` : 'Add Location'}
      onClose={onClose}
      size="sm"
      busy={busy}
      backdropCloses={!dirty}
      footer={
        <DialogActions
          onCancel={onClose}
          label="Save"
          busy={busy}
          disabled={!form.values.name.trim()}
          form="location-form"
        />
      }
    >
      <form id="location-form" onSubmit={submit} noValidate>
        <TextField
          label="Location name"
          required
          maxLength={LOCATION_NAME_MAX}
          hint={`The store, as your team calls it, up to ${LOCATION_NAME_MAX} characters. Also its folder's name in a zip download.`}
          {...form.field('name')}
          data-autofocus
        />
        <TextField label="Address (optional)" maxLength={LOCATION_ADDRESS_MAX} {...form.field('address')} />
        {form.failure && !form.errors.name && !form.errors.address ? (
          <Alert tone="error">{form.failure.message}</Alert>
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
  const ovens = useQuery(ovenListQuery());
  const move = useMoveOvens();
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const elsewhere = useMemo(
    () => (ovens.data ?? []).filter((o) => o.location?.id !== location.id),
    [ovens.data, location.id],
  );
  const tooMany = chosen.size > FLEET_BATCH_MAX;
  return (
    <Modal
      title={`Move ovens to ${location.name}`}
      onClose={onClose}
      busy={move.isPending}
      backdropCloses={chosen.size === 0}
      footer={
        <DialogActions
          onCancel={onClose}
          label={chosen.size === 0 ? 'Move' : `Move ${countOf(chosen.size, 'oven')}`}
          busy={move.isPending}
          busyLabel="Moving ..."
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
      {ovens.isPending ? <Spinner label="Loading your ovens..." /> : null}
      {ovens.data && elsewhere.length === 0 ? (
        <p className="muted">Every oven of yours is already in {location.name}.</p>
      ) : null}
      {elsewhere.length > 0 ? (
        <OvenPickList
          label="Ovens to move"
          ovens={elsewhere}
          chosen={chosen}
          onChange={setChosen}
          detail={(o) => `${o.type} · ${o.location ? `now in ${o.location.name}` : 'no location'}`}
        />
      ) : null}
      {tooMany ? <Alert tone="error">Move at most {FLEET_BATCH_MAX} ovens at once.</Alert> : null}
      {move.isError ? <Alert tone="error">{move.error.message}</Alert> : null}
    </Modal>
  );
}
