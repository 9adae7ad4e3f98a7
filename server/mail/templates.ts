import type { MailMessage } from './mailer';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function layout(
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
<p style="font-size:13px;color:#5c534b">If the button does not work, copy this address into your browser:<br>${escapeHtml(action.url)}</p>`
    : ''
}
</td></tr></table></td></tr></table></body></html>`;
}

export function verificationMail(input: {
  provider: string;
  to: string;
  username: string;
  url: string;
  hours: number;
}): MailMessage {
  const body = `Hello ${escapeHtml(input.username)}, welcome to ${escapeHtml(input.provider)}. Please confirm your e-mail address to activate your account. The link works for ${input.hours} hours.`;
  return {
    to: input.to,
    subject: `Verify your ${input.provider} account`,
    text: `Hello ${input.username},\n\nWelcome to ${input.provider}. Confirm your e-mail address to activate your account:\n\n${input.url}\n\nThe link works for ${input.hours} hours. If you did not create this account, ignore this e-mail.\n`,
    html: layout(input.provider, 'Verify your account', body, { label: 'Verify my account', url: input.url }),
  };
}

export function passwordResetMail(input: {
  provider: string;
  to: string;
  username: string;
  url: string;
  minutes: number;
}): MailMessage {
  const body = `Hello ${escapeHtml(input.username)}, we received a request to reset your password. The link works for ${input.minutes} minutes and only once. If you did not ask for it, ignore this e-mail: your password stays as it is.`;
  return {
    to: input.to,
    subject: `Reset your ${input.provider} password`,
    text: `Hello ${input.username},\n\nWe received a request to reset your password. Choose a new one here:\n\n${input.url}\n\nThe link works for ${input.minutes} minutes and only once. If you did not ask for it, ignore this e-mail.\n`,
    html: layout(input.provider, 'Reset your password', body, {
      label: 'Choose a new password',
      url: input.url,
    }),
  };
}

/** Told to the account's owner after every password change, so a change they did not make does not go unseen. */
export function passwordChangedMail(input: {
  provider: string;
  to: string;
  username: string;
  at: Date;
  resetUrl: string;
}): MailMessage {
  const when = `${input.at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const body = `Hello ${escapeHtml(input.username)}, the password of your account was changed on ${when}. If that was you, there is nothing to do. If it was not, choose a new password now: every other sign-in of your account ends when you do.`;
  return {
    to: input.to,
    subject: `Your ${input.provider} password was changed`,
    text: `Hello ${input.username},\n\nThe password of your account was changed on ${when}.\n\nIf that was you, there is nothing to do. If it was not, choose a new password now:\n\n${input.resetUrl}\n`,
    html: layout(input.provider, 'Your password was changed', body, {
      label: 'Choose a new password',
      url: input.resetUrl,
    }),
  };
}

interface ShareInput {
  provider: string;
  to: string;
  /** Who shared it (their username). */
  from: string;
  ovenName: string;
  ovenType: string;
  fileName: string;
  bytes: Uint8Array;
}

/** An oven's settings file, with what to do with it (the oven reads it by its exact name). */
export function settingsShareMail(input: ShareInput): MailMessage {
  const steps = [
    `Copy ${input.fileName} to the top folder of a USB stick, keeping its name exactly (the oven looks for that name).`,
    'Loading it replaces the recipes and settings on the oven: load it outside service hours.',
    `On a ${input.ovenType}, insert the stick and load the settings from the service menu; the ${input.provider} website has a step-by-step USB guide.`,
  ];
  return {
    to: input.to,
    subject: `Settings of oven ${input.ovenName} (${input.fileName})`,
    text: `${input.from} shared the settings of the ${input.ovenType} oven "${input.ovenName}" with you. The file ${input.fileName} is attached.\n\n${steps.map((s, i) => `${i + 1}. ${s}`).join('\n')}\n`,
    html: layout(
      input.provider,
      `Settings of oven ${input.ovenName}`,
      `${escapeHtml(input.from)} shared the settings of the ${escapeHtml(input.ovenType)} oven &ldquo;${escapeHtml(input.ovenName)}&rdquo; with you. The file <b>${escapeHtml(input.fileName)}</b> is attached.</p><ol style="font-size:16px;line-height:1.5">${steps.map((s) => `<li>${escapeHtml(s)}</li>`).join('')}</ol><p>`,
    ),
    attachments: [
      { fileName: input.fileName, contentType: 'application/octet-stream', content: input.bytes },
    ],
  };
}

/** An oven's menu as a PDF: every screen as the cook sees it, and each recipe on it with its stages. */
export function menuShareMail(input: ShareInput): MailMessage {
  return {
    to: input.to,
    subject: `Menu of oven ${input.ovenName} (PDF)`,
    text: `${input.from} shared the menu of the ${input.ovenType} oven "${input.ovenName}" with you. The attached PDF, ${input.fileName}, shows every screen, category and page as the oven shows them, and each recipe on them with all its cooking stages.\n`,
    html: layout(
      input.provider,
      `Menu of oven ${input.ovenName}`,
      `${escapeHtml(input.from)} shared the menu of the ${escapeHtml(input.ovenType)} oven &ldquo;${escapeHtml(input.ovenName)}&rdquo; with you. The attached PDF, <b>${escapeHtml(input.fileName)}</b>, shows every screen, category and page as the oven shows them, and each recipe on them with all its cooking stages.`,
    ),
    attachments: [{ fileName: input.fileName, contentType: 'application/pdf', content: input.bytes }],
  };
}

/** An invitation to join a team, with a link that works for a week for the invited address only. */
export function teamInvitationMail(input: {
  provider: string;
  to: string;
  team: string;
  role: string;
  invitedBy: string;
  url: string;
  days: number;
}): MailMessage {
  const body = `${escapeHtml(input.invitedBy)} invites you to join <b>${escapeHtml(input.team)}</b> on ${escapeHtml(input.provider)} as ${escapeHtml(input.role.toLowerCase())}. Open the link to accept: with an account, log in with this e-mail address; without one, create it there. The link works for ${input.days} days.`;
  return {
    to: input.to,
    subject: `${input.invitedBy} invites you to ${input.team} on ${input.provider}`,
    text: `${input.invitedBy} invites you to join ${input.team} on ${input.provider} as ${input.role.toLowerCase()}.\n\nAccept the invitation here (log in with this e-mail address, or create your account there):\n\n${input.url}\n\nThe link works for ${input.days} days. If you did not expect it, ignore this e-mail.\n`,
    html: layout(input.provider, `Join ${input.team}`, body, { label: 'See the invitation', url: input.url }),
  };
}
