import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { sql } from 'kysely';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SchedulerEntry } from '../../shared/contract/scheduler.contract.ts';
import { createMailTransport, type MailTransport } from '../mail/mail-transport.ts';
import { portalSecret } from '../mail/portal-secrets.ts';
import { signUnsubscribeToken } from '../mail/unsubscribe-token.ts';
import { createApiTestHarness, type ApiTestHarness } from '../testing/api-test-harness.ts';
import {
  berlinEditor,
  REPORT_TENANT,
  reportAdmin,
  seedReportFleet,
  weeklyDtgGoal,
} from '../testing/report-test-fleet.ts';
import { weeklyReport } from '../mail/weekly-report.ts';
import { sendDueReports, UNSUBSCRIBE_KEY, type ReportSenderDeps } from './report-sender.ts';

/**
 * Delivery of the weekly report (issue #27) through a real SMTP server in the test (smtp-server, parsed back with
 * mailparser). The admin's Tuesday entry in Berlin is due at 06:00 CEST on Tuesday 31 March 2026 and reports the week
 * of 23–29 March (the DST week) against 16–22 March. Its numbers are checked against the raw jobs, summed by a query
 * written from the glossary: production is the impressions (DTG) or printed media length in metres (DTF) of the jobs
 * that ended in the week on their site's local clock.
 */

const SEND_DAY = new Date('2026-03-31T09:00:00Z');
const NEXT_TUESDAY = new Date('2026-04-07T09:00:00Z');
const adminEmail = `${reportAdmin.sub}@example.test`;

interface SmtpInbox {
  messages: ParsedMail[];
  /** Refuse the next `count` messages with a 451 (a server's temporary failure). */
  refuseNext(count: number): void;
  url: string;
  close(): Promise<void>;
}

