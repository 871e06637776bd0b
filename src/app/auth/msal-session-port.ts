import type { AccountInfo } from '@azure/msal-browser';
import type { RuntimeConfig } from '../../shared/runtime-config.ts';
import type { SessionPort, SessionTokens } from '../../machines/session.machine.ts';
import { clearSessionData } from '../local-data.ts';
import type { MsalClient } from './msal-port.ts';
import { CALLBACK_PATH, SELECT_TENANT_PROMPT, SUPER_USER_PICKER_PATH } from './sign-in-paths.ts';
import { sessionTokensFrom } from './token-claims.ts';

/** How long logout waits for the refresh token's revocation before it signs out all the same. */
export const REVOCATION_TIMEOUT_MS = 5_000;

/**
 * Waits for `revocation` at most `timeoutMs`. Best effort: an unreachable provider or one without revocation must not
 * keep the user signed in, and the sign-in session ends at the provider's logout anyway.
 */
async function revokeWithin(revocation: Promise<boolean>, timeoutMs: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, timeoutMs);
  });
  await Promise.race([
    revocation.then(
      () => undefined,
      () => undefined,
    ),
    timeout,
  ]);
  clearTimeout(timer);
}

function currentAccount(msal: MsalClient): AccountInfo | null {
  return msal.getActiveAccount() ?? msal.getAllAccounts()[0] ?? null;
}

/** The session machine's identity provider, over MSAL. */
export function createMsalSessionPort(msal: MsalClient, config: RuntimeConfig, origin: string): SessionPort {
  const scopes = config.scopes;
  const toTokens = (result: Parameters<typeof sessionTokensFrom>[0]): SessionTokens =>
    sessionTokensFrom(result, config.claimsNamespace);

  return {
    async restore() {
      // Mid sign-in at the tenant picker, MSAL must not run: with no answer in the URL it would drop the pending
      // request (its PKCE verifier) that the sign-in finishes with once the provider answers.
      if (window.location.pathname === SUPER_USER_PICKER_PATH) return null;
      await msal.initialize();
      // Completes a sign-in whose answer the redirect bridge left for this page; rejects when the provider refused.
      const redirected = await msal.handleRedirectPromise();
      if (redirected?.account) {
        msal.setActiveAccount(redirected.account);
        return toTokens(redirected);
      }
      const account = currentAccount(msal);
      if (account === null) return null;
      msal.setActiveAccount(account);
      try {
        return toTokens(await msal.acquireTokenSilent({ scopes, account }));
      } catch {
        // Cached sign-in no longer usable (refresh token expired or revoked): sign in again.
        return null;
      }
    },

    async renew() {
      const account = currentAccount(msal);
      if (account === null) throw new Error('No signed-in account to renew');
      return toTokens(await msal.acquireTokenSilent({ scopes, account, forceRefresh: true }));
    },

    async login() {
      await msal.loginRedirect({ scopes, redirectStartPage: `${origin}${CALLBACK_PATH}` });
    },

    async switchCustomer() {
      // The provider's session stands, so no password: only its tenant step (src/server/idp/tenant-step.ts) runs.
      await msal.loginRedirect({
        scopes,
        prompt: SELECT_TENANT_PROMPT,
        redirectStartPage: `${origin}${CALLBACK_PATH}`,
      });
    },

    async logout(idTokenHint) {
      const account = currentAccount(msal);
      // Without an id token hint oidc-provider ignores post_logout_redirect_uri and the user stays on its page.
      const hint = idTokenHint || account?.idToken;
      if (account !== null) await revokeWithin(msal.revokeRefreshToken(account), REVOCATION_TIMEOUT_MS);
      clearSessionData();
      await msal.logoutRedirect({
        account,
        postLogoutRedirectUri: `${origin}/`,
        ...(hint ? { idTokenHint: hint } : {}),
      });
    },
  };
}
