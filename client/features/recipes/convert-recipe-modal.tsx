import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RecipeDetail } from '../../../shared/contracts/recipes';
import { OVEN_MODELS } from '../../../shared/domain/oven-models';
import { Alert, Spinner } from '../../components/form';
import { Modal } from '../../components/modal';
import { OvenTypeChoices } from '../../components/oven-type-choices';
import { useTemperatureUnit } from '../../lib/current-user';
import { textOf } from '../../lib/i18n';
import { breakAfterSlashes } from '../../lib/text';
import { changeLines, comparisonRows } from './convert-preview';
import { convertPreviewQuery, useConvertRecipes } from './recipes-api';

/**
 * 'Convert to…': pick another oven model, read what changes (every change in one line, and the two recipes side
 * by side), then save the result to My Recipes, or open it in the wizard to adjust it before saving.
 */
export function ConvertRecipeModal({
  recipe,
  onClose,
  onSaved,
  onAdjust,
}: {
  recipe: RecipeDetail;
  onClose(): void;
  onSaved(saved: { id: number; name: string; ovenType: string }): void;
  /** Opens the converted recipe in the wizard, with the changes conversion made, in the user's words. */
  onAdjust(converted: RecipeDetail, changes: string[]): void;
}) {
  const { t } = useTranslation();
  const unit = useTemperatureUnit();
  const [target, setTargetValue] = useState('');
  const setTarget = (value: string) => {
    setTargetValue(value);
    setAlready(false);
  };
  const preview = useQuery({ ...convertPreviewQuery(recipe.id, target), enabled: target !== '' });
  const convert = useConvertRecipes();
  const data = preview.data;
  // Saved once already: My Recipes has a recipe of this name for that oven.
  const [already, setAlready] = useState(false);
  // The changes are what the cook came for: once they are in, they scroll into view (on a phone they start
  // below the oven pictures).
  const changesRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (data) changesRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, [data]);

  const save = async () => {
    const result = await convert.mutateAsync({ ids: [recipe.id], oven_type: target });
    const made = result.data[0];
    if (made) onSaved({ id: made.id, name: made.name, ovenType: target });
    else setAlready(true);
  };

  const footer = (
    <>
      <button type="button" className="btn btn-secondary" onClick={onClose} disabled={convert.isPending}>
        {t('common.cancel')}
      </button>
      <button
        type="button"
        className="btn btn-secondary"
        disabled={!data || convert.isPending}
        onClick={() => data && onAdjust({ ...data.source, ...data.result }, changeLines(data, unit))}
      >
        {t('convert.adjust')}
      </button>
      <button type="button" className="btn btn-primary" disabled={!data || convert.isPending} onClick={save}>
        {convert.isPending ? t('common.saving') : t('convert.saveMine')}
      </button>
    </>
  );

  return (
    <Modal
      title={t('convert.title', { name: recipe.name })}
      onClose={onClose}
      footer={footer}
      size="lg"
      busy={convert.isPending}
    >
      <p className="muted">{t('convert.intro', { name: recipe.name })}</p>
      <OvenTypeChoicesExcept current={recipe.oven_type} value={target} onChange={setTarget} />
      {preview.isFetching ? <Spinner label={t('convert.converting')} /> : null}
      {preview.isError ? (
        <Alert tone="error">{t('convert.previewFailed', { message: textOf(preview.error) })}</Alert>
      ) : null}
      {already ? (
        <Alert tone="info">{t('convert.already', { type: target, name: data?.result.name })}</Alert>
      ) : null}
      {convert.isError ? (
        <Alert tone="error">
          {t('convert.saveFailed', {
            message: textOf(convert.error, unit),
          })}
        </Alert>
      ) : null}
      {data ? (
        <>
          <h3 className="section-title" ref={changesRef}>
            {t('convert.whatChanges', { count: data.changes.length - 1 })}
          </h3>
          <ul className="change-list" aria-label={t('convert.whatChangesLabel')}>
            {changeLines(data, unit).map((line) => (
              <li key={line}>{line}</li>
            ))}
            {data.changes.length === 1 ? <li>{t('convert.nothingElse', { type: target })}</li> : null}
          </ul>
          <div className="table-scroll">
            <table className="compare-table" aria-label={t('convert.beforeAfter')}>
              <thead>
                <tr>
                  <th scope="col">{t('convert.field')}</th>
                  {/* A model name breaks after its slashes, so both columns fit a phone. */}
                  <th scope="col">{breakAfterSlashes(recipe.oven_type)}</th>
                  <th scope="col">{breakAfterSlashes(target)}</th>
                </tr>
              </thead>
              <tbody>
                {comparisonRows(data, unit).map((row) => (
                  <tr key={row.label} className={row.before !== row.after ? 'compare-changed' : undefined}>
                    <th scope="row">{row.label}</th>
                    <td>{breakAfterSlashes(row.before)}</td>
                    <td>{breakAfterSlashes(row.after)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
    </Modal>
  );
}

/** The oven types to convert to: every one but the recipe's own. */
function OvenTypeChoicesExcept({
  current,
  value,
  onChange,
}: {
  current: string;
  value: string;
  onChange(type: string): void;
}) {
  const { t } = useTranslation();
  const others = OVEN_MODELS.filter((m) => m.type !== current);
  return (
    <OvenTypeChoices
      value={value}
      onChange={(m) => onChange(m.type)}
      models={others}
      legend={t('convert.to')}
    />
  );
}
