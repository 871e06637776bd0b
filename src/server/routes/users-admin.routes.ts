import type { FastifyInstance, FastifyReply } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ROLE } from '../../shared/auth/roles.ts';
import { ERROR_RESPONSES, NoContent, NoQuery } from '../../shared/contract/primitives.ts';
import {
  EMAIL_IN_USE_CODE,
  ListedUsersSchema,
  UserIdParamsSchema,
  UsersQuerySchema,
  UsersSaveRequestSchema,
  type ListedUser,
} from '../../shared/contract/users.contract.ts';
import { requireRole } from '../auth/authentication.plugin.ts';
import { loadCurrentUser } from '../users/current-user.ts';
import { deleteUser, listUsers, saveUser } from '../users/user-accounts.ts';
import { applyAvatarChange, avatarChangeOf, uploadedAvatar } from '../users/user-avatar.ts';

/** Whether `error` is PostgreSQL's unique violation of a users e-mail constraint (any tenant's: e-mails are global). */
function isEmailInUse(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, constraint } = error as { code?: unknown; constraint?: unknown };
  return code === '23505' && typeof constraint === 'string' && constraint.includes('email');
}

/**
 * The wire form spec shell §8 gives an e-mail already in use: a 5xx whose body starts with 'CODE:', the client showing
 * code 1000's message ('Cannot create user with the specified email…').
 */
export const EMAIL_IN_USE_BODY = `CODE:${EMAIL_IN_USE_CODE} This email is already in use`;

/**
 * Account Management's calls (spec shell §2, §7), Admin only: GET /api/users/extended, POST /api/users (create, edit,
 * duplicate), DELETE /api/users/:id. The role is checked before the input, so a non-admin learns nothing from a 400.
 */
export async function registerUserAdminRoutes(server: FastifyInstance): Promise<void> {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  const adminOnly = requireRole(ROLE.Admin);

  app.get(
    '/api/users/extended',
    {
      preValidation: adminOnly,
      schema: { querystring: UsersQuerySchema, response: { 200: ListedUsersSchema, ...ERROR_RESPONSES } },
    },
    async (request): Promise<ListedUser[]> =>
      request.tenantDb((trx) => listUsers(trx, request.portalUser.tenantId, request.query.search)),
  );

  app.post(
    '/api/users',
    {
      preValidation: adminOnly,
      schema: {
        querystring: NoQuery,
        body: UsersSaveRequestSchema,
        response: { 200: ListedUsersSchema, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const [user] = request.body;
      if (user === undefined) throw new Error('The schema requires one user');
      const uploaded = await uploadedAvatar(user.avatar);
      try {
        return await request.tenantDb(async (trx) => {
          const admin = await loadCurrentUser(trx, request.portalUser);
          const saved = await saveUser(trx, admin, request.portalUser.roles, user);
          const current = saved.profilePictureUrl;
          const change = avatarChangeOf(user.avatar, uploaded, current);
          const target = { tenantId: admin.scope.tenantId, userId: saved.id, current };
          return [{ ...saved, profilePictureUrl: await applyAvatarChange(trx, target, change) }];
        });
      } catch (error) {
        if (!isEmailInUse(error)) throw error;
        // A text body, outside the route's JSON answers: the reply is taken untyped to send it.
        const textReply: FastifyReply = reply;
        return textReply.code(500).type('text/plain; charset=utf-8').send(EMAIL_IN_USE_BODY);
      }
    },
  );

  app.delete(
    '/api/users/:id',
    {
      preValidation: adminOnly,
      schema: {
        params: UserIdParamsSchema,
        querystring: NoQuery,
        response: { 204: NoContent, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      await request.tenantDb(async (trx) =>
        deleteUser(trx, await loadCurrentUser(trx, request.portalUser), request.portalUser.roles, request.params.id),
      );
      return reply.code(204).send();
    },
  );
}
