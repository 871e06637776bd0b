/**
 * Issue #27: does a pass of the e-mail sender slow the portal's reports? The Overview's calls (every call of spec
 * reports §7 for the reported week and its last day, all DTG systems, as the tenant's admin) through the real app in
 * this process, one after another: first alone, then while one pass sends `entries` due e-mails in the same process
 * and on the same PGlite, then alone again (the machine's load drifts; the two quiet runs bracket it).
 * The pass gives way to the calls in flight as in the portal (routes/request-activity.ts); `ignore-requests` runs it
 * without (the sender as it was before).
 *   node scripts/bench/report-mail-p95.ts [entries=1000] [distinct-systems|distinct|shared] [rounds=10] [give-way|ignore-requests]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sendDueReports } from '../../src/server/email-reports/report-sender.ts';
import { createMailTransport } from '../../src/server/mail/mail-transport.ts';
import { createRequestActivity } from '../../src/server/routes/request-activity.ts';
import { createApiTestHarness } from '../../src/server/testing/api-test-harness.ts';
import { reportAdmin } from '../../src/server/testing/report-test-fleet.ts';
import { overviewEndpoints, type EndpointCase } from './endpoint-latency.ts';
import { formatSummary, summarise } from './latency-stats.ts';
import { addUsersWithEntries, seedMailBenchFleet, SEND_AT, type RecipientMode } from './report-mail-fleet.ts';

const entries = Number(process.argv[2] ?? 1000);
const mode = (process.argv[3] ?? 'distinct-systems') as RecipientMode;
const rounds = Number(process.argv[4] ?? 10);
const giveWay = (process.argv[5] ?? 'give-way') === 'give-way';
const requestActivity = createRequestActivity();
const h = await createApiTestHarness({ clock: () => SEND_AT, requestActivity });
const { db } = h.database;
const outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'report-mail-p95-'));
const transport = createMailTransport({ smtpUrl: null, outboxDir: outbox });
const calls: EndpointCase[] = [
  ...overviewEndpoints('DTG', 'week=2026-03-23'),
  ...overviewEndpoints('DTG', 'day=2026-03-29'),
];

/** One Overview call, timed; it must answer 200. */
async function timedCall(authorization: string, call: EndpointCase): Promise<number> {
  const started = performance.now();
  const response = await h.app.inject({
    method: call.method,
    url: call.url,
    headers: { authorization },
    payload: call.payload as Record<string, unknown>,
  });
  if (response.statusCode !== 200) throw new Error(`${call.url} answered ${response.statusCode}: ${response.body}`);
  return performance.now() - started;
}

/** Rounds of every call until `until` says stop (checked after each round), at least `minimum` rounds. */
async function callRounds(authorization: string, minimum: number, until: () => boolean): Promise<number[]> {
  const samples: number[] = [];
  for (let round = 0; round < minimum || !until(); round += 1) {
    for (const call of calls) samples.push(await timedCall(authorization, call));
  }
  return samples;
}

try {
  await seedMailBenchFleet(db, mode, { users: true });
  await addUsersWithEntries(db, mode, 0, entries);
  const authorization = await h.bearer(reportAdmin, { expiresAt: '3h' });
  await callRounds(authorization, 2, () => true);
  const before = await callRounds(authorization, rounds, () => true);

  let sending = true;
  const sendStart = performance.now();
  const pass = sendDueReports({
    db,
    transport,
    publicUrl: 'https://portal.test',
    from: 'Fleet Portal <reports@portal.test>',
    clock: () => SEND_AT,
    ...(giveWay ? { requestActivity } : {}),
  }).finally(() => (sending = false));
  const during = await callRounds(authorization, 1, () => !sending);
  const summary = await pass;
  const sendMs = performance.now() - sendStart;
  const after = await callRounds(authorization, rounds, () => true);

  const line = (label: string, samples: number[]) =>
    `${label}: ${formatSummary(summarise(samples))} (p50 / p95 of ${samples.length} calls)`;
  console.log(
    `Load average at the end: ${os
      .loadavg()
      .map((load) => load.toFixed(1))
      .join(' ')}`,
  );
  console.log(line('Overview calls, alone before', before));
  console.log(
    line(
      `Overview calls, while ${entries} e-mails (${mode}) are sent, ${giveWay ? 'giving way' : 'ignoring requests'}`,
      during,
    ),
  );
  console.log(line('Overview calls, alone after', after));
  console.log(`The pass: ${(sendMs / 1000).toFixed(1)} s, sent ${summary.sent}, failed ${summary.failed}`);
} finally {
  transport.close();
  await h.close();
  fs.rmSync(outbox, { recursive: true, force: true });
}
