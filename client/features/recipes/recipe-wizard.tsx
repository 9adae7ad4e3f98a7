import { useMemo, useState } from 'react';
import { fieldErrors } from '../../../shared/contracts/common';
import {
  type Owner,
  RECIPE_TEXT_LIMITS,
  type RecipeDetail,
  recipeInput,
} from '../../../shared/contracts/recipes';
import { DEFAULT_CATEGORY, FOOD_CATEGORIES, STARTING_STATES } from '../../../shared/domain/catalog';
import type { CookEvent } from '../../../shared/domain/event';
import { ICON_NAMES, ICON_RECIPE_DEFAULT, ICONS, iconUrl } from '../../../shared/domain/icons';
import { imageIssue } from '../../../shared/domain/image';
import { DEFAULT_OVEN_TYPE, OVEN_MODELS, type OvenType, ovenModel } from '../../../shared/domain/oven-models';
import { normalizeSetTemp, recipeNameIssue } from '../../../shared/domain/recipe';
import { type Stage, stagesIssues } from '../../../shared/domain/stage';
import { Alert, TextField } from '../../components/form';
import { Modal } from '../../components/modal';
import { ApiError } from '../../lib/api';
import { RecipeDetails } from './recipe-details';
import { type RecipeSave, useRecipeActions } from './recipes-api';
import { StageEditor } from './stage-editor';

interface Draft {
  name: string;
  oven_type: OvenType;
  product_name: string;
  set_temp: string;
  category: string;
  starting_state: string;
  dish_type: string;
  brand: string;
  icon: string;
  sku: string;
  weight: string;
  quantity: string;
  ingredients: string;
  outcome_attributes: string;
  procedure: string;
  outcome: string;
  stages: Stage[];
  events: CookEvent[];
}

/** What happens to the photo on save: keep the current one, send a new one, or remove it. */
type Photo = { kind: 'keep' } | { kind: 'new'; dataUrl: string; name: string } | { kind: 'remove' };

function toDraft(r: RecipeDetail | null): Draft {
  return {
    name: r?.name ?? '',
    oven_type: (r?.oven_type as OvenType) ?? DEFAULT_OVEN_TYPE,
    product_name: r?.product_name ?? '',
    set_temp: r ? String(r.set_temp) : '',
    category: r?.category ?? DEFAULT_CATEGORY,
    starting_state: r?.starting_state ?? '',
    dish_type: r?.dish_type ?? '',
    brand: r?.brand ?? '',
    icon: r?.icon ?? ICON_RECIPE_DEFAULT,
    sku: r?.sku ?? '',
    weight: r?.weight ?? '',
    quantity: r?.quantity ?? '',
    ingredients: r?.ingredients ?? '',
    outcome_attributes: r?.outcome_attributes ?? '',
    procedure: r?.procedure ?? '',
    outcome: r?.outcome ?? '',
    stages: r?.stages.map((s) => ({ ...s })) ?? [],
    events: r?.events.map((e) => ({ ...e })) ?? [],
  };
}

const STEPS = ['Name and oven', 'Cooking stages', 'Details', 'Preview', 'Saved'];

async function readPhoto(file: File): Promise<{ dataUrl: string } | { error: string }> {
  const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
  const issue = imageIssue({ name: file.name, size: file.size, head });
  if (issue) return { error: issue };
  const dataUrl = await new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
  return { dataUrl };
}

/**
 * Spec §2.6/§4 recipe wizard: 1 name and oven, 2 stages and events, 3 details, 4 preview and save, 5 saved.
 * Every check is the shared rule the server applies; on a failed save the caller closes the wizard.
 */
