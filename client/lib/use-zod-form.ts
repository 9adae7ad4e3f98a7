import { type FormEvent, useCallback, useState } from 'react';
import type { z } from 'zod';
import { fieldErrors } from '../../shared/contracts/common';
import { ApiError } from './api';

/**
 * Form state checked by the same zod schema the server uses. Errors show after the first submit and then
 * follow every change; server 422 messages land on the same fields.
 */
export function useZodForm<S extends z.ZodType>(schema: S, initial: z.input<S>) {
  const [values, setValues] = useState<z.input<S>>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [submitted, setSubmitted] = useState(false);

  const check = useCallback(
    (next: z.input<S>) => {
      const result = schema.safeParse(next);
      if (result.success) return { data: result.data as z.output<S>, errors: {} };
      const map: Record<string, string> = {};
      for (const [field, messages] of Object.entries(fieldErrors(result.error)))
        map[field] = messages[0] ?? '';
      return { data: null, errors: map };
    },
    [schema],
  );

  const set = useCallback(
    <K extends keyof z.input<S> & string>(field: K, value: z.input<S>[K]) => {
      setValues((prev) => {
        const next = { ...(prev as object), [field]: value } as z.input<S>;
        if (submitted) setErrors(check(next).errors);
        return next;
      });
    },
    [check, submitted],
  );

  /** Validates everything; returns the parsed data or null (and shows the errors). */
  const validate = useCallback((): z.output<S> | null => {
    setSubmitted(true);
    const result = check(values);
    setErrors(result.errors);
    return result.data;
  }, [check, values]);

  /** Puts a server's field errors on the form; answers whether there were any. */
  const applyServerErrors = useCallback((error: unknown): boolean => {
    if (!(error instanceof ApiError) || Object.keys(error.errors).length === 0) return false;
    const map: Record<string, string> = {};
    for (const [field, messages] of Object.entries(error.errors)) map[field] = messages[0] ?? '';
    setErrors(map);
    return true;
  }, []);

  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Error | null>(null);

  /**
   * The form's submit handler: validates, runs `run` with the parsed data while `busy`, and on a failure keeps
   * the error in `failure` and puts any field messages on their fields.
   */
  const onSubmit = useCallback(
    (run: (data: z.output<S>) => Promise<void>) => async (event: FormEvent) => {
      event.preventDefault();
      const data = validate();
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
    [validate, applyServerErrors],
  );

  /**
   * What a text input bound to `name` needs (its name, value, change handler and error), to spread into a
   * field; `clean` tidies each change (for example, no spaces in a username).
   */
  const field = useCallback(
    <K extends keyof z.input<S> & string>(name: K, clean?: (value: string) => string): BoundField => ({
      name,
      value: String((values as Record<string, unknown>)[name] ?? ''),
      onChange: (value: string) => set(name, (clean ? clean(value) : value) as z.input<S>[K]),
      error: errors[name],
    }),
    [values, errors, set],
  );

  return { values, set, setValues, errors, field, validate, applyServerErrors, onSubmit, busy, failure };
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
