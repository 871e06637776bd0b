import { createChallenge, verifySolution } from 'altcha-lib/v1';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '../../../api/http-client.ts';
import { jsonResponse, stubApi } from '../../testing/fake-api.ts';
import { CaptchaStep } from './CaptchaStep.tsx';

// Spec shell §2 "A captcha step replaces the page when a password reset needs a captcha", §8 "Failed password reset
// opens the captcha dialog for that user"; issue #28: a self-hosted proof of work, solved in the browser.

const KEY = 'the captcha step test key';
/** A tiny challenge in altcha's protocol, as the server signs them (tests/unit/captcha-round-trip.test.ts: the real one). */
const tinyChallenge = () =>
  createChallenge({ algorithm: 'SHA-256', hmacKey: KEY, maxnumber: 500, expires: new Date(Date.now() + 600_000) });
const captchaRequired = () =>
  jsonResponse({ statusCode: 429, error: 'Too Many Requests', message: 'solve it', code: 'CAPTCHA_REQUIRED' }, 429);

/** A fake API serving tiny challenges and recording the captcha tokens of the resets it receives. */
function fakeServer(resetAnswers: (() => Response)[]) {
  const tokens: (string | null)[] = [];
  stubApi({
    '/api/users/captcha-challenge': async () => jsonResponse(await tinyChallenge()),
    '/api/users/u-7/password-reset': (_url: URL, init: RequestInit) => {
      tokens.push(new Headers(init.headers).get('x-recaptcha-token'));
      return (resetAnswers.shift() ?? (() => new Response(null, { status: 204 })))();
    },
  });
  return tokens;
}

beforeEach(() => {
  configureApiClient({ baseUrl: 'https://portal.test', getAccessToken: async () => 'token', onError: () => undefined });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('CaptchaStep', () => {
  it('explains why, solves the puzzle and sends the reset with the solution', async () => {
    const tokens = fakeServer([]);
    const onDone = vi.fn();
    render(<CaptchaStep userId="u-7" onDone={onDone} onCancel={() => undefined} />);

    expect(screen.getByRole('heading', { name: 'Confirm the password reset' })).toBeTruthy();
    expect(screen.getByText(/reset several times within the last hour/)).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Puzzle progress' })).toBeTruthy();
    // The challenge is still on its way.
    expect(screen.getByRole('status').textContent).toBe('Fetching the puzzle…');

    await waitFor(() => expect(onDone).toHaveBeenCalledOnce());
    expect(tokens).toHaveLength(1);
    expect(await verifySolution(tokens[0] ?? '', KEY)).toBe(true);
  });

  it('offers another try when the server refuses the solution, and succeeds with a new one', async () => {
    const tokens = fakeServer([captchaRequired]);
    const onDone = vi.fn();
    render(<CaptchaStep userId="u-7" onDone={onDone} onCancel={() => undefined} />);

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('The puzzle could not be confirmed. Please try again.');
    expect(onDone).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledOnce());
    expect(tokens).toHaveLength(2);
    expect(tokens[1]).not.toBe(tokens[0]);
  });

  it('sends nothing once cancelled', async () => {
    const tokens = fakeServer([]);
    const onCancel = vi.fn();
    const onDone = vi.fn();
    const view = render(<CaptchaStep userId="u-7" onDone={onDone} onCancel={onCancel} />);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledOnce();
    view.unmount();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(tokens).toEqual([]);
    expect(onDone).not.toHaveBeenCalled();
  });
});
