import type { AccountInfo, IPublicClientApplication } from '@azure/msal-browser';

/**
 * The MSAL calls the portal makes, and the refresh-token revocation it adds to them (token-revocation.ts); tests
 * provide a fake with the same shape (the network edge).
 */
export type MsalClient = Pick<
  IPublicClientApplication,
  | 'initialize'
  | 'handleRedirectPromise'
  | 'getActiveAccount'
  | 'getAllAccounts'
  | 'setActiveAccount'
  | 'acquireTokenSilent'
  | 'loginRedirect'
  | 'logoutRedirect'
> & {
  /** Revokes the refresh token held for `account` at the provider; resolves whether the provider took it. */
  revokeRefreshToken(account: AccountInfo): Promise<boolean>;
};
