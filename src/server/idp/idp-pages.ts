import { createHash } from 'node:crypto';
import type { LanguageTexts } from '../i18n/server-texts.ts';

/**
 * Server-rendered pages of the embedded identity provider (sign-in, sign-out, errors) in the portal's look, worded in
 * the language the request asks for (idp-language.ts: `ui_locales`, else `Accept-Language`; texts under `idp.*`).
 * They load nothing from outside: inline CSS and scripts are allowed by their hashes in each page's CSP.
 */
export interface IdpPage {
  html: string;
  contentSecurityPolicy: string;
}

const STYLE = `
*{box-sizing:border-box}
html{color-scheme:light}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#f1f4f8;
font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:#1f2937;line-height:1.5}
main{width:100%;max-width:380px;margin:24px;padding:32px;background:#fff;border-radius:12px;
box-shadow:0 1px 3px rgba(16,24,40,.1),0 8px 24px rgba(16,24,40,.08)}
h1{margin:0 0 4px;font-size:24px;font-weight:600;text-align:center}
.subtitle{margin:0 0 24px;text-align:center;color:#6b7280;overflow-wrap:anywhere}
label{display:block;margin:0 0 6px;font-size:14px;font-weight:500}
input{display:block;width:100%;height:40px;margin:0 0 16px;padding:0 12px;font:inherit;color:inherit;background:#fff;
border:1px solid #d1d5db;border-radius:6px}
input:focus{outline:2px solid #3b82f6;outline-offset:1px;border-color:#3b82f6}
button{display:block;width:100%;height:42px;margin-top:8px;border:0;border-radius:6px;background:#2563eb;color:#fff;
font:inherit;font-weight:600;cursor:pointer}
button:hover,button:focus-visible{background:#1d4ed8}
.error{margin:0 0 16px;padding:10px 12px;border-radius:6px;background:#fef2f2;color:#b91c1c;font-size:14px}
.message{margin:0 0 16px;text-align:center}
.details{margin:0 0 16px;font-size:13px;color:#6b7280;text-align:center;overflow-wrap:anywhere}
a{color:#2563eb}
[hidden]{display:none!important}
.hint{margin:-8px 0 16px;font-size:13px;color:#6b7280}
a.button{display:block;height:42px;line-height:42px;border-radius:6px;background:#2563eb;color:#fff;text-align:center;
font-weight:600;text-decoration:none}
a.button:hover,a.button:focus-visible{background:#1d4ed8}
`;

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function hash(source: string): string {
  return `'sha256-${createHash('sha256').update(source).digest('base64')}'`;
}

/** A page in the provider's look: `body` inside the card under the 'Fleet Portal' heading, with its CSP. */
export function page(options: {
  title: string;
  body: string;
  formAction: readonly string[];
  script?: string;
  texts: LanguageTexts;
}): IdpPage {
  const { t, language } = options.texts;
  const script = options.script === undefined ? '' : `<script>${options.script}</script>`;
  const directives = [
    "default-src 'none'",
    `style-src ${hash(STYLE)}`,
    options.script === undefined ? null : `script-src ${hash(options.script)}`,
    `form-action 'self' ${options.formAction.join(' ')}`.trim(),
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ];
  return {
    contentSecurityPolicy: directives.filter((directive) => directive !== null).join('; '),
    html: `<!DOCTYPE html>
<html lang="${escapeHtml(language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(t('idp.pageTitle', { title: options.title }))}</title>
<style>${STYLE}</style>
${script}
</head>
<body>
<main>
<h1>${escapeHtml(t('idp.brand'))}</h1>
${options.body}
</main>
</body>
</html>
`,
  };
}

/** The sign-in page's message while failed attempts lock the account or the client address (login-throttle.ts). */
export function tooManyAttemptsMessage(retryAfterMs: number, { t }: LanguageTexts): string {
  return t('idp.signIn.tooManyAttempts', { count: Math.ceil(retryAfterMs / 60_000) });
}

