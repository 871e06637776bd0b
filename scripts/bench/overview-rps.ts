/**
 * Requests/s of one running portal under the Overview page's calls (issue #29, first paragraph: HEAD against an older
 * commit on the same PostgreSQL). Not a soak: no HAProxy, no replica, one process the caller started (any checkout, so
 * an old commit can be measured with this client) with the demo fleet and its live simulator.
 *
 *   node scripts/bench/overview-rps.ts --url https://localhost:18517 --ca <data dir>/tls/ca.crt \
 *     [--connections 20] [--seconds 30] [--warmup 5] [--calls common|page] [--periods day,week]
 *
 * Signs in as the Northwind admin at the portal's embedded provider, then keeps N keep-alive HTTPS connections busy
 * (one request at a time each) with the Overview calls for the last complete day and its week (`--periods`), round robin. `common`
 * (default) sends the 11 calls of spec reports §7 that every commit since 98d5ff4 serves; `page` adds the OEE card's
 * call, as today's Overview page sends it. The first `warmup` seconds are not counted. Prints one JSON line:
 * requests, requests/s, p50/p95/p99 ms, non-2xx answers, and the 1-minute load average at the start and the end.
 */
import { readFileSync } from 'node:fs';
import https from 'node:https';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { DEMO_TENANTS } from '../../src/server/fixtures/demo-tenants.ts';
import { DEMO_PASSWORD } from '../../src/server/idp/demo-accounts.ts';
import { DEMO_PLAN_SEED, planFleet } from '../../src/server/simulator/fleet-plan.ts';
import { lastCompleteDay } from '../../src/server/simulator/simulate.ts';
import { signInOverHttp } from '../../src/server/testing/oidc-sign-in.ts';
import { benchParameters } from './endpoint-latency.ts';
import { percentile } from './latency-stats.ts';

/** The Overview calls of spec reports §7 (the same paths at 98d5ff4 and today). */
export const SPEC_OVERVIEW_CALLS = [
  'overview-cards',
  'impressions-availability-cards',
  'production-rate',
  'productivity',
  'achievements',
  'overview-graphs',
  'impressions-availability-graphs',
  'impressions-by-hour-matrix',
  'utilization-productivity-matrix',
  'impressionsKPIs',
  'availabilitiesKPIs',
];

/** The calls' paths for the last complete day and its week, on the Northwind tenant's largest group. */
export function overviewRpsPaths(calls: 'common' | 'page', day: string, periods = ['day', 'week']): string[] {
  const plan = planFleet({ seed: DEMO_PLAN_SEED });
  const { group } = benchParameters(plan, DEMO_TENANTS.main.id);
  const names = calls === 'page' ? [...SPEC_OVERVIEW_CALLS, 'oee'] : SPEC_OVERVIEW_CALLS;
  return periods
    .map((period) => `${period}=${day}`)
    .flatMap((period) => names.map((name) => `/api/overview-report/${name}?${period}&systemGroup=${group}`));
}

function post(agent: https.Agent, url: string, authorization: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = https.request(
      url,
      { method: 'POST', agent, headers: { authorization, 'content-type': 'application/json' } },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end('{"systems":[]}');
  });
}

async function main() {
  const { values } = parseArgs({
    options: {
      url: { type: 'string' },
      ca: { type: 'string' },
      connections: { type: 'string', default: '20' },
      seconds: { type: 'string', default: '30' },
      warmup: { type: 'string', default: '5' },
      calls: { type: 'string', default: 'common' },
      periods: { type: 'string', default: 'day,week' },
    },
  });
  if (values.url === undefined || values.ca === undefined) throw new Error('--url and --ca are required');
  const calls = values.calls === 'page' ? 'page' : 'common';
  const publicUrl = values.url;
  const ca = readFileSync(values.ca, 'utf8');
  const signedIn = await signInOverHttp(
    { publicUrl, issuer: `${publicUrl}/idp`, clientId: 'fleet-portal', ca },
    'admin@northwind.demo',
    DEMO_PASSWORD,
  );
  const authorization = `Bearer ${signedIn.accessToken}`;
  const day = lastCompleteDay(planFleet({ seed: DEMO_PLAN_SEED }), new Date());
  const paths = overviewRpsPaths(calls, day, values.periods.split(','));
  const connections = Number(values.connections);
  const agent = new https.Agent({ keepAlive: true, maxSockets: connections, ca });
  const loadAtStart = loadavg()[0] ?? 0;
  const started = performance.now();
  const counted = started + Number(values.warmup) * 1000;
  const ends = counted + Number(values.seconds) * 1000;
  const latencies: number[] = [];
  let failed = 0;
  let next = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < ends) {
        const path = paths[next % paths.length] ?? '';
        next += 1;
        const at = performance.now();
        const status = await post(agent, `${publicUrl}${path}`, authorization);
        if (at < counted) continue;
        if (status >= 300) failed += 1;
        latencies.push(performance.now() - at);
      }
    }),
  );
  agent.destroy();
  const seconds = (performance.now() - counted) / 1000;
  const round = (ms: number) => Math.round(ms * 10) / 10;
  console.log(
    JSON.stringify({
      url: publicUrl,
      calls,
      connections,
      requests: latencies.length,
      requestsPerSecond: Math.round((latencies.length / seconds) * 10) / 10,
      p50: round(percentile(latencies, 50)),
      p95: round(percentile(latencies, 95)),
      p99: round(percentile(latencies, 99)),
      failed,
      load1: [Math.round(loadAtStart * 100) / 100, Math.round((loadavg()[0] ?? 0) * 100) / 100],
    }),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
