import type { preHandlerAsyncHookHandler } from 'fastify';
import { HttpError } from '../../http-errors.ts';

/** The 403 message of a Live Dashboard route called by a user whose tenant is not on the allow-list. */
export const TV_NOT_ENABLED = 'The Live Dashboard is not enabled for this tenant';

/**
 * A preHandler that lets only users of the tenants in `tenants` (PORTAL_LIVE_DASHBOARD_TENANTS) through to a Live
 * Dashboard route; others get 403. The menu hides the dashboard from the rest, and this keeps the API closed to them
 * too. The tenant is the token's (`portalUser.tenantId`): the one a super user acts in, not their account's.
 */
export function requireLiveDashboardTenant(tenants: readonly string[]): preHandlerAsyncHookHandler {
  const allowed = new Set(tenants);
  return async (request) => {
    if (!allowed.has(request.portalUser.tenantId)) throw new HttpError(403, TV_NOT_ENABLED);
  };
}
