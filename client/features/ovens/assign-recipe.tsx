import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { menuFromWire } from '../../../shared/contracts/menus';
import { containers, freeSlots, placeLabel, slotLabel } from '../../../shared/domain/menu';
import { type OvenType, ovenModel } from '../../../shared/domain/oven-models';
import { Alert } from '../../components/form';
import type { SavedRecipe } from '../../lib/extension-slots';
import { ovenListQuery, ovenQuery, useAddRecipeToOven } from './ovens-api';

/**
 * Spec §2.6 step 5: put the saved recipe on one of the user's ovens of its type: the oven, then the screen or
 * category page, then a free slot (a MiLO/MiSA list takes it at its end).
 */
export function AssignRecipe({ recipe }: { recipe: SavedRecipe }) {
  const ovens = useQuery(ovenListQuery(recipe.oven_type));
  const [ovenId, setOvenId] = useState<number | null>(null);
  const [screenId, setScreenId] = useState<number | null>(null);
  const [position, setPosition] = useState<number | null>(null);
  const oven = useQuery({ ...ovenQuery(ovenId ?? 0), enabled: ovenId !== null }).data;
  const add = useAddRecipeToOven();
  const [done, setDone] = useState<string | null>(null);

  if (ovens.data && ovens.data.length === 0) {
    return (
      <p className="muted">
        You have no {recipe.oven_type} oven yet: add one in My Ovens to put this recipe on its screens.
      </p>
    );
  }
  const model = oven ? ovenModel(oven.type as OvenType) : null;
  const tree = oven ? menuFromWire(oven.screens, oven.type) : null;
  const places =
    tree && model
      ? containers(tree).map((c) => ({
          id: (c.kind === 'main' ? c.screen.id : c.page.id)!,
          label: placeLabel(c, model.menuLayout),
          free: freeSlots(c, model),
        }))
      : [];
  const place = places.find((p) => p.id === screenId);

  return (
    <fieldset className="fieldset assign">
      <legend>Put it on an oven</legend>
      {done ? (
        <Alert tone="success">{done}</Alert>
      ) : (
        <div className="assign-grid">
          <label className="field">
            <span>Oven</span>
            <select
              value={ovenId ?? ''}
              onChange={(e) => {
                setOvenId(e.target.value ? Number(e.target.value) : null);
                setScreenId(null);
                setPosition(null);
              }}
            >
              <option value="">Choose an oven</option>
              {ovens.data?.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.name}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span>Screen</span>
            <select
              value={screenId ?? ''}
              disabled={!oven}
              onChange={(e) => {
                const id = e.target.value ? Number(e.target.value) : null;
                setScreenId(id);
                setPosition(places.find((p) => p.id === id)?.free[0] ?? null);
              }}
            >
              <option value="">Choose a screen</option>
              {places.map((p) => (
                <option key={p.id} value={p.id} disabled={p.free.length === 0}>
                  {p.label}
                  {p.free.length === 0 ? ' (full)' : ''}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span>Button</span>
            <select
              value={position ?? ''}
              disabled={!place}
              onChange={(e) => setPosition(e.target.value ? Number(e.target.value) : null)}
            >
              {place?.free.map((p) => (
                <option key={p} value={p}>
                  {model?.menuLayout === 'list' ? `At the end (place ${p})` : `Slot ${p}`}
                </option>
              ))}
            </select>
          </label>
          <button
            type="button"
            className="btn btn-primary"
            disabled={!oven || screenId === null || position === null || add.isPending}
            onClick={async () => {
              if (!oven || screenId === null || position === null) return;
              await add.mutateAsync({ oven, screenId, position, recipeId: recipe.id });
              setDone(
                `${recipe.name} has been added to ${oven.name} (${place?.label}, ${slotLabel(position, model?.menuLayout ?? 'grid')}).`,
              );
            }}
          >
            Add to Oven
          </button>
          {add.isError ? <Alert tone="error">{add.error.message}</Alert> : null}
        </div>
      )}
    </fieldset>
  );
}
