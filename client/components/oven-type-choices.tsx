import { OVEN_MODELS, type OvenModel } from '../../shared/domain/oven-models';
import { breakAfterSlashes } from '../lib/text';

/** The oven types as pictures to tap (a kitchen tablet wants big targets), one radio group. */
export function OvenTypeChoices({
  value,
  onChange,
  error,
  models = OVEN_MODELS,
  legend = 'Oven type',
}: {
  value: string;
  onChange(model: OvenModel): void;
  error?: string;
  /** The types offered (all by default). */
  models?: readonly OvenModel[];
  legend?: string;
}) {
  return (
    <fieldset className="fieldset">
      <legend className="label-required">{legend}</legend>
      <div className="oven-choices" role="radiogroup" aria-label={legend}>
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
