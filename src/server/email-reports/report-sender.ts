import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { withTenant } from '../db/tenant-scope.ts';
import { loadCurrentUser } from '../users/current-user.ts';
import type { MailTransport } from '../mail/mail-transport.ts';
import { portalSecret } from '../mail/portal-secrets.ts';
import { reportCharts, reportEmail } from '../mail/report-email.ts';
import { signUnsubscribeToken, UNSUBSCRIBE_TOKEN_TTL_S } from '../mail/unsubscribe-token.ts';
import { groupReportOf, readTenantWeek, type TenantWeek } from '../mail/tenant-week.ts';
import { reportSystems, weeklyGroupReport, type WeeklyGroupReport } from '../mail/weekly-report.ts';
import { localDayOf } from '../../shared/time/local-time.ts';
import type { RequestActivity } from '../routes/request-activity.ts';
import { nextEventLoopTurn, passTurns, type GiveWay, type PassTurns } from './pass-turns.ts';
import { latestSlot, reportedWeek } from './send-slots.ts';

/**
 * The e-mail report sender (issue #27): each run records the latest due slot of every active entry in `email_sends`
 * (one row per entry and slot, so never twice), claims pending slots with `FOR UPDATE SKIP LOCKED` (two portal processes
 * never take the same one), builds each report with the Overview's builders as its user and sends it. A failure is
 * retried with back-off ({@link RETRY_DELAYS_MS}) and shown on the entry (`last_error`) until a send succeeds.
 */

export const UNSUBSCRIBE_KEY = 'unsubscribe-hmac';
/** Waits after the 1st, 2nd, … failed attempt; after the last one the slot is given up. */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000] as const;
/** How long a claimed slot stays with its sender before another may take it (a sender that died mid-send). */
const CLAIM_MS = 10 * 60_000;
const BATCH = 50;
/** Slots built and sent at once: one's charts are drawn and its message written while another's queries run. */
const CONCURRENCY = 4;
/**
 * Longest a step of the pass waits for the portal's requests in flight to end: under constant traffic the pass still
 * takes a step this often, and a report call waits for at most one step (issue #27: report p95 during a send).
 */
export const GIVE_WAY_MAX_MS = 50;

/**
 * The group reports built in one pass, by everything that decides their content (tenant, group, the group's systems
 * the report covers, the week, the language): recipients whose groups hold the same systems share one build,
 * whatever scope and narrowing led them there; charts of equal numbers are drawn once (report-chart.ts). The reads
 * take turns (pass-turns.ts), so the first slot of a group report builds it and the later ones find it.
 */
type GroupReports = Map<string, WeeklyGroupReport>;

/**
 * The tenants' numbers of a reported week, read once per pass (mail/tenant-week.ts; null while the week is not over
 * everywhere, then the Overview's builders read each group report), by tenant and week.
 */
type TenantWeeks = Map<string, TenantWeek | null>;

/** What one pass shares between its slots. */
interface PassShared {
  built: GroupReports;
  weeks: TenantWeeks;
}

export interface ReportSenderDeps {
  /** The owner's handle: the sender works across tenants, each report under its tenant's row-level security. */
  db: Kysely<Database>;
  transport: MailTransport;
  publicUrl: string;
  from: string;
  clock: () => Date;
  /** The portal's requests in flight (routes/request-activity.ts): each step of a pass waits for them. Default: none. */
  requestActivity?: Pick<RequestActivity, 'quiet'>;
}

export interface SendRunSummary {
  sent: number;
  failed: number;
}

/** Records the latest due slot of every active entry (ignored when already recorded) and supersedes older pending ones. */
export async function enqueueDueSlots(db: Kysely<Database>, now: Date): Promise<void> {
  const entries = await db
    .selectFrom('email_schedules')
    .where('is_active', '=', true)
    .select([
      'tenant_id',
      'id',
      'send_weekdays',
      'time_zone',
      sql<string>`to_char(start_send_date, 'YYYY-MM-DD')`.as('start_day'),
      sql<string | null>`to_char(end_send_date, 'YYYY-MM-DD')`.as('end_day'),
    ])
    .execute();
  const slots = entries.flatMap((entry) => {
    const slot = latestSlot(
      { weekdays: entry.send_weekdays, startDay: entry.start_day, endDay: entry.end_day, timeZone: entry.time_zone },
      now,
    );
    return slot === null
      ? []
      : [{ tenant_id: entry.tenant_id, schedule_id: entry.id, due_at: slot, next_attempt_at: slot }];
  });
  for (let start = 0; start < slots.length; start += 500) {
    await db
      .insertInto('email_sends')
      .values(slots.slice(start, start + 500))
      .onConflict((conflict) => conflict.columns(['tenant_id', 'schedule_id', 'due_at']).doNothing())
      .execute();
  }
  // A slot still pending when a later one is due (an entry paused and resumed, a long outage) is not sent as well.
  await sql`UPDATE email_sends AS older SET status = 'failed', error = 'Superseded by a later report', claimed_until = NULL
    WHERE older.status = 'pending' AND EXISTS (SELECT 1 FROM email_sends AS newer WHERE newer.tenant_id = older.tenant_id
      AND newer.schedule_id = older.schedule_id AND newer.due_at > older.due_at)`.execute(db);
}

