import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openLiveStream, type LiveStatus } from '../../src/api/live-stream.ts';
import { ROLE } from '../../src/shared/auth/roles.ts';
import { ingestTelemetry } from '../../src/server/ingest/ingest-telemetry.ts';
import {
  createApiTestHarness,
  type ApiTestHarness,
  type TestIdentity,
} from '../../src/server/testing/api-test-harness.ts';
import { seedApolloHall } from '../../src/server/testing/apollo-hall.ts';
import { openSseStream, type SseTestStream } from '../../src/server/testing/sse-test-client.ts';
import { startTcpProxy } from '../../src/server/testing/tcp-proxy.ts';

/**
 * The browser's live client (src/api/live-stream.ts, fetch streaming) against the real in-process server: it goes
 * live, reconnects at once with a renewed token when the server ends the stream at the token's expiry, receives a
 * pushed ingest, and after a dropped connection reports 'reconnecting', comes back and asks for a catch-up; closed by
 * the server for a newer stream of the same user, it stops and leaves the newer ones alone.
 */

const TENANT = 'client-alpha';
const admin: TestIdentity = { sub: 'client-admin', tenantId: TENANT, roles: [ROLE.Admin] };
/** Streams one user keeps open here (PORTAL_LIVE_STREAMS_PER_USER; the default is 10). */
const PER_USER = 2;
let h: ApiTestHarness;
let base = '';

beforeAll(async () => {
  h = await createApiTestHarness({
    env: { PORTAL_LIVE_DASHBOARD_TENANTS: TENANT, PORTAL_LIVE_STREAMS_PER_USER: String(PER_USER) },
  });
  const { db } = h.database;
  await seedApolloHall(db, TENANT, ['APL-1'], [admin]);
  base = await h.app.listen({ host: '127.0.0.1', port: 0 });
});

afterAll(async () => {
  await h?.close();
});

let jobNumber = 0;
async function ingest(): Promise<void> {
  jobNumber += 1;
  const endedAt = Date.now() - 60_000;
  const result = await ingestTelemetry(h.database.db, TENANT, [
    {
      kind: 'job',
      id: `client-job-${jobNumber}`,
      serial: 'APL-1',
      startedAt: new Date(endedAt - 60_000).toISOString(),
      endedAt: new Date(endedAt).toISOString(),
      impressions: 1,
    },
  ]);
  expect(result.accepted).toBe(1);
}

describe('openLiveStream', () => {
  it('goes live, receives pushes, renews at expiry and comes back after a drop', async () => {
    const statuses: LiveStatus[] = [];
    const events: string[] = [];
    let opens = 0;
    let tokens = 0;
    const backoffs: number[] = [];
    const close = openLiveStream({
      url: `${base}/api/tv-dashboard/live?systemGroup=Apollo&system=APL-1`,
      // The first token expires in 2 s (the server ends the stream then); later ones last.
      getAccessToken: async () => {
        tokens += 1;
        return h.mintToken(admin, { expiresAt: tokens === 1 ? Math.floor(Date.now() / 1000) + 2 : '5m' });
      },
      onEvent: (event) => events.push(event.event),
      onOpen: () => (opens += 1),
      onStatus: (status) => statuses.push(status),
      backoffMs: (attempt) => {
        backoffs.push(attempt);
        return 0;
      },
    });
    try {
      await vi.waitFor(() => expect(statuses.at(-1)).toBe('live'), { timeout: 10_000 });

      // The server ends the stream at the first token's expiry: a new token, at once (no back-off, no 'reconnecting').
      // The push is tested on the renewed stream: a push sent to the first one could meet its expiry on a busy machine.
      await vi.waitFor(() => expect(opens).toBe(2), { timeout: 10_000 });
      expect(tokens).toBe(2);
      expect(backoffs).toEqual([]);
      expect(statuses).not.toContain('reconnecting');
      await ingest();
      await vi.waitFor(() => expect(events).toEqual(['ingest']), { timeout: 10_000 });

      // A dropped connection (as a server restart or a network failure does): reconnecting, then live again.
      h.app.server.closeAllConnections();
      await vi.waitFor(() => expect(opens).toBe(3), { timeout: 10_000 });
      expect(statuses).toContain('reconnecting');
      expect(backoffs).toEqual([1]);
      expect(statuses.at(-1)).toBe('live');
      await ingest();
      await vi.waitFor(() => expect(events).toEqual(['ingest', 'ingest']), { timeout: 10_000 });
    } finally {
      close();
    }
    await vi.waitFor(() => expect(h.live.subscriberCount()).toBe(0), { timeout: 10_000 });
  });

  it("stops when the server closes its stream for the user's newer ones, and does not reconnect to fight them", async () => {
    const statuses: LiveStatus[] = [];
    let tokens = 0;
    const url = `${base}/api/tv-dashboard/live?systemGroup=Apollo&system=APL-1`;
    const close = openLiveStream({
      url,
      getAccessToken: async () => {
        tokens += 1;
        return h.mintToken(admin);
      },
      onEvent: () => undefined,
      onOpen: () => undefined,
      onStatus: (status) => statuses.push(status),
      backoffMs: () => 0,
    });
    const newer: SseTestStream[] = [];
    try {
      await vi.waitFor(() => expect(statuses.at(-1)).toBe('live'), { timeout: 10_000 });
      // The same user on two more screens: the client's stream is the oldest and gives way.
      for (let index = 0; index < PER_USER; index += 1) {
        const stream = await openSseStream(url, await h.bearer(admin));
        await stream.next('ready');
        newer.push(stream);
      }
      await vi.waitFor(() => expect(statuses.at(-1)).toBe('closed'), { timeout: 10_000 });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(tokens).toBe(1);
      expect(statuses).toEqual(['connecting', 'live', 'closed']);
      expect(h.live.subscriberCount()).toBe(PER_USER);
      await ingest();
      for (const stream of newer) await stream.next('ingest');
      for (const stream of newer) expect(stream.received.map((event) => event.event)).toEqual(['ready', 'ingest']);
    } finally {
      close();
      for (const stream of newer) stream.drop();
    }
    await vi.waitFor(() => expect(h.live.subscriberCount()).toBe(0), { timeout: 10_000 });
  });
});

