/**
 * `npm run bench -- layout-reload [--runs N]` (issue #25): the portal as `npm start` runs it (scripts/start.ts, the web
 * app's build unchanged), on a fresh data folder and a scratch copy of layouts/ (PORTAL_LAYOUTS_DIR):
 * 1. first start to ready on the fresh data folder (database created, the recent window of demo history filled);
 * 2. restart to ready on that folder, N times;
 * 3. layout edit → served, N times: from writing overview.json (a new title) to GET /api/report-layouts/overview
 *    answering it (the watcher's debounce, reading and validating the folder, one request's round trip).
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_PASSWORD } from '../../src/server/idp/demo-accounts.ts';
import { freePort } from '../../src/server/testing/free-port.ts';
import { signInOverHttp } from '../../src/server/testing/oidc-sign-in.ts';
import { startPortalProcess, type PortalProcess } from '../../src/server/testing/portal-process.ts';
import { requestJson } from '../../src/server/testing/sse-test-client.ts';
import type { ReportLayoutAnswer } from '../../src/shared/contract/report-layouts.contract.ts';
import { formatMs, percentile } from './latency-stats.ts';
import { PORTAL_START_SCRIPT } from '../portal-node-flags.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const START = path.join(ROOT, PORTAL_START_SCRIPT);
const ADMIN = 'admin@northwind.demo';

async function timeToReady(env: Record<string, string>): Promise<{ portal: PortalProcess; ms: number }> {
  const started = performance.now();
  const portal = await startPortalProcess({ entry: START, cwd: ROOT, env, readyTimeoutMs: 300_000 });
  return { portal, ms: performance.now() - started };
}

const summary = (values: number[]) =>
  `median ${formatMs(percentile(values, 50))} ms (${formatMs(Math.min(...values))}–${formatMs(Math.max(...values))} ms, ${values.length} runs)`;

export async function benchLayoutReload(runs = 7): Promise<string[]> {
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs must be a positive integer');
  const work = mkdtempSync(path.join(tmpdir(), 'fleet-layout-reload-'));
  const layoutsDir = path.join(work, 'layouts');
  cpSync(path.join(ROOT, 'layouts'), layoutsDir, { recursive: true });
  const env = {
    PORTAL_DATA_DIR: path.join(work, 'data'),
    PORTAL_LAYOUTS_DIR: layoutsDir,
    PORTAL_PORT: String(await freePort()),
  };
  const loadAtStart = loadavg()[0] ?? 0;
  let portal: PortalProcess | undefined;
  try {
    const first = await timeToReady(env);
    portal = first.portal;
    const restarts: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      await portal.stop();
      const next = await timeToReady(env);
      portal = next.portal;
      restarts.push(next.ms);
    }

    const ca = readFileSync(path.join(env.PORTAL_DATA_DIR, 'tls', 'ca.crt'), 'utf8');
    const base = portal.url;
    const { accessToken } = await signInOverHttp(
      { publicUrl: base, issuer: `${base}/idp`, clientId: 'fleet-portal', ca },
      ADMIN,
      DEMO_PASSWORD,
    );
    const file = path.join(layoutsDir, 'overview.json');
    const original = readFileSync(file, 'utf8');
    const servedTitle = async () => {
      const { status, body } = await requestJson(`${base}/api/report-layouts/overview`, {
        authorization: `Bearer ${accessToken}`,
        tls: { ca },
      });
      if (status !== 200) throw new Error(`GET /api/report-layouts/overview answered ${status}`);
      return (body as ReportLayoutAnswer).layout.title;
    };
    const edits: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      const title = `Overview ${run + 1}`;
      const written = performance.now();
      writeFileSync(file, `${JSON.stringify({ ...(JSON.parse(original) as object), title }, null, 2)}\n`);
      while ((await servedTitle()) !== title) {
        if (performance.now() - written > 10_000) throw new Error(`'${title}' was not served within 10 s`);
      }
      edits.push(performance.now() - written);
    }

    return [
      `Portal as npm start runs it, unchanged web-app build; 1-minute load average ${loadAtStart.toFixed(1)} at the start.`,
      '',
      '| measurement | value |',
      '|---|---|',
      `| first start to ready, fresh data folder | ${formatMs(first.ms)} ms |`,
      `| restart to ready, same data folder | ${summary(restarts)} |`,
      `| layout edit → served (file written → GET answers the new layout) | ${summary(edits)} |`,
    ];
  } finally {
    await portal?.stop();
    rmSync(work, { recursive: true, force: true });
  }
}
