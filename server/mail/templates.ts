import type { TFunction } from 'i18next';
import type { TeamRole } from '../../shared/domain/permissions';
import type { Language } from '../../shared/i18n/languages';
import { translator } from '../lib/i18n';
import type { MailMessage } from './mailer';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function layout(
  t: TFunction,
  provider: string,
  heading: string,
  body: string,
  action?: { label: string; url: string },
): string {
  return `<!doctype html><html><body style="margin:0;background:#f6efe2;font-family:Arial,Helvetica,sans-serif;color:#2f2a26">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="background:#fff;border-radius:8px">
<tr><td style="background:#b33d12;color:#fff;padding:16px 24px;font-size:20px;font-weight:bold;border-radius:8px 8px 0 0">${escapeHtml(provider)}</td></tr>
<tr><td style="padding:24px"><h1 style="font-size:20px;margin:0 0 12px">${escapeHtml(heading)}</h1>
<p style="font-size:16px;line-height:1.5">${body}</p>
${
  action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#b33d12;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold">${escapeHtml(action.label)}</a></p>
<p style="font-size:13px;color:#5c534b">${escapeHtml(t('mail.copyAddress'))}<br>${escapeHtml(action.url)}</p>`
    : ''
}
</td></tr></table></td></tr></table></body></html>`;
}

/** Every value escaped for HTML, for a catalogue text that goes into the mail's HTML body. */
const escapedAll = <T extends Record<string, string | number>>(values: T) =>
  Object.fromEntries(Object.entries(values).map(([k, v]) => [k, escapeHtml(String(v))])) as {
    [K in keyof T]: string;
  };

export function verificationMail(input: {
  language: Language;
  provider: string;
  to: string;
  username: string;
  url: string;
  hours: number;
}): MailMessage {
  const t = translator(input.language);
  const values = { provider: input.provider, username: input.username, url: input.url, hours: input.hours };
  return {
    to: input.to,
    subject: t('mail.verify.subject', values),
    text: t('mail.verify.text', values),
    html: layout(t, input.provider, t('mail.verify.heading'), t('mail.verify.body', escapedAll(values)), {
      label: t('mail.verify.action'),
      url: input.url,
    }),
  };
}

export function passwordResetMail(input: {
  language: Language;
  provider: string;
  to: string;
  username: string;
  url: string;
  minutes: number;
}): MailMessage {
  const t = translator(input.language);
  const values = {
    provider: input.provider,
    username: input.username,
    url: input.url,
    minutes: input.minutes,
  };
  return {
    to: input.to,
    subject: t('mail.reset.subject', values),
    text: t('mail.reset.text', values),
    html: layout(t, input.provider, t('mail.reset.heading'), t('mail.reset.body', escapedAll(values)), {
      label: t('mail.reset.action'),
      url: input.url,
    }),
  };
}

/** Told to the account's owner after every password change, so a change they did not make does not go unseen. */
export function passwordChangedMail(input: {
  language: Language;
  provider: string;
  to: string;
  username: string;
  at: Date;
  resetUrl: string;
}): MailMessage {
  const t = translator(input.language);
  const when = `${input.at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const values = { provider: input.provider, username: input.username, url: input.resetUrl, when };
  return {
    to: input.to,
    subject: t('mail.changed.subject', values),
    text: t('mail.changed.text', values),
    html: layout(t, input.provider, t('mail.changed.heading'), t('mail.changed.body', escapedAll(values)), {
      label: t('mail.changed.action'),
      url: input.resetUrl,
    }),
  };
}

interface ShareInput {
  /** The sender's language: the recipient may have no account. */
  language: Language;
  provider: string;
  to: string;
  /** Who shared it (their username). */
  from: string;
  ovenName: string;
  ovenType: string;
  fileName: string;
  bytes: Uint8Array;
}

const shareValues = (input: ShareInput) => ({
  provider: input.provider,
  from: input.from,
  oven: input.ovenName,
  type: input.ovenType,
  file: input.fileName,
});

