import type { SendMailOptions } from 'nodemailer';
import type { AccessPurpose } from '../users/access-tokens.ts';
import { textsOf } from '../i18n/server-texts.ts';

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
  /** The recipient's language (their saved `portalLanguage`); en-US when absent or not offered. */
  language?: string;
}

const HTML_ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => HTML_ENTITIES[char] ?? char);

/** '5 December 2026, 14:30 UTC' (en-GB's order in en-US; the language's own elsewhere): read in any zone, so it says UTC. */
function expiryFormat(language: string): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat(language === 'en-US' ? 'en-GB' : language, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
  });
}

/** The texts of each purpose under `mail.access.<key>`. */
const PURPOSE_KEYS = { invitation: 'invitation', 'password-reset': 'passwordReset' } as const satisfies Record<
  AccessPurpose,
  string
>;

export function accessEmail(input: AccessEmailInput): SendMailOptions {
  const { t, language } = textsOf(input.language);
  const purpose = PURPOSE_KEYS[input.purpose];
  const button = t(`mail.access.${purpose}.button`);
  const ignore = t(`mail.access.${purpose}.ignore`);
  const expiry = t('mail.access.expiry', { expiry: expiryFormat(language).format(input.expiresAt) });
  const greeting = t('mail.access.greeting', { firstName: input.firstName });
  const lead = t(`mail.access.${purpose}.lead`, { sentBy: input.sentBy });
  const text = [
    greeting,
    '',
    lead,
    '',
    t('mail.access.linkLine', { button, link: input.link }),
    '',
    expiry,
    ignore,
    '',
  ].join('\n');
  const html = `<!DOCTYPE html>
<html lang="${escapeHtml(language)}"><body style="margin:0;padding:24px;background:#f1f4f8;font-family:Arial,Helvetica,sans-serif;color:#1f2937">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:8px">
<tr><td style="padding:32px">
<h1 style="margin:0 0 16px;font-size:20px">${escapeHtml(t('mail.access.brand'))}</h1>
<p style="margin:0 0 12px">${escapeHtml(greeting)}</p>
<p style="margin:0 0 24px">${escapeHtml(lead)}</p>
<p style="margin:0 0 24px"><a href="${escapeHtml(input.link)}" style="display:inline-block;padding:12px 20px;background:#2563eb;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold">${escapeHtml(button)}</a></p>
<p style="margin:0 0 12px;font-size:13px;color:#6b7280">${escapeHtml(expiry)} ${escapeHtml(ignore)}</p>
<p style="margin:0;font-size:13px;color:#6b7280;overflow-wrap:anywhere">${escapeHtml(t('mail.access.openAddress', { link: input.link }))}</p>
</td></tr></table>
</body></html>`;
  return { from: input.from, to: input.to, subject: t(`mail.access.${purpose}.subject`), text, html };
}
