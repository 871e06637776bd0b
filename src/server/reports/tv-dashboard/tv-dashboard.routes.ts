import type { FastifyInstance } from 'fastify';
import { ERROR_RESPONSES } from '../../../shared/contract/primitives.ts';
import {
  TvXmrImpressionsQuerySchema,
  TvXmrImpressionsSchema,
  type TvXmrImpressionsQuery,
} from '../../../shared/contract/tv-dashboard.contract.ts';
import { loadCurrentUser } from '../../users/current-user.ts';
import { requireLiveDashboardTenant } from './tv-dashboard-access.ts';
import { tvXmrImpressions } from './tv-xmr-impressions.ts';

export const TV_DASHBOARD_PREFIX = '/api/tv-dashboard';

/**
 * /api/tv-dashboard/*: the TV dashboard (docs/architecture.md "TV dashboard"). Register inside the scope of
 * registerTenantScope: handlers reach the database only through `request.tenantDb`. `clock` is the server clock (tests
 * pin it); `liveDashboardTenants` the tenants that have the dashboard (PORTAL_LIVE_DASHBOARD_TENANTS), others get 403.
 */
export async function registerTvDashboardRoutes(
  app: FastifyInstance,
  deps: { clock: () => Date; liveDashboardTenants: readonly string[] },
): Promise<void> {
  app.get<{ Querystring: TvXmrImpressionsQuery }>(
    `${TV_DASHBOARD_PREFIX}/xmrImpressions`,
    {
      schema: {
        querystring: TvXmrImpressionsQuerySchema,
        response: { 200: TvXmrImpressionsSchema, ...ERROR_RESPONSES },
      },
      preHandler: requireLiveDashboardTenant(deps.liveDashboardTenants),
    },
    async (request) =>
      request.tenantDb(async (trx) => {
        const { scope } = await loadCurrentUser(trx, request.portalUser);
        return tvXmrImpressions(trx, scope, { ...request.query, now: deps.clock() });
      }),
  );
}
