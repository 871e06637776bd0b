import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { PortalClaims } from '../../shared/auth/claims.ts';
import { hasRole, ROLE } from '../../shared/auth/roles.ts';
import { ERROR_RESPONSES, NoQuery } from '../../shared/contract/primitives.ts';
import {
  NotModified,
  ReportLayoutAnswerSchema,
  ReportLayoutParamsSchema,
  type ReportLayoutAnswer,
} from '../../shared/contract/report-layouts.contract.ts';
import { HttpError } from '../http-errors.ts';
import type { LayoutStore } from '../layouts/layout-store.ts';

/** Those who can fix a layout file see its problems on the report. */
const seesLayoutProblems = (claims: PortalClaims) => claims.isSuperUser || hasRole(claims.roles, ROLE.Admin);

/** The answer's entity tag: the layout's version, and for a problem shown to an admin, the problems too. */
function entityTag(version: string, problems: ReportLayoutAnswer['problems']): string {
  if (problems === undefined) return `"${version}"`;
  return `"${version}.${createHash('sha256').update(JSON.stringify(problems)).digest('base64url').slice(0, 12)}"`;
}

/** If-None-Match names `tag` (a list of tags, weak or strong, or `*`). */
function isCurrent(ifNoneMatch: string | undefined, tag: string): boolean {
  const tags = (ifNoneMatch ?? '').split(',').map((entry) => entry.trim().replace(/^W\//, ''));
  return tags.includes(tag) || tags.includes('*');
}

/**
 * GET /api/report-layouts/{layoutId}: a report's layout as the layout store holds it, so an edit of layouts/ shows on
 * the next reload. The browser keeps the answer and asks again with If-None-Match (`Cache-Control: no-cache`): an
 * unchanged layout is a 304 without a body. Register inside the authenticated scope.
 */
export async function registerReportLayoutRoutes(
  server: FastifyInstance,
  deps: { layouts: LayoutStore },
): Promise<void> {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/api/report-layouts/:layoutId',
    {
      schema: {
        params: ReportLayoutParamsSchema,
        querystring: NoQuery,
        response: { 200: ReportLayoutAnswerSchema, 304: NotModified, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const { layoutId } = request.params;
      const stored = deps.layouts.layout(layoutId);
      if (stored === undefined) throw new HttpError(404, `There is no report layout '${layoutId}'`);
      const problems = deps.layouts.problems(layoutId);
      const shown = problems.length > 0 && seesLayoutProblems(request.portalUser) ? [...problems] : undefined;
      const tag = entityTag(stored.version, shown);
      reply.header('ETag', tag).header('Cache-Control', 'private, no-cache');
      if (isCurrent(request.headers['if-none-match'], tag)) return reply.code(304).send();
      return { layout: stored.layout, ...(shown === undefined ? {} : { problems: shown }) };
    },
  );
}
