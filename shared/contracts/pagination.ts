import { z } from 'zod';
import { saying } from './zod-said';

/** Laravel-style pagination fields (spec §3), so the contract is recognisable. */
export function paginated<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    current_page: z.number().int(),
    first_page_url: z.string(),
    from: z.number().int().nullable(),
    last_page: z.number().int(),
    last_page_url: z.string(),
    links: z.array(z.object({ url: z.string().nullable(), label: z.string(), active: z.boolean() })),
    next_page_url: z.string().nullable(),
    path: z.string(),
    per_page: z.number().int(),
    prev_page_url: z.string().nullable(),
    to: z.number().int().nullable(),
    total: z.number().int(),
  });
}

export type Paginated<T> = {
  data: T[];
  current_page: number;
  first_page_url: string;
  from: number | null;
  last_page: number;
  last_page_url: string;
  links: { url: string | null; label: string; active: boolean }[];
  next_page_url: string | null;
  path: string;
  per_page: number;
  prev_page_url: string | null;
  to: number | null;
  total: number;
};

/** A page number in a query: plain digits, 1 to 100,000. */
export const pageParam = z
  .union([z.string(), z.number()])
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === '') return 1;
    const text = String(v);
    const n = /^[0-9]{1,6}$/.test(text) ? Number(text) : Number.NaN;
    if (!(n >= 1 && n <= 100_000)) {
      ctx.addIssue({ code: 'custom', message: saying('ruleMessages.pageNumber') });
      return z.NEVER;
    }
    return n;
  });

/** A `per_page` in a query: a whole number from 1 to `max`, refused with one sentence naming the range. */
export function perPageParam(max: number) {
  const message = saying('ruleMessages.perPage', { max });
  return z.coerce.number({ error: message }).int(message).min(1, message).max(max, message);
}
