import { sql } from 'kysely';
import type { MessageRow, OpenError, SystemMessages } from '../../../shared/contract/system-page.contract.ts';
import { periodInstants, systemHeader, type SystemPageContext } from './system-page-context.ts';

/**
 * The messages tables (spec reports §2 System page, §5): the error and maintenance events that started in the period,
 * one row per message with its codes, count and duration (an open event counts up to the period's end or now, whichever
 * is earlier). Rows go by count, then duration, then message; 'Other' — and an event sent without a message — last.
 */

export const OTHER_MESSAGE = 'Other';

interface MessageSums {
  kind: 'error' | 'maintenance';
  message: string;
  codes: string[];
  count: number;
  seconds: number;
}

async function messageSums(context: SystemPageContext): Promise<MessageSums[]> {
  const { start, end } = periodInstants(context);
  const openUntil = new Date(Math.min(end, context.now.getTime()));
  const { rows } = await sql<MessageSums>`
    SELECT e.kind, coalesce(nullif(e.message, ''), ${OTHER_MESSAGE}) AS message,
      array_agg(DISTINCT e.code ORDER BY e.code) AS codes, count(*)::int AS count,
      sum(greatest(0, extract(epoch FROM coalesce(e.ended_at, ${openUntil}::timestamptz) - e.started_at)))::float8
        AS seconds
    FROM events e
    WHERE e.tenant_id = ${context.tenantId} AND e.system_id = ${context.system.id}
      AND e.started_at >= ${new Date(start)} AND e.started_at < ${new Date(end)}
    GROUP BY 1, 2`.execute(context.db);
  return rows;
}

/** The rows of one table in display order, 'Other' last. */
export function messageTable(sums: readonly MessageSums[]): MessageRow[] {
  const total = sums.reduce((sum, row) => sum + Number(row.seconds), 0);
  return sums
    .map((row) => ({
      message: row.message,
      codes: row.codes,
      count: Number(row.count),
      durationSeconds: Number(row.seconds),
      durationShare: total > 0 ? Number(row.seconds) / total : 0,
    }))
    .sort(
      (a, b) =>
        Number(a.message === OTHER_MESSAGE) - Number(b.message === OTHER_MESSAGE) ||
        b.count - a.count ||
        b.durationSeconds - a.durationSeconds ||
        a.message.localeCompare(b.message),
    );
}

/**
 * Statuses that show a printer recovered from an error: it prints, prepares or waits for work. Maintenance (being
 * serviced) and Not Reporting (unknown) do not.
 */
export const RECOVERED_STATUSES = ['Printing', 'Preparation', 'Idle'] as const;

/**
 * The errors open at the period's end, or now while the period runs (docs/kpi-glossary.md "Open error"): error events
 * that started before that instant and had not ended by it — their reported end is later, or they have none (a
 * gateway sends `endedAt: null` while an event lasts) and no status interval of a recovered status started after them
 * and before the instant. The last rule keeps an event whose end never arrived (a gateway that lost it, a printer
 * switched off mid-error) from staying open for ever; an end that arrives later updates the event (ingest). Events of any earlier day count: an error from last night may still be open.
 */
export async function openErrors(
  context: SystemPageContext,
): Promise<{ at: string; atPeriodEnd: boolean; events: OpenError[] }> {
  const { end } = periodInstants(context);
  const at = new Date(Math.min(end, context.now.getTime()));
  const { rows } = await sql<{ code: string; message: string; started_at: Date; ended_at: Date | null }>`
    SELECT e.code, coalesce(nullif(e.message, ''), ${OTHER_MESSAGE}) AS message, e.started_at, e.ended_at
    FROM events e
    WHERE e.tenant_id = ${context.tenantId} AND e.system_id = ${context.system.id} AND e.kind = 'error'
      AND e.started_at < ${at}
      AND (e.ended_at > ${at} OR (e.ended_at IS NULL AND NOT EXISTS (
        SELECT 1 FROM status_intervals s
        WHERE s.tenant_id = e.tenant_id AND s.system_id = e.system_id
          AND s.status IN (${sql.join(RECOVERED_STATUSES)})
          AND s.started_at > e.started_at AND s.started_at < ${at})))
    ORDER BY e.started_at DESC, e.code`.execute(context.db);
  return {
    at: at.toISOString(),
    atPeriodEnd: at.getTime() === end,
    events: rows.map((row) => ({
      code: row.code,
      message: row.message,
      startedAt: new Date(row.started_at).toISOString(),
      endedAt: row.ended_at === null ? null : new Date(row.ended_at).toISOString(),
    })),
  };
}

/** GET /api/system-page-report/error-maintenance-messages */
export async function systemMessages(context: SystemPageContext): Promise<SystemMessages> {
  const sums = await messageSums(context);
  return {
    ...systemHeader(context),
    errorTableData: { messageTableData: messageTable(sums.filter((row) => row.kind === 'error')) },
    maintenanceTableData: { messageTableData: messageTable(sums.filter((row) => row.kind === 'maintenance')) },
    openErrors: await openErrors(context),
  };
}
