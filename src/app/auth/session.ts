import { createActor, type Actor } from 'xstate';
import type { RuntimeConfig } from '../../shared/runtime-config.ts';
import { t } from '../../i18n/i18n.ts';
import { sessionMachine } from '../../machines/session.machine.ts';
import { notifications } from '../notifications/notification.service.ts';
import type { MsalClient } from './msal-port.ts';
import { createMsalSessionPort } from './msal-session-port.ts';
import { sessionTokensFrom } from './token-claims.ts';

export type SessionActor = Actor<typeof sessionMachine>;

/**
 * The session's own access token is handed out while it has more than this left; nearer its expiry each call asks
 * MSAL, which renews a token this close to expiry (its default `tokenRenewalOffsetSeconds`, 300 s).
 */
export const TOKEN_HANDED_OUT_BEFORE_EXPIRY_MS = 300_000;

/** The running session and the token source the API client uses. */
export interface Session {
  actor: SessionActor;
  /** A fresh access token from MSAL, or null unless authenticated with a subject (then no call is made). */
  getAccessToken: () => Promise<string | null>;
}

export function startSession(msal: MsalClient, config: RuntimeConfig, origin: string): Session {
  const actor = createActor(sessionMachine, {
    input: { port: createMsalSessionPort(msal, config, origin), inactivityTimeoutMs: config.inactivityTimeoutMs },
  });
  actor.on('session.failed', () => notifications.error(t('errors.authenticationFailed')));
  actor.start();

  async function getAccessToken(): Promise<string | null> {
    const snapshot = actor.getSnapshot();
    const tokens = snapshot.context.tokens;
    if (!snapshot.matches('authenticated') || tokens === null || tokens.claims.sub === '') return null;
    // MSAL would hand out this same token from its cache (read from localStorage and decrypted first: 10–50 ms before
    // each report call could start, issue #30); near its expiry MSAL is asked, and renews it.
    if (tokens.expiresAt - Date.now() > TOKEN_HANDED_OUT_BEFORE_EXPIRY_MS) return tokens.accessToken;
    const account = msal.getActiveAccount();
    if (account === null) return null;
    try {
      const result = await msal.acquireTokenSilent({ scopes: config.scopes, account });
      if (result.accessToken !== tokens.accessToken) {
        actor.send({ type: 'session.refreshed', tokens: sessionTokensFrom(result, config.claimsNamespace) });
      }
      return result.accessToken;
    } catch {
      // The scheduled renewal decides about logout; this request is simply not sent.
      return null;
    }
  }

  return { actor, getAccessToken };
}
