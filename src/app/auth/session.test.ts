import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthenticationResult, SilentRequest } from '@azure/msal-browser';
import { RENEW_BEFORE_EXPIRY_MS } from '../../machines/session.machine.ts';
import { notifications, type Notification } from '../notifications/notification.service.ts';
import { CONSENT_KEY_PREFIX, SESSION_KEY_PREFIX } from '../local-data.ts';
import { ADMIN, createFakeMsal, TOKEN_LIFETIME_MS, tokenResult } from '../testing/fake-identity.ts';
import { testConfig, TEST_ORIGIN } from '../testing/render-app.tsx';
import { msalConfiguration } from './msal-client.ts';
import { REVOCATION_TIMEOUT_MS } from './msal-session-port.ts';
import { startSession, TOKEN_HANDED_OUT_BEFORE_EXPIRY_MS } from './session.ts';
import { createRefreshTokenTap } from './token-revocation.ts';

const config = testConfig();

function start(msal: ReturnType<typeof createFakeMsal>) {
  const session = startSession(msal, config, TEST_ORIGIN);
  return session;
}

describe('MSAL configuration', () => {
  it('talks OIDC to the configured authority and answers on the redirect bridge', () => {
    const tap = createRefreshTokenTap();
    const configuration = msalConfiguration(config, TEST_ORIGIN, tap.networkClient);
    // Token answers pass the tap, so logout can revoke the refresh token MSAL keeps encrypted.
    expect(configuration.system?.networkClient).toBe(tap.networkClient);
    expect(configuration.auth).toMatchObject({
      clientId: 'fleet-portal',
      authority: 'https://portal.test/idp',
      knownAuthorities: ['portal.test'],
      redirectUri: 'https://portal.test/redirect.html',
      postLogoutRedirectUri: 'https://portal.test/',
      OIDCOptions: { defaultScopes: ['openid', 'profile'] },
    });
    expect(configuration.system?.protocolMode).toBe('OIDC');
    expect(configuration.cache?.cacheLocation).toBe('localStorage');
  });
});

