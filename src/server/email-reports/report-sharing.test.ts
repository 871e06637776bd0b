import { sql } from 'kysely';
import type { SendMailOptions } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalDatabase } from '../db/database.ts';
import { openTestDatabase } from '../db/test-database.ts';
import type { MailTransport } from '../mail/mail-transport.ts';
import { portalSecret } from '../mail/portal-secrets.ts';
import { reportCharts, reportEmail } from '../mail/report-email.ts';
import { signUnsubscribeToken, UNSUBSCRIBE_TOKEN_TTL_S } from '../mail/unsubscribe-token.ts';
import { weeklyReport } from '../mail/weekly-report.ts';
import { REPORT_TENANT, seedReportFleet } from '../testing/report-test-fleet.ts';
import { loadCurrentUser } from '../users/current-user.ts';
import type { LengthUnits } from '../../shared/units/length-units.ts';
import { createRequestActivity } from '../routes/request-activity.ts';
import { GIVE_WAY_MAX_MS, sendDueReports, UNSUBSCRIBE_KEY } from './report-sender.ts';

/**
 * One pass of the sender shares what recipients have in common (issue #27, 1,000 e-mails in a minute): a group's
 * numbers are built once for every recipient whose group holds the same systems, whatever scope led there, and a chart
 * of the same numbers is drawn once. Every e-mail must still be exactly the one built for its recipient alone — the
 * sender's earlier path, user by user — and its numbers those of the raw jobs (docs/kpi-glossary.md: production is the
 * impressions (DTG) or printed media length (DTF) of the jobs that ended in the week on their site's local clock).
 * The week of 23–29 March 2026 is sent on Tuesday 31 March, 06:00 Berlin time.
 */

const NOW = new Date('2026-03-31T09:00:00Z');
const WEEK = { start: '2026-03-23', end: '2026-03-29' };
const PUBLIC_URL = 'https://portal.test';
const FROM = 'Fleet Portal <reports@portal.test>';
const noNarrowing = { customerIds: [], siteIds: [], systemIds: [] };

/** Users and how their scope is given; Berlin holds DTG-10001, DTG-10003 and DTF-20001 (report-test-fleet.ts). */
const RECIPIENTS = {
  /** The Berlin site. */
  berlinSite: { site_ids: ['berlin'], serials: [] as string[], length_units: null },
  /** The same three systems, named one by one, and an id that is no system: a different scope, the same numbers. */
  berlinSystems: {
    site_ids: [],
    serials: ['DTG-10001', 'DTG-10003', 'DTF-20001'],
    extraIds: ['no-such-system'],
    length_units: null,
  },
  /** Berlin's DTG printers but Newark's DTF one: the DTG numbers are Berlin's, the DTF ones are not. */
  mixed: { site_ids: [], serials: ['DTG-10001', 'DTG-10003', 'DTF-20002'], length_units: null },
  /** Berlin in yards: the same numbers, shown in another unit. */
  berlinInYards: { site_ids: ['berlin'], serials: [], length_units: 'Yard' as const },
} as const;
type Recipient = keyof typeof RECIPIENTS;

/** A transport that keeps the messages the sender hands it, as nodemailer would get them. */
function keepingTransport(kept: SendMailOptions[]): MailTransport {
  return {
    description: 'kept in the test',
    send: async (message) => {
      kept.push(message);
      return { messageId: String(kept.length), file: null };
    },
    close: () => undefined,
  };
}

/** Printed media length in metres of the jobs of `serial` that ended in the week on their site's local clock. */
async function rawDtfMetres(database: PortalDatabase, serial: string): Promise<number> {
  const { rows } = await sql<{ media_mm: string | null }>`
    SELECT sum(j.media_length_mm) AS media_mm FROM jobs j
    JOIN systems s ON s.tenant_id = j.tenant_id AND s.id = j.system_id
    JOIN sites si ON si.tenant_id = s.tenant_id AND si.id = s.site_id
    WHERE j.tenant_id = ${REPORT_TENANT} AND s.serial_number = ${serial}
      AND (j.ended_at AT TIME ZONE si.time_zone)::date BETWEEN ${WEEK.start}::date AND ${WEEK.end}::date`.execute(
    database.db,
  );
  return Number(rows[0]?.media_mm ?? 0) / 1000;
}

