import type { AccessLinkState, AccessPurpose } from '../users/access-tokens.ts';
import type { LanguageTexts } from '../i18n/server-texts.ts';
import { escapeHtml, messagePage, page, type IdpPage } from './idp-pages.ts';

/**
 * The identity provider's set-password page (issue #28), opened from an invitation or password-reset e-mail: the
 * form, the answers for links that no longer work, and the confirmation that sends the user on to sign in.
 */

/** The password rules, as the page states them and the server applies them (NIST SP 800-63B: length, no composition rules). */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 256;

/** Why a chosen password is refused, or null when it follows the rules. */
export function passwordProblem(
  password: string,
  confirmation: string,
  email: string,
  { t }: LanguageTexts,
): string | null {
  if ([...password].length < PASSWORD_MIN_LENGTH)
    return t('idp.setPassword.problems.tooShort', { min: PASSWORD_MIN_LENGTH });
  if (password.length > PASSWORD_MAX_LENGTH) return t('idp.setPassword.problems.tooLong', { max: PASSWORD_MAX_LENGTH });
  if (password.trim().toLowerCase() === email.trim().toLowerCase()) return t('idp.setPassword.problems.isEmail');
  if (password !== confirmation) return t('idp.setPassword.problems.different');
  return null;
}

/** The texts of each purpose under `idp.setPassword.headings.<key>`. */
const HEADING_KEYS = { invitation: 'invitation', 'password-reset': 'passwordReset' } as const satisfies Record<
  AccessPurpose,
  string
>;

export function setPasswordPage(options: {
  action: string;
  token: string;
  email: string;
  purpose: AccessPurpose;
  problem: string | null;
  formAction: readonly string[];
  texts: LanguageTexts;
}): IdpPage {
  const { texts } = options;
  const { t } = texts;
  const heading = t(`idp.setPassword.headings.${HEADING_KEYS[options.purpose]}`);
  const error = options.problem === null ? '' : `<p class="error" role="alert">${escapeHtml(options.problem)}</p>`;
  return page({
    title: heading,
    formAction: options.formAction,
    texts,
    body: `<p class="subtitle">${escapeHtml(t('idp.setPassword.subtitle', { heading, email: options.email }))}</p>
<form method="post" action="${escapeHtml(options.action)}">
${error}
<input type="hidden" name="token" value="${escapeHtml(options.token)}">
<input type="email" name="email" autocomplete="username" value="${escapeHtml(options.email)}" hidden readonly>
<label for="password">${escapeHtml(t('idp.setPassword.newPassword'))}</label>
<input id="password" name="password" type="password" autocomplete="new-password" required
 minlength="${PASSWORD_MIN_LENGTH}" maxlength="${PASSWORD_MAX_LENGTH}" aria-describedby="password-rules" autofocus>
<p class="hint" id="password-rules">${escapeHtml(t('idp.setPassword.rules', { min: PASSWORD_MIN_LENGTH }))}</p>
<label for="confirmation">${escapeHtml(t('idp.setPassword.repeat'))}</label>
<input id="confirmation" name="confirmation" type="password" autocomplete="new-password" required
 minlength="${PASSWORD_MIN_LENGTH}" maxlength="${PASSWORD_MAX_LENGTH}">
<button type="submit">${escapeHtml(t('idp.setPassword.submit'))}</button>
</form>`,
  });
}

export function linkProblemPage(
  state: Exclude<AccessLinkState['state'], 'valid'>,
  portalUrl: string,
  texts: LanguageTexts,
): IdpPage {
  const { t } = texts;
  return messagePage({
    title: t(`idp.setPassword.linkProblems.${state}.title`),
    message: t(`idp.setPassword.linkProblems.${state}.message`),
    link: { href: `${portalUrl}/`, text: t('idp.goToPortal') },
    texts,
  });
}

/** After the password is set: the user continues to the portal (the redirectUrl), which asks them to sign in. */
export function passwordSetPage(redirectUrl: string, texts: LanguageTexts): IdpPage {
  const { t } = texts;
  return page({
    title: t('idp.setPassword.doneTitle'),
    formAction: [],
    texts,
    body: `<p class="subtitle">${escapeHtml(t('idp.setPassword.doneTitle'))}</p>
<p class="message" role="status">${escapeHtml(t('idp.setPassword.done'))}</p>
<a class="button" href="${escapeHtml(redirectUrl)}">${escapeHtml(t('idp.setPassword.continue'))}</a>`,
  });
}