interface ClaimedSlot {
  tenant_id: string;
  schedule_id: string;
  due_at: Date;
  attempts: number;
}

/** Takes up to `limit` pending slots of active entries whose time has come; another sender skips them. */
async function claimSlots(db: Kysely<Database>, now: Date, limit: number): Promise<ClaimedSlot[]> {
  const until = new Date(now.getTime() + CLAIM_MS);
  const result = await sql<ClaimedSlot>`UPDATE email_sends AS s SET claimed_until = ${until}, attempts = s.attempts + 1
    FROM (SELECT p.tenant_id, p.schedule_id, p.due_at FROM email_sends AS p
          JOIN email_schedules AS e ON e.tenant_id = p.tenant_id AND e.id = p.schedule_id AND e.is_active
          WHERE p.status = 'pending' AND p.next_attempt_at <= ${now} AND (p.claimed_until IS NULL OR p.claimed_until < ${now})
          ORDER BY p.due_at LIMIT ${limit} FOR UPDATE OF p SKIP LOCKED) AS due
    WHERE s.tenant_id = due.tenant_id AND s.schedule_id = due.schedule_id AND s.due_at = due.due_at
    RETURNING s.tenant_id, s.schedule_id, s.due_at, s.attempts`.execute(db);
  return result.rows;
}

/** Builds and sends one slot's e-mail; answers the recipient. */
async function sendSlot(
  deps: ReportSenderDeps,
  slot: ClaimedSlot,
  now: Date,
  key: Buffer,
  { built, weeks }: PassShared,
  turn: PassTurns,
  giveWay: GiveWay,
): Promise<string> {
  // Only the reads run in the tenant's transaction; the charts are drawn and the message written after it, so on
  // PGlite's one connection another slot's queries run meanwhile.
  const { entry, week, lengthUnits, language, groups } = await turn(() =>
    withTenant(deps.db, slot.tenant_id, async (trx) => {
      const entry = await trx
        .selectFrom('email_schedules')
        .innerJoin('users', 'users.id', 'email_schedules.user_id')
        .leftJoin('user_settings', 'user_settings.user_id', 'users.id')
        .where('email_schedules.tenant_id', '=', slot.tenant_id)
        .where('email_schedules.id', '=', slot.schedule_id)
        .select([
          'email_schedules.subject',
          'email_schedules.time_zone',
          'email_schedules.customer_ids',
          'email_schedules.site_ids',
          'email_schedules.system_ids',
          'users.id as user_id',
          'users.email',
          'users.first_name',
          'user_settings.length_units',
          'user_settings.portal_language',
        ])
        .executeTakeFirstOrThrow();
      const week = reportedWeek(localDayOf(slot.due_at, entry.time_zone));
      const caller = { sub: entry.user_id, tenantId: slot.tenant_id, isSuperUser: false };
      // The report shows what its user may see today: their scope as the API would read it.
      const { scope } = await loadCurrentUser(trx, caller);
      const entryScope = { customerIds: entry.customer_ids, siteIds: entry.site_ids, systemIds: entry.system_ids };
      const lengthUnits = entry.length_units ?? 'Meter';
      // The e-mail is worded in its user's language; the charts' words too, so the language is part of what is shared.
      const language = entry.portal_language ?? undefined;
      const groups: WeeklyGroupReport[] = [];
      for (const [group, serialNumbers] of await reportSystems(trx, scope, entryScope)) {
        const groupKey = JSON.stringify([slot.tenant_id, group, serialNumbers, week.start, language]);
        let report = built.get(groupKey);
        if (report === undefined) {
          const weekKey = JSON.stringify([slot.tenant_id, week.start]);
          if (!weeks.has(weekKey)) weeks.set(weekKey, await readTenantWeek(trx, slot.tenant_id, week.start, now));
          const tenantWeek = weeks.get(weekKey) ?? null;
          report =
            tenantWeek === null
              ? await weeklyGroupReport(trx, scope, group, serialNumbers, week.start, now, language)
              : groupReportOf(tenantWeek, trx, group, serialNumbers, language);
          built.set(groupKey, report);
        }
        groups.push(report);
      }
      return { entry, week, lengthUnits, language, groups };
    }),
  );
  const charts = await reportCharts(groups, lengthUnits, language);
  // Writing the message is the pass's main-thread work: it waits for the portal's requests too (not taking a turn, so
  // SMTP round trips of several messages overlap).
  await giveWay();
  const token = signUnsubscribeToken(key, {
    tenantId: slot.tenant_id,
    scheduleId: slot.schedule_id,
    email: entry.email,
    expiresAt: Math.floor(now.getTime() / 1000) + UNSUBSCRIBE_TOKEN_TTL_S,
  });
  const message = reportEmail(
    {
      from: deps.from,
      to: entry.email,
      firstName: entry.first_name,
      subject: entry.subject,
      week,
      lengthUnits,
      publicUrl: deps.publicUrl,
      unsubscribeUrl: `${deps.publicUrl}/unsubscribe?token=${token}`,
      language,
    },
    charts,
  );
  await deps.transport.send(message);
  return entry.email;
}

