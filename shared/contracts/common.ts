import { z } from 'zod';

/** Every rejected request answers with this shape (Laravel style): a summary and the messages per field. */
export const errorResponse = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponse>;

/** A string field that is required: missing, non-string and blank all give the same message, and only that one. */
export function requiredString(message: string) {
  return z.string({ error: message }).trim().min(1, { error: message, abort: true });
}

/** Turns a zod error into `{ field: [messages] }`, the first path segment naming the field. */
export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? issue.path.map(String).join('.') : '_';
    const list = out[field] ?? [];
    if (!list.includes(issue.message)) list.push(issue.message);
    out[field] = list;
  }
  return out;
}
