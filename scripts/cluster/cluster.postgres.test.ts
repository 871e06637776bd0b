/**
 * The local cluster of `npm run cluster` (issue #29), from its real parts: a PostgreSQL 15 primary with a streaming
 * hot-standby replica, two portal nodes (src/server/main.ts) on the primary, HAProxy in front passing TLS through.
 * Runs in the `postgres` vitest project (.ci/run installs postgresql-15 and haproxy).
 */
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import https from 'node:https';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKysely } from '../../src/server/db/database.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { DEMO_TENANTS } from '../../src/server/fixtures/demo-tenants.ts';
import { DEMO_PASSWORD, seedDemoAccounts } from '../../src/server/idp/demo-accounts.ts';
import { seedApolloHall } from '../../src/server/testing/apollo-hall.ts';
import { freePort } from '../../src/server/testing/free-port.ts';
import { signInOverHttp } from '../../src/server/testing/oidc-sign-in.ts';
import type { PortalProcess } from '../../src/server/testing/portal-process.ts';
import { openSseStream, requestJson, type SseTestStream } from '../../src/server/testing/sse-test-client.ts';
import { createIngestToken } from '../../src/server/ingest/ingest-tokens.ts';
import { nodeStates, startHaproxy, type Haproxy } from './haproxy.ts';
import { nodeDataDir, shareKeyFolder, startPortalNodes } from './portal-nodes.ts';
import { POSTGRES_MALLOC_TUNABLES, startPostgresPair, streamingReplicas, type PostgresPair } from './postgres-pair.ts';

const CHECK_INTERVAL_MS = 300;
const TENANT = DEMO_TENANTS.apollo.id;

let root = '';
let postgres: PostgresPair | undefined;
let nodes: PortalProcess[] = [];
let haproxy: Haproxy | undefined;
let nodePorts: number[] = [];
let publicUrl = '';
let ca = '';
let ingestToken = '';
const streams: SseTestStream[] = [];

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'fleet-cluster-'));
  chmodSync(root, 0o755); // the clusters' owner (postgres, when this runs as root) must reach its folders
  const [primaryPort, replicaPort, proxyPort] = [await freePort(), await freePort(), await freePort()];
  nodePorts = [await freePort(), await freePort()];
  publicUrl = `https://localhost:${proxyPort}`;
  postgres = await startPostgresPair({ root: path.join(root, 'postgres'), primaryPort, replicaPort, throwaway: true });

  const db = createKysely(new pg.Pool({ connectionString: postgres.primaryUrl, max: 2 }));
  try {
    await migrate(db);
    await seedDemoAccounts(db);
    await seedApolloHall(db, TENANT, ['APL-1'], []);
    ingestToken = await createIngestToken(db, TENANT);
  } finally {
    await db.destroy();
  }

  ({ ca } = await shareKeyFolder({ root, publicUrl, ports: nodePorts }));
  nodes = await startPortalNodes({
    root,
    publicUrl,
    databaseUrl: postgres.primaryUrl,
    replicaUrl: postgres.replicaUrl,
    ports: nodePorts,
    demo: false,
    // Both nodes run the e-mail report scheduler, a pass every 300 ms: a due report must still go out once.
    env: { PORTAL_LOG_LEVEL: 'warn', PORTAL_SCHEDULER: '1', PORTAL_SCHEDULER_INTERVAL_MS: '300' },
    readyTimeoutMs: 90_000,
  });
  haproxy = await startHaproxy({ root, port: proxyPort, nodePorts, checkIntervalMs: CHECK_INTERVAL_MS });
  await waitFor(async () => Object.values(await nodeStates(root)).join() === 'UP,UP', 20_000);
}, 240_000);

afterAll(async () => {
  for (const stream of streams) stream.drop();
  await haproxy?.stop();
  await Promise.all(nodes.map((node) => node.stop()));
  await postgres?.stop();
  if (root !== '') rmSync(root, { recursive: true, force: true });
}, 60_000);

const nodeUrl = (index: number) => `https://localhost:${nodePorts[index] ?? 0}`;

async function signIn(): Promise<string> {
  const signedIn = await signInOverHttp(
    { publicUrl, issuer: `${publicUrl}/idp`, clientId: 'fleet-portal', ca },
    'admin@sunrise.demo',
    DEMO_PASSWORD,
  );
  return `Bearer ${signedIn.accessToken}`;
}

