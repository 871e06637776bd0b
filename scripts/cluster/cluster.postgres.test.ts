/**
 * The local cluster of `npm run cluster` (issue #29), from its real parts: a PostgreSQL 15 primary with a streaming
 * hot-standby replica, two portal nodes (src/server/main.ts) on the primary, HAProxy in front passing TLS through.
 * Runs in the `postgres` vitest project (.ci/run installs postgresql-15 and haproxy).
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import https from 'node:https';
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
import { requestJson } from '../../src/server/testing/sse-test-client.ts';
import { nodeStates, startHaproxy, type Haproxy } from './haproxy.ts';
import { shareKeyFolder, startPortalNodes } from './portal-nodes.ts';
import { startPostgresPair, streamingReplicas, type PostgresPair } from './postgres-pair.ts';

const CHECK_INTERVAL_MS = 300;
const TENANT = DEMO_TENANTS.apollo.id;

let root = '';
let postgres: PostgresPair | undefined;
let nodes: PortalProcess[] = [];
let haproxy: Haproxy | undefined;
let nodePorts: number[] = [];
let publicUrl = '';
let ca = '';

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
    env: { PORTAL_LOG_LEVEL: 'warn', PORTAL_SCHEDULER: '0' },
    readyTimeoutMs: 90_000,
  });
  haproxy = await startHaproxy({ root, port: proxyPort, nodePorts, checkIntervalMs: CHECK_INTERVAL_MS });
}, 240_000);

afterAll(async () => {
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
    } finally {
      await onReplica('SELECT pg_wal_replay_resume()');
    }
    await waitFor(async () => (await nicknames(nodeUrl(1))).includes('Hall north'), 10_000);
    await waitFor(async () => (await health(nodeUrl(1))).replica?.['lagBytes'] === 0, 10_000);
  });

  it('keeps answering through HAProxy when a node is killed, and takes the dead node out', async () => {
    await waitFor(async () => Object.values(await nodeStates(root)).join() === 'UP,UP', 10_000);
    const bearer = await signIn();
    const [first] = nodes;
    if (first === undefined) throw new Error('two nodes expected');
    first.child.kill('SIGKILL');
    await new Promise<void>((resolve) => first.child.once('exit', () => resolve()));

    // Right after the kill (before a health check noticed): a refused connection is sent to the other node.
    const statuses: number[] = [];
    for (let request = 0; request < 12; request += 1) {
      const answer = await requestJson(`${publicUrl}/api/users/user-settings`, { authorization: bearer, tls: { ca } });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual(Array.from({ length: 12 }, () => 200));
    // Two failed checks later HAProxy marks the node down.
    await waitFor(async () => (await nodeStates(root))['node1'] === 'DOWN', 20 * CHECK_INTERVAL_MS);
    expect((await nodeStates(root))['node2']).toBe('UP');
    // And a new sign-in works with one node left.
    expect(await signIn()).toMatch(/^Bearer /);
  });
});
