import type { z } from 'zod';
import type { Issue } from '../domain/issues';
import { zodMessage } from './zod-said';

/** Reports domain issues on a zod refinement context, under an optional path prefix. */
export function report(ctx: z.RefinementCtx, issues: Issue[], prefix: (string | number)[] = []): void {
  for (const issue of issues)
    ctx.addIssue({ code: 'custom', path: [...prefix, ...issue.path], message: zodMessage(issue.said) });
}
