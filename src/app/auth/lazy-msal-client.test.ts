import { describe, expect, it, vi } from 'vitest';
import { ADMIN, createFakeMsal } from '../testing/fake-identity.ts';
import { testConfig, TEST_ORIGIN } from '../testing/render-app.tsx';
import { startSession } from './session.ts';
import { lazyMsalClient } from './lazy-msal-client.ts';

describe('lazyMsalClient', () => {
  it('loads MSAL once, on initialize, and hands every call to the loaded client', async () => {
    const fake = createFakeMsal(ADMIN);
    const load = vi.fn(async () => fake);
    const msal = lazyMsalClient(load);
    expect(load).not.toHaveBeenCalled();

    await msal.initialize();
    await msal.handleRedirectPromise();
    const [account] = msal.getAllAccounts();
    msal.setActiveAccount(account ?? null);

    expect(load).toHaveBeenCalledTimes(1);
    expect(fake.initialize).toHaveBeenCalledTimes(1);
    expect(msal.getActiveAccount()?.username).toBe(ADMIN.email);
    const result = await msal.acquireTokenSilent({ scopes: ['openid'], account: account! });
    expect(result.account.username).toBe(ADMIN.email);
    await expect(msal.revokeRefreshToken(account!)).resolves.toBe(true);
    expect(fake.revokeRefreshToken).toHaveBeenCalledWith(account);
    await msal.logoutRedirect({ account: account! });
    expect(fake.logoutRedirect).toHaveBeenCalledTimes(1);
  });

  it('refuses the synchronous account calls before initialize, as MSAL does', () => {
    const msal = lazyMsalClient(async () => createFakeMsal(ADMIN));
    expect(() => msal.getActiveAccount()).toThrow('MSAL was used before initialize()');
  });

  it('lets a session restore a cached sign-in through the lazily loaded client', async () => {
    const fake = createFakeMsal(ADMIN);
    const session = startSession(
      lazyMsalClient(async () => fake),
      testConfig(),
      TEST_ORIGIN,
    );
    await vi.waitFor(() => expect(session.actor.getSnapshot().matches('authenticated')).toBe(true));
    expect(await session.getAccessToken()).toMatch(/^ey/);
    session.actor.stop();
  });
});
