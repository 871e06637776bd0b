import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { hasRole, ROLE } from '../../../shared/auth/roles.ts';
import { PeriodQuerySchema } from '../../../shared/contract/report.contract.ts';
import { ERROR_RESPONSES } from '../../../shared/contract/primitives.ts';
import {
  SystemNameResponseSchema,
  SystemNameUpdateSchema,
  SystemsAnalysisResponseSchema,
  SystemsNameQuerySchema,
  SystemsNameResponseSchema,
} from '../../../shared/contract/system-data.contract.ts';
import { HttpError } from '../../http-errors.ts';
import { renameSystem, systemNicknames, systemsAnalysis } from './system-data.ts';
import { loadCurrentUser } from '../../users/current-user.ts';
import { withReportContext } from '../common/report-context.ts';

/**
 * /api/system-data/*: nicknames (read and change) and the per-system figures of Systems Analysis' cards and table.
 * Register inside the scope of registerTenantScope: every handler reaches the database only through `request.tenantDb`.
 * `clock` is the server clock (the answer says how far a period in progress is compared).
 */
export async function registerSystemDataRoutes(server: FastifyInstance, clock: () => Date): Promise<void> {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/api/system-data/systems-name',
    {
      schema: {
        querystring: SystemsNameQuerySchema,
        response: { 200: SystemsNameResponseSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) =>
      request.tenantDb(async (trx) => {
        const { scope } = await loadCurrentUser(trx, request.portalUser);
        return systemNicknames(trx, scope, request.query.systemGroup);
      }),
  );

  app.post(
    '/api/system-data/system-name',
    {
      // The one report call that writes (the nickname): on the primary, in a read-write transaction.
      config: { databaseAccess: 'write' },
      schema: {
        body: SystemNameUpdateSchema,
        response: { 200: SystemNameResponseSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      if (hasRole(request.portalUser.roles, ROLE.ReadOnly)) {
        throw new HttpError(403, 'User is forbidden to access this functionality');
      }
      return request.tenantDb(async (trx) => {
        const { scope } = await loadCurrentUser(trx, request.portalUser);
        return renameSystem(trx, scope, request.body.serialNumber, request.body.nickName);
      });
    },
  );

  app.get(
    '/api/system-data/systems-analysis',
    {
      schema: {
        querystring: PeriodQuerySchema,
        response: { 200: SystemsAnalysisResponseSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => withReportContext(request, [], clock(), systemsAnalysis),
  );
}
