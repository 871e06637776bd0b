/**
 * Issue #27's figures: the time to build and send one weekly report e-mail, and to send 1,000 due ones in one pass of
 * the sender, on PGlite (in memory, in its worker thread, as the portal runs it), to the `.eml` outbox.
 *   node scripts/bench/report-mail-bench.ts [entries=1000] [distinct-systems|distinct|shared]
 * The fleet and the recipients' scopes by mode: report-mail-fleet.ts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openTestDatabase } from '../../src/server/db/test-database.ts';
import { sendDueReports } from '../../src/server/email-reports/report-sender.ts';
import { createMailTransport } from '../../src/server/mail/mail-transport.ts';
import { addUsersWithEntries, seedMailBenchFleet, SEND_AT, type RecipientMode } from './report-mail-fleet.ts';

const entries = Number(process.argv[2] ?? 1000);
const mode = (process.argv[3] ?? 'distinct-systems') as RecipientMode;
const database = await openTestDatabase();
const { db } = database;
const outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'report-mail-bench-'));
const transport = createMailTransport({ smtpUrl: null, outboxDir: outbox });
const deps = {
  db,
  transport,
  publicUrl: 'https://portal.test',
  from: 'Fleet Portal <reports@portal.test>',
  clock: () => SEND_AT,
};

try {
  await seedMailBenchFleet(db, mode, { users: false });
  await addUsersWithEntries(db, mode, 0, 1);
  const warm = await sendDueReports(deps);
  await db.deleteFrom('email_sends').execute();
  const oneStart = performance.now();
  const one = await sendDueReports(deps);
  const oneMs = performance.now() - oneStart;
  console.log(`one e-mail: ${oneMs.toFixed(0)} ms (sent ${one.sent}; first, cold: sent ${warm.sent})`);

  await db.deleteFrom('email_sends').execute();
  await addUsersWithEntries(db, mode, 1, entries - 1);
  const manyStart = performance.now();
  const cpuStart = process.cpuUsage();
  const many = await sendDueReports(deps);
  const manyMs = performance.now() - manyStart;
  // Every thread of the process (main, PGlite's, the chart threads): the work, whatever the machine's load.
  const cpu = process.cpuUsage(cpuStart);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  const size = fs.readdirSync(outbox).reduce((sum, name) => sum + fs.statSync(path.join(outbox, name)).size, 0);
  console.log(
    `${entries} due e-mails (${mode} scopes) in one pass: ${(manyMs / 1000).toFixed(1)} s (${(manyMs / entries).toFixed(0)} ms each; CPU of all threads ${(cpuMs / 1000).toFixed(1)} s, ${(cpuMs / entries).toFixed(0)} ms each; sent ${many.sent}, failed ${many.failed}; outbox ${(size / 1e6).toFixed(1)} MB)`,
  );
} finally {
  transport.close();
  await database.close();
  fs.rmSync(outbox, { recursive: true, force: true });
}
