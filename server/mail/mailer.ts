import { and, asc, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db, DbOrTx } from '../db/client';
import { outbox, outboxAttachments } from '../db/schema/index';
import { DeliveryError } from '../lib/errors';

export interface MailAttachment {
  fileName: string;
  contentType: string;
  content: Uint8Array;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
}

export type OutboxRow = typeof outbox.$inferSelect & {
  attachments: { position: number; fileName: string; contentType: string; size: number }[];
};

export interface Mailer {
  /**
   * Keeps the message (with its attachments) in the outbox, then, with SMTP configured, delivers it. When delivery
   * fails the message stays queued for `retryDue` and a DeliveryError is thrown, so the caller can say so.
   */
  send(message: MailMessage): Promise<{ id: number }>;
  /**
   * Keeps many messages at once inside the caller's transaction (they exist only if it commits), queued: with SMTP
   * they go out a batch at a time from `retryDue`, never all in one burst; without, the outbox is their delivery.
   */
  queue(tx: DbOrTx, messages: MailMessage[]): Promise<void>;
  /** Delivers again the queued messages whose next attempt is due; answers how many went and how many failed. */
  retryDue(): Promise<{ sent: number; failed: number }>;
  /** The newest messages, all or those to one address, with their attachments' names. */
  list(options?: { limit?: number; to?: string }): Promise<OutboxRow[]>;
  /** One attachment's bytes, for the outbox page. */
  attachment(
    outboxId: number,
    position: number,
  ): Promise<{ to: string; fileName: string; contentType: string; bytes: Buffer } | null>;
  close(): void;
}

/** Attempts a message gets before it is left as failed; the wait before each next one. */
export const MAX_ATTEMPTS = 5;
/** Messages one pass of `retryDue` sends (a minute apart): a chain's 3,000 invitations go out in half an hour. */
const RETRY_BATCH = 100;
const BACKOFF_MS = [60_000, 5 * 60_000, 15 * 60_000, 60 * 60_000];