/** One HTTPS call with the caller's cookie header; answers the status, the parsed body and the cookie set. */
function call(
  url: string,
  options: { method?: 'GET' | 'POST'; bearer: string; cookie?: string; body?: unknown },
): Promise<{ status: number; body: unknown; setCookie: string | null }> {
  return new Promise((resolve, reject) => {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const request = https.request(
      url,
      {
        method: options.method ?? 'GET',
        ca,
        agent: false,
        headers: {
          authorization: options.bearer,
          ...(options.cookie === undefined ? {} : { cookie: options.cookie }),
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: text === '' ? null : (JSON.parse(text) as unknown),
            setCookie: response.headers['set-cookie']?.[0] ?? null,
          }),
        );
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

let jobNumber = 0;
/** Posts one finished job of APL-1 to `base`'s ingest endpoint, as a printer's gateway does. */
async function ingestThrough(base: string): Promise<void> {
  jobNumber += 1;
  const endedAt = Date.now() - 60_000;
  const response = await requestJson(`${base}/api/ingest/telemetry`, {
    method: 'POST',
    authorization: `Bearer ${ingestToken}`,
    tls: { ca },
    body: {
      records: [
        {
          kind: 'job',
          id: `cluster-job-${jobNumber}`,
          serial: 'APL-1',
          startedAt: new Date(endedAt - 60_000).toISOString(),
          endedAt: new Date(endedAt).toISOString(),
          impressions: 3,
        },
      ],
    },
  });
  expect(response).toEqual({ status: 200, body: { accepted: 1, updated: 0, duplicates: 0, rejected: [] } });
}

/** A Live Dashboard's stream of APL-1 through `base`, open and ready. */
async function liveStream(base: string): Promise<SseTestStream> {
  const bearer = await signIn();
  const stream = await openSseStream(`${base}/api/tv-dashboard/live?systemGroup=Apollo&system=APL-1`, bearer, { ca });
  expect(stream.status, stream.body()).toBe(200);
  streams.push(stream);
  await stream.next('ready');
  return stream;
}

async function onPrimary<T>(query: string): Promise<T[]> {
  const primary = new pg.Client({ connectionString: postgres?.primaryUrl });
  await primary.connect();
  try {
    return (await primary.query(query)).rows as T[];
  } finally {
    await primary.end();
  }
}

async function onReplica<T>(query: string): Promise<T[]> {
  const replica = new pg.Client({ connectionString: postgres?.replicaUrl });
  await replica.connect();
  try {
    return (await replica.query(query)).rows as T[];
  } finally {
    await replica.end();
  }
}

async function health(base: string) {
  return (await requestJson(`${base}/api/health`, { tls: { ca } })).body as { replica?: Record<string, unknown> };
}

async function waitFor(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('npm run cluster: primary + replica, two portal nodes, HAProxy', () => {
  it('streams the primary to a hot standby that answers reads', async () => {
    expect(await streamingReplicas(postgres?.primaryUrl ?? '')).toEqual([
      expect.objectContaining({ state: 'streaming' }),
    ]);
    const replica = new pg.Client({ connectionString: postgres?.replicaUrl });
    await replica.connect();
    try {
      expect((await replica.query('SELECT pg_is_in_recovery() AS standby')).rows).toEqual([{ standby: true }]);
      // The seeded users reached it through the stream.
      await waitFor(
        async () => (await replica.query("SELECT 1 FROM users WHERE email = 'admin@sunrise.demo'")).rowCount === 1,
        10_000,
      );
    } finally {
      await replica.end();
    }
  });

  it("runs both servers with glibc's malloc keeping the blocks a statement freed (POSTGRES_MALLOC_TUNABLES)", () => {
    for (const cluster of ['primary', 'replica']) {
      const [pid = ''] = readFileSync(path.join(root, 'postgres', cluster, 'postmaster.pid'), 'utf8').split('\n');
      // The environment the postmaster (and each backend it forks) started with. glibc parses GLIBC_TUNABLES in
      // place, leaving a NUL at each ':', so each setting is looked for on its own.
      const environment = readFileSync(`/proc/${pid}/environ`, 'latin1');
      for (const setting of POSTGRES_MALLOC_TUNABLES.split(':')) expect(environment).toContain(setting);
      expect(environment).toContain('GLIBC_TUNABLES=');
    }
  });

  it('signs in through HAProxy, whichever node answers each step, with a token every node accepts', async () => {
    // Round robin: the sign-in's requests (authorize, the login form, the consent, the token call) alternate
    // between the nodes, so this holds only when the provider's state lives in the database and its keys are shared.
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const bearer = await signIn();
      for (const base of [publicUrl, nodeUrl(0), nodeUrl(1)]) {
        const settings = await requestJson(`${base}/api/users/user-settings`, { authorization: bearer, tls: { ca } });
        expect(settings.status, `${base}: ${JSON.stringify(settings.body)}`).toBe(200);
      }
    }
  });

  it('pushes an ingest on node 1 to a live dashboard connected through node 2', async () => {
    const onSecond = await liveStream(nodeUrl(1));
    await ingestThrough(nodeUrl(0));
    expect(JSON.parse((await onSecond.next('ingest')).data)).toMatchObject({ system: 'APL-1' });
  });

  it("sees the client's own address behind HAProxy (PROXY protocol): the sign-in throttle counts it, not HAProxy's", async () => {
    // A second client on this machine: connections from 127.0.0.2, while HAProxy connects to the nodes from 127.0.0.1.
    await expect(
      signInOverHttp(
        { publicUrl, issuer: `${publicUrl}/idp`, clientId: 'fleet-portal', ca, localAddress: '127.0.0.2' },
        'admin@sunrise.demo',
        'not the password',
      ),
    ).rejects.toThrow(/sign-in answered/);
    const keys = await onPrimary<{ key: string }>(
      "SELECT key FROM sign_in_throttle WHERE key LIKE 'address:%' ORDER BY key",
    );
    expect(keys.map((row) => row.key)).toEqual(['address:127.0.0.2']);
  });

  it('sends a due e-mail report once while both nodes run the scheduler', async () => {
    const startDay = new Date(Date.now() - 8 * 86_400_000).toISOString().slice(0, 10);
    // An entry due every day since a week ago: its latest slot (today's or yesterday's 06:00 UTC) is due now.
    await onPrimary(`INSERT INTO email_schedules (tenant_id, id, user_id, subject, start_send_date, send_weekdays)
      VALUES ('${TENANT}', 'cluster-once', 'user-sunrise-admin', 'Cluster once', '${startDay}', '{0,1,2,3,4,5,6}')`);
    const sends = () =>
      onPrimary<{ status: string; attempts: number }>(
        "SELECT status, attempts FROM email_sends WHERE schedule_id = 'cluster-once'",
      );
    await waitFor(async () => (await sends()).some((send) => send.status === 'sent'), 30_000);
    // Ten more passes of each node: none sends it again.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(await sends()).toEqual([{ status: 'sent', attempts: 1 }]);
    const mails = [0, 1].flatMap((index) => {
      const outbox = path.join(nodeDataDir(root, index), 'outbox');
      if (!existsSync(outbox)) return [];
      return readdirSync(outbox).filter((name) =>
        readFileSync(path.join(outbox, name), 'utf8').includes('Cluster once'),
      );
    });
    expect(mails).toHaveLength(1);
  });

  it('reads reports from the replica, and a write from the primary to its writer (read-your-writes)', async () => {
    const bearer = await signIn();
    await waitFor(async () => (await health(nodeUrl(1))).replica?.['inUse'] === true, 10_000);
    const nicknames = async (base: string, cookie?: string) => {
      const answer = await call(`${base}/api/system-data/systems-name?systemGroup=Apollo`, {
        bearer,
        ...(cookie === undefined ? {} : { cookie }),
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return JSON.stringify(answer.body);
    };
    const rename = (nickName: string) =>
      call(`${nodeUrl(0)}/api/system-data/system-name`, {
        method: 'POST',
        bearer,
        body: { serialNumber: 'APL-1', nickName },
      });

    // With the replica's replay paused, only a read that is sent to the primary can see a new name.
    await onReplica('SELECT pg_wal_replay_pause()');
    try {
      const renamed = await rename('Hall north');
      expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
      const cookie = renamed.setCookie?.split(';')[0];
      expect(cookie).toMatch(/^fp_read_after=[0-9A-F]+\/[0-9A-F]+$/);
      // The writer's next read, through the other node: the replica has not replayed the write → the primary.
      expect(await nicknames(nodeUrl(1), cookie)).toContain('Hall north');
      // Anyone else's read goes to the replica, which is (for now) one write behind.
      expect(await nicknames(nodeUrl(1))).not.toContain('Hall north');
      // The next lag probe (each second) sees the replica behind.
      await waitFor(async () => Number((await health(nodeUrl(1))).replica?.['lagBytes']) > 0, 5000);
      // Bounded staleness: once the replica is more than 5 s behind, every read goes to the primary (so no report is
      // older than that and pages need no "data as of" note), and /api/health says the replica is out of use.
      await waitFor(async () => (await health(nodeUrl(1))).replica?.['inUse'] === false, 10_000);
      expect(Number((await health(nodeUrl(1))).replica?.['lagMs'])).toBeGreaterThan(5000);
      expect(await nicknames(nodeUrl(1))).toContain('Hall north');
    } finally {
      await onReplica('SELECT pg_wal_replay_resume()');
    }
    await waitFor(async () => (await nicknames(nodeUrl(1))).includes('Hall north'), 10_000);
    await waitFor(async () => (await health(nodeUrl(1))).replica?.['lagBytes'] === 0, 10_000);
  });

  it('keeps answering through HAProxy when a node is killed, takes the dead node out, and live dashboards reconnect', async () => {
    await waitFor(async () => Object.values(await nodeStates(root)).join() === 'UP,UP', 10_000);
    const bearer = await signIn();
    // Two live dashboards through HAProxy: round robin puts them on the two nodes.
    const dashboards = [await liveStream(publicUrl), await liveStream(publicUrl)];
    const ended = dashboards.map((dashboard) => dashboard.closed.then(() => true));
    const [first] = nodes;
    if (first === undefined) throw new Error('two nodes expected');
    first.child.kill('SIGKILL');
    await new Promise<void>((resolve) => first.child.once('exit', () => resolve()));
    // The dashboard on the killed node sees its stream end; the other stays open.
    const [endedFirst, endedSecond] = await Promise.all(
      ended.map((end) => Promise.race([end, new Promise<false>((resolve) => setTimeout(() => resolve(false), 2000))])),
    );
    expect([endedFirst, endedSecond].filter(Boolean)).toHaveLength(1);

    // Right after the kill (before a health check noticed): a refused connection is sent to the other node.
    const statuses: number[] = [];
    for (let request = 0; request < 12; request += 1) {
      const answer = await requestJson(`${publicUrl}/api/users/user-settings`, { authorization: bearer, tls: { ca } });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual(Array.from({ length: 12 }, () => 200));
    // Three failed checks later HAProxy marks the node down.
    await waitFor(async () => (await nodeStates(root))['node1'] === 'DOWN', 20 * CHECK_INTERVAL_MS);
    expect((await nodeStates(root))['node2']).toBe('UP');
    // Its log says so, as the soak bench reports it.
    await waitFor(async () => (haproxy?.log() ?? []).some(({ line }) => /node1 is DOWN/.test(line)), 5000);
    // And a new sign-in works with one node left.
    expect(await signIn()).toMatch(/^Bearer /);
    // The dropped dashboard reconnects through HAProxy (to node 2; its page refetches on every reconnect, so nothing
    // ingested meanwhile is missed) and, like the one that stayed, receives the next ingest.
    const survivor = dashboards[endedFirst === true ? 1 : 0];
    const reconnected = await liveStream(publicUrl);
    await ingestThrough(publicUrl);
    for (const dashboard of [survivor, reconnected]) {
      expect(JSON.parse((await dashboard?.next('ingest'))?.data ?? '{}')).toMatchObject({ system: 'APL-1' });
    }
  });
});

describe('startHaproxy', () => {
  it("fails with HAProxy's own error when another program holds its port, instead of taking that program for it", async () => {
    const port = await freePort();
    const other = net.createServer().listen(port, '127.0.0.1');
    await new Promise((resolve) => other.once('listening', resolve));
    try {
      await expect(
        startHaproxy({ root: path.join(root, 'taken-port'), port, nodePorts: [nodePorts[0] ?? 0] }),
      ).rejects.toThrow(/cannot bind socket/);
    } finally {
      other.close();
    }
  });
});
