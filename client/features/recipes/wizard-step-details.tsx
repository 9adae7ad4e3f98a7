import { RECIPE_TEXT_LIMITS } from '../../../shared/contracts/recipes';
import { FOOD_CATEGORIES, STARTING_STATES } from '../../../shared/domain/catalog';
import { ICON_NAMES, ICONS, iconUrl } from '../../../shared/domain/icons';
import { setTempTextIssue } from '../../../shared/domain/recipe';
import { Alert, TextField } from '../../components/form';
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
      <TextField
        label="Set Temp ºF"
        name="set_temp"
        required
        inputMode="numeric"
        value={draft.set_temp}
        onChange={(v) => set('set_temp', v)}
        hint="A whole number from 1 to 999."
        error={setTempTextIssue(draft.set_temp) ?? undefined}
      />
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