/**
 * The sign-in form. `formAction` lists the origins the form's redirects may reach (the portal's), since browsers
 * apply form-action to redirects after a submission too.
 */
export function loginPage(options: {
  action: string;
  email: string;
  failed: boolean;
  /** Set while sign-in is locked: the page says how long to wait instead of 'Invalid email or password'. */
  locked?: { retryAfterMs: number };
  formAction: readonly string[];
  texts: LanguageTexts;
}): IdpPage {
  const { texts } = options;
  const { t } = texts;
  const message =
    options.locked === undefined
      ? options.failed
        ? t('idp.signIn.invalidCredentials')
        : null
      : tooManyAttemptsMessage(options.locked.retryAfterMs, texts);
  const error = message === null ? '' : `<p class="error" role="alert">${escapeHtml(message)}</p>`;
  // Focus the first empty field: the e-mail, or the password once the e-mail is known.
  const [emailFocus, passwordFocus] = options.email === '' ? [' autofocus', ''] : ['', ' autofocus'];
  return page({
    title: t('idp.signIn.title'),
    formAction: options.formAction,
    texts,
    body: `<p class="subtitle">${escapeHtml(t('idp.signIn.subtitle'))}</p>
<form method="post" action="${escapeHtml(options.action)}">
${error}
<label for="email">${escapeHtml(t('idp.signIn.email'))}</label>
<input id="email" name="email" type="email" autocomplete="username" required maxlength="256"
 value="${escapeHtml(options.email)}"${emailFocus}>
<label for="password">${escapeHtml(t('idp.signIn.password'))}</label>
<input id="password" name="password" type="password" autocomplete="current-password" required maxlength="256"
${passwordFocus}>
<button type="submit">${escapeHtml(t('idp.signIn.submit'))}</button>
</form>`,
  });
}

/** A page with a heading line, a message, optional details and a link back to the portal. */
export function messagePage(options: {
  title: string;
  message: string;
  details?: string;
  link?: { href: string; text: string };
  texts: LanguageTexts;
}): IdpPage {
  const details = options.details === undefined ? '' : `<p class="details">${escapeHtml(options.details)}</p>`;
  const link =
    options.link === undefined
      ? ''
      : `<p class="message"><a href="${escapeHtml(options.link.href)}">${escapeHtml(options.link.text)}</a></p>`;
  return page({
    title: options.title,
    formAction: [],
    texts: options.texts,
    body: `<p class="subtitle">${escapeHtml(options.title)}</p>
<p class="message" role="status">${escapeHtml(options.message)}</p>
${details}
${link}`,
  });
}

/**
 * Sign-out. `form` is the provider's form (action and xsrf field). With `autoSubmit` the page submits it at once
 * (the request proved itself with an id_token_hint), otherwise it asks the user to confirm.
 */
export function logoutPage(options: {
  form: string;
  autoSubmit: boolean;
  formAction: readonly string[];
  texts: LanguageTexts;
}): IdpPage {
  const { texts } = options;
  const { t } = texts;
  const withLogout = options.form.replace('</form>', '<input type="hidden" name="logout" value="yes"></form>');
  if (options.autoSubmit) {
    const noscript = `<noscript><button type="submit">${escapeHtml(t('idp.signOut.continue'))}</button></noscript></form>`;
    return page({
      title: t('idp.signOut.signingOutTitle'),
      formAction: options.formAction,
      texts,
      script: "document.addEventListener('DOMContentLoaded',function(){document.forms[0].submit()});",
      body: `<p class="subtitle" role="status">${escapeHtml(t('idp.signOut.signingOut'))}</p>
${withLogout.replace('</form>', noscript)}`,
    });
  }
  const submit = `<button type="submit">${escapeHtml(t('idp.signOut.submit'))}</button></form>`;
  return page({
    title: t('idp.signOut.title'),
    formAction: options.formAction,
    texts,
    body: `<p class="subtitle">${escapeHtml(t('idp.signOut.question'))}</p>
${withLogout.replace('</form>', submit)}`,
  });
}