export function RecipeWizard({
  recipe,
  startStep = 1,
  scope,
  onClose,
  onFailed,
}: {
  recipe: RecipeDetail | null;
  startStep?: 1 | 2;
  scope: Owner;
  onClose(): void;
  onFailed(who: string, message: string): void;
}) {
  const [step, setStep] = useState<number>(startStep);
  const [draft, setDraft] = useState<Draft>(() => toDraft(recipe));
  const [photo, setPhoto] = useState<Photo>({ kind: 'keep' });
  const [photoError, setPhotoError] = useState('');
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState<{ recipe: RecipeDetail; created: boolean } | null>(null);
  const actions = useRecipeActions();
  const model = ovenModel(draft.oven_type);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  const nameIssue = recipeNameIssue(draft.name);
  const stageProblems = stagesIssues(draft.stages, model);
  const setTemp = normalizeSetTemp(draft.set_temp);
  const canNext1 = draft.name.trim() !== '';
  const canNext2 = draft.stages.length >= 1 && stageProblems.length === 0;
  const canPreview = draft.product_name.trim() !== '' && setTemp > 0 && draft.category !== '';

  const body = useMemo((): RecipeSave => {
    const b: RecipeSave = {
      ...draft,
      set_temp: setTemp,
      starting_state: (draft.starting_state || null) as RecipeSave['starting_state'],
      category: draft.category as RecipeSave['category'],
      icon: draft.icon as RecipeSave['icon'],
    };
    if (photo.kind === 'new') b.image = photo.dataUrl;
    if (photo.kind === 'remove') b.image = null;
    if (!recipe && scope === 'provider') b.scope = 'provider';
    return b;
  }, [draft, photo, setTemp, recipe, scope]);
  const finalCheck = recipeInput.safeParse(body);
  const finalErrors = finalCheck.success ? {} : fieldErrors(finalCheck.error);

  const currentImage =
    photo.kind === 'new' ? photo.dataUrl : photo.kind === 'remove' ? null : (recipe?.image_url ?? null);

  const changeOvenType = (type: OvenType) => {
    const next = ovenModel(type);
    setDraft((d) => ({ ...d, oven_type: type, name: d.name.slice(0, next.recipeNameMax) }));
  };

  const save = async () => {
    setSaving(true);
    try {
      const result = await actions.save(recipe?.id ?? null, body);
      setSaved({ recipe: result, created: !recipe });
      setStep(5);
    } catch (error) {
      const what =
        error instanceof ApiError && Object.keys(error.errors).length > 0
          ? Object.values(error.errors).flat().join(' ')
          : error instanceof Error
            ? error.message
            : '';
      onFailed(draft.name || 'Recipe', what);
    } finally {
      setSaving(false);
    }
  };

  const title =
    step === 5
      ? saved?.created
        ? 'New Recipe Created'
        : 'Saved to My Recipes'
      : recipe
        ? 'Edit Recipe'
        : 'Create New Recipe';

  const footer =
    step === 5 ? (
      <button type="button" className="btn btn-primary" onClick={onClose}>
        Done
      </button>
    ) : (
      <>
        {step > 1 ? (
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => setStep(step - 1)}
            disabled={saving}
          >
            Back
          </button>
        ) : null}
        {step === 1 ? (
          <button type="button" className="btn btn-primary" disabled={!canNext1} onClick={() => setStep(2)}>
            Next
          </button>
        ) : null}
        {step === 2 ? (
          <button type="button" className="btn btn-primary" disabled={!canNext2} onClick={() => setStep(3)}>
            Next
          </button>
        ) : null}
        {step === 3 ? (
          <button type="button" className="btn btn-primary" disabled={!canPreview} onClick={() => setStep(4)}>
            Preview
          </button>
        ) : null}
        {step === 4 ? (
          <button
            type="button"
            className="btn btn-primary"
            disabled={saving || !finalCheck.success}
            onClick={save}
          >
            {saving ? 'Saving ...' : 'Save'}
          </button>
        ) : null}
      </>
    );

  return (
    <Modal title={title} onClose={onClose} size="lg" footer={footer} busy={saving}>
      <ol className="steps" aria-label="Steps">
        {STEPS.map((label, i) => (
          <li
            key={label}
            className={i + 1 === step ? 'step-current' : i + 1 < step ? 'step-done' : ''}
            aria-current={i + 1 === step ? 'step' : undefined}
          >
            <span className="step-number">{i + 1}</span> <span className="step-label">{label}</span>
          </li>
        ))}
      </ol>

      {step === 1 ? (
        <div className="wizard-step">
          <TextField
            label="Recipe name"
            name="name"
            required
            value={draft.name}
            maxLength={model.recipeNameMax}
            onChange={(v) => set('name', v)}
            error={draft.name && nameIssue ? nameIssue : undefined}
            hint={`${draft.name.length}/${model.recipeNameMax} characters: letters, numbers, spaces, _ - and ".`}
            data-autofocus
          />
          <fieldset className="fieldset">
            <legend>Oven</legend>
            <div className="oven-choices" role="radiogroup" aria-label="Oven type">
              {OVEN_MODELS.map((m) => (
                <label
                  key={m.type}
                  className={`oven-choice ${m.type === draft.oven_type ? 'oven-choice-on' : ''}`}
                >
                  <input
                    type="radio"
                    name="oven_type"
                    value={m.type}
                    checked={m.type === draft.oven_type}
                    onChange={() => changeOvenType(m.type)}
                  />
                  <img src={m.thumbnail} alt="" />
                  <span>{m.type}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <fieldset className="fieldset">
            <legend>Photo (optional)</legend>
            <div className="photo-row">
              {currentImage ? (
                <img className="photo-preview" src={currentImage} alt="Recipe" />
              ) : (
                <img className="photo-preview is-icon" src={iconUrl(draft.icon)} alt="" />
              )}
              <div className="photo-actions">
                <label className="btn btn-secondary file-button">
                  {currentImage ? 'Choose another photo' : 'Choose a photo'}
                  <input
                    type="file"
                    accept="image/png,image/jpeg,.png,.jpg,.jpeg"
                    className="sr-only"
                    aria-label="Recipe photo"
                    onChange={async (e) => {
                      const file = e.target.files?.[0];
                      e.target.value = '';
                      if (!file) return;
                      const read = await readPhoto(file);
                      if ('error' in read) setPhotoError(read.error);
                      else {
                        setPhotoError('');
                        setPhoto({ kind: 'new', dataUrl: read.dataUrl, name: file.name });
                      }
                    }}
                  />
                </label>
                {photo.kind === 'new' && recipe?.image_url ? (
                  <button
                    type="button"
                    className="btn btn-secondary"
                    onClick={() => setPhoto({ kind: 'keep' })}
                  >
                    Keep Previous Image
                  </button>
                ) : null}
                {currentImage ? (
                  <button
                    type="button"
                    className="btn btn-link-danger"
                    onClick={() => setPhoto(recipe?.image_url ? { kind: 'remove' } : { kind: 'keep' })}
                  >
                    Remove photo
                  </button>
                ) : null}
                <p className="muted small">PNG or JPEG, up to 5 MB.</p>
              </div>
            </div>
            {photoError ? (
              <p className="field-error" role="alert">
                {photoError}
              </p>
            ) : null}
          </fieldset>
        </div>
      ) : null}

      {step === 2 ? (
        <div className="wizard-step">
          <p className="muted">
            {model.type}: {model.maxStages === 1 ? '1 stage' : `1 to ${model.maxStages} stages`},{' '}
            {model.minTemp}–{model.maxTemp} ºF
            {model.maxStages > 1 ? `, each within ${model.tempStep} ºF of the stage before` : ''}.
          </p>
          <StageEditor
            model={model}
            stages={draft.stages}
            events={draft.events}
            onStages={(s) => set('stages', s)}
            onEvents={(e) => set('events', e)}
          />
          {stageProblems.length > 0 && draft.stages.length > 0 ? (
            <Alert tone="error">{stageProblems[0]!.message}</Alert>
          ) : null}
        </div>
      ) : null}

      {step === 3 ? (
        <div className="wizard-step details-grid">
          <TextField
            label="Product name"
            name="product_name"
            required
            value={draft.product_name}
            maxLength={RECIPE_TEXT_LIMITS.product_name}
            onChange={(v) => set('product_name', v)}
            error={
              finalErrors.product_name?.[0] && draft.product_name ? finalErrors.product_name[0] : undefined
            }
          />
          <TextField
            label="Set Temp ºF"
            name="set_temp"
            required
            inputMode="numeric"
            value={draft.set_temp}
            onChange={(v) => set('set_temp', v.replace(/[^\d]/g, '').slice(0, 3))}
            error={draft.set_temp !== '' && setTemp === 0 ? 'Set Temp cannot be 0.' : undefined}
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
          {(
            [
              ['dish_type', 'Dish type'],
              ['brand', 'Brand'],
              ['sku', 'SKU'],
              ['weight', 'Weight'],
              ['quantity', 'Quantity'],
            ] as const
          ).map(([key, label]) => (
            <TextField
              key={key}
              label={label}
              name={key}
              value={draft[key]}
              maxLength={RECIPE_TEXT_LIMITS[key]}
              onChange={(v) => set(key, v)}
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
          {(
            [
              ['ingredients', 'Ingredients'],
              ['outcome_attributes', 'Outcome attributes'],
              ['procedure', 'Procedure'],
              ['outcome', 'Outcome'],
            ] as const
          ).map(([key, label]) => (
            <label key={key} className="field span-2">
              <span>{label}</span>
              <textarea
                rows={3}
                maxLength={RECIPE_TEXT_LIMITS[key]}
                value={draft[key]}
                onChange={(e) => set(key, e.target.value)}
              />
            </label>
          ))}
        </div>
      ) : null}

      {step === 4 ? (
        <div className="wizard-step">
          <h3 className="preview-name">{draft.name}</h3>
          <RecipeDetails
            recipe={{
              ...draft,
              set_temp: setTemp,
              image_url: currentImage,
              starting_state: draft.starting_state || null,
            }}
            imageOverride={currentImage}
          />
          {!finalCheck.success ? <Alert tone="error">{Object.values(finalErrors).flat()[0]}</Alert> : null}
        </div>
      ) : null}

      {step === 5 && saved ? (
        <div className="wizard-step saved-step">
          <Alert tone="success">
            "{saved.recipe.name}" {saved.created ? 'was created' : 'was saved'}{' '}
            {saved.recipe.owner === 'provider' ? 'in the library' : 'in My Recipes'}.
          </Alert>
        </div>
      ) : null}
    </Modal>
  );
}
