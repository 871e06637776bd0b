import { createChallenge, verifySolution } from 'altcha-lib/v1';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from './http-client.ts';
import { CaptchaRequiredError, resetPassword, sendInvitation, solveCaptcha } from './user-access.ts';

// The browser side of invitations, resets and the reset captcha (issue #28; spec shell §7 POST
// /api/users/{id}/invitation and /password-reset {redirectUrl}, the optional X-Recaptcha-Token header; §8 "Failed
// password reset opens the captcha dialog", 429 silent).

const KEY = 'a test captcha key';

const jsonResponse = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** Stubs fetch: answers by path; others 404. */
function stubApi(answers: Record<string, unknown>) {
  const fetchMock = vi.fn(async (input: string, _init: RequestInit = {}) => {
    const answer = answers[new URL(input).pathname];
    if (answer === undefined) return jsonResponse({ statusCode: 404, error: 'Not Found', message: input }, 404);
    return typeof answer === 'function' ? (answer as () => Response)() : jsonResponse(answer);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
const onError = vi.fn();

beforeEach(() => {
  onError.mockReset();
  configureApiClient({ baseUrl: 'https://portal.test', getAccessToken: async () => 'token', onError });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('sendInvitation and resetPassword', () => {
  it('post the portal’s own start page as redirectUrl, and the captcha token in X-Recaptcha-Token', async () => {
    const fetchMock = stubApi({
      '/api/users/u%201/invitation': () => new Response(null, { status: 204 }),
      '/api/users/u%201/password-reset': () => new Response(null, { status: 204 }),
    });
    await sendInvitation('u 1');
    await resetPassword('u 1');
    await resetPassword('u 1', 'solved-token');
    const calls = fetchMock.mock.calls.map(([url, init]) => ({
      url,
      body: JSON.parse(String(init?.body)) as unknown,
      captcha: new Headers(init?.headers).get('x-recaptcha-token'),
    }));
    const redirectUrl = `${window.location.origin}/`;
    expect(calls).toEqual([
      { url: 'https://portal.test/api/users/u%201/invitation', body: { redirectUrl }, captcha: null },
      { url: 'https://portal.test/api/users/u%201/password-reset', body: { redirectUrl }, captcha: null },
      { url: 'https://portal.test/api/users/u%201/password-reset', body: { redirectUrl }, captcha: 'solved-token' },
    ]);
  });

  it('rejects with CaptchaRequiredError, without an error toast, when the server asks for a captcha', async () => {
    stubApi({
      '/api/users/u1/password-reset': () =>
        jsonResponse(
          { statusCode: 429, error: 'Too Many Requests', message: 'solve it', code: 'CAPTCHA_REQUIRED' },
          429,
        ),
    });
    await expect(resetPassword('u1')).rejects.toBeInstanceOf(CaptchaRequiredError);
    expect(onError).not.toHaveBeenCalled();
  });

  it('passes any other failure on as it is, with its toast', async () => {
    stubApi({
      '/api/users/u1/password-reset': () =>
        jsonResponse({ statusCode: 404, error: 'Not Found', message: 'The user does not exist in this tenant' }, 404),
    });
    const failure = await resetPassword('u1').catch((error: unknown) => error);
    expect(failure).not.toBeInstanceOf(CaptchaRequiredError);
    expect(onError).toHaveBeenCalledWith('API: Cannot find the specified data, please open support request', 404);
  });
});

describe('solveCaptcha', () => {
  // tests/unit/captcha-round-trip.test.ts solves the server's own challenge and has the server's check accept it.
  it('solves a challenge of altcha’s protocol so that altcha’s check accepts it', async () => {
    const challenge = await createChallenge({
      algorithm: 'SHA-256',
      hmacKey: KEY,
      maxnumber: 3000,
      expires: new Date(Date.now() + 600_000),
    });
    stubApi({ '/api/users/captcha-challenge': challenge });
    const progress: number[] = [];
    const token = await solveCaptcha((fraction) => progress.push(fraction));

    const payload = JSON.parse(atob(token)) as Record<string, unknown>;
    expect(payload).toMatchObject({ algorithm: 'SHA-256', challenge: challenge.challenge, salt: challenge.salt });
    expect(await verifySolution(token, KEY)).toBe(true);
    expect(await verifySolution(token, 'another key')).toBe(false);
    expect(progress[0]).toBe(0);
    expect(progress.at(-1)).toBe(1);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });
});
