import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Closed, ERROR_RESPONSES } from '../../shared/contract/primitives.ts';
import { NotModified } from '../../shared/contract/report-layouts.contract.ts';
import { UserIdParamsSchema } from '../../shared/contract/users.contract.ts';
import { HttpError } from '../http-errors.ts';
import { loadAvatar } from '../users/user-avatar.ts';

const AvatarQuerySchema = Closed({
  /** The picture's version (its ETag), which profilePictureUrl carries; any value serves the current picture. */
  v: Type.Optional(Type.String({ maxLength: 64 })),
});

const AvatarImage = Type.Unsafe<Buffer>({
  type: 'string',
  format: 'binary',
  description: 'The picture, 128 × 128, image/jpeg or image/png',
});

/** Whether an If-None-Match header names `tag` (a list, or '*'). */
const matches = (header: string | undefined, tag: string) =>
  header !== undefined && header.split(',').some((entry) => ['*', tag, `W/${tag}`].includes(entry.trim()));

/**
 * GET /api/users/:id/avatar — a user's uploaded picture (issue #28), for any signed-in user of the same tenant (the
 * header and Account Management show it); another tenant's user, or one without a picture, is a 404. The URL carries
 * the picture's version, so the answer may be kept for a year; a changed picture gets a new URL.
 */
export async function registerUserAvatarRoute(server: FastifyInstance): Promise<void> {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/api/users/:id/avatar',
    {
      schema: {
        params: UserIdParamsSchema,
        querystring: AvatarQuerySchema,
        response: { 200: AvatarImage, 304: NotModified, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const { tenantId } = request.portalUser;
      const avatar = await request.tenantDb((trx) => loadAvatar(trx, tenantId, request.params.id));
      if (avatar === null) throw new HttpError(404, 'This user has no picture');
      const tag = `"${avatar.etag}"`;
      reply.header('etag', tag).header('cache-control', 'private, max-age=31536000, immutable');
      if (matches(request.headers['if-none-match'], tag)) return reply.code(304).send();
      return reply.type(avatar.contentType).send(avatar.image);
    },
  );
}
