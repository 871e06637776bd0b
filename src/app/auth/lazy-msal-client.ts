import type { MsalClient } from './msal-port.ts';

/**
 * An MSAL client whose library loads on `initialize()` (the session's first call), so the app's first paint does not
 * wait for MSAL's ~70 KB gzip. The synchronous account calls are valid only after that, as with MSAL itself.
 */
export function lazyMsalClient(load: () => Promise<MsalClient>): MsalClient {
  let loading: Promise<MsalClient> | null = null;
  let client: MsalClient | null = null;
  const ready = async (): Promise<MsalClient> => {
    loading ??= load().then((loaded) => (client = loaded));
    return loading;
  };
  const loaded = (): MsalClient => {
    if (client === null) throw new Error('MSAL was used before initialize()');
    return client;
  };
  return {
    initialize: async (...args) => (await ready()).initialize(...args),
    handleRedirectPromise: async (...args) => (await ready()).handleRedirectPromise(...args),
    acquireTokenSilent: async (...args) => (await ready()).acquireTokenSilent(...args),
    loginRedirect: async (...args) => (await ready()).loginRedirect(...args),
    logoutRedirect: async (...args) => (await ready()).logoutRedirect(...args),
    revokeRefreshToken: async (...args) => (await ready()).revokeRefreshToken(...args),
    getActiveAccount: () => loaded().getActiveAccount(),
    getAllAccounts: (...args) => loaded().getAllAccounts(...args),
    setActiveAccount: (...args) => loaded().setActiveAccount(...args),
  };
}
