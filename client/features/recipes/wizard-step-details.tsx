import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RECIPE_TEXT_LIMITS } from '../../../shared/contracts/recipes';
import { FOOD_CATEGORIES, STARTING_STATES } from '../../../shared/domain/catalog';
import { ICON_NAMES, iconUrl } from '../../../shared/domain/icons';
import { LIMITS } from '../../../shared/domain/messages';
import { setTempTextIssue, setTempTypedIssue } from '../../../shared/domain/recipe';
import { textFieldsOf } from '../../../shared/domain/recipe-fields';
import {
  fromFahrenheit,
  type TemperatureUnit,
  tempRange,
  toFahrenheit,
} from '../../../shared/domain/temperature';
import type { Said } from '../../../shared/i18n/said';
import { Alert, FieldCounter, TextField } from '../../components/form';
import { useTemperatureUnit } from '../../lib/current-user';
import { categoryLabel, iconLabel, say, startingStateLabel } from '../../lib/i18n';
import type { Draft } from './wizard-draft';

const shown = (issue: Said | null | undefined, unit: TemperatureUnit = 'F') =>
  issue ? say(issue, unit) : undefined;

/**
 * Set Temp in the user's unit. The draft holds the °F text the API takes; in °C a whole number typed is held as
 * its nearest °F (and shown back as the same °C: a whole °C survives the round trip), anything else as typed, so
 * the rule refuses it by name.
 */
function SetTempField({ value, onChange }: { value: string; onChange(v: string): void }) {
  const { t } = useTranslation();
  const unit = useTemperatureUnit();
  const [text, setText] = useState(() =>
    unit === 'C' && /^\d+$/.test(value.trim()) ? String(fromFahrenheit(Number(value), 'C')) : value,
  );
  if (unit === 'F')
    return (
      <TextField
        label={t('wizard.setTempF')}
        name="set_temp"
        required
        inputMode="numeric"
        value={value}
        onChange={onChange}
        hint={t('wizard.setTempHintF')}
        error={shown(setTempTextIssue(value))}
      />
    );
  const range = tempRange(1, LIMITS.setTempMax, 'C');
  const error = setTempTypedIssue(text, 'C');
  return (
    <TextField
      label={t('wizard.setTempC')}
      name="set_temp"
      required
      inputMode="numeric"
      value={text}
      onChange={(v) => {
        setText(v);
        onChange(/^-?\d+$/.test(v.trim()) ? String(toFahrenheit(Number(v), 'C')) : v);
      }}
      hint={t('wizard.setTempHintC', { min: range.min, max: range.max })}
      error={shown(error, 'C')}
    />
  );
}

/** Step 3: specifications and preparation. `errors` are the schema's live messages for these fields. */
export function StepDetails({
  draft,
  errors,
  blockers,
  set,
}: {
  draft: Draft;
  errors: Record<string, string[]>;
  blockers: string[];
  set<K extends keyof Draft>(key: K, value: Draft[K]): void;
}) {
  const { t } = useTranslation();
  const err = (key: keyof Draft) => errors[key]?.[0];
  return (
    <div className="wizard-step details-grid">
      <TextField
        label={t('pdf.productName')}
        name="product_name"
        required
        value={draft.product_name}
        max={RECIPE_TEXT_LIMITS.product_name}
        onChange={(v) => set('product_name', v)}
        error={draft.product_name ? err('product_name') : undefined}
      />
      <SetTempField value={draft.set_temp} onChange={(v) => set('set_temp', v)} />
      <label className="field">
        <span className="label-required">{t('wizard.category')}</span>
        <select value={draft.category} onChange={(e) => set('category', e.target.value)}>
          {FOOD_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {categoryLabel(c)}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span>{t('wizard.startingState')}</span>
        <select value={draft.starting_state} onChange={(e) => set('starting_state', e.target.value)}>
          <option value="">—</option>
          {STARTING_STATES.map((c) => (
            <option key={c} value={c}>
              {startingStateLabel(c)}
            </option>
          ))}
        </select>
      </label>
      {textFieldsOf('specs').map(({ key, label }) => (
        <TextField
          key={key}
          label={t(label)}
          name={key}
          value={draft[key]}
          max={RECIPE_TEXT_LIMITS[key]}
          onChange={(v) => set(key, v)}
          error={err(key)}
        />
      ))}
      <fieldset className="fieldset span-2">
        <legend>{t('wizard.icon')}</legend>
        <div className="icon-choices" role="radiogroup" aria-label={t('wizard.icon')}>
          {ICON_NAMES.filter((n) => n !== 'ICON_CATEGORY_DEFAULT').map((n) => (
            <label
              key={n}
              className={`icon-choice ${n === draft.icon ? 'icon-choice-on' : ''}`}
              title={iconLabel(n)}
            >
              <input
                type="radio"
                name="icon"
                className="sr-only"
                checked={n === draft.icon}
                onChange={() => set('icon', n)}
                aria-label={iconLabel(n)}
              />
              <img src={iconUrl(n)} alt="" />
            </label>
          ))}
        </div>
      </fieldset>
      {textFieldsOf('preparation').map(({ key, label }) => (
        <label key={key} className="field span-2">
          <span>{t(label)}</span>
          <textarea rows={3} value={draft[key]} onChange={(e) => set(key, e.target.value)} />
          <FieldCounter value={draft[key]} max={RECIPE_TEXT_LIMITS[key]} />
          {err(key) ? <span className="field-error">{err(key)}</span> : null}
        </label>
      ))}
      {blockers.length > 0 ? (
        <div className="span-2">
          <Alert tone="info">{t('wizard.toPreview', { problems: blockers.join(' ') })}</Alert>
        </div>
      ) : null}
    </div>
  );
}
