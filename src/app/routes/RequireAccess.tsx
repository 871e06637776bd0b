import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useSession } from '../auth/SessionProvider.tsx';
import { LoadingScreen } from '../LoadingScreen.tsx';
import { PATHS } from '../navigation/paths.ts';
import { canAccess, type RouteAccess } from './route-access.ts';

/** Renders its children for users allowed by `access`; sends everyone else to the home route (which signs in). */
export function RequireAccess({ access, children }: { access: RouteAccess; children: ReactNode }) {
  const { status, claims } = useSession();
  if (status === 'initializing') return <LoadingScreen />;
  return canAccess(access, claims) ? children : <Navigate to={PATHS.root} replace />;
}
