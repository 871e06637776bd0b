import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ROLE } from '../../../shared/auth/roles.ts';
import type { TvLiveIngestEvent } from '../../../shared/contract/tv-dashboard.contract.ts';
import { createIngestToken } from '../../ingest/ingest-tokens.ts';
import { createApiTestHarness, type ApiTestHarness, type TestIdentity } from '../../testing/api-test-harness.ts';
import { seedApolloHall } from '../../testing/apollo-hall.ts';
import { openSseStream, requestJson, type SseTestStream } from '../../testing/sse-test-client.ts';

/**
 * The TV dashboard's live stream over real HTTP (fetch against the listening in-process server): a record ingested
 * through POST /api/ingest/telemetry reaches the streams of its printer, and only those.
 */

const A = 'live-alpha';
const B = 'live-bravo';
/** A tenant that is not on PORTAL_LIVE_DASHBOARD_TENANTS. */
const C = 'live-charlie';
const adminA: TestIdentity = { sub: 'live-admin-a', tenantId: A, roles: [ROLE.Admin] };
const readerA: TestIdentity = { sub: 'live-reader-a', tenantId: A, roles: [ROLE.ReadOnly] };
const adminB: TestIdentity = { sub: 'live-admin-b', tenantId: B, roles: [ROLE.Admin] };
const adminC: TestIdentity = { sub: 'live-admin-c', tenantId: C, roles: [ROLE.Admin] };
/** A super user whose account is in A, acting for C. */
const superOfAInC: TestIdentity = { sub: 'live-super-a', tenantId: C, roles: [ROLE.Admin], isSuperUser: true };

/** PORTAL_LIVE_STREAMS_PER_USER's default. */
const DEFAULT_STREAMS_PER_USER = 10;

let h: ApiTestHarness;
let base = '';
const ingestTokens: Record<string, string> = {};

async function seed(): Promise<void> {
  const { db } = h.database;
  await seedApolloHall(db, A, ['APL-1', 'APL-2'], [adminA, readerA, { ...superOfAInC, tenantId: A }]);
  await seedApolloHall(db, B, ['APL-9'], [adminB]);
  await seedApolloHall(db, C, ['APL-5'], [adminC]);
  ingestTokens[A] = await createIngestToken(db, A);
  ingestTokens[B] = await createIngestToken(db, B);
}

let jobNumber = 0;
async function ingestJob(tenantId: string, serial: string): Promise<void> {
  jobNumber += 1;
  const endedAt = new Date(Date.now() - 60_000);
  const response = await requestJson(`${base}/api/ingest/telemetry`, {
    method: 'POST',
    authorization: `Bearer ${ingestTokens[tenantId] ?? ''}`,
    body: {
      records: [
        {
          kind: 'job',
          id: `live-job-${jobNumber}`,
          serial,
          startedAt: new Date(endedAt.getTime() - 60_000).toISOString(),
          endedAt: endedAt.toISOString(),
          impressions: 10,
        },
      ],
    },
  });
  expect(response.status).toBe(200);
  expect(response.body).toMatchObject({ accepted: 1 });
}

const streamUrl = (serial: string) => `${base}/api/tv-dashboard/live?systemGroup=Apollo&system=${serial}`;

async function openStream(identity: TestIdentity, serial: string, expiresAt: string | number = '5m') {
  const stream = await openSseStream(streamUrl(serial), await h.bearer(identity, { expiresAt }));
  expect(stream.status).toBe(200);
  expect(JSON.parse((await stream.next('ready')).data)).toEqual({ system: serial, systemGroup: 'Apollo' });
  return stream;
}

beforeAll(async () => {
  h = await createApiTestHarness({ env: { PORTAL_LIVE_DASHBOARD_TENANTS: `${A},${B}` } });
  await seed();
  await h.live.ready();
  base = await h.app.listen({ host: '127.0.0.1', port: 0 });
});

afterAll(async () => {
  await h?.close();
});

