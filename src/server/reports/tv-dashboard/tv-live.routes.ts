import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import { ERROR_RESPONSES } from '../../../shared/contract/primitives.ts';
import {
  TvDashboardQuerySchema,
  TvLiveStreamSchema,
  type TvDashboardQuery,
  type TvLiveClosedEvent,
  type TvLiveIngestEvent,
} from '../../../shared/contract/tv-dashboard.contract.ts';
import { HttpError } from '../../http-errors.ts';
import type { LiveHub } from '../../live/live-hub.ts';
import { loadCurrentUser } from '../../users/current-user.ts';
import { selectedSystems } from '../common/measure-rows.ts';
import { requireLiveDashboardTenant } from './tv-dashboard-access.ts';
import { TV_NOT_IN_SCOPE } from './tv-xmr-impressions.ts';

/** How often an idle stream sends a comment line, so proxies keep it and a dead peer is noticed. */
export const DEFAULT_HEARTBEAT_MS = 15_000;
/** What the browser's EventSource would wait before reconnecting; our client reads it as its first back-off. */
const RETRY_MS = 2_000;

const event = (name: string, data: unknown, id?: number) =>
  `${id === undefined ? '' : `id: ${id}\n`}event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * GET /api/tv-dashboard/live: the dashboard's Server-Sent Events stream (docs/architecture.md "TV dashboard and live
 * push"). Authenticated like every API call (bearer token; the browser reads it with fetch, since EventSource cannot
 * send headers); the user's tenant must have the Live Dashboard (`liveDashboardTenants`, 403 otherwise) and the printer
 * must be in the user's scope (404 otherwise), both before the stream opens. The stream ends at the token's expiry, so
 * it never outlives the authentication it was opened with: the client reconnects with its renewed token. A user keeps
 * at most `maxStreamsPerUser` (PORTAL_LIVE_STREAMS_PER_USER) streams open in one portal process. A newer one closes the
 * user's oldest (event `closed`) instead of being refused: a TV whose browser reloaded opens its new stream before the
 * server has noticed that the old connection is gone, and must not lock itself out. Register inside the scope of
 * registerTenantScope.
 */
export async function registerTvLiveRoutes(
  app: FastifyInstance,
  deps: { live: LiveHub; liveDashboardTenants: readonly string[]; maxStreamsPerUser: number; heartbeatMs?: number },
): Promise<void> {
  const heartbeatMs = deps.heartbeatMs ?? DEFAULT_HEARTBEAT_MS;
  const { maxStreamsPerUser } = deps;
  const open = new Set<() => void>();
  /** Each user's open streams, oldest first: the function that closes one for a newer stream. */
  const byUser = new Map<string, (() => void)[]>();
  app.addHook('preClose', async () => {
    for (const end of [...open]) end();
  });

  app.get<{ Querystring: TvDashboardQuery }>(
    '/api/tv-dashboard/live',
    {
      schema: { querystring: TvDashboardQuerySchema, response: { 200: TvLiveStreamSchema, ...ERROR_RESPONSES } },
      preHandler: requireLiveDashboardTenant(deps.liveDashboardTenants),
    },
    async (request, reply) => {
      const { systemGroup, system: serial } = request.query;
      const system = await request.tenantDb(async (trx) => {
        const { scope } = await loadCurrentUser(trx, request.portalUser);
        const [found] = await selectedSystems(trx, scope, systemGroup, [serial]);
        return found;
      });
      if (system === undefined) throw new HttpError(404, TV_NOT_IN_SCOPE);
      const token = /^Bearer\s+(\S+)/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
      const expiresAt = (decodeJwt(token).exp ?? 0) * 1000;

      // The account (users.id, the token's subject, unique across tenants): a super user's streams in every tenant
      // they act in count together.
      const user = request.portalUser.sub;

      const stream = new PassThrough();
      let sequence = 0;
      let ended = false;
      const end = () => {
        if (ended) return;
        ended = true;
        unsubscribe();
        clearInterval(heartbeat);
        clearTimeout(expiry);
        open.delete(end);
        const streams = byUser.get(user) ?? [];
        const index = streams.indexOf(supersede);
        if (index >= 0) streams.splice(index, 1);
        if (streams.length === 0) byUser.delete(user);
        stream.end();
      };
      const supersede = () => {
        const data: TvLiveClosedEvent = {
          reason: `A newer live stream of this user took its place (at most ${maxStreamsPerUser} are kept open per user)`,
        };
        stream.write(event('closed', data));
        end();
      };
      const unsubscribe = deps.live.subscribe(request.portalUser.tenantId, system.id, () => {
        const data: TvLiveIngestEvent = { system: system.serialNumber, at: new Date().toISOString() };
        stream.write(event('ingest', data, (sequence += 1)));
      });
      const heartbeat = setInterval(() => stream.write(': ping\n\n'), heartbeatMs);
      const expiry = setTimeout(
        () => {
          stream.write(event('expired', { reason: 'The access token has expired; reconnect with a renewed token' }));
          end();
        },
        Math.max(0, expiresAt - Date.now()),
      );
      open.add(end);
      const streams = byUser.get(user) ?? [];
      byUser.set(user, streams);
      streams.push(supersede);
      // Newest last: the oldest give way.
      while (streams.length > maxStreamsPerUser) streams.shift()?.();
      // The client went away: end the stream (and its subscription).
      request.raw.on('close', end);
      stream.write(`retry: ${RETRY_MS}\n\n`);
      stream.write(event('ready', { system: system.serialNumber, systemGroup }));

      return reply
        .header('Content-Type', 'text/event-stream; charset=utf-8')
        .header('Cache-Control', 'no-store')
        .header('X-Accel-Buffering', 'no')
        .send(stream);
    },
  );
}
