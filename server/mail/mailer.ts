import { desc, eq } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../db/client';
import { outbox } from '../db/schema/index';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /** Records the message in the outbox and, with SMTP configured, delivers it. Throws if delivery fails. */
  send(message: MailMessage): Promise<void>;
  /** The newest messages, all or those to one address. */
  list(options?: { limit?: number; to?: string }): Promise<(typeof outbox.$inferSelect)[]>;
  close(): void;
}

export function createMailer(options: { db: Db; smtpUrl?: string; from: string }): Mailer {
  const transport: Transporter | undefined = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl)
    : undefined;

  return {
    async send(message) {
      let error: string | null = null;
      if (transport) {
        try {
          await transport.sendMail({ from: options.from, ...message });
        } catch (e) {
          error = e instanceof Error ? e.message : String(e);
        }
      }
      await options.db.insert(outbox).values({ ...message, transport: transport ? 'smtp' : 'outbox', error });
      if (error) throw new Error(`Could not send mail to ${message.to}: ${error}`);
    },
    list({ limit = 100, to } = {}) {
      const query = options.db.select().from(outbox);
      return (to === undefined ? query : query.where(eq(outbox.to, to)))
        .orderBy(desc(outbox.id))
        .limit(limit);
    },
    close() {
      transport?.close();
    },
  };
}
