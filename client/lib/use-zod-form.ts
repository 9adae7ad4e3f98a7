import { type FormEvent, useCallback, useEffect, useMemo, useState } from 'react';
import type { z } from 'zod';
import type { SaidWire } from '../../shared/contracts/common';
import { fieldErrors } from '../../shared/contracts/field-errors';
import { ApiError } from './api';
import { useTemperatureUnit } from './current-user';
import { loadRest, say, useCatalogRevision, useUiLanguage } from './i18n';

/**
 * A schema loaded after the page shows: the login page is drawn without the validation library, which arrives
 * a moment later (a submit before that waits for it).
 */
export interface LazySchema<S> {
  load(): Promise<S>;
}

export function lazySchema<S>(load: () => Promise<S>): LazySchema<S> {
  let pending: Promise<S> | undefined;
  return {
    // A load that failed (the Wi-Fi dropped) is not kept: the next touch or submit tries again.
    load: () =>
      (pending ??= load().catch((error: unknown) => {
        pending = undefined;
        throw error;
      })),
  };
}

function isLazy<S>(source: S | LazySchema<S>): source is LazySchema<S> {
  return typeof (source as LazySchema<S>).load === 'function';
}

/** A field's problem as said (by the rules or the server), with the server's English where it sent one. */
interface Problem {
  said?: SaidWire;
  english?: string;
}

/** A field's problems from a failed call: as said where the server said them by key, else its English. */
function serverProblems(error: ApiError): Record<string, Problem[]> {
  const english = (error.body.errors ?? {}) as Record<string, string[]>;
  const out: Record<string, Problem[]> = {};
  for (const field of new Set([...Object.keys(error.issues), ...Object.keys(english)]))
    out[field] =
      error.issues[field]?.map((said, i) => ({ said, english: english[field]?.[i] })) ??
      (english[field] ?? []).map((text) => ({ english: text }));
  return out;
}

/**
 * Form state checked by the same zod schema the server uses. Errors show after the first submit and then
 * follow every change; server 422 problems land on the same fields. Problems are kept as said and shown in the
 * screens' language and the reader's unit. A form whose values are not the schema's input as such (the recipe
 * wizard keeps text for numbers) passes `toInput` to map them.
 */
export function useZodForm<S extends z.ZodType, V extends object = z.input<S> & object>(
  source: S | LazySchema<S>,
  initial: V,
  toInput: (values: V) => z.input<S> = (v) => v as z.input<S>,
) {
  const [values, setValues] = useState<V>(initial);
  // The shared rules hold °F; a user who reads °C gets every range and step in °C.
  const unit = useTemperatureUnit();
  const [errors, setErrors] = useState<Record<string, Problem>>({});
  // Kept as said; shown in the screens' language (again when it changes, or when the catalogue's rest comes).
  const language = useUiLanguage();
  const catalog = useCatalogRevision();
  const text = useCallback(
    (p: Problem) => (p.said ? say(p.said, unit, p.english) : (p.english ?? '')),
    [unit],
  );
  const shown = useMemo(
    () => Object.fromEntries(Object.entries(errors).map(([f, p]) => [f, text(p)])),
    [errors, text, language, catalog],
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
      if (!s) return { data: null, all: {} as Record<string, Problem[]> };
      const result = s.safeParse(toInput(next));
      if (result.success) return { data: result.data as z.output<S>, all: {} as Record<string, Problem[]> };
      const all = fieldErrors(result.error);
      return {
        data: null,
        all: Object.fromEntries(Object.entries(all).map(([f, list]) => [f, list.map((said) => ({ said }))])),
      };
    },
    [toInput],
  );
  const check = useCallback((next: V) => checkWith(schema, next), [checkWith, schema]);
  const firsts = (all: Record<string, Problem[]>) =>
    Object.fromEntries(Object.entries(all).flatMap(([f, m]) => (m[0] ? [[f, m[0]]] : [])));

  /** Every current problem of the values, per field, whether or not it is shown yet (for step gates). */
  const live = useMemo(() => {
    const all = check(values).all;
    return Object.fromEntries(Object.entries(all).map(([f, list]) => [f, list.map(text)]));
  }, [check, values, text]);

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
  const applyServerErrors = useCallback((error: unknown): boolean => {
    if (!(error instanceof ApiError)) return false;
    const problems = serverProblems(error);
    if (Object.keys(problems).length === 0) return false;
    setErrors(firsts(problems));
    return true;
  }, []);

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
