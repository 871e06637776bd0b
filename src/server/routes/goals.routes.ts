import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { GoalSaveSchema, GoalsQuerySchema, GoalsResponseSchema } from '../../shared/contract/goals.contract.ts';
import { ERROR_RESPONSES, NoQuery } from '../../shared/contract/primitives.ts';
import { canSetGoals, readGoals, saveGoal } from '../goals/goals.ts';
import { HttpError } from '../http-errors.ts';
import { loadCurrentUser } from '../users/current-user.ts';

/**
 * /api/data/goals (spec shell §7): every signed-in user reads the goals of their groups (the Overview shows them to
 * all); only GoalsSetter and Admin set them. Register inside the scope of registerTenantScope.
 */
export async function registerGoalRoutes(server: FastifyInstance): Promise<void> {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  const response = { 200: GoalsResponseSchema, ...ERROR_RESPONSES };

  app.get('/api/data/goals', { schema: { querystring: GoalsQuerySchema, response } }, async (request) =>
    request.tenantDb(async (trx) =>
      readGoals(trx, await loadCurrentUser(trx, request.portalUser), request.portalUser.roles, request.query),
    ),
  );

  app.post('/api/data/goals', { schema: { querystring: NoQuery, body: GoalSaveSchema, response } }, async (request) => {
    const { roles } = request.portalUser;
    if (!canSetGoals(roles)) throw new HttpError(403, 'User is forbidden to access this functionality');
    return request.tenantDb(async (trx) =>
      saveGoal(trx, await loadCurrentUser(trx, request.portalUser), roles, request.body),
    );
  });
}
