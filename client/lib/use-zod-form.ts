import { type FormEvent, useCallback, useEffect, useMemo, useState } from 'react';
import type { z } from 'zod';
import { fieldErrors } from '../../shared/contracts/field-errors';
import { messageInUnit, type TemperatureUnit } from '../../shared/domain/temperature';
import { ApiError } from './api';
import { useTemperatureUnit } from './current-user';
import { loadRest, translateMessage, useCatalogRevision, useUiLanguage } from './i18n';

/**
 * A schema loaded after the page shows: the login page is drawn without the validation library, which arrives
 * a moment later (a submit before that waits for it).
 */
export interface LazySchema<S> {
  load(): Promise<S>;
}

export function lazySchema<S>(load: () => Promise<S>): LazySchema<S> {
  let pending: Promise<S> | undefined;
  return { load: () => (pending ??= load()) };
}

function isLazy<S>(source: S | LazySchema<S>): source is LazySchema<S> {
  return typeof (source as LazySchema<S>).load === 'function';
}

/**
 * Form state checked by the same zod schema the server uses. Errors show after the first submit and then
 * follow every change; server 422 messages land on the same fields. A form whose values are not the schema's
 * input as such (the recipe wizard keeps text for numbers) passes `toInput` to map them.
 */
function inUnit(all: Record<string, string[]>, unit: TemperatureUnit): Record<string, string[]> {
  if (unit === 'F') return all;
  return Object.fromEntries(
    Object.entries(all).map(([f, list]) => [f, list.map((m) => messageInUnit(m, unit))]),
  );
}

export function useZodForm<S extends z.ZodType, V extends object = z.input<S> & object>(
  source: S | LazySchema<S>,
  initial: V,
  toInput: (values: V) => z.input<S> = (v) => v as z.input<S>,
) {
  const [values, setValues] = useState<V>(initial);
  // The shared rules speak °F; a user who reads °C gets every range and step in °C.
  const unit = useTemperatureUnit();
  const [errors, setErrors] = useState<Record<string, string>>({});
  // Kept in the rules' English; shown in the screens' language (and again when it changes).
  const language = useUiLanguage();
  // The rules' messages are read once the catalogue's rest has come, maybe after the errors were set.
  const catalog = useCatalogRevision();
  const shown = useMemo(
    () =>
      language === 'en'
        ? errors
        : Object.fromEntries(Object.entries(errors).map(([f, m]) => [f, translateMessage(m)])),
    // biome-ignore lint/correctness/useExhaustiveDependencies: `catalog` says when to translate again.
    [errors, language, catalog],
  );
  const [submitted, setSubmitted] = useState(false);
  const [schema, setSchema] = useState<S | undefined>(() => (isLazy(source) ? undefined : source));
  useEffect(() => {
    if (!isLazy(source)) return;
    // Fetched when the person first reaches for the page, not with the first screen (which draws sooner for it);
    // the catalogue's rest comes too, to say the rules' messages in the screens' language.
    const start = () => {
      void source.load().then(setSchema);
      void loadRest();
    };
    const events = ['pointerdown', 'keydown', 'focusin'] as const;
    for (const name of events) document.addEventListener(name, start, { once: true, capture: true });
    return () => {
      for (const name of events) document.removeEventListener(name, start, { capture: true });
    };
  }, [source]);

  const checkWith = useCallback(
    (s: S | undefined, next: V) => {
      if (!s) return { data: null, all: {} as Record<string, string[]> };
      const result = s.safeParse(toInput(next));
      if (result.success) return { data: result.data as z.output<S>, all: {} as Record<string, string[]> };
      return { data: null, all: inUnit(fieldErrors(result.error), unit) };
    },
    [toInput, unit],
  );
  const check = useCallback((next: V) => checkWith(schema, next), [checkWith, schema]);
  const firsts = (all: Record<string, string[]>) =>
    Object.fromEntries(Object.entries(all).map(([f, m]) => [f, m[0] ?? '']));

  /** Every current problem of the values, per field, whether or not it is shown yet (for step gates). */
  const live = useMemo(() => check(values).all, [check, values]);

  const set = useCallback(
    <K extends keyof V & string>(field: K, value: V[K]) => {
      setValues((prev) => {
        const next = { ...prev, [field]: value };
        if (submitted) setErrors(firsts(check(next).all));
        return next;
      });
    },
    [check, submitted],
  );

  /** Validates everything; returns the parsed data or null (and shows the errors). */
  const validate = useCallback((): z.output<S> | null => {
    setSubmitted(true);
    const result = check(values);
    setErrors(firsts(result.all));
    return result.data;
  }, [check, values]);

  /** Puts a server's field errors on the form; answers whether there were any. */
  const applyServerErrors = useCallback(
    (error: unknown): boolean => {
      if (!(error instanceof ApiError) || Object.keys(error.errors).length === 0) return false;
      setErrors(firsts(inUnit(error.errors, unit)));
      return true;
    },
    [unit],
  );

  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Error | null>(null);

  /**
   * The form's submit handler: validates, runs `run` with the parsed data while `busy`, and on a failure keeps
   * the error in `failure` and puts any field messages on their fields.
   */
  const onSubmit = useCallback(
    (run: (data: z.output<S>) => Promise<void>) => async (event?: FormEvent) => {
      event?.preventDefault();
      let data = validate();
      if (!schema && isLazy(source)) {
        const loaded = await source.load();
        setSchema(loaded);
        const result = checkWith(loaded, values);
        setErrors(firsts(result.all));
        data = result.data;
      }
      if (!data) return;
      setBusy(true);
      setFailure(null);
      try {
        await run(data);
      } catch (error) {
        applyServerErrors(error);
        setFailure(error instanceof Error ? error : new Error(String(error)));
      } finally {
        setBusy(false);
      }
    },
    [validate, applyServerErrors, schema, source, checkWith, values],
  );

  /**
   * What a text input bound to `name` needs (its name, value, change handler and error), to spread into a
   * field; `clean` tidies each change (for example, no spaces in a username).
   */
  const field = useCallback(
    <K extends keyof V & string>(name: K, clean?: (value: string) => string): BoundField => ({
      name,
      value: String((values as Record<string, unknown>)[name] ?? ''),
      onChange: (value: string) => set(name, (clean ? clean(value) : value) as V[K]),
      error: shown[name],
    }),
    [values, shown, set],
  );

  return {
    values,
    set,
    setValues,
    errors: shown,
    live,
    field,
    validate,
    applyServerErrors,
    onSubmit,
    busy,
    failure,
  };
}

/** A text input's binding to one field of a form (`useZodForm().field`). */
export interface BoundField {
  name: string;
  value: string;
  onChange(value: string): void;
  error: string | undefined;
}

/** True when a failure carried messages for fields (they are shown on the fields, not in a banner). */
export function hasFieldErrors(failure: Error | null): boolean {
  return failure instanceof ApiError && Object.keys(failure.errors).length > 0;
}
