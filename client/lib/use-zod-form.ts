import { useCallback, useState } from 'react';
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

  return { values, set, setValues, errors, validate, applyServerErrors };
}
