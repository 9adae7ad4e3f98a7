import { useState } from 'react';
import { RECIPE_TEXT_LIMITS } from '../../../shared/contracts/recipes';
import { FOOD_CATEGORIES, STARTING_STATES } from '../../../shared/domain/catalog';
import { ICON_NAMES, ICONS, iconUrl } from '../../../shared/domain/icons';
import { LIMITS } from '../../../shared/domain/messages';
import { setTempTextIssue, setTempTypedIssue } from '../../../shared/domain/recipe';
import { fromFahrenheit, tempRange, toFahrenheit } from '../../../shared/domain/temperature';
import { Alert, TextField } from '../../components/form';
import { useTemperatureUnit } from '../../lib/current-user';
import type { Draft } from './wizard-draft';

type TextKey = 'dish_type' | 'brand' | 'sku' | 'weight' | 'quantity';
type LongKey = 'ingredients' | 'outcome_attributes' | 'procedure' | 'outcome';
const SHORT: [TextKey, string][] = [
  ['dish_type', 'Dish type'],
  ['brand', 'Brand'],
  ['sku', 'SKU'],
  ['weight', 'Weight'],
  ['quantity', 'Quantity'],
];
const LONG: [LongKey, string][] = [
  ['ingredients', 'Ingredients'],
  ['outcome_attributes', 'Outcome attributes'],
  ['procedure', 'Procedure'],
  ['outcome', 'Outcome'],
];

/**
 * Set Temp in the user's unit. The draft holds the °F text the API takes; in °C a whole number typed is held as
 * its nearest °F (and shown back as the same °C: a whole °C survives the round trip), anything else as typed, so
 * the rule refuses it by name.
 */
function SetTempField({ value, onChange }: { value: string; onChange(v: string): void }) {
  const unit = useTemperatureUnit();
  const [text, setText] = useState(() =>
    unit === 'C' && /^\d+$/.test(value.trim()) ? String(fromFahrenheit(Number(value), 'C')) : value,
  );
  if (unit === 'F')
    return (
      <TextField
        label="Set Temp °F"
        name="set_temp"
        required
        inputMode="numeric"
        value={value}
        onChange={onChange}
        hint="A whole number from 1 to 999."
        error={setTempTextIssue(value) ?? undefined}
      />
    );
  const range = tempRange(1, LIMITS.setTempMax, 'C');
  const error = setTempTypedIssue(text, 'C');
  return (
    <TextField
      label="Set Temp °C"
      name="set_temp"
      required
      inputMode="numeric"
      value={text}
      onChange={(v) => {
        setText(v);
        onChange(/^-?\d+$/.test(v.trim()) ? String(toFahrenheit(Number(v), 'C')) : v);
      }}
      hint={`A whole number from ${range.min} to ${range.max}; saved as °F for the oven.`}
      error={error ?? undefined}
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
  const err = (key: keyof Draft) => errors[key]?.[0];
  return (
    <div className="wizard-step details-grid">
      <TextField
        label="Product name"
        name="product_name"
        required
        value={draft.product_name}
        maxLength={RECIPE_TEXT_LIMITS.product_name}
        onChange={(v) => set('product_name', v)}
        error={draft.product_name ? err('product_name') : undefined}
      />
      <SetTempField value={draft.set_temp} onChange={(v) => set('set_temp', v)} />
      <label className="field">
        <span className="label-required">Category</span>
        <select value={draft.category} onChange={(e) => set('category', e.target.value)}>
          {FOOD_CATEGORIES.map((c) => (
            <option key={c}>{c}</option>
          ))}
        </select>
      </label>
      <label className="field">
        <span>Starting state</span>
        <select value={draft.starting_state} onChange={(e) => set('starting_state', e.target.value)}>
          <option value="">—</option>
          {STARTING_STATES.map((c) => (
            <option key={c}>{c}</option>
          ))}
        </select>
      </label>
      {SHORT.map(([key, label]) => (
        <TextField
          key={key}
          label={label}
          name={key}
          value={draft[key]}
          maxLength={RECIPE_TEXT_LIMITS[key]}
          onChange={(v) => set(key, v)}
          error={err(key)}
        />
      ))}
      <fieldset className="fieldset span-2">
        <legend>Icon</legend>
        <div className="icon-choices" role="radiogroup" aria-label="Icon">
          {ICON_NAMES.filter((n) => n !== 'ICON_CATEGORY_DEFAULT').map((n) => (
            <label
              key={n}
              className={`icon-choice ${n === draft.icon ? 'icon-choice-on' : ''}`}
              title={ICONS[n]}
            >
              <input
                type="radio"
                name="icon"
                className="sr-only"
                checked={n === draft.icon}
                onChange={() => set('icon', n)}
                aria-label={ICONS[n]}
              />
              <img src={iconUrl(n)} alt="" />
            </label>
          ))}
        </div>
      </fieldset>
      {LONG.map(([key, label]) => (
        <label key={key} className="field span-2">
          <span>{label}</span>
          <textarea
            rows={3}
            maxLength={RECIPE_TEXT_LIMITS[key]}
            value={draft[key]}
            onChange={(e) => set(key, e.target.value)}
          />
          {err(key) ? <span className="field-error">{err(key)}</span> : null}
        </label>
      ))}
      {blockers.length > 0 ? (
        <div className="span-2">
          <Alert tone="info">To preview the recipe: {blockers.join(' ')}</Alert>
        </div>
      ) : null}
    </div>
  );
}
