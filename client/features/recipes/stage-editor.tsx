import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IR_LEVELS } from '../../../shared/domain/catalog';
import {
  type CookEvent,
  eventIssues,
  sortEvents,
  totalStageMinutes,
  totalStageSeconds,
} from '../../../shared/domain/event';
import { LIMITS } from '../../../shared/domain/messages';
import type { OvenModel } from '../../../shared/domain/oven-models';
import {
  addStage,
  canAddStage,
  clampTemp,
  deleteStage,
  isStageTouched,
  newStage,
  type Stage,
  stageIssues,
  stageSeconds,
  stageTempIssue,
  updateStage,
} from '../../../shared/domain/stage';
import {
  clampTyped,
  formatTemp,
  fromFahrenheit,
  tempRange,
  toFahrenheit,
  unitSymbol,
} from '../../../shared/domain/temperature';
import { FieldCounter } from '../../components/form';
import { useTemperatureUnit } from '../../lib/current-user';
import { irLevelLabel, say, textOf } from '../../lib/i18n';
import { EventList, StageTimeline } from './recipe-details';

const range = (from: number, to: number, step = 1) =>
  Array.from({ length: Math.floor((to - from) / step) + 1 }, (_, i) => from + i * step);
const two = (n: number) => String(n).padStart(2, '0');

