import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Owner, type RecipeDetail, recipeInput } from '../../../shared/contracts/recipes';
import { type OvenType, ovenModel } from '../../../shared/domain/oven-models';
import { normalizeSetTemp } from '../../../shared/domain/recipe';
import { stagesFor } from '../../../shared/domain/recipe-convert';
import { Alert } from '../../components/form';
import { Modal } from '../../components/modal';
import { ApiError } from '../../lib/api';
import { useTemperatureUnit } from '../../lib/current-user';
import { say, textOf } from '../../lib/i18n';
import { useZodForm } from '../../lib/use-zod-form';
import { useSaveRecipe } from './recipes-api';
import type { StageFormState } from './stage-editor';
import { type Draft, type Photo, problemsInUnit, stepProblems, toBody, toDraft } from './wizard-draft';
import { StepDetails } from './wizard-step-details';
import { StepName } from './wizard-step-name';
import { StepPreview } from './wizard-step-preview';
import { StepSaved } from './wizard-step-saved';
import { StepStages } from './wizard-step-stages';

const STEPS = ['name', 'stages', 'details', 'preview', 'saved'] as const;

/**
 * create: a new recipe; edit: change `recipe`; copy: a new recipe of yours made from `recipe` (a library
 * recipe), saved only when the person saves (closing leaves nothing behind).
 */
export type WizardMode = 'create' | 'edit' | 'copy';

/**
 * Spec §2.6/§4 recipe wizard: 1 name and oven, 2 stages and events, 3 details, 4 preview and save, 5 saved.
 * Every gate is the server's own recipe schema, per step; on a failed save the caller closes the wizard.
 */
/** A recipe converted to another oven and opened to adjust: where from, and what conversion changed. */
export interface Conversion {
  from: string;
  changes: string[];
}

