/**
 * Issue #28's figures for the public data API (docs/benchmarks.md "Public data API over mutual TLS"):
 * - p50/p95 of the Overview cards (JSON) and of the month's jobs (CSV) on the mutual-TLS listener, beside the same
 *   data on the browser API over HTTPS with a bearer token (the Overview cards call; the job summary JSON on both
 *   sides, and the browser's per-job XLSX beside the CSV), each side on one keep-alive connection;
 * - TLS handshakes per second: full handshakes (new connection, no session resumption) with a client certificate on
 *   the mutual-TLS listener, beside handshakes without one on the browser API's listener, sequential and 8 at a time.
 *   Client and servers share this one process (and its thread): the figures are the pair's, a lower bound for a server.
 *   node scripts/bench/public-api-bench.ts [--requests N] [--handshakes N] [--systems N] [--days N]
 * The fleet is built through ingest and cached under var/bench/ (scripts/bench/bench-fleet.ts); default 42 systems
 * (the demo fleet's size), 35 days, so a whole month has data.
 */
import https from 'node:https';
import path from 'node:path';
import tls from 'node:tls';
import { parseArgs } from 'node:util';
import { ROLE } from '../../src/shared/auth/roles.ts';
import { addDays } from '../../src/shared/time/local-time.ts';
import { buildApp } from '../../src/server/app.ts';
import { runAsCaller } from '../../src/server/auth/tenant-request.ts';
import { createCertificate } from '../../src/server/certificates/client-certificates.ts';
import { loadConfig } from '../../src/server/config.ts';
import { buildPublicApiServer } from '../../src/server/public-api/public-api-server.ts';
import { createTokenSigner } from '../../src/server/testing/api-test-harness.ts';
import { freePort } from '../../src/server/testing/free-port.ts';
import { ensureClientCa } from '../../src/server/tls/client-ca.ts';
import { ensureLocalCertificates } from '../../src/server/tls/local-ca.ts';
import { largestTenant } from './bench-app.ts';
import { describeFleet, openBenchFleet, type FleetSpec } from './bench-fleet.ts';
import { formatSummary, summarise, timeRuns } from './latency-stats.ts';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '30' },
    handshakes: { type: 'string', default: '400' },
    systems: { type: 'string', default: '42' },
    days: { type: 'string', default: '35' },
  },
});
const REQUESTS = Number(values.requests);
const HANDSHAKES = Number(values.handshakes);
const spec: FleetSpec = { seed: 1, systems: Number(values.systems), tenants: 3, days: Number(values.days) };
const USER = 'bench-integrator';

const fleet = await openBenchFleet(spec, { kind: 'pglite', benchDir: path.resolve('var/bench') });
const { db, plan } = fleet;
const tenantId = largestTenant(plan);
await db
  .insertInto('users')
  .values({
    id: USER,
    tenant_id: tenantId,
    email: `${USER}@bench.test`,
    first_name: 'Bench',
    last_name: 'Integrator',
    roles: [ROLE.Certificate],
  })
  .onConflict((conflict) => conflict.column('id').doNothing())
  .execute();

const tlsDir = path.resolve('var/bench/tls');
const server = await ensureLocalCertificates(tlsDir, ['localhost', '127.0.0.1']);
const clientCa = await ensureClientCa(tlsDir);
const issued = await runAsCaller(db, { sub: USER, tenantId }, (trx) =>
  createCertificate(trx, clientCa, { tenantId, userId: USER, email: `${USER}@bench.test` }, new Date()),
);

const browserPort = await freePort();
const mtlsPort = await freePort();
const config = loadConfig(
  { PORTAL_PUBLIC_URL: `https://localhost:${browserPort}`, PORTAL_API_MTLS_PORT: String(mtlsPort) },
  process.cwd(),
);
const signer = await createTokenSigner(config);
const browserApp = await buildApp({
  config,
  db,
  getKey: signer.getKey,
  distDir: null,
  https: { cert: server.cert, key: server.key },
});
await browserApp.listen({ host: '127.0.0.1', port: browserPort });
const publicApi = await buildPublicApiServer({
  db,
  clock: () => new Date(),
  exportLimits: config.exportLimits,
  address: { version: 'bench', publicUrl: config.publicUrl, mtlsPort },
  tls: { cert: server.cert, key: server.key },
  clientCaPem: clientCa.certPem,
  // The limit would answer 429 to a benchmark; its cost (a map lookup) stays in.
  rateLimit: { capacity: 1e9, perSecond: 1e9 },
});
await publicApi.listen({ host: '127.0.0.1', port: mtlsPort });
const authorization = `Bearer ${await signer.mintToken(
  { sub: USER, tenantId, roles: [ROLE.Certificate], email: `${USER}@bench.test` },
  { expiresAt: '1h' },
)}`;

const clientCertificate = { cert: issued.certificatePem, key: issued.privateKeyPem };
const mtlsAgent = new https.Agent({ keepAlive: true, maxSockets: 1, ca: server.ca ?? '', ...clientCertificate });
const browserAgent = new https.Agent({ keepAlive: true, maxSockets: 1, ca: server.ca ?? '' });