describe('one pass shares builds and charts, yet every e-mail is the one built for its recipient alone', () => {
  let database: PortalDatabase;
  const sent: SendMailOptions[] = [];

  beforeAll(async () => {
    database = await openTestDatabase();
    const { db } = database;
    await seedReportFleet(db, '2026-03-09', '2026-03-30', { users: false });
    const systems = await db.selectFrom('systems').select(['id', 'serial_number']).execute();
    const idOf = (serial: string) => systems.find((system) => system.serial_number === serial)?.id ?? serial;
    for (const [name, recipient] of Object.entries(RECIPIENTS)) {
      await db
        .insertInto('users')
        .values({
          id: name,
          tenant_id: REPORT_TENANT,
          email: `${name}@example.test`,
          first_name: name,
          last_name: 'Test',
          roles: ['email-scheduler'],
          site_ids: [...recipient.site_ids],
          system_ids: [...recipient.serials.map(idOf), ...('extraIds' in recipient ? recipient.extraIds : [])],
        })
        .execute();
      if (recipient.length_units !== null) {
        await db.insertInto('user_settings').values({ user_id: name, length_units: recipient.length_units }).execute();
      }
      await db
        .insertInto('email_schedules')
        .values({
          tenant_id: REPORT_TENANT,
          id: `entry-${name}`,
          user_id: name,
          subject: 'My report',
          start_send_date: '2026-03-01',
          send_weekdays: [1],
          time_zone: 'Europe/Berlin',
        })
        .execute();
    }
    const transport = keepingTransport(sent);
    const summary = await sendDueReports({ db, transport, publicUrl: PUBLIC_URL, from: FROM, clock: () => NOW });
    expect(summary).toEqual({ sent: Object.keys(RECIPIENTS).length, failed: 0 });
  }, 120_000);

  afterAll(() => database.close());

  const sentTo = (recipient: Recipient) => {
    const message = sent.find((candidate) => candidate.to === `${recipient}@example.test`);
    if (message === undefined) throw new Error(`nothing was sent to ${recipient}`);
    return message;
  };

  /** The e-mail as the sender built it before sharing: the user's own report, its own charts, nothing shared. */
  async function builtAlone(recipient: Recipient): Promise<SendMailOptions> {
    const { db } = database;
    const { scope } = await loadCurrentUser(db, { sub: recipient, tenantId: REPORT_TENANT, isSuperUser: false });
    const lengthUnits: LengthUnits = RECIPIENTS[recipient].length_units ?? 'Meter';
    const groups = await weeklyReport(db, scope, noNarrowing, WEEK.start, NOW);
    const token = signUnsubscribeToken(await portalSecret(db, UNSUBSCRIBE_KEY), {
      tenantId: REPORT_TENANT,
      scheduleId: `entry-${recipient}`,
      email: `${recipient}@example.test`,
      expiresAt: Math.floor(NOW.getTime() / 1000) + UNSUBSCRIBE_TOKEN_TTL_S,
    });
    const input = {
      from: FROM,
      to: `${recipient}@example.test`,
      firstName: recipient,
      subject: 'My report',
      week: WEEK,
      lengthUnits,
      publicUrl: PUBLIC_URL,
      unsubscribeUrl: `${PUBLIC_URL}/unsubscribe?token=${token}`,
    };
    return reportEmail(input, await reportCharts(groups, lengthUnits));
  }

  it.each(Object.keys(RECIPIENTS) as Recipient[])('%s: the same subject, HTML, text and chart images', async (name) => {
    const alone = await builtAlone(name);
    const shared = sentTo(name);
    expect(shared.subject).toBe(alone.subject);
    expect(shared.html).toBe(alone.html);
    expect(shared.text).toBe(alone.text);
    const images = (message: SendMailOptions) =>
      (message.attachments ?? []).map((attachment) => ({
        cid: attachment.cid,
        png: Buffer.from(attachment.content as Buffer).toString('base64'),
      }));
    expect(images(shared)).toEqual(images(alone));
  });

  it('shares what is the same: a scope naming the Berlin systems one by one gets the Berlin site’s e-mail', () => {
    const body = (recipient: Recipient) => String(sentTo(recipient).html).replace(/token=[^"]+/g, 'token=…');
    expect(body('berlinSystems').replace(/berlinSystems/g, 'berlinSite')).toBe(body('berlinSite'));
    const dtgChart = (recipient: Recipient) =>
      sentTo(recipient).attachments?.find((attachment) => attachment.cid === 'chart-dtg@fleet-portal')?.content;
    // One drawing for one set of numbers: the very same image buffer.
    expect(dtgChart('mixed')).toBe(dtgChart('berlinSite'));
  });

  it("keeps apart what differs: the mixed scope's DTF numbers are Newark's printer's, from its raw jobs", async () => {
    const newark = await rawDtfMetres(database, 'DTF-20002');
    const berlin = await rawDtfMetres(database, 'DTF-20001');
    expect(newark).toBeGreaterThan(0);
    expect(newark).not.toBeCloseTo(berlin, 0);
    const metres = (value: number) => new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 }).format(value);
    expect(String(sentTo('mixed').html)).toContain(`>${metres(newark)} m</td>`);
    expect(String(sentTo('berlinSite').html)).toContain(`>${metres(berlin)} m</td>`);
    expect(String(sentTo('berlinSite').html)).not.toContain(`>${metres(newark)} m</td>`);
    const yards = (value: number) =>
      new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 }).format(value / 0.9144);
    expect(String(sentTo('berlinInYards').html)).toContain(`>${yards(berlin)} yd</td>`);
  });

  it('gives way to the portal’s requests: while one is in flight, every step of the pass waits its longest', async () => {
    const { db } = database;
    await db.deleteFrom('email_sends').execute();
    const requestActivity = createRequestActivity();
    const request = requestActivity.begin();
    const again: SendMailOptions[] = [];
    const started = performance.now();
    const summary = await sendDueReports({
      db,
      transport: keepingTransport(again),
      publicUrl: PUBLIC_URL,
      from: FROM,
      clock: () => NOW,
      requestActivity,
    });
    const elapsed = performance.now() - started;
    request();
    expect(summary).toEqual({ sent: Object.keys(RECIPIENTS).length, failed: 0 });
    // One after another: the claim, each slot's reads and its record, the last (empty) claim; each waited in full.
    const steps = 2 + 2 * Object.keys(RECIPIENTS).length;
    expect(elapsed).toBeGreaterThanOrEqual(steps * GIVE_WAY_MAX_MS);
    expect(again.map((message) => message.to).sort()).toEqual(sent.map((message) => message.to).sort());
  });
});
