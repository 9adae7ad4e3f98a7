import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** A real SMTP server on 127.0.0.1 that keeps what it receives, for tests of the mail the app sends. */
export async function startSmtpCatcher(): Promise<{
  url: string;
  port: number;
  messages: CaughtMail[];
  close(): Promise<void>;
}> {
  const messages: CaughtMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail: ParsedMail) => {
          const to = Array.isArray(mail.to) ? mail.to[0]?.text : mail.to?.text;
          messages.push({
            to: to ?? '',
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
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
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The first http(s) link in a mail's text. */
export function linkIn(mail: CaughtMail): string {
  const match = /https?:\/\/\S+/.exec(mail.text);
  if (!match) throw new Error(`No link in mail "${mail.subject}"`);
  return match[0];
}