async function startSmtpInbox(): Promise<SmtpInbox> {
  const messages: ParsedMail[] = [];
  let refusals = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      // keepCidLinks: the HTML as sent (cid: references), not with the images inlined as data URLs.
      simpleParser(stream, { keepCidLinks: true })
        .then((mail) => {
          if (refusals > 0) {
            refusals -= 1;
            const error = Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 });
            return callback(error);
          }
          messages.push(mail);
          return callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    messages,
    refuseNext: (count) => (refusals = count),
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Production per group of the week from the raw jobs (glossary "Total Impressions", "Total Production"). */
async function rawWeekProduction(h: ApiTestHarness, from: string, to: string) {
  const rows = await sql<{ system_group: string; impressions: string; media_mm: string }>`
    SELECT s.system_group, sum(j.impressions) AS impressions, sum(j.media_length_mm) AS media_mm
    FROM jobs j
    JOIN systems s ON s.tenant_id = j.tenant_id AND s.id = j.system_id
    JOIN sites si ON si.tenant_id = s.tenant_id AND si.id = s.site_id
    WHERE j.tenant_id = ${REPORT_TENANT}
      AND (j.ended_at AT TIME ZONE si.time_zone)::date BETWEEN ${from}::date AND ${to}::date
    GROUP BY s.system_group`.execute(h.database.db);
  const of = (group: string) => rows.rows.find((row) => row.system_group === group);
  return { dtgImpressions: Number(of('DTG')?.impressions ?? 0), dtfMetres: Number(of('DTF')?.media_mm ?? 0) / 1000 };
}

const en = (value: number, digits: number) =>
  new Intl.NumberFormat('en-US', { maximumFractionDigits: digits }).format(value);

/** A scheduler entry sent weekly on Tuesday (spec weekday 1) from 1 March 2026, on Berlin's clock, the user's whole scope. */
const weeklyOnTuesday = (subject: string) => ({
  subject,
  emailReportId: 1,
  startSendDate: '2026-03-01',
  repeat: { frequency: 2, dayOfWeek: [1] },
  notes: '',
  isActive: true,
  customerIds: [],
  siteIds: [],
  systemIds: [],
  timeZone: 'Europe/Berlin',
});

describe('weekly report delivery over SMTP', () => {
  let h: ApiTestHarness;
  let inbox: SmtpInbox;
  let transport: MailTransport;
  let entry: SchedulerEntry;
  let deps: (now: Date) => ReportSenderDeps;

  beforeAll(async () => {
    h = await createApiTestHarness({ clock: () => new Date('2026-04-01T10:00:00Z') });
    await seedReportFleet(h.database.db, '2026-03-16', '2026-03-30');
    // A weekly DTG goal for the reported week (migration 008: keyed by its Monday).
    await h.database.db.insertInto('goals').values(weeklyDtgGoal('2026-03-23', 50_000)).execute();
    inbox = await startSmtpInbox();
    transport = createMailTransport({ smtpUrl: inbox.url, outboxDir: '' });
    deps = (now) => ({
      db: h.database.db,
      transport,
      publicUrl: 'https://portal.test',
      from: 'Fleet Portal <reports@portal.test>',
      clock: () => now,
    });
    const created = await h.app.inject({
      method: 'POST',
      url: '/api/email-reports-scheduler/entries',
      headers: { authorization: await h.bearer(reportAdmin) },
      payload: weeklyOnTuesday('My report'),
    });
    entry = created.json<SchedulerEntry>();
  }, 120_000);

  afterAll(async () => {
    transport.close();
    await inbox.close();
    await h.close();
  });

  const listed = async () =>
    (
      await h.app.inject({
        method: 'GET',
        url: '/api/email-reports-scheduler/entries',
        headers: { authorization: await h.bearer(reportAdmin) },
      })
    ).json<SchedulerEntry[]>()[0];

  it('retries a refused send with back-off and shows the failure on the entry meanwhile', async () => {
    inbox.refuseNext(1);
    expect(await sendDueReports(deps(SEND_DAY))).toEqual({ sent: 0, failed: 1 });
    expect(inbox.messages).toHaveLength(0);
    expect((await listed())?.lastError).toMatch(/^Sending failed \(attempt 1 of 5\): .*Mailbox busy/);
    // Not again before the first back-off (1 minute) is over.
    expect(await sendDueReports(deps(new Date(SEND_DAY.getTime() + 30_000)))).toEqual({ sent: 0, failed: 0 });
  });

  it('sends the due report exactly once, whatever the number of passes', async () => {
    const retryAt = new Date(SEND_DAY.getTime() + 61_000);
    expect(await sendDueReports(deps(retryAt))).toEqual({ sent: 1, failed: 0 });
    expect(await sendDueReports(deps(retryAt))).toEqual({ sent: 0, failed: 0 });
    expect(await sendDueReports(deps(new Date('2026-04-02T09:00:00Z')))).toEqual({ sent: 0, failed: 0 });
    expect(inbox.messages).toHaveLength(1);
    const shown = await listed();
    expect(shown?.lastSent).toBe(retryAt.toISOString());
    expect(shown?.lastError).toBeNull();
  });

  it("holds the week's numbers against the previous week and the goal, a chart image with alt text and a text part", async () => {
    const mail = inbox.messages[0];
    if (mail === undefined) throw new Error('no e-mail arrived');
    expect(mail.subject).toBe('My report: 23 Mar 2026 – 29 Mar 2026');
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toBe(adminEmail);
    const html = String(mail.html);
    const week = await rawWeekProduction(h, '2026-03-23', '2026-03-29');
    const before = await rawWeekProduction(h, '2026-03-16', '2026-03-22');
    expect(week.dtgImpressions).toBeGreaterThan(0);
    expect(html).toContain(
      `<td style="padding:6px 10px;border-bottom:1px solid #e5e7eb;text-align:right;text-align:left;">Total Impressions</td><td style="padding:6px 10px;border-bottom:1px solid #e5e7eb;text-align:right;font-weight:bold;">${en(week.dtgImpressions, 0)} imp</td><td style="padding:6px 10px;border-bottom:1px solid #e5e7eb;text-align:right;">${en(before.dtgImpressions, 0)} imp</td>`,
    );
    expect(html).toContain(`${en(week.dtfMetres, 1)} m</td>`);
    expect(html).toContain(`${en(before.dtfMetres, 1)} m</td>`);
    const percent = ((week.dtgImpressions / 50_000) * 100).toFixed(2);
    expect(html).toContain(`Weekly goal: ${en(week.dtgImpressions, 0)} imp of 50,000 imp (${percent}%)`);
    expect(mail.text).toContain(
      `Total Impressions: ${en(week.dtgImpressions, 0)} imp (previous week ${en(before.dtgImpressions, 0)} imp`,
    );

    const charts = mail.attachments.filter((attachment) => attachment.contentType === 'image/png');
    expect(charts.map((chart) => chart.cid).sort()).toEqual(['chart-dtf@fleet-portal', 'chart-dtg@fleet-portal']);
    expect(charts[0]?.content.subarray(1, 4).toString()).toBe('PNG');
    expect(html).toContain(
      'src="cid:chart-dtg@fleet-portal" alt="Total Impressions per day (imp), this week against the previous week. Mon 23: ',
    );
    expect(html).toContain(
      'href="https://portal.test/reports/overview?selectedSystemGroup=DTG&amp;timeframe=week&amp;day=2026-03-23"',
    );
  });

  it('sends a slot once when two senders (two portal processes) run at the same moment', async () => {
    const payload = weeklyOnTuesday('Berlin weekly');
    const created = await h.app.inject({
      method: 'POST',
      url: '/api/email-reports-scheduler/entries',
      headers: { authorization: await h.bearer(berlinEditor) },
      payload,
    });
    expect(created.statusCode).toBe(200);
    const at = new Date('2026-03-31T10:00:00Z');
    const [first, second] = await Promise.all([sendDueReports(deps(at)), sendDueReports(deps(at))]);
    expect((first?.sent ?? 0) + (second?.sent ?? 0)).toBe(1);
    const berlin = inbox.messages.filter((mail) => mail.subject?.startsWith('Berlin weekly'));
    expect(berlin).toHaveLength(1);
    // Scoped to the Berlin site: its numbers are not the whole fleet's (the report is built for its own user).
    expect(String(berlin[0]?.html)).not.toBe(String(inbox.messages[0]?.html));
  });

  it('flags a previous week the portal holds only in part: the fleet history starts on 16 March', async () => {
    const scope = { tenantId: REPORT_TENANT, customerIds: [], siteIds: [], systemIds: [] };
    const noNarrowing = { customerIds: [], siteIds: [], systemIds: [] };
    const now = new Date('2026-04-01T10:00:00Z');
    const firstWeek = await weeklyReport(h.database.db, scope, noNarrowing, '2026-03-16', now);
    expect(firstWeek.map((group) => [group.group, group.previousWeekDataFrom])).toEqual([
      ['DTG', '2026-03-16'],
      ['DTF', '2026-03-16'],
    ]);
    const secondWeek = await weeklyReport(h.database.db, scope, noNarrowing, '2026-03-23', now);
    expect(secondWeek.map((group) => group.previousWeekDataFrom)).toEqual([null, null]);
    const html = String(inbox.messages[0]?.html);
    expect(html).not.toContain('Changes not shown');
    expect(html).toMatch(/<td style="[^"]*">[+-]\d+(\.\d+)?%<\/td>/);
  });

  it('stops sending once unsubscribed from the link; a forged, mismatched or expired token changes nothing', async () => {
    const link = /Unsubscribe: (https:\/\/portal\.test\/unsubscribe\?token=(\S+))/.exec(inbox.messages[0]?.text ?? '');
    const token = link?.[2] ?? '';
    expect(token).not.toBe('');
    const unsubscribe = (email: string, value: string) =>
      h.app.inject({
        method: 'POST',
        url: '/api/email-reports-scheduler/unsubscribe',
        payload: { email, token: value },
      });

    const [payload, signature] = token.split('.');
    const forged = `${Buffer.from(JSON.stringify([REPORT_TENANT, entry.reportId, adminEmail, 4_102_444_800])).toString('base64url')}.${signature}`;
    const key = await portalSecret(h.database.db, UNSUBSCRIBE_KEY);
    const expired = signUnsubscribeToken(key, {
      tenantId: REPORT_TENANT,
      scheduleId: entry.reportId,
      email: adminEmail,
      expiresAt: Math.floor(new Date('2026-03-31T00:00:00Z').getTime() / 1000),
    });
    for (const [email, value] of [
      [adminEmail, forged],
      [adminEmail, `${payload}.x${signature}`],
      ['someone.else@example.test', token],
      [adminEmail, expired],
    ] as const) {
      const refused = await unsubscribe(email, value);
      expect(refused.statusCode).toBe(403);
      expect((await listed())?.isActive).toBe(true);
    }
    expect((await unsubscribe('', token)).statusCode).toBe(400);

    expect((await unsubscribe(adminEmail.toUpperCase(), token)).statusCode).toBe(204);
    expect((await listed())?.isActive).toBe(false);
    const toAdmin = () => inbox.messages.filter((mail) => mail.subject?.startsWith('My report')).length;
    expect(toAdmin()).toBe(1);
    // The Berlin entry still sends its next Tuesday; the admin's stopped one does not.
    expect(await sendDueReports(deps(NEXT_TUESDAY))).toEqual({ sent: 1, failed: 0 });
    expect(toAdmin()).toBe(1);
  });
});