function Select({
  label,
  value,
  options,
  onChange,
  format = String,
}: {
  label: string;
  value: string | number;
  options: (string | number)[];
  onChange(v: string): void;
  format?: (v: string | number) => string;
}) {
  const id = useId();
  return (
    <div className="field field-inline">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map((o) => (
          <option key={o} value={o}>
            {format(o)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The open stage form, as the wizard needs to know it: something typed but not added, and its problem. */
export interface StageFormState {
  pending: boolean;
  order: number;
  editing: boolean;
  problem: string | null;
  /** The stage typed passes every rule: Next may add (or update) it on the person's behalf. */
  canSave: boolean;
  /** Adds (or updates) the stage typed, as Add Stage does. */
  commit(): void;
}

/** Spec §4/§5 stage list: add (order = count + 1), edit by order, delete with renumbering; and the events list. */
export function StageEditor({
  model,
  stages,
  events,
  onStages,
  onEvents,
  onFormState,
}: {
  model: OvenModel;
  stages: Stage[];
  events: CookEvent[];
  onStages(next: Stage[]): void;
  onEvents(next: CookEvent[]): void;
  onFormState?(state: StageFormState): void;
}) {
  const { t } = useTranslation();
  const unit = useTemperatureUnit();
  const shown = (f: number) => String(fromFahrenheit(f, unit));
  const [form, setForm] = useState<Stage>(() => newStage(stages, model));
  const [editing, setEditing] = useState<number | null>(null);
  // What is typed, in the user's unit; the form holds °F (a value not retyped keeps its exact °F).
  const [tempText, setTempText] = useState(() => shown(form.temp));
  const [tempNote, setTempNote] = useState('');
  const root = useRef<HTMLDivElement>(null);
  const scrollToNew = useRef(false);

  const reset = (list: Stage[]) => {
    const fresh = newStage(list, model);
    setForm(fresh);
    setTempText(shown(fresh.temp));
    setTempNote('');
    setEditing(null);
  };
  const set = <K extends keyof Stage>(key: K, value: Stage[K]) => setForm((f) => ({ ...f, [key]: value }));
  const previousTemp =
    (editing ?? stages.length + 1) > 1 ? stages[(editing ?? stages.length + 1) - 2]?.temp : undefined;
  const rawTempError = stageTempIssue(form.temp, previousTemp, model);
  const tempError = rawTempError ? say(rawTempError, unit) : null;
  const issues = stageIssues(form, previousTemp, model).filter((i) => i.path[0] !== 'temp');
  // A stage still at 00:00 has not been timed yet: say what is needed, without an error.
  const untimed = stageSeconds(form) === 0;
  const timeIssue = untimed
    ? undefined
    : issues.find((i) => ['hours', 'minutes', 'seconds'].includes(String(i.path[0])))?.said;
  const timeError = timeIssue ? say(timeIssue, unit) : undefined;
  const canSave =
    editing !== null ? stageIssues(form, previousTemp, model).length === 0 : canAddStage(form, stages, model);
  const full = stages.length >= model.maxStages && editing === null;
  const editedStage = editing !== null ? stages.find((s) => s.order === editing) : undefined;
  const pending = full
    ? false
    : editedStage
      ? JSON.stringify(editedStage) !== JSON.stringify({ ...form, order: editing })
      : isStageTouched(form, stages, model);

  // The latest save, for the wizard's Next: a filled stage counts without pressing Add Stage first.
  const saveRef = useRef<() => void>(() => {});
  useEffect(() => {
    onFormState?.({
      pending,
      order: editing ?? stages.length + 1,
      editing: editing !== null,
      problem: tempError ?? timeError ?? null,
      canSave,
      commit: () => saveRef.current(),
    });
  }, [onFormState, pending, editing, stages.length, tempError, timeError, canSave]);

  // A stage just added scrolls into view (on a phone it lands below the fold).
  useEffect(() => {
    if (scrollToNew.current && stages.length > 0) {
      scrollToNew.current = false;
      const added = root.current?.querySelectorAll('.timeline-stage');
      added?.[added.length - 1]?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    }
  }, [stages.length]);

  const save = () => {
    const next = editing !== null ? updateStage(stages, { ...form, order: editing }) : addStage(stages, form);
    if (editing === null) scrollToNew.current = true;
    onStages(next);
    reset(next);
  };
  saveRef.current = save;

  const commitTemp = () => {
    if (unit === 'C') return commitCelsius();
    const typed = Number(tempText);
    const typedF = toFahrenheit(typed, unit);
    const clamped = clampTemp(typedF, model);
    const range = tempRange(model.minTemp, model.maxTemp, unit);
    if (tempText.trim() !== '' && Number.isFinite(typed) && clamped !== typedF) {
      // The oven cannot hold what was typed: say what it became and why, instead of changing it silently.
      setTempNote(
        t(clamped === model.maxTemp ? 'stageEditor.changedTo' : 'stageEditor.changedToMin', {
          typed: tempText.trim(),
          unit: unitSymbol(unit),
          value: formatTemp(clamped, unit),
          type: model.type,
        }),
      );
    } else if (tempText.trim() === '' || !Number.isFinite(typed)) {
      setTempNote(
        t('stageEditor.typeTemp', {
          min: range.min,
          max: range.max,
          unit: unitSymbol(unit),
          value: formatTemp(clamped, unit),
        }),
      );
    } else setTempNote('');
    // A typed value the oven holds as typed stays as typed (°C is not rewritten after a round trip).
    if (unit === 'F' || clamped !== typedF || !Number.isFinite(typed)) setTempText(shown(clamped));
    set('temp', clamped);
  };

  // In °C the value is held inside the range shown (rounded inwards), so what the note says is what is kept.
  const commitCelsius = () => {
    const typed = Number(tempText);
    const range = tempRange(model.minTemp, model.maxTemp, 'C');
    const ok = tempText.trim() !== '' && Number.isFinite(typed);
    const c = ok ? clampTyped(typed, model.minTemp, model.maxTemp, 'C') : range.min;
    if (ok && c !== Math.round(typed))
      setTempNote(
        t(c === range.max ? 'stageEditor.changedTo' : 'stageEditor.changedToMin', {
          typed: tempText.trim(),
          unit: '°C',
          value: `${c} °C`,
          type: model.type,
        }),
      );
    else if (!ok)
      setTempNote(
        t('stageEditor.typeTemp', { min: range.min, max: range.max, unit: '°C', value: `${c} °C` }),
      );
    else setTempNote('');
    if (!ok || c !== Math.round(typed)) setTempText(String(c));
    set('temp', toFahrenheit(c, 'C'));
  };

  return (
    <div className="stage-editor" ref={root}>
      {stages.length > 0 ? (
        <div className="stage-list">
          <StageTimeline stages={stages} ovenType={model.type} />
          <div className="stage-list-actions">
            {stages.map((s) => (
              <div key={s.order} className="stage-actions">
                <button
                  type="button"
                  className="btn btn-secondary"
                  onClick={() => {
                    setForm({ ...s });
                    setTempText(shown(s.temp));
                    setTempNote('');
                    setEditing(s.order);
                  }}
                >
                  {t('stageEditor.editStage', { n: s.order })}
                </button>
                <button
                  type="button"
                  className="btn btn-link-danger"
                  onClick={() => {
                    const next = deleteStage(stages, s.order);
                    onStages(next);
                    reset(next);
                  }}
                >
                  {t('stageEditor.deleteStage', { n: s.order })}
                </button>
              </div>
            ))}
          </div>
        </div>
      ) : (
        <p className="muted">
          {t('stageEditor.first', {
            min: tempRange(model.minTemp, model.maxTemp, unit).min,
            max: tempRange(model.minTemp, model.maxTemp, unit).max,
            unit: unitSymbol(unit),
          })}
        </p>
      )}

      {full ? (
        <p className="muted">{t('stageEditor.full', { type: model.type, count: model.maxStages })}</p>
      ) : (
        <fieldset className="fieldset stage-form">
          <legend>
            {editing !== null
              ? t('stageEditor.editStage', { n: editing })
              : t('stageEditor.stageN', { n: stages.length + 1 })}
          </legend>
          <div className="stage-form-grid">
            <fieldset className="time-fields" aria-label={t('stageEditor.stageTime')}>
              {model.maxHours > 0 ? (
                <Select
                  label={t('stageEditor.hours')}
                  value={form.hours}
                  options={range(0, model.maxHours).map(two)}
                  onChange={(v) => set('hours', v)}
                />
              ) : null}
              <Select
                label={t('stageEditor.minutes')}
                value={form.minutes}
                options={range(0, model.maxMinutes).map(two)}
                onChange={(v) => set('minutes', v)}
              />
              <Select
                label={t('stageEditor.seconds')}
                value={form.seconds}
                options={range(0, 59).map(two)}
                onChange={(v) => set('seconds', v)}
              />
            </fieldset>
            <label className={`field field-inline ${tempError ? 'field-invalid' : ''}`}>
              <span className="label-required">
                {t('stageEditor.temperature', { unit: unitSymbol(unit) })}
              </span>
              <input
                type="number"
                inputMode="numeric"
                min={tempRange(model.minTemp, model.maxTemp, unit).min}
                max={tempRange(model.minTemp, model.maxTemp, unit).max}
                value={tempText}
                aria-invalid={tempError ? true : undefined}
                onChange={(e) => {
                  setTempText(e.target.value);
                  setTempNote('');
                  const n = Number(e.target.value);
                  if (e.target.value !== '' && Number.isFinite(n)) set('temp', toFahrenheit(n, unit));
                }}
                onBlur={commitTemp}
              />
            </label>
            <Select
              label={t('stageEditor.airTop')}
              value={form.percent_air_top}
              options={range(10, 100, 5)}
              onChange={(v) => set('percent_air_top', Number(v))}
            />
            <Select
              label={t('stageEditor.airBottom')}
              value={form.percent_air_bottom}
              options={range(10, 100, 5)}
              onChange={(v) => set('percent_air_bottom', Number(v))}
            />
            <Select
              label={t('stageEditor.blower')}
              value={form.blower_percent}
              options={range(10, 100, 5)}
              onChange={(v) => set('blower_percent', Number(v))}
            />
            {model.microwave ? (
              <Select
                label={t('stageEditor.microwave')}
                value={form.microwave_percent}
                options={range(0, 100, 5)}
                onChange={(v) => set('microwave_percent', Number(v))}
              />
            ) : null}
            {model.infrared ? (
              <>
                <Select
                  label={t('stageEditor.irTop')}
                  value={form.ir_lvl_top}
                  options={[...IR_LEVELS]}
                  format={(v) => irLevelLabel(String(v))}
                  onChange={(v) => set('ir_lvl_top', v as Stage['ir_lvl_top'])}
                />
                <Select
                  label={t('stageEditor.irBottom')}
                  value={form.ir_lvl_bottom}
                  options={[...IR_LEVELS]}
                  format={(v) => irLevelLabel(String(v))}
                  onChange={(v) => set('ir_lvl_bottom', v as Stage['ir_lvl_bottom'])}
                />
              </>
            ) : null}
            {model.forceVent ? (
              <label className="check field-inline vent-check">
                <input
                  type="checkbox"
                  checked={form.force_vent_open}
                  onChange={(e) => set('force_vent_open', e.target.checked)}
                />
                <span>{t('stageEditor.forceVent')}</span>
              </label>
            ) : null}
          </div>
          {tempNote ? (
            <p className="field-note" role="status">
              {tempNote}
            </p>
          ) : null}
          {tempError ? (
            <p className="field-error" role="alert">
              {tempError}
            </p>
          ) : null}
          {untimed ? <p className="field-hint">{t('stageEditor.setTime')}</p> : null}
          {timeError ? (
            <p className="field-error" role="alert">
              {timeError}
            </p>
          ) : null}
          <div className="form-actions">
            {editing !== null ? (
              <button type="button" className="btn btn-secondary" onClick={() => reset(stages)}>
                {t('stageEditor.cancelEdit')}
              </button>
            ) : pending ? (
              <button type="button" className="btn btn-secondary" onClick={() => reset(stages)}>
                {t('stageEditor.clear')}
              </button>
            ) : null}
            <button type="button" className="btn btn-primary" disabled={!canSave} onClick={save}>
              {editing !== null ? t('stageEditor.update') : t('stageEditor.add')}
            </button>
          </div>
        </fieldset>
      )}
      <EventEditor stages={stages} events={events} onEvents={onEvents} />
    </div>
  );
}

function EventEditor({
  stages,
  events,
  onEvents,
}: {
  stages: Stage[];
  events: CookEvent[];
  onEvents(next: CookEvent[]): void;
}) {
  const { t } = useTranslation();
  const empty: CookEvent = { name: '', minutes: 0, seconds: 0 };
  const [form, setForm] = useState<CookEvent>(empty);
  const [editing, setEditing] = useState<number | null>(null);
  const maxMinutes = totalStageMinutes(stages);
  const issues = eventIssues(form, totalStageSeconds(stages));
  const full = events.length >= LIMITS.maxEvents && editing === null;
  // The time problem shows once a time is chosen; the name problem once a name is typed.
  const shown = issues.find((i) =>
    i.path[0] === 'name' ? form.name !== '' : form.minutes + form.seconds > 0,
  );

  const save = () => {
    const clean = { ...form, name: form.name.trim() };
    // Listed by when they happen, as the oven shows them.
    onEvents(
      sortEvents(editing !== null ? events.map((e, i) => (i === editing ? clean : e)) : [...events, clean]),
    );
    setForm(empty);
    setEditing(null);
  };

  return (
    <section className="events" aria-label={t('stageEditor.events')}>
      <h3>{t('stageEditor.events')}</h3>
      <p className="muted small">{t('stageEditor.eventsHint')}</p>
      <EventList events={events} />
      {events.map((e, i) => (
        <div key={`${e.name}-${e.minutes}-${e.seconds}`} className="stage-actions">
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => {
              setForm(e);
              setEditing(i);
            }}
          >
            {t('stageEditor.editEvent', { name: e.name })}
          </button>
          <button
            type="button"
            className="btn btn-link-danger"
            onClick={() => onEvents(events.filter((_, j) => j !== i))}
          >
            {t('stageEditor.deleteEvent', { name: e.name })}
          </button>
        </div>
      ))}
      {full ? null : (
        <div className="event-form">
          <label className="field field-inline">
            <span>{t('stageEditor.eventName')}</span>
            <input value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} />
            <FieldCounter value={form.name} max={LIMITS.eventNameMax} />
          </label>
          <Select
            label={t('stageEditor.eventMinutes')}
            value={form.minutes}
            options={range(0, maxMinutes)}
            onChange={(v) => setForm({ ...form, minutes: Number(v) })}
            format={(v) => two(Number(v))}
          />
          <Select
            label={t('stageEditor.eventSeconds')}
            value={form.seconds}
            options={range(0, 59)}
            onChange={(v) => setForm({ ...form, seconds: Number(v) })}
            format={(v) => two(Number(v))}
          />
          <button
            type="button"
            className="btn btn-secondary"
            disabled={issues.length > 0 || stages.length === 0}
            onClick={save}
          >
            {editing !== null ? t('stageEditor.updateEvent') : t('stageEditor.addEvent')}
          </button>
          {shown ? <p className="field-error">{textOf(shown)}</p> : null}
        </div>
      )}
    </section>
  );
}
