import { createContext, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import type { PortalClaims } from '../../shared/auth/claims.ts';
import { sessionStatus, type SessionStatus } from '../../machines/session.machine.ts';
import type { SessionActor } from './session.ts';

const SessionContext = createContext<SessionActor | null>(null);

/** Provides the session actor and feeds every click to it (clicks reset the inactivity logout timer). */
export function SessionProvider({ actor, children }: { actor: SessionActor; children: ReactNode }) {
  useEffect(() => {
    const onClick = () => actor.send({ type: 'user.click' });
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, [actor]);
  return <SessionContext.Provider value={actor}>{children}</SessionContext.Provider>;
}

function useSessionActor(): SessionActor {
  const actor = useContext(SessionContext);
  if (actor === null) throw new Error('Session hooks used outside SessionProvider');
  return actor;
}

export interface SessionView {
  status: SessionStatus;
  /** Claims of the signed-in user; null unless authenticated. */
  claims: PortalClaims | null;
  /** The last sign-in attempt failed. */
  failed: boolean;
  login: () => void;
  logout: () => void;
  /** A super user's Switch Customer: signs in again through the tenant picker. */
  switchCustomer: () => void;
  /** A kiosk display received live data: keeps the inactivity logout from ending it. */
  displayLive: () => void;
}

export function useSession(): SessionView {
  const actor = useSessionActor();
  const status = useSelector(actor, sessionStatus);
  const claims = useSelector(actor, (snapshot) => snapshot.context.tokens?.claims ?? null);
  const failed = useSelector(actor, (snapshot) => snapshot.context.failed);
  const actions = useMemo(
    () => ({
      login: () => actor.send({ type: 'session.login' }),
      logout: () => actor.send({ type: 'session.logout' }),
      switchCustomer: () => actor.send({ type: 'session.switchCustomer' }),
      displayLive: () => actor.send({ type: 'display.live' }),
    }),
    [actor],
  );
  return { status, claims: status === 'authenticated' ? claims : null, failed, ...actions };
}
