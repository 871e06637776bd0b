import { ROLE, type Role } from '../../shared/auth/roles.ts';
import type { PortalClaims } from '../../shared/auth/claims.ts';
import type { ParseKeys } from 'i18next';
import { PATHS } from '../navigation/paths.ts';

/** Who may open a route: any signed-in user (roles null) or one holding at least one of the roles. */
export interface RouteAccess {
  roles: readonly Role[] | null;
}

export interface ProtectedRoute extends RouteAccess {
  path: string;
  /** The page title's text key (src/i18n/locales). */
  title: ParseKeys;
}

/** Protected routes, all exact match (spec shell §2 "Protected routes"). */
export const PROTECTED_ROUTES = {
  users: { path: PATHS.users, title: 'pageTitles.accountManagement', roles: [ROLE.Admin] },
  goals: { path: PATHS.goals, title: 'pageTitles.goals', roles: [ROLE.GoalsSetter] },
  api: { path: PATHS.api, title: 'pageTitles.apiManagement', roles: [ROLE.Certificate] },
  scheduler: { path: PATHS.scheduler, title: 'pageTitles.scheduler', roles: null },
  settings: { path: PATHS.settings, title: 'pageTitles.settings', roles: null },
} as const satisfies Record<string, ProtectedRoute>;

/** Any signed-in user. */
export const SIGNED_IN: RouteAccess = { roles: null };

/** True when the signed-in user (null: nobody) may open the route; otherwise the route sends them home. */
export function canAccess(route: RouteAccess, claims: PortalClaims | null): boolean {
  if (claims === null || claims.sub === '') return false;
  if (route.roles === null) return true;
  return route.roles.some((role) => claims.roles.includes(role));
}
