import type { AccessLinkState, AccessPurpose } from '../users/access-tokens.ts';
import { escapeHtml, messagePage, page, type IdpPage } from './idp-pages.ts';

/**
 * The identity provider's set-password page (issue #28), opened from an invitation or password-reset e-mail: the
 * form, the answers for links that no longer work, and the confirmation that sends the user on to sign in.
 */

/** The password rules, as the page states them and the server applies them (NIST SP 800-63B: length, no composition rules). */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 256;
export const PASSWORD_RULES = `At least ${PASSWORD_MIN_LENGTH} characters; a few words make a good one. Not your e-mail address.`;

/** Why a chosen password is refused, or null when it follows the rules. */
export function passwordProblem(password: string, confirmation: string, email: string): string | null {
  if ([...password].length < PASSWORD_MIN_LENGTH)
    return `The password needs at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (password.length > PASSWORD_MAX_LENGTH) return `The password can have at most ${PASSWORD_MAX_LENGTH} characters.`;
  if (password.trim().toLowerCase() === email.trim().toLowerCase())
    return 'The password cannot be your e-mail address.';
  if (password !== confirmation) return 'The two passwords are not the same.';
  return null;
}

const HEADINGS: Readonly<Record<AccessPurpose, string>> = {
  invitation: 'Set your password',
  'password-reset': 'Choose a new password',
};

export function setPasswordPage(options: {
  action: string;
  token: string;
  email: string;
  purpose: AccessPurpose;
  problem: string | null;
  formAction: readonly string[];
}): IdpPage {
  const error = options.problem === null ? '' : `<p class="error" role="alert">${escapeHtml(options.problem)}</p>`;
  return page({
    title: HEADINGS[options.purpose],
    formAction: options.formAction,
    body: `<p class="subtitle">${HEADINGS[options.purpose]} for ${escapeHtml(options.email)}</p>
<form method="post" action="${escapeHtml(options.action)}">
${error}
<input type="hidden" name="token" value="${escapeHtml(options.token)}">
<input type="email" name="email" autocomplete="username" value="${escapeHtml(options.email)}" hidden readonly>
<label for="password">New password</label>
<input id="password" name="password" type="password" autocomplete="new-password" required
 minlength="${PASSWORD_MIN_LENGTH}" maxlength="${PASSWORD_MAX_LENGTH}" aria-describedby="password-rules" autofocus>
<p class="hint" id="password-rules">${escapeHtml(PASSWORD_RULES)}</p>
<label for="confirmation">Repeat the password</label>
<input id="confirmation" name="confirmation" type="password" autocomplete="new-password" required
 minlength="${PASSWORD_MIN_LENGTH}" maxlength="${PASSWORD_MAX_LENGTH}">
<button type="submit">Set password</button>
</form>`,
  });
}

const LINK_PROBLEMS: Readonly<Record<Exclude<AccessLinkState['state'], 'valid'>, { title: string; message: string }>> =
  {
    unknown: {
      title: 'Link not valid',
      message: 'This link is not valid. Open the newest e-mail you received, or ask your administrator for a new one.',
    },
    used: {
      title: 'Link already used',
      message:
        'This link was already used to set a password. Sign in with that password, or ask your administrator for a new link.',
    },
    superseded: {
      title: 'Link replaced',
      message: 'A newer e-mail replaced this link. Open the newest e-mail you received.',
    },
    expired: {
      title: 'Link expired',
      message: 'This link has expired. Ask your administrator to send you a new one.',
    },
  };

export function linkProblemPage(state: Exclude<AccessLinkState['state'], 'valid'>, portalUrl: string): IdpPage {
  return messagePage({ ...LINK_PROBLEMS[state], link: { href: `${portalUrl}/`, text: 'Go to Fleet Portal' } });
}

/** After the password is set: the user continues to the portal (the redirectUrl), which asks them to sign in. */
export function passwordSetPage(redirectUrl: string): IdpPage {
  return page({
    title: 'Password set',
    formAction: [],
    body: `<p class="subtitle">Password set</p>
<p class="message" role="status">Your password is set. Sign in with your e-mail address and the new password.</p>
<a class="button" href="${escapeHtml(redirectUrl)}">Continue to sign in</a>`,
  });
}
