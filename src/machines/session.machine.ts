import { assign, cancel, emit, fromPromise, raise, setup, type SnapshotFrom } from 'xstate';
import type { PortalClaims } from '../shared/auth/claims.ts';

/** Tokens are renewed this long before the access token expires (spec shell §4, §9). */
export const RENEW_BEFORE_EXPIRY_MS = 15_000;
/** Clicks reset the inactivity timer at most this often (spec shell §4 "debounced by 3 s"). */
export const ACTIVITY_DEBOUNCE_MS = 3_000;
/** Inactivity logout when /config.js gives no value (spec shell §9). */
export const DEFAULT_INACTIVITY_TIMEOUT_MS = 14_400_000;

/** What a successful sign-in or renewal yields. */
export interface SessionTokens {
  accessToken: string;
  idToken: string;
  /** Access-token expiry, epoch milliseconds: the session is authenticated while now is before it. */
  expiresAt: number;
  claims: PortalClaims;
}

/** The identity provider as the session sees it (implemented over MSAL by the app shell). */
export interface SessionPort {
  /** Completes a pending redirect sign-in or reads the cached session; null when nobody is signed in. */
  restore(): Promise<SessionTokens | null>;
  /** Fetches fresh tokens without interaction (refresh token); rejects when that is impossible. */
  renew(): Promise<SessionTokens>;
  /** Starts interactive sign-in (navigates away). */
  login(): Promise<void>;
  /**
   * Signs in again through the identity provider's super-user tenant step, without a new password: the tenant picker
   * (spec shell §2 "Switch Customer"; navigates away).
   */
  switchCustomer(): Promise<void>;
  /** Clears local data and signs out at the provider (navigates away). */
  logout(idTokenHint: string | null): Promise<void>;
}

export interface SessionInput {
  port: SessionPort;
  inactivityTimeoutMs: number;
}

interface SessionContext extends SessionInput {
  tokens: SessionTokens | null;
  /** True after a failed sign-in, so the root page offers a button instead of redirecting in a loop. */
  failed: boolean;
}

export type SessionEvent =
  | { type: 'session.login' }
  | { type: 'session.logout' }
  /** A super user's Switch Customer: back to the tenant picker. */
  | { type: 'session.switchCustomer' }
  /** Tokens renewed outside the schedule (e.g. MSAL refreshed while fetching a token for a request). */
  | { type: 'session.refreshed'; tokens: SessionTokens }
  | { type: 'user.click' }
  /** A kiosk display showing live data (docs/architecture.md "Kiosk mode and the inactivity logout"). */
  | { type: 'display.live' }
  | { type: 'user.activity' };

export type SessionEmitted = { type: 'session.failed' };

function isLive(tokens: SessionTokens | null): tokens is SessionTokens {
  return tokens !== null && Date.now() < tokens.expiresAt;
}

const ACTIVITY_DEBOUNCE_ID = 'activity-debounce';

/**
 * Sign-in session (spec shell §4 "Session"): authenticated while now < access-token expiry; silent renewal
 * 15 s before expiry, logout when it fails; logout after inactivity, where clicks reset the timer (debounced 3 s).
 */
