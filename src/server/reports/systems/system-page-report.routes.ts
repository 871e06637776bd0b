import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ERROR_RESPONSES } from '../../../shared/contract/primitives.ts';
import {
  SoftwareVersionsResponseSchema,
  SystemPageQuerySchema,
} from '../../../shared/contract/system-data.contract.ts';
import { openOverview } from '../overview-context.ts';
import { softwareVersions } from './system-data.ts';
import { loadCurrentUser } from '../../users/current-user.ts';

/**
 * /api/system-page-report/*: the system page's calls (spec reports §7 "System page and analysis"); so far the software
 * versions popup. Register inside the scope of registerTenantScope.
 */
export async function registerSystemPageReportRoutes(server: FastifyInstance): Promise<void> {
  server.withTypeProvider<TypeBoxTypeProvider>().get(
    '/api/system-page-report/software-versions',
    {
      schema: {
        querystring: SystemPageQuerySchema,
        response: { 200: SoftwareVersionsResponseSchema, ...ERROR_RESPONSES },
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
