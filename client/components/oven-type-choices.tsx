import { useTranslation } from 'react-i18next';
import { OVEN_MODELS, type OvenModel } from '../../shared/domain/oven-models';
import { breakAfterSlashes } from '../lib/text';

/** The oven types as pictures to tap (a kitchen tablet wants big targets), one radio group. */
export function OvenTypeChoices({
  value,
  onChange,
  error,
  models = OVEN_MODELS,
  legend,
}: {
  value: string;
  onChange(model: OvenModel): void;
  error?: string;
  /** The types offered (all by default). */
  models?: readonly OvenModel[];
  legend?: string;
}) {
  const { t } = useTranslation();
  const title = legend ?? t('common.ovenType');
  return (
    <fieldset className="fieldset">
      <legend className="label-required">{title}</legend>
      <div className="oven-choices" role="radiogroup" aria-label={title}>
        {models.map((m) => (
          <label key={m.type} className={`oven-choice ${m.type === value ? 'oven-choice-on' : ''}`}>
            <input
              type="radio"
              name="type"
              value={m.type}
              aria-label={m.type}
              checked={m.type === value}
              onChange={() => onChange(m)}
            />
            <img src={m.thumbnail} alt="" />
            <span aria-hidden="true">{breakAfterSlashes(m.type)}</span>
          </label>
        ))}
      </div>
      {error ? <p className="field-error">{error}</p> : null}
    </fieldset>
  );
}
