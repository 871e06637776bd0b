import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ERROR_RESPONSES, NoQuery } from '../../shared/contract/primitives.ts';
import {
  CurrentStateResponseSchema,
  DateFiltersResponseSchema,
  GroupStateQuerySchema,
  MaxKeepAliveQuerySchema,
  MaxKeepAliveResponseSchema,
  ReportedPrintersStatusResponseSchema,
  ReportSystemsSchema,
  SiteExtensionsSchema,
} from '../../shared/contract/reports.contract.ts';
import { textsOf } from '../i18n/server-texts.ts';
import { groupFilterData, maxKeepAlive } from '../reports/filters.ts';
import { reportedPrintersStatus, siteExtensions } from '../reports/scope.ts';
import { currentState, reportSystems } from '../reports/system-state.ts';
import { loadCurrentUser } from '../users/current-user.ts';

/**
 * /api/reports/*: filter data, the last-update time shown in the header, and the scope-wide state calls (systems,
 * current state, site extensions, reported printers status).
 * Register inside the scope of registerTenantScope: every handler reaches the database only through `request.tenantDb`.
 */
export async function registerReportRoutes(server: FastifyInstance): Promise<void> {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/api/reports/date-filters',
    { schema: { querystring: NoQuery, response: { 200: DateFiltersResponseSchema, ...ERROR_RESPONSES } } },
    async (request) => {
      return request.tenantDb(async (trx) => {
        const { scope, language } = await loadCurrentUser(trx, request.portalUser);
        return { groups: await groupFilterData(trx, scope, textsOf(language)) };
      });
    },
  );

  app.post(
    '/api/reports/getMaxKeepAlive',
    {
      schema: {
        querystring: MaxKeepAliveQuerySchema,
        response: { 200: MaxKeepAliveResponseSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      return request.tenantDb(async (trx) => {
        const { scope } = await loadCurrentUser(trx, request.portalUser);
        return maxKeepAlive(trx, scope, request.query.systemGroupType);
      });
    },
  );

  app.get(
    '/api/reports/systems',
    { schema: { querystring: GroupStateQuerySchema, response: { 200: ReportSystemsSchema, ...ERROR_RESPONSES } } },
    async (request) =>
      request.tenantDb(async (trx) => {
        const { scope } = await loadCurrentUser(trx, request.portalUser);
        return reportSystems(trx, scope, request.query.systemGroup);
      }),
  );

  app.get(
    '/api/reports/current-state',
    {
      schema: { querystring: GroupStateQuerySchema, response: { 200: CurrentStateResponseSchema, ...ERROR_RESPONSES } },
    },
    async (request) =>
      request.tenantDb(async (trx) => {
        const { scope } = await loadCurrentUser(trx, request.portalUser);
        return currentState(trx, scope, request.query.systemGroup);
      }),
  );

  app.get(
    '/api/reports/site-extensions',
    {
      schema: {
        querystring: NoQuery,
        response: { 200: SiteExtensionsSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) =>
      request.tenantDb(async (trx) => {
        const { scope } = await loadCurrentUser(trx, request.portalUser);
        return siteExtensions(trx, scope);
      }),
  );

  app.get(
    '/api/reports/reported-printers-status',
    {
      schema: {
        querystring: NoQuery,
        response: { 200: ReportedPrintersStatusResponseSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) =>
      request.tenantDb(async (trx) => {
        const { scope } = await loadCurrentUser(trx, request.portalUser);
        return reportedPrintersStatus(trx, scope);
      }),
  );
}