export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    input: {} as SessionInput,
    events: {} as SessionEvent,
    emitted: {} as SessionEmitted,
  },
  actors: {
    restoreSession: fromPromise<SessionTokens | null, SessionPort>(({ input }) => input.restore()),
    renewSession: fromPromise<SessionTokens, SessionPort>(({ input }) => input.renew()),
    startLogin: fromPromise<void, SessionPort>(({ input }) => input.login()),
    startCustomerSwitch: fromPromise<void, SessionPort>(({ input }) => input.switchCustomer()),
    endSession: fromPromise<void, { port: SessionPort; idTokenHint: string | null }>(({ input }) =>
      input.port.logout(input.idTokenHint),
    ),
  },
  guards: {
    hasLiveSession: (_, tokens: SessionTokens | null) => isLive(tokens),
  },
  actions: {
    storeTokens: assign((_, tokens: SessionTokens) => ({ tokens, failed: false })),
    markFailed: assign({ failed: true }),
    reportFailure: emit({ type: 'session.failed' } as const),
  },
  delays: {
    renewal: ({ context }) => Math.max(0, (context.tokens?.expiresAt ?? 0) - RENEW_BEFORE_EXPIRY_MS - Date.now()),
    inactivity: ({ context }) => context.inactivityTimeoutMs,
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({ ...input, tokens: null, failed: false }),
  initial: 'initializing',
  states: {
    initializing: {
      invoke: {
        src: 'restoreSession',
        input: ({ context }) => context.port,
        onDone: [
          {
            guard: { type: 'hasLiveSession', params: ({ event }) => event.output },
            target: 'authenticated',
            actions: { type: 'storeTokens', params: ({ event }) => event.output as SessionTokens },
          },
          { target: 'unauthenticated' },
        ],
        onError: { target: 'unauthenticated', actions: ['markFailed', 'reportFailure'] },
      },
    },
    unauthenticated: {
      on: { 'session.login': 'signingIn' },
    },
    signingIn: {
      invoke: {
        src: 'startLogin',
        input: ({ context }) => context.port,
        onError: { target: 'unauthenticated', actions: ['markFailed', 'reportFailure'] },
      },
    },
    authenticated: {
      type: 'parallel',
      on: {
        'session.logout': 'signingOut',
        'session.switchCustomer': 'switchingCustomer',
        'user.click': {
          actions: [
            cancel(ACTIVITY_DEBOUNCE_ID),
            raise({ type: 'user.activity' }, { id: ACTIVITY_DEBOUNCE_ID, delay: ACTIVITY_DEBOUNCE_MS }),
          ],
        },
        // A kiosk display that is receiving live data counts as activity, like a click.
        'display.live': {
          actions: [
            cancel(ACTIVITY_DEBOUNCE_ID),
            raise({ type: 'user.activity' }, { id: ACTIVITY_DEBOUNCE_ID, delay: ACTIVITY_DEBOUNCE_MS }),
          ],
        },
      },
      states: {
        renewal: {
          initial: 'waiting',
          states: {
            waiting: {
              after: { renewal: 'renewing' },
              on: {
                'session.refreshed': {
                  target: 'waiting',
                  reenter: true,
                  actions: { type: 'storeTokens', params: ({ event }) => event.tokens },
                },
              },
            },
            renewing: {
              invoke: {
                src: 'renewSession',
                input: ({ context }) => context.port,
                onDone: {
                  target: 'waiting',
                  actions: { type: 'storeTokens', params: ({ event }) => event.output },
                },
                onError: { target: '#session.signingOut', actions: 'reportFailure' },
              },
            },
          },
        },
        activity: {
          initial: 'watching',
          states: {
            watching: {
              after: { inactivity: '#session.signingOut' },
              on: { 'user.activity': { target: 'watching', reenter: true } },
            },
          },
        },
      },
    },
    /** On the way to the tenant picker; a redirect that fails to start leaves the session as it was. */
    switchingCustomer: {
      invoke: {
        src: 'startCustomerSwitch',
        input: ({ context }) => context.port,
        onError: { target: 'authenticated', actions: 'reportFailure' },
      },
    },
    signingOut: {
      invoke: {
        src: 'endSession',
        input: ({ context }) => ({ port: context.port, idTokenHint: context.tokens?.idToken ?? null }),
        onDone: 'signedOut',
        onError: 'signedOut',
      },
    },
    /** The provider's sign-out page takes over; nothing is left to do here. */
    signedOut: {
      entry: assign({ tokens: null }),
    },
  },
});

/** Coarse state for the UI. */
export type SessionStatus = 'initializing' | 'unauthenticated' | 'signingIn' | 'authenticated' | 'signingOut';

export function sessionStatus(snapshot: SnapshotFrom<typeof sessionMachine>): SessionStatus {
  for (const status of ['initializing', 'unauthenticated', 'signingIn', 'authenticated'] as const) {
    if (snapshot.matches(status)) return status;
  }
  if (snapshot.matches('switchingCustomer')) return 'signingIn';
  return 'signingOut';
}