describe('openLiveStream over a link that goes silent (issue #32)', () => {
  /** The server's heartbeat here (a `: ping` every 100 ms); the client's watchdog gives a stream 20 of them (slack for a loaded test machine, whose event loop can stall for a second). */
  const HEARTBEAT_MS = 100;
  let quiet: ApiTestHarness;
  let port = 0;

  beforeAll(async () => {
    quiet = await createApiTestHarness({
      env: { PORTAL_LIVE_DASHBOARD_TENANTS: TENANT },
      liveHeartbeatMs: HEARTBEAT_MS,
    });
    await seedApolloHall(quiet.database.db, TENANT, ['APL-1'], [admin]);
    port = Number(new URL(await quiet.app.listen({ host: '127.0.0.1', port: 0 })).port);
  });

  afterAll(async () => {
    await quiet?.close();
  });

  it("reports 'reconnecting' when nothing arrives for its heartbeat timeout, and is live again when the link is back", async () => {
    const proxy = await startTcpProxy({ target: { host: '127.0.0.1', port } });
    const statuses: LiveStatus[] = [];
    let opens = 0;
    const close = openLiveStream({
      url: `http://127.0.0.1:${proxy.port}/api/tv-dashboard/live?systemGroup=Apollo&system=APL-1`,
      getAccessToken: () => quiet.mintToken(admin),
      onEvent: () => undefined,
      onOpen: () => (opens += 1),
      onStatus: (status) => statuses.push(status),
      backoffMs: () => 50,
      heartbeatTimeoutMs: 20 * HEARTBEAT_MS,
      connectTimeoutMs: 500,
    });
    try {
      await vi.waitFor(() => expect(statuses.at(-1)).toBe('live'), { timeout: 10_000 });
      // Heartbeats keep a quiet stream live: well past the watchdog's timeout, still the first stream.
      await new Promise((resolve) => setTimeout(resolve, 40 * HEARTBEAT_MS));
      expect(statuses).toEqual(['connecting', 'live']);

      // The link drops silently: no RST, no FIN, the socket stays open; only the watchdog can tell.
      await proxy.setMode('pause');
      await vi.waitFor(() => expect(statuses.at(-1)).toBe('reconnecting'), { timeout: 10_000 });
      // Attempts meanwhile get no response headers: each gives up after the connect timeout and tries again.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(statuses.at(-1)).toBe('reconnecting');
      expect(opens).toBe(1);

      await proxy.setMode('pass');
      await vi.waitFor(() => expect(opens).toBe(2), { timeout: 10_000 });
      expect(statuses.at(-1)).toBe('live');
    } finally {
      close();
      await proxy.close();
    }
  });
});
