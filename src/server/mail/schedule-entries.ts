import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import {
  REPEAT_FREQUENCY,
  WEEKLY_REPORT,
  type SchedulerEntry,
  type SchedulerEntryInput,
} from '../../shared/contract/scheduler.contract.ts';
import type { Database } from '../db/schema.ts';
import { HttpError } from '../http-errors.ts';
import type { UserScope } from '../users/current-user.ts';
import { listScopeCustomers, listScopeSites, listScopeSystems } from '../reports/scope.ts';

/**
 * The user's e-mail report entries (spec shell §3 "Scheduler entry", §6: created for the current user, choices within
 * their scope). Called inside the request's tenant transaction, so row-level security keeps other tenants' entries out
 * of reach as well; another user's or another tenant's entry is a 404 either way.
 */

export const ENTRY_NOT_FOUND = 'Cannot find this e-mail report entry';

const entryColumns = (db: Kysely<Database>) =>
  db
    .selectFrom('email_schedules')
    .select([
      'id',
      'user_id',
      'subject',
      'report_type',
      sql<string>`to_char(start_send_date, 'YYYY-MM-DD')`.as('start_day'),
      sql<string | null>`to_char(end_send_date, 'YYYY-MM-DD')`.as('end_day'),
      'repeat_frequency',
      'send_weekdays',
      'time_zone',
      'notes',
      'is_active',
      'customer_ids',
      'site_ids',
      'system_ids',
      'last_sent_at',
      'last_error',
      'created_at',
    ]);

type EntryRow = Awaited<ReturnType<ReturnType<typeof entryColumns>['executeTakeFirstOrThrow']>>;

function entryOf(row: EntryRow): SchedulerEntry {
  return {
    reportId: row.id,
    userId: row.user_id,
    subject: row.subject,
    emailReportId: row.report_type + 1,
    emailReportName: WEEKLY_REPORT.name,
    startSendDate: row.start_day,
    endSendDate: row.end_day,
    repeat: { frequency: row.repeat_frequency, dayOfWeek: row.send_weekdays },
    notes: row.notes,
    isActive: row.is_active,
    customerIds: row.customer_ids,
    siteIds: row.site_ids,
    systemIds: row.system_ids,
    timeZone: row.time_zone,
    lastSent: row.last_sent_at === null ? null : new Date(row.last_sent_at).toISOString(),
    lastError: row.last_error,
  };
}

/** The user's entries, oldest first. */
export async function listEntries(db: Kysely<Database>, tenantId: string, userId: string): Promise<SchedulerEntry[]> {
  const rows = await entryColumns(db)
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(entryOf);
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** 400 unless every customer, site and system named is one the user may see (spec shell §6). */
async function checkScope(db: Kysely<Database>, scope: UserScope, input: SchedulerEntryInput): Promise<void> {
  const checks: [string, readonly string[], () => Promise<{ id: string }[]>][] = [
    ['customer', input.customerIds, () => listScopeCustomers(db, scope)],
    ['site', input.siteIds, () => listScopeSites(db, scope)],
    ['system', input.systemIds, () => listScopeSystems(db, scope)],
  ];
  for (const [kind, ids, list] of checks) {
    if (ids.length === 0) continue;
    const known = new Set((await list()).map((item) => item.id));
    const unknown = ids.find((id) => !known.has(id));
    if (unknown !== undefined) throw new HttpError(400, `body/${kind}Ids: '${unknown}' is not in your scope`);
  }
}

/** Creates the entry (no reportId, or '0') or updates the user's entry of that id; answers the saved entry. */
export async function saveEntry(
  db: Kysely<Database>,
  scope: UserScope,
  userId: string,
  input: SchedulerEntryInput,
): Promise<SchedulerEntry> {
  const timeZone = input.timeZone ?? 'UTC';
  if (!isTimeZone(timeZone)) throw new HttpError(400, `body/timeZone: '${timeZone}' is not an IANA time zone`);
  const endDay = input.endSendDate ?? null;
  if (endDay !== null && endDay < input.startSendDate) {
    throw new HttpError(400, 'body/endSendDate must not be before body/startSendDate');
  }
  await checkScope(db, scope, input);
  const values = {
    subject: input.subject.trim(),
    report_type: input.emailReportId - 1,
    start_send_date: input.startSendDate,
    end_send_date: endDay,
    repeat_frequency: input.repeat.frequency ?? REPEAT_FREQUENCY.weekly,
    send_weekdays: [...input.repeat.dayOfWeek].sort((a, b) => a - b),
    time_zone: timeZone,
    notes: input.notes,
    is_active: input.isActive,
    customer_ids: input.customerIds,
    site_ids: input.siteIds,
    system_ids: input.systemIds,
  };
  if (values.subject === '') throw new HttpError(400, 'body/subject must not be blank');
  const creating = input.reportId === undefined || input.reportId === '0';
  const id = creating ? randomUUID() : (input.reportId ?? '');
  if (creating) {
    await db
      .insertInto('email_schedules')
      .values({ tenant_id: scope.tenantId, id, user_id: userId, ...values })
      .execute();
  } else {
    const updated = await db
      .updateTable('email_schedules')
      .set({ ...values, ...(input.isActive ? { last_error: null } : {}) })
      .where('tenant_id', '=', scope.tenantId)
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (updated.numUpdatedRows === 0n) throw new HttpError(404, ENTRY_NOT_FOUND);
  }
  const row = await entryColumns(db).where('tenant_id', '=', scope.tenantId).where('id', '=', id).executeTakeFirst();
  if (row === undefined) throw new HttpError(404, ENTRY_NOT_FOUND);
  return entryOf(row);
}

/** Deletes the user's entry (and its send history); 404 when the user has no entry of that id. */
export async function deleteEntry(db: Kysely<Database>, tenantId: string, userId: string, id: string): Promise<void> {
  const deleted = await db
    .deleteFrom('email_schedules')
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (deleted.numDeletedRows === 0n) throw new HttpError(404, ENTRY_NOT_FOUND);
}
