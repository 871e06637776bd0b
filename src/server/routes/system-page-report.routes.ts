import type { FastifyInstance } from 'fastify';
import type { SystemGroup } from '../../shared/system-group.ts';
import { openOverview } from '../reports/overview-context.ts';
import { onePeriodRule, periodQueryProperties, type PeriodQuery } from '../reports/overview-period.ts';
import { softwareVersions } from '../reports/system-data.ts';
import { loadCurrentUser } from '../users/current-user.ts';
import { closed, nullableString, string } from './overview-report.schemas.ts';
import { errorResponses, systemGroupSchema } from './schemas.ts';

const softwareVersionsSchema = closed({
  systemSerialGk: string,
  appName: string,
  componentVersions: {
    type: 'array',
    items: closed({ component: string, version: string, reportedAt: string }),
  },
  globalSoftwareLastUpdate: nullableString,
  globalSoftwareVersion: nullableString,
});

type SystemPageQuery = PeriodQuery & { systemGroup: SystemGroup; system: string };

/**
 * /api/system-page-report/*: the system page's calls (spec reports §7 "System page and analysis"); so far the software
 * versions popup. Register inside the scope of registerTenantScope.
 */
export async function registerSystemPageReportRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: SystemPageQuery }>(
    '/api/system-page-report/software-versions',
    {
      schema: {
        querystring: {
          type: 'object',
          additionalProperties: false,
          required: ['systemGroup', 'system'],
          properties: {
            ...periodQueryProperties,
            systemGroup: systemGroupSchema,
            system: { type: 'string', minLength: 1, maxLength: 100 },
          },
          ...onePeriodRule,
        },
        response: { 200: softwareVersionsSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { systemGroup, system, ...query } = request.query;
      return request.tenantDb(async (trx) => {
        const { scope } = await loadCurrentUser(trx, request.portalUser);
        const context = await openOverview(trx, {
          scope,
          group: systemGroup,
          serialNumbers: [system],
          query,
          now: new Date(),
        });
        return softwareVersions(context, system);
      });
    },
  );
}
