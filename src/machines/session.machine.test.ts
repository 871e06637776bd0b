import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { readPortalClaims } from '../shared/auth/claims.ts';
import {
  ACTIVITY_DEBOUNCE_MS,
  RENEW_BEFORE_EXPIRY_MS,
  sessionMachine,
  sessionStatus,
  type SessionPort,
  type SessionTokens,
} from './session.machine.ts';

const NOW = Date.parse('2026-03-05T09:30:00Z');
const TOKEN_LIFETIME_MS = 900_000;
const INACTIVITY_MS = 3_600_000;

function tokens(expiresAt: number, idToken = 'id-token-1'): SessionTokens {
  return {
    accessToken: `access-${expiresAt}`,
    idToken,
    expiresAt,
    claims: readPortalClaims({ sub: 'user-1', email: 'ada@example.com' }),
  };
}

function fakePort(overrides: Partial<SessionPort> = {}): SessionPort {
  return {
    restore: vi.fn(async () => tokens(Date.now() + TOKEN_LIFETIME_MS)),
    renew: vi.fn(async () => tokens(Date.now() + TOKEN_LIFETIME_MS, 'id-token-2')),
    login: vi.fn(async () => undefined),
    switchCustomer: vi.fn(async () => undefined),
    logout: vi.fn(async () => undefined),
    ...overrides,
  };
}

function start(port: SessionPort) {
  const actor = createActor(sessionMachine, { input: { port, inactivityTimeoutMs: INACTIVITY_MS } });
  const failures: string[] = [];
  actor.on('session.failed', (event) => failures.push(event.type));
  actor.start();
  return { actor, failures };
}

describe('session machine', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is authenticated after restoring a live session', async () => {
    const { actor } = start(fakePort());
    await vi.advanceTimersByTimeAsync(0);
    expect(sessionStatus(actor.getSnapshot())).toBe('authenticated');
    expect(actor.getSnapshot().context.tokens?.claims.sub).toBe('user-1');
  });

  it('treats an already expired token as signed out', async () => {
    const { actor } = start(fakePort({ restore: async () => tokens(NOW - 1) }));
    await vi.advanceTimersByTimeAsync(0);
    expect(sessionStatus(actor.getSnapshot())).toBe('unauthenticated');
    expect(actor.getSnapshot().context.failed).toBe(false);
  });

  it('reports a failed sign-in and stays signed out', async () => {
    const { actor, failures } = start(fakePort({ restore: async () => Promise.reject(new Error('state mismatch')) }));
    await vi.advanceTimersByTimeAsync(0);
    expect(sessionStatus(actor.getSnapshot())).toBe('unauthenticated');
    expect(actor.getSnapshot().context.failed).toBe(true);
    expect(failures).toEqual(['session.failed']);
  });

  it("goes through the provider's tenant step on Switch Customer, and stays signed in if it cannot start", async () => {
    const port = fakePort({ switchCustomer: vi.fn(async () => Promise.reject(new Error('blocked'))) });
    const { actor, failures } = start(port);
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'session.switchCustomer' });
    expect(sessionStatus(actor.getSnapshot())).toBe('signingIn');
    await vi.advanceTimersByTimeAsync(0);
    expect(port.switchCustomer).toHaveBeenCalledOnce();
    expect(port.login).not.toHaveBeenCalled();
    expect(sessionStatus(actor.getSnapshot())).toBe('authenticated');
    expect(failures).toEqual(['session.failed']);
  });

  it('starts the interactive login on request', async () => {
    const port = fakePort({ restore: async () => null });
    const { actor } = start(port);
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'session.login' });
    expect(sessionStatus(actor.getSnapshot())).toBe('signingIn');
    expect(port.login).toHaveBeenCalledOnce();
  });

  it('renews the tokens 15 s before the access token expires', async () => {
    const port = fakePort();
    const { actor } = start(port);
    await vi.advanceTimersByTimeAsync(0);

    await vi.advanceTimersByTimeAsync(TOKEN_LIFETIME_MS - RENEW_BEFORE_EXPIRY_MS - 1);
    expect(port.renew).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(port.renew).toHaveBeenCalledOnce();
    expect(actor.getSnapshot().context.tokens?.idToken).toBe('id-token-2');

    // The renewed token schedules the next renewal from its own expiry.
    await vi.advanceTimersByTimeAsync(TOKEN_LIFETIME_MS - RENEW_BEFORE_EXPIRY_MS);
    expect(port.renew).toHaveBeenCalledTimes(2);
    expect(sessionStatus(actor.getSnapshot())).toBe('authenticated');
  });

  it('logs out with the id token as hint when renewal fails', async () => {
    const port = fakePort({ renew: async () => Promise.reject(new Error('invalid_grant')) });
    const { actor, failures } = start(port);
    await vi.advanceTimersByTimeAsync(TOKEN_LIFETIME_MS - RENEW_BEFORE_EXPIRY_MS);
    expect(failures).toEqual(['session.failed']);
    expect(port.logout).toHaveBeenCalledWith('id-token-1');
    expect(sessionStatus(actor.getSnapshot())).toBe('signingOut');
  });

  it('reschedules renewal when tokens were refreshed elsewhere', async () => {
    const port = fakePort();
    const { actor } = start(port);
    await vi.advanceTimersByTimeAsync(60_000);
    actor.send({ type: 'session.refreshed', tokens: tokens(Date.now() + TOKEN_LIFETIME_MS) });
    await vi.advanceTimersByTimeAsync(TOKEN_LIFETIME_MS - RENEW_BEFORE_EXPIRY_MS - 1);
    expect(port.renew).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(port.renew).toHaveBeenCalledOnce();
  });

  it('logs out after the inactivity timeout', async () => {
    const port = fakePort({ restore: async () => tokens(Date.now() + 10 * INACTIVITY_MS) });
    const { actor } = start(port);
    await vi.advanceTimersByTimeAsync(INACTIVITY_MS - 1);
    expect(port.logout).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(port.logout).toHaveBeenCalledOnce();
    expect(sessionStatus(actor.getSnapshot())).toBe('signingOut');
  });

  it('resets the inactivity timer 3 s after the last click', async () => {
    const port = fakePort({ restore: async () => tokens(Date.now() + 10 * INACTIVITY_MS) });
    const { actor } = start(port);
    await vi.advanceTimersByTimeAsync(INACTIVITY_MS / 2);

    // A burst of clicks counts once, 3 s after the last one.
    actor.send({ type: 'user.click' });
    await vi.advanceTimersByTimeAsync(1_000);
    actor.send({ type: 'user.click' });
    await vi.advanceTimersByTimeAsync(ACTIVITY_DEBOUNCE_MS);
    const resetAt = INACTIVITY_MS / 2 + 1_000 + ACTIVITY_DEBOUNCE_MS;

    // The original deadline passes without logout...
    await vi.advanceTimersByTimeAsync(INACTIVITY_MS - resetAt + 1_000);
    expect(port.logout).not.toHaveBeenCalled();
    // ...and the new one, a full timeout after the debounced reset, logs out.
    await vi.advanceTimersByTimeAsync(resetAt - 1_000 - 1);
    expect(port.logout).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(port.logout).toHaveBeenCalledOnce();
  });

  it('logs out on request, passing the id token hint', async () => {
    const port = fakePort();
    const { actor } = start(port);
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'session.logout' });
    expect(port.logout).toHaveBeenCalledWith('id-token-1');
  });
});
