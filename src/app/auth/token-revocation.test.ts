import { describe, expect, it, vi } from 'vitest';
import type { AccountInfo } from '@azure/msal-browser';
import { createRefreshTokenTap, revokeRefreshToken } from './token-revocation.ts';

/** A fetch answering `body` as JSON, recording its calls. */
function answering(body: unknown) {
  return vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) =>
    Response.json(body, { headers: { 'x-id': '7' } }),
  );
}

const REQUEST = {
  account: { homeAccountId: 'user-admin' } as AccountInfo,
  scopes: ['user_metadata'],
  authority: 'https://portal.test/idp',
  clientId: 'fleet-portal',
};

describe('the refresh-token tap (MSAL network module)', () => {
  it("passes MSAL's requests on and notes the refresh token of a token answer", async () => {
    const send = answering({ access_token: 'a', refresh_token: 'r-2' });
    const tap = createRefreshTokenTap(send);
    expect(tap.latestRefreshToken()).toBeNull();
    const answer = await tap.networkClient.sendPostRequestAsync('https://portal.test/idp/token', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=refresh_token&refresh_token=r-1',
    });
    expect(send).toHaveBeenCalledWith('https://portal.test/idp/token', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=refresh_token&refresh_token=r-1',
    });
    expect(answer).toMatchObject({ status: 200, body: { access_token: 'a', refresh_token: 'r-2' } });
    expect(answer.headers['x-id']).toBe('7');
    expect(tap.latestRefreshToken()).toBe('r-2');
  });

  it('sends a POST once more after a network failure, as MSAL does', async () => {
    const send = answering({ refresh_token: 'r-2' });
    send.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const tap = createRefreshTokenTap(send);
    await expect(tap.networkClient.sendPostRequestAsync('https://portal.test/idp/token', {})).resolves.toMatchObject({
      status: 200,
    });
    expect(send).toHaveBeenCalledTimes(2);
    expect(tap.latestRefreshToken()).toBe('r-2');
  });

  it('keeps the last refresh token when an answer carries none', async () => {
    const tap = createRefreshTokenTap(answering({ refresh_token: 'r-1' }));
    await tap.networkClient.sendPostRequestAsync('https://portal.test/idp/token', {});
    const discovery = createRefreshTokenTap(answering({ issuer: 'https://portal.test/idp' }));
    await discovery.networkClient.sendGetRequestAsync('https://portal.test/idp/.well-known/openid-configuration');
    expect(tap.latestRefreshToken()).toBe('r-1');
    expect(discovery.latestRefreshToken()).toBeNull();
  });
});

describe('revokeRefreshToken', () => {
  it('neither renews nor revokes at a provider without a revocation endpoint', async () => {
    const send = answering({ issuer: REQUEST.authority, token_endpoint: `${REQUEST.authority}/token` });
    const msal = { acquireTokenSilent: vi.fn() };
    await expect(revokeRefreshToken(msal, createRefreshTokenTap(send), REQUEST, send)).resolves.toBe(false);
    expect(send).toHaveBeenCalledOnce();
    expect(msal.acquireTokenSilent).not.toHaveBeenCalled();
  });
});
