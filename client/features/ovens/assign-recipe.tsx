import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { menuFromWire } from '../../../shared/contracts/menu-wire';
import { containers, freeSlots, placeLabel, slotLabel } from '../../../shared/domain/menu';
import { type OvenType, ovenModel } from '../../../shared/domain/oven-models';
import { Alert } from '../../components/form';
import type { SavedRecipe } from '../../lib/extension-slots';
import { textOf } from '../../lib/i18n';
import { menuWords } from './menu-words';
import { OvenChooser } from './oven-chooser';
import { ovenPageQuery, ovenQuery, useAddRecipeToOven } from './ovens-api';

/**
 * Spec §2.6 step 5: put the saved recipe on one of the user's ovens of its type: the oven, then the screen or
 * category page, then a free slot (a MiLO/MiSA list takes it at its end).
 */
export function AssignRecipe({ recipe }: { recipe: SavedRecipe }) {
  const { t } = useTranslation();
  const words = menuWords();
  // Whether the team has an oven of the recipe's model at all (one is enough to know).
  const any = useQuery(ovenPageQuery({ types: recipe.oven_type, location: '', search: '', page: 1 })).data;
  const [ovenId, setOvenId] = useState<number | null>(null);
  const [screenId, setScreenId] = useState<number | null>(null);
  const [position, setPosition] = useState<number | null>(null);
  const oven = useQuery({ ...ovenQuery(ovenId ?? 0), enabled: ovenId !== null }).data;
  const add = useAddRecipeToOven();
  const [done, setDone] = useState<string | null>(null);

  if (any && any.total === 0) {
    return <p className="muted">{t('assign.noOven', { type: recipe.oven_type })}</p>;
  }
  const model = oven ? ovenModel(oven.type as OvenType) : null;
  const tree = oven ? menuFromWire(oven.screens, oven.type) : null;
  const places =
    tree && model
      ? containers(tree).map((c) => ({
          id: (c.kind === 'main' ? c.screen.id : c.page.id)!,
          label: placeLabel(c, model.menuLayout, words),
          free: freeSlots(c, model),
        }))
      : [];
  const place = places.find((p) => p.id === screenId);

  return (
    <fieldset className="fieldset assign">
      <legend>{t('assign.legend')}</legend>
      {done ? (
        <Alert tone="success">{done}</Alert>
      ) : (
        <div className="assign-grid">
          <div className="field">
            <label htmlFor="assign-oven">{t('assign.oven')}</label>
            <OvenChooser
              id="assign-oven"
              type={recipe.oven_type}
              value={ovenId === null ? '' : String(ovenId)}
              onChange={(value) => {
                setOvenId(value ? Number(value) : null);
                setScreenId(null);
                setPosition(null);
              }}
              placeholder={t('assign.chooseOven')}
              // All of one model: the name, and where it stands.
              optionLabel={(o) => (o.location ? `${o.name} · ${o.location.name}` : o.name)}
            />
          </div>
          <label className="field">
            <span>{t('assign.screen')}</span>
            <select
              value={screenId ?? ''}
              disabled={!oven}
              onChange={(e) => {
                const id = e.target.value ? Number(e.target.value) : null;
                setScreenId(id);
                setPosition(places.find((p) => p.id === id)?.free[0] ?? null);
              }}
            >
              <option value="">{t('assign.chooseScreen')}</option>
              {places.map((p) => (
                <option key={p.id} value={p.id} disabled={p.free.length === 0}>
                  {p.free.length === 0 ? t('assign.full', { place: p.label }) : p.label}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span>{t('assign.button')}</span>
            <select
              value={position ?? ''}
              disabled={!place}
              onChange={(e) => setPosition(e.target.value ? Number(e.target.value) : null)}
            >
              {place?.free.map((p) => (
                <option key={p} value={p}>
                  {model?.menuLayout === 'list' ? t('assign.atEnd', { n: p }) : t('assign.slot', { n: p })}
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
                t('assign.done', {
                  recipe: recipe.name,
                  oven: oven.name,
                  place: place?.label,
                  slot: slotLabel(position, model?.menuLayout ?? 'grid', words),
                }),
              );
            }}
          >
            {t('selectRecipe.add')}
          </button>
          {add.isError ? <Alert tone="error">{textOf(add.error)}</Alert> : null}
        </div>
      )}
    </fieldset>
  );
}
