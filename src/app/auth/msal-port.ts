import type { IPublicClientApplication } from '@azure/msal-browser';

/** The MSAL calls the portal makes; tests provide a fake with the same shape (the network edge). */
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
>;
