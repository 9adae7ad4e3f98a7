import { z } from 'zod';

/** One message of the embedded outbox, with its delivery state and its attachments' names. */
export const outboxMessage = z.object({
  id: z.number(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  transport: z.string(),
  error: z.string().nullable(),
  attempts: z.number(),
  sent_at: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  created_at: z.string(),
  attachments: z.array(
    z.object({ position: z.number(), file_name: z.string(), content_type: z.string(), size: z.number() }),
  ),
});
export type OutboxMail = z.infer<typeof outboxMessage>;

/** GET /api/outbox: what this visitor may see (all mail, their own, or none) and the newest messages. */
export const outboxReply = z.object({ scope: z.enum(['all', 'own', 'none']), data: z.array(outboxMessage) });
export type OutboxReply = z.infer<typeof outboxReply>;