/** One request, the whole body read; fails on anything but 200. */
function call(
  agent: https.Agent,
  port: number,
  method: 'GET' | 'POST',
  url: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = https.request({ host: 'localhost', port, path: url, method, agent, headers }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () =>
        response.statusCode === 200 ? resolve(bytes) : reject(new Error(`${url}: ${response.statusCode}`)),
      );
    });
    request.on('error', reject);
    request.end(body);
  });
}

const browserPost = (url: string) =>
  call(browserAgent, browserPort, 'POST', url, { authorization, 'content-type': 'application/json' }, '{"systems":[]}');
const mtlsGet = (url: string) => call(mtlsAgent, mtlsPort, 'GET', url);

// The tenant's group with the most systems.
const { system_group: group } = await db
  .selectFrom('systems')
  .select(['system_group', (eb) => eb.fn.countAll().as('systems')])
  .where('tenant_id', '=', tenantId)
  .groupBy('system_group')
  .orderBy('systems', 'desc')
  .executeTakeFirstOrThrow();
const monthEnd = fleet.build.to;
const monthStart = addDays(monthEnd, -29);
const month = `custom=${monthStart}/${monthEnd}`;

const pairs: [string, () => Promise<number>, () => Promise<number>][] = [
  [
    `Overview cards (JSON), ${month}`,
    () => mtlsGet(`/v1/overview?systemGroup=${group}&${month}`),
    () => browserPost(`/api/overview-report/overview-cards?systemGroup=${group}&${month}`),
  ],
  [
    `Job summary (JSON), ${month}`,
    () => mtlsGet(`/v1/jobs?systemGroupType=${group}&${month}`),
    () => browserPost(`/api/job-analysis-report/job-summary?systemGroupType=${group}&${month}`),
  ],
  [
    `Jobs of the month: CSV (mTLS) / ink XLSX (browser), ${month}`,
    () => mtlsGet(`/v1/jobs.csv?systemGroupType=${group}&${month}`),
    () => browserPost(`/api/job-analysis-report/ink-consumption-per-job-file?systemGroupType=${group}&${month}`),
  ],
];

console.log(
  `Fleet: ${describeFleet(spec)}, ${fleet.build.from} to ${fleet.build.to}; tenant ${tenantId}, group ${group}`,
);
console.log(`Requests per call and side: ${REQUESTS} (after 3 warm-up calls), one keep-alive connection each.`);
for (const [label, mtls, browser] of pairs) {
  const bytes = { mtls: await mtls(), browser: await browser() };
  for (let warm = 0; warm < 2; warm += 1) await Promise.all([mtls(), browser()]).catch(() => undefined);
  // Interleaved runs, so load from other work on the machine falls on both sides alike.
  const mtlsTimes: number[] = [];
  const browserTimes: number[] = [];
  for (let run = 0; run < REQUESTS; run += 1) {
    mtlsTimes.push(...(await timeRuns(1, mtls)));
    browserTimes.push(...(await timeRuns(1, browser)));
  }
  const m = summarise(mtlsTimes);
  const b = summarise(browserTimes);
  console.log(
    `${label}: mTLS ${formatSummary(m)} (${bytes.mtls} bytes); browser ${formatSummary(b)} (${bytes.browser} bytes); ` +
      `p50 ${(((m.p50 - b.p50) / b.p50) * 100).toFixed(1)} %`,
  );
}

/** Full TLS handshakes per second to `port` (`concurrency` at a time), each connection closed once it is secure. */
async function handshakesPerSecond(port: number, withCertificate: boolean, concurrency: number): Promise<number> {
  let left = HANDSHAKES;
  const one = () =>
    new Promise<void>((resolve, reject) => {
      const socket = tls.connect({
        host: '127.0.0.1',
        port,
        servername: 'localhost',
        ca: server.ca ?? '',
        ...(withCertificate ? clientCertificate : {}),
      });
      // TLS 1.3: the server checks the client's certificate after its own Finished and only then sends its session
      // ticket, so the handshake counts once the ticket arrives (a refused certificate closes the connection instead).
      socket.once('session', () => {
        socket.end();
        resolve();
      });
      socket.once('close', () => reject(new Error('The handshake was refused')));
      socket.once('error', reject);
    });
  const worker = async () => {
    while (left > 0) {
      left -= 1;
      await one();
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  return HANDSHAKES / ((performance.now() - started) / 1000);
}

for (const concurrency of [1, 8]) {
  const mtls = await handshakesPerSecond(mtlsPort, true, concurrency);
  const plain = await handshakesPerSecond(browserPort, false, concurrency);
  console.log(
    `TLS handshakes/s (${HANDSHAKES}, ${concurrency} at a time): with client certificate ${mtls.toFixed(0)}; ` +
      `browser listener without ${plain.toFixed(0)}`,
  );
}

mtlsAgent.destroy();
browserAgent.destroy();
await publicApi.close();
await browserApp.close();
await fleet.close();
