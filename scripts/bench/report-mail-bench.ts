/**
 * Issue #27's figures: the time to build and send one weekly report e-mail, and to send 1,000 due ones in one pass of
 * the sender, on PGlite (in memory, in its worker thread, as the portal runs it), to the `.eml` outbox.
 * The fleet is the report tests' five simulated printers (Berlin and Newark) over three weeks; every user has its own
 * entry, due at 06:00 Berlin time on Tuesday 31 March 2026.
 *   node scripts/bench/report-mail-bench.ts [entries=1000] [shared|distinct]
 * `shared` (default): every user sees the whole tenant, so one report is built and its charts drawn once per pass;
 * `distinct`: every user's scope differs (all five systems plus an id of their own), so every e-mail is built alone.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openTestDatabase } from '../../src/server/db/test-database.ts';
import { sendDueReports } from '../../src/server/email-reports/report-sender.ts';
import { createMailTransport } from '../../src/server/mail/mail-transport.ts';
import { REPORT_TENANT, seedReportFleet } from '../../src/server/testing/report-test-fleet.ts';

const entries = Number(process.argv[2] ?? 1000);
const distinct = process.argv[3] === 'distinct';
const now = new Date('2026-03-31T09:00:00Z');
const database = await openTestDatabase();
const { db } = database;
const outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'report-mail-bench-'));
const transport = createMailTransport({ smtpUrl: null, outboxDir: outbox });
const deps = {
  db,
  transport,
  publicUrl: 'https://portal.test',
  from: 'Fleet Portal <reports@portal.test>',
  clock: () => now,
};

async function addUsersWithEntries(from: number, count: number): Promise<void> {
  const systems = (await db.selectFrom('systems').select('id').where('tenant_id', '=', REPORT_TENANT).execute()).map(
    (system) => system.id,
  );
  const users = Array.from({ length: count }, (_, index) => ({
    id: `bench-user-${from + index}`,
    tenant_id: REPORT_TENANT,
    email: `bench-user-${from + index}@example.test`,
    first_name: 'Bench',
    last_name: `User ${from + index}`,
    roles: ['email-scheduler'],
    system_ids: distinct ? [...systems, `bench-scope-${from + index}`] : [],
  }));
  for (let start = 0; start < users.length; start += 500) {
    const batch = users.slice(start, start + 500);
    await db.insertInto('users').values(batch).execute();
    await db
      .insertInto('email_schedules')
      .values(
        batch.map((user) => ({
          tenant_id: REPORT_TENANT,
          id: `entry-${user.id}`,
          user_id: user.id,
          subject: 'My report',
          start_send_date: '2026-03-01',
          send_weekdays: [1],
          time_zone: 'Europe/Berlin',
        })),
      )
      .execute();
  }
}

try {
  await seedReportFleet(db, '2026-03-09', '2026-03-30', { users: false });
  await addUsersWithEntries(0, 1);
  const warm = await sendDueReports(deps);
  await db.deleteFrom('email_sends').execute();
  const oneStart = performance.now();
  const one = await sendDueReports(deps);
  const oneMs = performance.now() - oneStart;
  console.log(`one e-mail: ${oneMs.toFixed(0)} ms (sent ${one.sent}; first, cold: sent ${warm.sent})`);

  await db.deleteFrom('email_sends').execute();
  await addUsersWithEntries(1, entries - 1);
  const manyStart = performance.now();
  const many = await sendDueReports(deps);
  const manyMs = performance.now() - manyStart;
  const size = fs.readdirSync(outbox).reduce((sum, name) => sum + fs.statSync(path.join(outbox, name)).size, 0);
  console.log(
    `${entries} due e-mails (${distinct ? 'distinct' : 'shared'} scopes) in one pass: ${(manyMs / 1000).toFixed(1)} s (${(manyMs / entries).toFixed(0)} ms each; sent ${many.sent}, failed ${many.failed}; outbox ${(size / 1e6).toFixed(1)} MB)`,
  );
} finally {
  transport.close();
  await database.close();
  fs.rmSync(outbox, { recursive: true, force: true });
}