async function recordSent(db: Kysely<Database>, slot: ClaimedSlot, now: Date, recipient: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('email_sends')
      .set({ status: 'sent', sent_at: now, recipient, error: null, claimed_until: null })
      .where('tenant_id', '=', slot.tenant_id)
      .where('schedule_id', '=', slot.schedule_id)
      .where('due_at', '=', slot.due_at)
      .execute();
    await trx
      .updateTable('email_schedules')
      .set({ last_sent_at: now, last_error: null })
      .where('tenant_id', '=', slot.tenant_id)
      .where('id', '=', slot.schedule_id)
      .execute();
  });
}

async function recordFailure(db: Kysely<Database>, slot: ClaimedSlot, now: Date, error: unknown): Promise<void> {
  const reason = (error instanceof Error ? error.message : String(error)).slice(0, 500);
  const delay = RETRY_DELAYS_MS[slot.attempts - 1];
  const nextAttempt = delay === undefined ? null : new Date(now.getTime() + delay);
  const shown =
    nextAttempt === null
      ? `Sending failed ${slot.attempts} times, last: ${reason}`
      : `Sending failed (attempt ${slot.attempts} of ${RETRY_DELAYS_MS.length + 1}): ${reason}; retrying at ${nextAttempt.toISOString()}`;
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('email_sends')
      .set({
        status: nextAttempt === null ? 'failed' : 'pending',
        next_attempt_at: nextAttempt ?? now,
        error: reason,
        claimed_until: null,
      })
      .where('tenant_id', '=', slot.tenant_id)
      .where('schedule_id', '=', slot.schedule_id)
      .where('due_at', '=', slot.due_at)
      .execute();
    await trx
      .updateTable('email_schedules')
      .set({ last_error: shown })
      .where('tenant_id', '=', slot.tenant_id)
      .where('id', '=', slot.schedule_id)
      .execute();
  });
}

/** One pass: enqueue what is due, then send every claimable slot, a batch at a time. */
export async function sendDueReports(deps: ReportSenderDeps): Promise<SendRunSummary> {
  const now = deps.clock();
  await enqueueDueSlots(deps.db, now);
  const key = await portalSecret(deps.db, UNSUBSCRIBE_KEY);
  const summary: SendRunSummary = { sent: 0, failed: 0 };
  const shared: PassShared = { built: new Map(), weeks: new Map() };
  const activity = deps.requestActivity;
  const giveWay: GiveWay = activity === undefined ? nextEventLoopTurn : () => activity.quiet(GIVE_WAY_MAX_MS);
  const turn = passTurns(giveWay);
  const send = async (slot: ClaimedSlot) => {
    try {
      const recipient = await sendSlot(deps, slot, now, key, shared, turn, giveWay);
      await turn(() => recordSent(deps.db, slot, now, recipient));
      summary.sent += 1;
    } catch (error) {
      await turn(() => recordFailure(deps.db, slot, now, error));
      summary.failed += 1;
    }
  };
  for (;;) {
    const slots = await turn(() => claimSlots(deps.db, now, BATCH));
    if (slots.length === 0) return summary;
    const queue = [...slots];
    const worker = async () => {
      for (let slot = queue.shift(); slot !== undefined; slot = queue.shift()) await send(slot);
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  }
}
