import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { iconUrl } from '../../../shared/domain/icons';
import { imageIssue } from '../../../shared/domain/image';
import { OVEN_MODELS, type OvenModel, type OvenType } from '../../../shared/domain/oven-models';
import type { Said } from '../../../shared/i18n/said';
import { TextField } from '../../components/form';
import { say } from '../../lib/i18n';
import { breakAfterSlashes } from '../../lib/text';
import type { Draft, Photo } from './wizard-draft';

async function readPhoto(file: File): Promise<{ dataUrl: string } | { error: Said }> {
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

/** Step 1: the name, the oven type (with its picture) and an optional photo. */
export function StepName({
  draft,
  model,
  nameError,
  nameNote,
  nameMax,
  photo,
  photoError,
  currentImage,
  hasSavedImage,
  onName,
  onOvenType,
  onPhoto,
  onPhotoError,
}: {
  draft: Draft;
  model: OvenModel;
  nameError: string | undefined;
  nameNote: string;
  /** The name's limit, counted once the oven is chosen (it depends on it). */
  nameMax: number | undefined;
  photo: Photo;
  photoError: string;
  currentImage: string | null;
  hasSavedImage: boolean;
  onName(name: string): void;
  onOvenType(type: OvenType): void;
  onPhoto(photo: Photo): void;
  onPhotoError(message: string): void;
}) {
  const { t } = useTranslation();
  const photoErrorRef = useRef<HTMLParagraphElement>(null);
  // The error of a refused photo appears where the person is looking (it can sit below the fold on a tablet).
  useEffect(() => {
    if (photoError) photoErrorRef.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [photoError]);

  return (
    <div className="wizard-step">
      <TextField
        label={t('wizard.recipeName')}
        name="name"
        required
        value={draft.name}
        max={nameMax}
        onChange={onName}
        error={nameError}
        hint={t('wizard.nameHint', { length: draft.name.length, max: model.recipeNameMax })}
        data-autofocus
      />
      {nameNote ? (
        <p className="field-note" role="status">
          {nameNote}
        </p>
      ) : null}
      <fieldset className="fieldset">
        <legend>{t('wizard.oven')}</legend>
        <div className="oven-choices" role="radiogroup" aria-label={t('common.ovenType')}>
          {OVEN_MODELS.map((m) => (
            <label
              key={m.type}
              className={`oven-choice ${m.type === draft.oven_type ? 'oven-choice-on' : ''}`}
            >
              <input
                type="radio"
                name="oven_type"
                value={m.type}
                aria-label={m.type}
                checked={m.type === draft.oven_type}
                onChange={() => onOvenType(m.type)}
              />
              <img src={m.thumbnail} alt="" />
              <span aria-hidden="true">{breakAfterSlashes(m.type)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="fieldset">
        <legend>{t('wizard.photo')}</legend>
        <div className="photo-row">
          {currentImage ? (
            <img className="photo-preview" src={currentImage} alt={t('wizard.photoAlt')} />
          ) : (
            <img className="photo-preview is-icon" src={iconUrl(draft.icon)} alt="" />
          )}
          <div className="photo-actions">
            <label className="btn btn-secondary file-button">
              {currentImage ? t('wizard.chooseAnother') : t('wizard.choosePhoto')}
              <input
                type="file"
                accept="image/png,image/jpeg,.png,.jpg,.jpeg"
                className="sr-only"
                aria-label={t('wizard.photoInput')}
                aria-describedby={photoError ? 'photo-error' : undefined}
                onChange={async (e) => {
                  const file = e.target.files?.[0];
                  e.target.value = '';
                  if (!file) return;
                  const read = await readPhoto(file);
                  if ('error' in read) onPhotoError(say(read.error));
                  else {
                    onPhotoError('');
                    onPhoto({ kind: 'new', dataUrl: read.dataUrl, name: file.name });
                  }
                }}
              />
            </label>
            {photoError ? (
              <p id="photo-error" ref={photoErrorRef} className="field-error" role="alert">
                {photoError}
              </p>
            ) : null}
            {photo.kind === 'new' && hasSavedImage ? (
              <button type="button" className="btn btn-secondary" onClick={() => onPhoto({ kind: 'keep' })}>
                {t('wizard.keepPrevious')}
              </button>
            ) : null}
            {currentImage ? (
              <button
                type="button"
                className="btn btn-link-danger"
                onClick={() => onPhoto(hasSavedImage ? { kind: 'remove' } : { kind: 'keep' })}
              >
                {t('wizard.removePhoto')}
              </button>
            ) : null}
            <p className="muted small">{t('wizard.photoHint')}</p>
          </div>
        </div>
      </fieldset>
    </div>
  );
}
