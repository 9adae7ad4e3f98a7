import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { createOvenRequest, type OvenDetail, updateOvenRequest } from '../../../shared/contracts/ovens';
import { LIMITS } from '../../../shared/domain/messages';
import { type OvenType, ovenModel } from '../../../shared/domain/oven-models';
import { formatTemp, tempRange, toFahrenheit, unitSymbol } from '../../../shared/domain/temperature';
import { degrees, said } from '../../../shared/i18n/said';
import { Alert, FieldCounter, TextField } from '../../components/form';
import { Modal } from '../../components/modal';
import { OvenTypeChoices } from '../../components/oven-type-choices';
import { useTemperatureUnit } from '../../lib/current-user';
import { MarkedText, say, textOf } from '../../lib/i18n';
import { useZodForm } from '../../lib/use-zod-form';
import { LocationSearch, useLocationOptions } from './location-options';

interface WarmUpRow {
  name: string;
  temperature: string;
}

interface OvenValues {
  name: string;
  type?: string;
  warm_ups: { name: string; temperature: number }[];
  location_id?: number | null;
}

interface OvenForm {
  name: string;
  type: string;
  warm_ups: WarmUpRow[];
  /** A location's id, or '' for none. */
  location_id: string;
}

/**
 * Spec §2.7 oven modal, create or edit: name, type (create only) and warm-up profiles (none on a Conveyor, up to 3
 * elsewhere; spec §5). Save waits for a name and a type; every rule is the server's own schema.
 */