describe('session over MSAL', () => {
  let seen: Notification[] = [];
  let unsubscribe: () => void = () => undefined;

  beforeEach(() => {
    vi.useFakeTimers({ now: Date.parse('2026-03-05T09:30:00Z') });
    seen = [];
    unsubscribe = notifications.subscribe((notification) => seen.push(notification));
  });
  afterEach(() => {
    unsubscribe();
    vi.useRealTimers();
    window.localStorage.clear();
  });

  it('completes a redirect sign-in and makes its account active', async () => {
    const msal = createFakeMsal(ADMIN);
    const account = msal.getAllAccounts()[0];
    if (!account) throw new Error('fake account missing');
    msal.handleRedirectPromise.mockResolvedValue(tokenResult(ADMIN, account));
    const session = start(msal);
    await vi.advanceTimersByTimeAsync(0);
    expect(session.actor.getSnapshot().matches('authenticated')).toBe(true);
    expect(msal.setActiveAccount).toHaveBeenCalledWith(account);
    expect(msal.acquireTokenSilent).not.toHaveBeenCalled();
    session.actor.stop();
  });

  it('restores a cached sign-in silently', async () => {
    const session = start(createFakeMsal(ADMIN));
    await vi.advanceTimersByTimeAsync(0);
    expect(session.actor.getSnapshot().context.tokens?.claims).toMatchObject({ sub: ADMIN.sub, roles: ADMIN.roles });
    session.actor.stop();
  });

  it('gives no token while signed out, so no request is sent', async () => {
    const session = start(createFakeMsal(null));
    await vi.advanceTimersByTimeAsync(0);
    expect(session.actor.getSnapshot().matches('unauthenticated')).toBe(true);
    await expect(session.getAccessToken()).resolves.toBeNull();
    session.actor.stop();
  });

  it('gives no token when the token has no subject', async () => {
    const session = start(createFakeMsal({ ...ADMIN, sub: '' }));
    await vi.advanceTimersByTimeAsync(0);
    await expect(session.getAccessToken()).resolves.toBeNull();
    session.actor.stop();
  });

  it("hands out the session's access token without asking MSAL while it has more than 5 minutes left", async () => {
    const msal = createFakeMsal(ADMIN);
    const session = start(msal);
    await vi.advanceTimersByTimeAsync(TOKEN_LIFETIME_MS - TOKEN_HANDED_OUT_BEFORE_EXPIRY_MS - 1_000);
    msal.acquireTokenSilent.mockClear();
    const token = await session.getAccessToken();
    expect(token).toBe(session.actor.getSnapshot().context.tokens?.accessToken);
    // MSAL reads its cache from localStorage and decrypts it before it answers: a report call would wait for that.
    expect(msal.acquireTokenSilent).not.toHaveBeenCalled();
    session.actor.stop();
  });

  it('asks MSAL for the token in its last 5 minutes, and keeps the token MSAL renewed', async () => {
    const msal = createFakeMsal(ADMIN);
    const session = start(msal);
    await vi.advanceTimersByTimeAsync(TOKEN_LIFETIME_MS - TOKEN_HANDED_OUT_BEFORE_EXPIRY_MS + 1_000);
    const account = msal.getAllAccounts()[0];
    if (!account) throw new Error('fake account missing');
    const renewed = tokenResult(ADMIN, account);
    msal.acquireTokenSilent.mockClear();
    msal.acquireTokenSilent.mockResolvedValueOnce(renewed);
    await expect(session.getAccessToken()).resolves.toBe(renewed.accessToken);
    expect(msal.acquireTokenSilent).toHaveBeenCalledTimes(1);
    expect(session.actor.getSnapshot().context.tokens?.accessToken).toBe(renewed.accessToken);
    session.actor.stop();
  });

  it('renews with a forced refresh 15 s before expiry', async () => {
    const msal = createFakeMsal(ADMIN);
    const session = start(msal);
    await vi.advanceTimersByTimeAsync(TOKEN_LIFETIME_MS - RENEW_BEFORE_EXPIRY_MS);
    expect(msal.acquireTokenSilent).toHaveBeenLastCalledWith(expect.objectContaining({ forceRefresh: true }));
    expect(session.actor.getSnapshot().matches('authenticated')).toBe(true);
    session.actor.stop();
  });

  it("logs out with a 'User authentication failed' toast when renewal fails, clearing the login data", async () => {
    const msal = createFakeMsal(ADMIN);
    window.localStorage.setItem(`${SESSION_KEY_PREFIX}marker`, 'x');
    window.localStorage.setItem('msal.3|token', 'x');
    window.localStorage.setItem(`${CONSENT_KEY_PREFIX}agreement.${ADMIN.sub}`, '{"version":"1.0","approved":true}');
    msal.acquireTokenSilent.mockImplementation(async (request: SilentRequest): Promise<AuthenticationResult> => {
      if (request.forceRefresh) throw new Error('invalid_grant');
      const account = msal.getAllAccounts()[0];
      if (!account) throw new Error('fake account missing');
      return tokenResult(ADMIN, account);
    });
    const session = start(msal);
    await vi.advanceTimersByTimeAsync(TOKEN_LIFETIME_MS - RENEW_BEFORE_EXPIRY_MS);
    expect(seen.map((notification) => notification.detail)).toEqual(['User authentication failed']);
    expect(msal.logoutRedirect).toHaveBeenCalledWith(
      expect.objectContaining({ postLogoutRedirectUri: 'https://portal.test/', idTokenHint: expect.any(String) }),
    );
    expect(window.localStorage.getItem(`${SESSION_KEY_PREFIX}marker`)).toBeNull();
    expect(window.localStorage.getItem('msal.3|token')).toBeNull();
    // Consent records are per user, not login data: they stay.
    expect(window.localStorage.getItem(`${CONSENT_KEY_PREFIX}agreement.${ADMIN.sub}`)).not.toBeNull();
    session.actor.stop();
  });

  it('revokes the refresh token before it signs out at the provider', async () => {
    const msal = createFakeMsal(ADMIN);
    const session = start(msal);
    await vi.advanceTimersByTimeAsync(0);
    session.actor.send({ type: 'session.logout' });
    await vi.advanceTimersByTimeAsync(0);
    expect(msal.revokeRefreshToken).toHaveBeenCalledWith(msal.getAllAccounts()[0]);
    expect(msal.logoutRedirect).toHaveBeenCalledOnce();
    const [revoked] = msal.revokeRefreshToken.mock.invocationCallOrder;
    const [signedOut] = msal.logoutRedirect.mock.invocationCallOrder;
    expect(revoked).toBeLessThan(signedOut ?? 0);
    session.actor.stop();
  });

  it('signs out all the same when the revocation fails or does not answer in time', async () => {
    const failing = createFakeMsal(ADMIN);
    failing.revokeRefreshToken.mockRejectedValue(new Error('network down'));
    const silent = createFakeMsal(ADMIN);
    silent.revokeRefreshToken.mockReturnValue(new Promise<boolean>(() => undefined));
    const sessions = [start(failing), start(silent)];
    await vi.advanceTimersByTimeAsync(0);
    for (const session of sessions) session.actor.send({ type: 'session.logout' });
    await vi.advanceTimersByTimeAsync(0);
    expect(failing.logoutRedirect).toHaveBeenCalledOnce();
    expect(silent.logoutRedirect).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(REVOCATION_TIMEOUT_MS);
    expect(silent.logoutRedirect).toHaveBeenCalledOnce();
    for (const session of sessions) session.actor.stop();
  });

  it('signs in again when the cached sign-in can no longer be renewed', async () => {
    const msal = createFakeMsal(ADMIN);
    msal.acquireTokenSilent.mockRejectedValue(new Error('interaction_required'));
    const session = start(msal);
    await vi.advanceTimersByTimeAsync(0);
    expect(session.actor.getSnapshot().matches('unauthenticated')).toBe(true);
    expect(session.actor.getSnapshot().context.failed).toBe(false);
    session.actor.stop();
  });
});

describe('session at the super-user tenant picker', () => {
  afterEach(() => {
    window.history.replaceState(null, '', '/');
  });

  it("leaves MSAL alone mid sign-in, so the pending request's PKCE verifier survives until the provider answers", async () => {
    window.history.replaceState(null, '', '/superUser?sessionToken=t&state=s');
    const msal = createFakeMsal(ADMIN);
    const session = start(msal);
    await vi.waitFor(() => expect(session.actor.getSnapshot().value).toBe('unauthenticated'));
    expect(msal.initialize).not.toHaveBeenCalled();
    expect(msal.handleRedirectPromise).not.toHaveBeenCalled();
    session.actor.stop();
  });
});
