import type { SendMailOptions } from 'nodemailer';
import type { AccessPurpose } from '../users/access-tokens.ts';

/**
 * The invitation and password-reset e-mails (issue #28): a short HTML body with one button, the same text as a plain
 * part, and the link to the identity provider's set-password page. The link is the only secret in the message.
 */
export interface AccessEmailInput {
  purpose: AccessPurpose;
  from: string;
  to: string;
  firstName: string;
  /** The admin who sent it, as 'First Last'. */
  sentBy: string;
  /** The set-password page with the token. */
  link: string;
  expiresAt: Date;
}

const HTML_ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => HTML_ENTITIES[char] ?? char);

/** '5 December 2026, 14:30 UTC': the e-mail is read in any time zone, so it says UTC. */
const expiryFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'UTC',
});

const WORDING: Readonly<
  Record<AccessPurpose, { subject: string; lead: (sentBy: string) => string; button: string; ignore: string }>
> = {
  invitation: {
    subject: 'You are invited to Fleet Portal',
    lead: (sentBy) => `${sentBy} invited you to Fleet Portal. Choose a password to activate your account.`,
    button: 'Set your password',
    ignore: 'If you did not expect this invitation, you can ignore this e-mail.',
  },
  'password-reset': {
    subject: 'Reset your Fleet Portal password',
    lead: (sentBy) => `${sentBy} started a password reset for your Fleet Portal account. Choose a new password.`,
    button: 'Choose a new password',
    ignore: 'If you did not ask for this, you can ignore this e-mail: your password stays as it is.',
  },
};

export function accessEmail(input: AccessEmailInput): SendMailOptions {
  const wording = WORDING[input.purpose];
  const expiry = `This link works once, until ${expiryFormat.format(input.expiresAt)} UTC.`;
  const greeting = `Hello ${input.firstName},`;
  const lead = wording.lead(input.sentBy);
  const text = [greeting, '', lead, '', `${wording.button}: ${input.link}`, '', expiry, wording.ignore, ''].join('\n');
  const html = `<!DOCTYPE html>
<html lang="en"><body style="margin:0;padding:24px;background:#f1f4f8;font-family:Arial,Helvetica,sans-serif;color:#1f2937">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:8px">
<tr><td style="padding:32px">
<h1 style="margin:0 0 16px;font-size:20px">Fleet Portal</h1>
<p style="margin:0 0 12px">${escapeHtml(greeting)}</p>
<p style="margin:0 0 24px">${escapeHtml(lead)}</p>
<p style="margin:0 0 24px"><a href="${escapeHtml(input.link)}" style="display:inline-block;padding:12px 20px;background:#2563eb;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold">${escapeHtml(wording.button)}</a></p>
<p style="margin:0 0 12px;font-size:13px;color:#6b7280">${escapeHtml(expiry)} ${escapeHtml(wording.ignore)}</p>
<p style="margin:0;font-size:13px;color:#6b7280;overflow-wrap:anywhere">Or open this address: ${escapeHtml(input.link)}</p>
</td></tr></table>
</body></html>`;
  return { from: input.from, to: input.to, subject: wording.subject, text, html };
}