export function OvenModal({
  oven,
  busy,
  onSave,
  onClose,
  defaultLocationId = null,
}: {
  oven: OvenDetail | null;
  busy: boolean;
  onSave(values: {
    name: string;
    type: OvenType;
    warm_ups: { name: string; temperature: number }[];
    location_id: number | null;
  }): Promise<void>;
  onClose(): void;
  /** A new oven starts in this location (the one the Ovens page is filtered by). */
  defaultLocationId?: number | null;
}) {
  const { t } = useTranslation();
  const initial: OvenForm = {
    name: oven?.name ?? '',
    type: oven?.type ?? '',
    warm_ups: oven?.warm_ups.map((w) => ({ name: w.name, temperature: String(w.temperature) })) ?? [],
    location_id: String((oven ? oven.location?.id : defaultLocationId) ?? ''),
  };
  const [schema] = useState<z.ZodType<OvenValues>>(
    () => (oven ? updateOvenRequest(oven.type) : createOvenRequest) as z.ZodType<OvenValues>,
  );
  const form = useZodForm<z.ZodType<OvenValues>, OvenForm>(
    schema,
    initial,
    (v) => ({ ...v, location_id: v.location_id === '' ? null : Number(v.location_id) }) as never,
  );
  const values = form.values;
  const locations = useLocationOptions({ value: values.location_id });
  const [draft, setDraft] = useState<WarmUpRow>({ name: '', temperature: '' });
  const unit = useTemperatureUnit();
  const model = values.type ? ovenModel(values.type as OvenType) : null;
  const errors = form.live;
  const canSave = values.name.trim() !== '' && values.type !== '' && !busy;
  // The profile temperature is typed in the user's unit and kept as the oven's whole °F.
  const draftTemp = toFahrenheit(Number(draft.temperature), unit);
  const draftIssue =
    draft.name === '' && draft.temperature === ''
      ? null
      : !draft.name.trim() || draft.name.trim().length > 24 || !/^[A-Za-z0-9_ -]+$/.test(draft.name.trim())
        ? say(said('rules.profileName'))
        : !/^\d{1,3}$/.test(draft.temperature) ||
            !model ||
            // The range shown (°C rounded inwards) is the range taken.
            Number(draft.temperature) < tempRange(model.minTemp, model.maxTemp, unit).min ||
            Number(draft.temperature) > tempRange(model.minTemp, model.maxTemp, unit).max
          ? say(
              said('ruleMessages.profileTempRange', {
                min: degrees(model?.minTemp ?? 0, 'low'),
                max: degrees(model?.maxTemp ?? 0, 'high'),
                unit: degrees(0, 'unit'),
              }),
              unit,
            )
          : null;
  const setWarmUps = (list: WarmUpRow[]) => form.set('warm_ups', list);
  const dirty = JSON.stringify(values) !== JSON.stringify(initial);

  const submit = form.onSubmit(async (data) => {
    await onSave({
      ...data,
      type: (oven?.type ?? data.type) as OvenType,
      location_id: data.location_id ?? null,
    });
  });

  return (
    <Modal
      title={oven ? t('ovenModal.editTitle', { name: oven.name }) : t('ovenModal.addTitle')}
      onClose={onClose}
      dirty={dirty}
      busy={busy}
      footer={
        <>
          <button type="button" className="btn btn-secondary" onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </button>
          <button type="submit" form="oven-form" className="btn btn-primary" disabled={!canSave}>
            {busy ? t('common.saving') : t('ovenModal.save')}
          </button>
        </>
      }
    >
      <form id="oven-form" onSubmit={submit} noValidate>
        <TextField
          label={t('ovenModal.name')}
          required
          max={LIMITS.ovenNameMax}
          hint={t('ovenModal.nameHint', { max: LIMITS.ovenNameMax })}
          {...form.field('name')}
          error={values.name && errors.name?.[0] ? errors.name[0] : form.errors.name}
          data-autofocus
        />
        {oven ? (
          <p className="muted">
            <MarkedText
              i18nKey="ovenModal.typeFixed"
              values={{ type: oven.type }}
              components={{ strong: <strong /> }}
            />
          </p>
        ) : (
          <OvenTypeChoices
            value={values.type}
            error={form.errors.type}
            onChange={(m) => {
              form.set('type', m.type);
              // A Conveyor has no warm-up profiles.
              if (m.maxWarmUps === 0) setWarmUps([]);
            }}
          />
        )}

        {locations.any ? (
          <>
            <label className="field">
              <span>{t('ovenModal.location')}</span>
              <select value={values.location_id} onChange={(e) => form.set('location_id', e.target.value)}>
                <option value="">{t('ovenModal.noLocation')}</option>
                {locations.options.map((l) => (
                  <option key={l.id} value={String(l.id)}>
                    {l.name}
                  </option>
                ))}
              </select>
              {form.errors.location_id ? (
                <span className="field-error">{form.errors.location_id}</span>
              ) : null}
            </label>
            <LocationSearch choice={locations} />
          </>
        ) : null}

        <fieldset className="fieldset">
          <legend>{t('ovenModal.warmUps')}</legend>
          {!model ? (
            <p className="muted">{t('ovenModal.chooseTypeFirst')}</p>
          ) : model.maxWarmUps === 0 ? (
            <p className="muted">{t('ovenModal.noWarmUps', { type: model.type })}</p>
          ) : (
            <>
              <p className="muted small">
                {t('ovenModal.upTo', {
                  max: model.maxWarmUps,
                  min: tempRange(model.minTemp, model.maxTemp, unit).min,
                  top: tempRange(model.minTemp, model.maxTemp, unit).max,
                  unit: unitSymbol(unit),
                })}
              </p>
              {values.warm_ups.length > 0 ? (
                <ul className="warmup-list">
                  {values.warm_ups.map((w, i) => (
                    <li key={`${w.name}-${i}`}>
                      <span>
                        {w.name} · <span className="tabular">{formatTemp(Number(w.temperature), unit)}</span>
                      </span>
                      {errors[`warm_ups.${i}.temperature`] || errors[`warm_ups.${i}.name`] ? (
                        <span className="field-error">
                          {errors[`warm_ups.${i}.name`]?.[0] ??
                            errors[`warm_ups.${i}.temperature`]?.[0] ??
                            ''}
                        </span>
                      ) : null}
                      <button
                        type="button"
                        className="btn btn-link-danger"
                        onClick={() => setWarmUps(values.warm_ups.filter((_, j) => j !== i))}
                      >
                        {t('ovenModal.deleteProfile', { name: w.name })}
                      </button>
                    </li>
                  ))}
                </ul>
              ) : null}
              {values.warm_ups.length < model.maxWarmUps ? (
                <div className="warmup-form">
                  <label className="field field-inline">
                    <span>{t('ovenModal.profileName')}</span>
                    <input
                      value={draft.name}
                      onChange={(e) => setDraft({ ...draft, name: e.target.value })}
                    />
                    <FieldCounter value={draft.name} max={LIMITS.profileNameMax} />
                  </label>
                  <label className="field field-inline">
                    <span>{t('ovenModal.temperature', { unit: unitSymbol(unit) })}</span>
                    <input
                      inputMode="numeric"
                      value={draft.temperature}
                      onChange={(e) =>
                        setDraft({ ...draft, temperature: e.target.value.replace(/[^\d]/g, '') })
                      }
                    />
                  </label>
                  <button
                    type="button"
                    className="btn btn-secondary"
                    disabled={draftIssue !== null || draft.name === ''}
                    onClick={() => {
                      // Floored on add (spec §5): the field takes digits only.
                      setWarmUps([
                        ...values.warm_ups,
                        { name: draft.name.trim(), temperature: String(Math.floor(draftTemp)) },
                      ]);
                      setDraft({ name: '', temperature: '' });
                    }}
                  >
                    {t('ovenModal.addProfile')}
                  </button>
                  {draftIssue ? <p className="field-error">{draftIssue}</p> : null}
                </div>
              ) : (
                <p className="muted small">{t('ovenModal.hasAll', { max: model.maxWarmUps })}</p>
              )}
            </>
          )}
        </fieldset>
        {form.failure && !Object.keys(form.errors).length ? (
          <Alert tone="error">{textOf(form.failure)}</Alert>
        ) : null}
      </form>
    </Modal>
  );
}