/** An oven's settings file, with what to do with it (the oven reads it by its exact name). */
export function settingsShareMail(input: ShareInput): MailMessage {
  const t = translator(input.language);
  const values = shareValues(input);
  const steps = [
    t('mail.settings.step1', values),
    t('mail.settings.step2'),
    t('mail.settings.step3', values),
  ];
  return {
    to: input.to,
    subject: t('mail.settings.subject', values),
    text: `${t('mail.settings.body', values)}\n\n${steps.map((s, i) => `${i + 1}. ${s}`).join('\n')}\n`,
    html: layout(
      t,
      input.provider,
      t('mail.settings.heading', values),
      `${t('mail.settings.body', escapedAll(values))}</p><ol style="font-size:16px;line-height:1.5">${steps.map((s) => `<li>${escapeHtml(s)}</li>`).join('')}</ol><p>`,
    ),
    attachments: [
      { fileName: input.fileName, contentType: 'application/octet-stream', content: input.bytes },
    ],
  };
}

/** An oven's menu as a PDF: every screen as the cook sees it, and each recipe on it with its stages. */
export function menuShareMail(input: ShareInput): MailMessage {
  const t = translator(input.language);
  const values = shareValues(input);
  return {
    to: input.to,
    subject: t('mail.menu.subject', values),
    text: `${t('mail.menu.body', values)}\n`,
    html: layout(t, input.provider, t('mail.menu.heading', values), t('mail.menu.body', escapedAll(values))),
    attachments: [{ fileName: input.fileName, contentType: 'application/pdf', content: input.bytes }],
  };
}

/** An invitation to join a team, with a link that works for a week for the invited address only. */
export function teamInvitationMail(input: {
  /** The inviter's language: the invited person may have no account yet. */
  language: Language;
  provider: string;
  to: string;
  team: string;
  role: TeamRole;
  invitedBy: string;
  url: string;
  days: number;
  /** The locations a store manager or crew member will work in, by name (none for owners and managers). */
  locations?: string[];
}): MailMessage {
  const t = translator(input.language);
  const values = {
    provider: input.provider,
    team: input.team,
    by: input.invitedBy,
    role: t(`mail.invitation.roles.${input.role}`),
    url: input.url,
    days: input.days,
  };
  const html = escapedAll(values);
  const places = input.locations ?? [];
  const where = (list: string) =>
    places.length > 0 ? ` ${t('mail.invitation.locations', { count: places.length, list })}` : '';
  return {
    to: input.to,
    subject: t('mail.invitation.subject', values),
    text: t('mail.invitation.text', { ...values, where: where(places.join(', ')) }),
    html: layout(
      t,
      input.provider,
      t('mail.invitation.heading', values),
      t('mail.invitation.body', {
        ...html,
        team: `<b>${html.team}</b>`,
        where: where(places.map((p) => `<b>${escapeHtml(p)}</b>`).join(', ')),
      }),
      { label: t('mail.invitation.action'), url: input.url },
    ),
  };
}

/** To a team's owners: a webhook failed for a day and Hearth stopped sending to it. */
export function webhookDisabledMail(input: {
  language: Language;
  provider: string;
  to: string;
  team: string;
  url: string;
  error: string;
  pageUrl: string;
}): MailMessage {
  const t = translator(input.language);
  const values = { provider: input.provider, team: input.team, url: input.url, error: input.error };
  return {
    to: input.to,
    subject: t('mail.webhookDisabled.subject', values),
    text: `${t('mail.webhookDisabled.body', values)}\n\n${input.pageUrl}\n`,
    html: layout(
      t,
      input.provider,
      t('mail.webhookDisabled.heading', values),
      t('mail.webhookDisabled.body', escapedAll(values)),
      { label: t('mail.webhookDisabled.action'), url: input.pageUrl },
    ),
  };
}
