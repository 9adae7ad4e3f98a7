import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments: { fileName: string; contentType: string; content: Buffer }[];
}

/** A real SMTP server on 127.0.0.1 that keeps what it receives, for tests of the mail the app sends. */
export async function startSmtpCatcher(): Promise<{
  url: string;
  port: number;
  messages: CaughtMail[];
  /** While set, every message is refused as a real server would (a 451 after DATA). */
  refuse: { on: boolean };
  close(): Promise<void>;
}> {
  const messages: CaughtMail[] = [];
  const refuse = { on: false };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      if (refuse.on) {
        stream.resume();
        stream.on('end', () =>
          callback(Object.assign(new Error('Mailbox temporarily unavailable'), { responseCode: 451 })),
        );
        return;
      }
      simpleParser(stream)
        .then((mail: ParsedMail) => {
          const to = Array.isArray(mail.to) ? mail.to[0]?.text : mail.to?.text;
          messages.push({
            to: to ?? '',
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
            attachments: mail.attachments.map((a) => ({
              fileName: a.filename ?? '',
              contentType: a.contentType,
              content: a.content,
            })),
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    refuse,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The first http(s) link in a mail's text. */
export function linkIn(mail: CaughtMail): string {
  const match = /https?:\/\/\S+/.exec(mail.text);
  if (!match) throw new Error(`No link in mail "${mail.subject}"`);
  return match[0];
}