describe('GET /api/tv-dashboard/live', () => {
  it("pushes an ingest of the displayed printer to its streams, and nothing to other printers' or tenants'", async () => {
    const displayed = await openStream(adminA, 'APL-1');
    const otherPrinter = await openStream(adminA, 'APL-2');
    const otherTenant = await openStream(adminB, 'APL-9');

    await ingestJob(A, 'APL-1');
    const event = await displayed.next('ingest');
    expect(JSON.parse(event.data)).toMatchObject({ system: 'APL-1' } satisfies Partial<TvLiveIngestEvent>);
    expect(event.id).toBe('1');

    // Then one record for each of the other two: their first ingest event is their own, so APL-1's never reached them.
    await ingestJob(A, 'APL-2');
    await ingestJob(B, 'APL-9');
    expect(JSON.parse((await otherPrinter.next('ingest')).data)).toMatchObject({ system: 'APL-2' });
    expect(JSON.parse((await otherTenant.next('ingest')).data)).toMatchObject({ system: 'APL-9' });
    for (const [stream, count] of [
      [displayed, 1],
      [otherPrinter, 1],
      [otherTenant, 1],
    ] as const) {
      expect(stream.received.filter((received) => received.event === 'ingest')).toHaveLength(count);
    }
    for (const stream of [displayed, otherPrinter, otherTenant]) stream.drop();
    await vi.waitFor(() => expect(h.live.subscriberCount()).toBe(0));
  });

  it("answers 404 for another tenant's printer and 400 for bad input, before any stream opens", async () => {
    const foreign = await requestJson(streamUrl('APL-1'), { authorization: await h.bearer(adminB) });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ message: 'Cannot find a system with this serial number in your scope' });
    const bad = await requestJson(`${base}/api/tv-dashboard/live?systemGroup=Apollo`, {
      authorization: await h.bearer(adminA),
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ message: expect.stringMatching(/querystring/) as unknown });
    const anonymous = await requestJson(streamUrl('APL-1'));
    expect(anonymous.status).toBe(401);
    expect(h.live.subscriberCount()).toBe(0);
  });

  it('answers 403 to a tenant without the Live Dashboard (also to a super user acting for it), before any stream opens', async () => {
    for (const identity of [adminC, superOfAInC]) {
      for (const serial of ['APL-5', 'APL-1']) {
        const refused = await requestJson(streamUrl(serial), { authorization: await h.bearer(identity) });
        expect(refused.status, `${identity.sub} ${serial}`).toBe(403);
        expect(refused.body).toEqual({
          statusCode: 403,
          error: 'Forbidden',
          message: 'The Live Dashboard is not enabled for this tenant',
        });
      }
    }
    expect(h.live.subscriberCount()).toBe(0);
    // The same super user acting for their own tenant A (on the list) gets the stream.
    const own = await openStream({ ...superOfAInC, tenantId: A }, 'APL-1');
    own.drop();
    await vi.waitFor(() => expect(h.live.subscriberCount()).toBe(0));
  });

  it(`keeps at most ${DEFAULT_STREAMS_PER_USER} streams per user: a newer one closes the oldest with 'closed', other users' stay`, async () => {
    const reader = await openStream(readerA, 'APL-1');
    const otherTenant = await openStream(adminB, 'APL-9');
    const mine: SseTestStream[] = [];
    for (let index = 0; index < DEFAULT_STREAMS_PER_USER; index += 1) {
      mine.push(await openStream(adminA, index % 2 === 0 ? 'APL-1' : 'APL-2'));
    }
    expect(h.live.subscriberCount()).toBe(DEFAULT_STREAMS_PER_USER + 2);
    expect(mine.flatMap((stream) => stream.received.map((received) => received.event))).not.toContain('closed');

    // The 11th: the first one gets 'closed' and ends; the count stays at the limit.
    const newest = await openStream(adminA, 'APL-2');
    const [oldest, ...kept] = mine;
    if (oldest === undefined) throw new Error('no stream opened');
    expect(JSON.parse((await oldest.next('closed')).data)).toEqual({
      reason: `A newer live stream of this user took its place (at most ${DEFAULT_STREAMS_PER_USER} are kept open per user)`,
    });
    await oldest.closed;
    await vi.waitFor(() => expect(h.live.subscriberCount()).toBe(DEFAULT_STREAMS_PER_USER + 2));

    // The other ten of the user, the other user of the tenant and the other tenant's user are still live.
    await ingestJob(A, 'APL-1');
    await ingestJob(A, 'APL-2');
    await ingestJob(B, 'APL-9');
    for (const stream of [...kept, newest, reader, otherTenant]) await stream.next('ingest');
    for (const stream of [...kept, newest, reader, otherTenant]) {
      expect(stream.received.map((received) => received.event)).not.toContain('closed');
    }
    expect(oldest.received.map((received) => received.event)).toEqual(['ready', 'closed']);

    for (const stream of [...kept, newest, reader, otherTenant]) stream.drop();
    await vi.waitFor(() => expect(h.live.subscriberCount()).toBe(0));
  });

  it('resumes after a dropped connection: the subscription goes with it and a new one gets the next ingest', async () => {
    const first = await openStream(adminA, 'APL-1');
    expect(h.live.subscriberCount()).toBe(1);
    first.drop();
    await first.closed;
    await vi.waitFor(() => expect(h.live.subscriberCount()).toBe(0));

    const again = await openStream(adminA, 'APL-1');
    await ingestJob(A, 'APL-1');
    expect(JSON.parse((await again.next('ingest')).data)).toMatchObject({ system: 'APL-1' });
    again.drop();
    await vi.waitFor(() => expect(h.live.subscriberCount()).toBe(0));
  });

  it("ends the stream at the access token's expiry with an 'expired' event", async () => {
    const stream = await openStream(adminA, 'APL-1', Math.floor(Date.now() / 1000) + 2);
    await stream.next('expired');
    await stream.closed;
    await vi.waitFor(() => expect(h.live.subscriberCount()).toBe(0));
  });
});