export function createMailer(options: { db: Db; smtpUrl?: string; from: string; now?: () => Date }): Mailer {
  const { db } = options;
  const now = options.now ?? (() => new Date());
  const transport: Transporter | undefined = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl)
    : undefined;

  async function deliver(message: MailMessage): Promise<string | null> {
    if (!transport) return null;
    try {
      await transport.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        attachments: message.attachments?.map((a) => ({
          filename: a.fileName,
          contentType: a.contentType,
          content: Buffer.from(a.content.buffer, a.content.byteOffset, a.content.byteLength),
        })),
      });
      return null;
    } catch (e) {
      return e instanceof Error ? e.message : String(e);
    }
  }

  /** Records the outcome of an attempt: sent, or queued for the next one (none after the last). */
  async function settle(id: number, attempts: number, error: string | null): Promise<void> {
    const wait = BACKOFF_MS[Math.min(attempts - 1, BACKOFF_MS.length - 1)]!;
    await db
      .update(outbox)
      .set({
        attempts,
        error,
        sentAt: error ? null : now(),
        nextAttemptAt: error && attempts < MAX_ATTEMPTS ? new Date(now().getTime() + wait) : null,
      })
      .where(eq(outbox.id, id));
  }

  return {
    async send(message) {
      const id = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(outbox)
          .values({
            to: message.to,
            subject: message.subject,
            text: message.text,
            html: message.html,
            transport: transport ? 'smtp' : 'outbox',
            attempts: 0,
            // Queued until delivered: if the process stops mid-send, the retry picks it up.
            nextAttemptAt: transport ? new Date(now().getTime() + BACKOFF_MS[0]!) : null,
            sentAt: transport ? null : now(),
          })
          .returning({ id: outbox.id });
        const files = message.attachments ?? [];
        if (files.length > 0) {
          await tx.insert(outboxAttachments).values(
            files.map((a, i) => ({
              outboxId: row!.id,
              position: i + 1,
              fileName: a.fileName,
              contentType: a.contentType,
              bytes: Buffer.from(a.content.buffer, a.content.byteOffset, a.content.byteLength),
              size: a.content.byteLength,
            })),
          );
        }
        return row!.id;
      });
      if (!transport) return { id };
      const error = await deliver(message);
      await settle(id, 1, error);
      if (error) throw new DeliveryError(message.to, error);
      return { id };
    },

    async queue(tx, messages) {
      if (messages.length === 0) return;
      const at = now().toISOString();
      const rows = JSON.stringify(
        messages.map((m) => ({ to: m.to, subject: m.subject, text: m.text, html: m.html })),
      );
      await tx.execute(sql`insert into outbox ("to", subject, text, html, transport, attempts, next_attempt_at, sent_at)
        select x."to", x.subject, x.text, x.html, ${transport ? 'smtp' : 'outbox'}, 0,
          ${transport ? at : null}::timestamptz, ${transport ? null : at}::timestamptz
        from json_to_recordset(${rows}::json) as x("to" text, subject text, text text, html text)`);
    },

    async retryDue() {
      if (!transport) return { sent: 0, failed: 0 };
      // Claim the due messages first (pushing their next attempt on), so two servers never send one twice.
      const claimed = await db.transaction(async (tx) => {
        const due = await tx
          .select({ id: outbox.id })
          .from(outbox)
          .where(and(isNull(outbox.sentAt), lte(outbox.nextAttemptAt, now())))
          .orderBy(asc(outbox.nextAttemptAt))
          .limit(RETRY_BATCH)
          .for('update', { skipLocked: true });
        if (due.length === 0) return [];
        const ids = due.map((d) => d.id);
        await tx
          .update(outbox)
          .set({ nextAttemptAt: new Date(now().getTime() + 10 * 60_000) })
          .where(inArray(outbox.id, ids));
        return ids;
      });
      let sent = 0;
      let failed = 0;
      for (const id of claimed) {
        const [row] = await db.select().from(outbox).where(eq(outbox.id, id));
        if (!row) continue;
        const files = await db
          .select()
          .from(outboxAttachments)
          .where(eq(outboxAttachments.outboxId, id))
          .orderBy(asc(outboxAttachments.position));
        const error = await deliver({
          to: row.to,
          subject: row.subject,
          text: row.text,
          html: row.html,
          attachments: files.map((f) => ({
            fileName: f.fileName,
            contentType: f.contentType,
            content: f.bytes,
          })),
        });
        await settle(id, row.attempts + 1, error);
        if (error) failed++;
        else sent++;
      }
      return { sent, failed };
    },

    async list({ limit = 100, to } = {}) {
      const query = db.select().from(outbox);
      const rows = await (to === undefined ? query : query.where(eq(outbox.to, to)))
        .orderBy(desc(outbox.id))
        .limit(limit);
      if (rows.length === 0) return [];
      const files = await db
        .select({
          outboxId: outboxAttachments.outboxId,
          position: outboxAttachments.position,
          fileName: outboxAttachments.fileName,
          contentType: outboxAttachments.contentType,
          size: outboxAttachments.size,
        })
        .from(outboxAttachments)
        .where(
          inArray(
            outboxAttachments.outboxId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(outboxAttachments.position));
      return rows.map((r) => ({
        ...r,
        attachments: files.filter((f) => f.outboxId === r.id).map(({ outboxId: _, ...f }) => f),
      }));
    },

    async attachment(outboxId, position) {
      const [row] = await db
        .select({
          to: outbox.to,
          fileName: outboxAttachments.fileName,
          contentType: outboxAttachments.contentType,
          bytes: outboxAttachments.bytes,
        })
        .from(outboxAttachments)
        .innerJoin(outbox, eq(outbox.id, outboxAttachments.outboxId))
        .where(and(eq(outboxAttachments.outboxId, outboxId), eq(outboxAttachments.position, position)))
        .limit(1);
      return row ?? null;
    },

    close() {
      transport?.close();
    },
  };
}