export function RecipeWizard({
  recipe,
  mode,
  startStep = 1,
  conversion,
  scope,
  onClose,
  onFailed,
}: {
  recipe: RecipeDetail | null;
  mode: WizardMode;
  startStep?: 1 | 2;
  conversion?: Conversion;
  scope: Owner;
  onClose(): void;
  onFailed(who: string, message: string): void;
}) {
  const { t } = useTranslation();
  const [step, setStep] = useState<number>(startStep);
  const [initial] = useState<Draft>(() => toDraft(recipe));
  const form = useZodForm(recipeInput, initial, toBody);
  const draft = form.values;
  const [photo, setPhoto] = useState<Photo>({ kind: 'keep' });
  const [photoError, setPhotoError] = useState('');
  // A new recipe's name is judged against its oven's length once the oven is chosen (MiLO takes 24, Matchbox 16).
  const [modelChosen, setModelChosen] = useState(recipe !== null);
  const [stageForm, setStageForm] = useState<StageFormState | null>(null);
  const [saved, setSaved] = useState<RecipeDetail | null>(null);
  const save = useSaveRecipe();
  const model = ovenModel(draft.oven_type);
  const set = form.set;
  const unit = useTemperatureUnit();
  // Messages in the user's unit: a Set Temp typed in °C is judged and named in °C.
  const live = problemsInUnit(form.live, draft, unit);

  const dirty = !saved && (photo.kind !== 'keep' || JSON.stringify(draft) !== JSON.stringify(initial));
  // Anything typed is only lost on purpose: Esc and × ask first, and a tap beside the dialog does nothing.

  // Each step starts at its top (on a phone the previous step left the dialog scrolled down).
  const top = useRef<HTMLOListElement>(null);
  useEffect(() => {
    top.current?.closest('.modal-body')?.scrollTo({ top: 0 });
  }, [step]);

  const nameTooLong = [...draft.name.trim()].length > model.recipeNameMax;
  // The rules shorten an over-long name on save (spec §5); here the person sees it is too long, and shortens it.
  const nameProblem = nameTooLong
    ? modelChosen
      ? t('wizard.nameTooLong', { max: model.recipeNameMax, type: model.type })
      : undefined
    : live.name?.[0];
  const step1 = draft.name.trim() !== '' && !nameProblem && !(nameTooLong && !modelChosen);
  const step2Problems = stepProblems(live, 2);
  const pendingStage = stageForm?.pending
    ? t(stageForm.editing ? 'wizard.pendingUpdate' : 'wizard.pendingAdd', { n: stageForm.order })
    : null;
  const step2Problem =
    stageForm?.problem && stageForm.pending
      ? stageForm.problem
      : (pendingStage ?? (draft.stages.length > 0 && step2Problems[0] ? step2Problems[0].message : null));
  // A stage filled in and valid counts: Next adds it, as Add Stage would.
  const stageToAdd = stageForm?.pending === true && stageForm.canSave;
  const step2 =
    (draft.stages.length >= 1 || stageToAdd) &&
    (step2Problems.length === 0 || (draft.stages.length === 0 && stageToAdd)) &&
    (!stageForm?.pending || stageToAdd);
  // Short pointers to what the step shows in full at its field or stage.
  const step2Missing = step2
    ? null
    : stageForm?.pending
      ? t('wizard.fixStage', { n: stageForm.order })
      : draft.stages.length === 0
        ? t('wizard.needStage')
        : t('wizard.fixStages');
  const step3Problems = stepProblems(live, 3);
  const step3 = step3Problems.length === 0;
  const allProblems = Object.values(live).flat();
  const setTemp = normalizeSetTemp(draft.set_temp);

  const currentImage =
    photo.kind === 'new' ? photo.dataUrl : photo.kind === 'remove' ? null : (recipe?.image_url ?? null);

  // What was typed is never cut: a name too long for the model chosen is said so, and kept to be shortened.
  // A stage's setting the new model lacks (microwave, infrared, vent) has no field there to fix it in: it is
  // cleared, and the wizard says which, stage by stage.
  const [cleared, setCleared] = useState<{ type: string; lines: string[] } | null>(null);
  const changeOvenType = (type: OvenType) => {
    setModelChosen(true);
    set('oven_type', type);
    const fitted = stagesFor(draft.stages, ovenModel(type));
    if (fitted.changes.length > 0) set('stages', fitted.stages);
    setCleared(
      fitted.changes.length > 0 ? { type, lines: fitted.changes.map((c) => say(c.said, unit)) } : null,
    );
  };

  const onStageForm = useCallback((state: StageFormState) => setStageForm(state), []);

  const submit = async () => {
    const body = toBody(draft, photo, mode !== 'edit' && scope === 'provider' ? 'provider' : undefined);
    // A copy keeps the source's photo unless another was chosen: the server copies its bytes.
    if (mode === 'copy' && recipe?.image_url && photo.kind === 'keep') body.image_from = recipe.id;
    try {
      setSaved(await save.mutateAsync({ id: mode === 'edit' ? (recipe?.id ?? null) : null, body }));
      setStep(5);
    } catch (error) {
      const what =
        error instanceof ApiError && Object.keys(error.errors).length > 0
          ? Object.values(error.errors).flat().join(' ')
          : textOf(error, unit);
      onFailed(draft.name || t('wizard.recipe'), what);
    }
  };

  const title =
    step === 5
      ? mode === 'edit'
        ? t('wizard.titleSavedEdit')
        : t('wizard.titleCreated')
      : mode === 'edit'
        ? t('wizard.titleEdit')
        : mode === 'copy'
          ? t('wizard.titleCopy')
          : t('wizard.titleCreate');

  // A disabled Next says what is missing beside it, not only somewhere up the step.
  const next = (
    to: number,
    enabled: boolean,
    missing: string | null,
    label = t('wizard.next'),
    before?: () => void,
  ) => (
    <>
      {!enabled && missing ? (
        <p className="wizard-missing" id="wizard-missing">
          {missing}
        </p>
      ) : null}
      <button
        type="button"
        className="btn btn-primary"
        disabled={!enabled}
        aria-describedby={!enabled && missing ? 'wizard-missing' : undefined}
        onClick={() => {
          before?.();
          setStep(to);
        }}
      >
        {label}
      </button>
    </>
  );
  const footer =
    step === 5 ? (
      <button type="button" className="btn btn-primary" onClick={onClose}>
        {t('wizard.done')}
      </button>
    ) : (
      <>
        {step > 1 ? (
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => setStep(step - 1)}
            disabled={save.isPending}
          >
            {t('wizard.back')}
          </button>
        ) : null}
        {step === 1
          ? next(
              2,
              step1,
              draft.name.trim() === ''
                ? t('wizard.needName')
                : nameTooLong && !modelChosen
                  ? t('wizard.chooseOvenFirst')
                  : t('wizard.fixName'),
            )
          : null}
        {step === 2
          ? next(3, step2, step2Missing, undefined, () => {
              if (stageToAdd) stageForm?.commit();
            })
          : null}
        {step === 3 ? next(4, step3, t('wizard.fixDetails'), t('wizard.previewButton')) : null}
        {step === 4 ? (
          <button
            type="button"
            className="btn btn-primary"
            disabled={save.isPending || allProblems.length > 0}
            onClick={submit}
          >
            {save.isPending ? t('common.saving') : t('wizard.save')}
          </button>
        ) : null}
      </>
    );

  return (
    <Modal
      title={title}
      onClose={onClose}
      dirty={dirty}
      discard={{ title: t('wizard.discardTitle'), message: t('wizard.discardMessage') }}
      size="lg"
      footer={footer}
      busy={save.isPending}
    >
      <ol className="steps" aria-label={t('wizard.stepsLabel')} ref={top}>
        {STEPS.map((key, i) => (
          <li
            key={key}
            className={i + 1 === step ? 'step-current' : i + 1 < step ? 'step-done' : ''}
            aria-current={i + 1 === step ? 'step' : undefined}
          >
            <span className="step-number">{i + 1}</span>{' '}
            <span className="step-label">{t(`wizard.steps.${key}`)}</span>
          </li>
        ))}
      </ol>

      {cleared && step < 3 ? (
        <Alert tone="info">
          {t('wizard.clearedForModel', { type: cleared.type })}
          <ul className="change-list">
            {cleared.lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
      {conversion && step < 5 ? (
        <details className="conversion-note" open>
          <summary>
            {conversion.changes.length === 0
              ? t('wizard.convertedNothing', { from: conversion.from })
              : t('wizard.convertedChanges', { from: conversion.from, count: conversion.changes.length })}
          </summary>
          {conversion.changes.length > 0 ? (
            <ul className="change-list" aria-label={t('wizard.whatConversionChanged')}>
              {conversion.changes.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          ) : null}
        </details>
      ) : null}
      {step === 1 ? (
        <StepName
          draft={draft}
          model={model}
          nameError={draft.name && nameProblem ? nameProblem : undefined}
          nameMax={modelChosen ? model.recipeNameMax : undefined}
          nameNote={nameTooLong && !modelChosen ? t('wizard.chooseOvenForName') : ''}
          photo={photo}
          photoError={photoError}
          currentImage={currentImage}
          hasSavedImage={Boolean(recipe?.image_url)}
          onName={(v) => set('name', v)}
          onOvenType={changeOvenType}
          onPhoto={setPhoto}
          onPhotoError={setPhotoError}
        />
      ) : null}
      {step === 2 ? (
        <StepStages
          model={model}
          stages={draft.stages}
          events={draft.events}
          problem={step2Problem}
          onStages={(s) => set('stages', s)}
          onEvents={(e) => set('events', e)}
          onFormState={onStageForm}
        />
      ) : null}
      {step === 3 ? (
        <StepDetails draft={draft} errors={live} blockers={step3Problems.map((p) => textOf(p))} set={set} />
      ) : null}
      {step === 4 ? (
        <StepPreview draft={draft} setTemp={setTemp} image={currentImage} problem={allProblems[0]} />
      ) : null}
      {step === 5 && saved ? <StepSaved recipe={saved} created={mode !== 'edit'} /> : null}
    </Modal>
  );
}
