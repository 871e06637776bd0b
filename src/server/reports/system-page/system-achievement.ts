import { sql } from 'kysely';
import type { SystemAchievement, TimelineGranularity } from '../../../shared/contract/system-page.contract.ts';
import { addDays, isoDayOfWeek, localTimeToInstant } from '../../../shared/time/local-time.ts';
import { loadRows } from '../common/report-context.ts';
import { granularityOf, groupingOf, periodBuckets, rowKey } from './system-buckets.ts';
import { systemHeader, type SystemPageContext } from './system-page-context.ts';

/**
 * System achievement (docs/kpi-glossary.md "System achievement"): the impressions of the period against the shift
 * targets of the system. Each worked shift's target (the latest target valid on the day the shift starts) is spread
 * evenly over the shift's time; a bucket's target is the part of the targets whose shift time falls in it.
 */

interface ShiftTarget {
  shiftId: string;
  startMinute: number;
  endMinute: number;
  weekdays: number[];
  validFrom: string;
  target: number;
}

/** A worked shift on the calendar with its target: `[start, end)` epoch ms. */
interface TargetStretch {
  start: number;
  end: number;
  target: number;
}

async function shiftTargets(context: SystemPageContext): Promise<ShiftTarget[]> {
  const { rows } = await sql<{
    shift_id: string;
    start_minute: number;
    end_minute: number;
    weekdays: number[];
    valid_from: string;
    target: number;
  }>`SELECT sh.id AS shift_id, (extract(hour FROM sh.starts_at) * 60 + extract(minute FROM sh.starts_at))::int AS start_minute,
      (extract(hour FROM sh.ends_at) * 60 + extract(minute FROM sh.ends_at))::int AS end_minute,
      sh.weekdays::int[] AS weekdays, st.valid_from::text AS valid_from, st.target_impressions AS target
    FROM shifts sh
    JOIN shift_targets st ON st.tenant_id = sh.tenant_id AND st.shift_id = sh.id AND st.system_id = ${context.system.id}
    WHERE sh.tenant_id = ${context.tenantId} AND sh.site_id = ${context.system.siteId}
    ORDER BY st.valid_from DESC`.execute(context.db);
  return rows.map((row) => ({
    shiftId: row.shift_id,
    startMinute: row.start_minute,
    endMinute: row.end_minute,
    weekdays: row.weekdays,
    validFrom: row.valid_from,
    target: Number(row.target),
  }));
}

/** The shifts worked from the day before the period to its last day, each with the target valid on its start day. */
function targetStretches(context: SystemPageContext, targets: readonly ShiftTarget[]): TargetStretch[] {
  const zone = context.system.timeZone;
  const shifts = new Map<string, ShiftTarget[]>();
  for (const target of targets) shifts.set(target.shiftId, [...(shifts.get(target.shiftId) ?? []), target]);
  const stretches: TargetStretch[] = [];
  for (let day = addDays(context.period.startDay, -1); day <= context.period.endDay; day = addDays(day, 1)) {
    for (const versions of shifts.values()) {
      const valid = versions.find((version) => version.validFrom <= day);
      if (valid === undefined || !valid.weekdays.includes(isoDayOfWeek(day))) continue;
      const endMinute = valid.endMinute > valid.startMinute ? valid.endMinute : valid.endMinute + 24 * 60;
      const start = localTimeToInstant(day, valid.startMinute, zone);
      const end = localTimeToInstant(day, endMinute, zone);
      if (end > start) stretches.push({ start, end, target: valid.target });
    }
  }
  return stretches;
}

/** The part of the stretches' targets that falls in `[start, end)`. */
function targetIn(stretches: readonly TargetStretch[], start: number, end: number): number {
  return stretches.reduce((sum, stretch) => {
    const overlap = Math.min(end, stretch.end) - Math.max(start, stretch.start);
    return overlap > 0 ? sum + (stretch.target * overlap) / (stretch.end - stretch.start) : sum;
  }, 0);
}

const ratio = (impressions: number, target: number) => (target > 0 ? impressions / target : null);

/** GET /api/system-page-report/achievement */
export async function systemAchievement(
  context: SystemPageContext,
  asked?: TimelineGranularity,
): Promise<SystemAchievement> {
  const granularity = granularityOf(context, asked);
  const stretches = targetStretches(context, await shiftTargets(context));
  const rows = await loadRows(context, groupingOf(granularity));
  const impressionsOf = new Map(rows.map((row) => [rowKey(row, granularity), row.measures.impressions]));
  const records = periodBuckets(context, granularity).map(({ key, hours }) => {
    const impressions = impressionsOf.get(key) ?? 0;
    const target = hours.reduce((sum, hour) => sum + targetIn(stretches, hour.start, hour.end), 0);
    return { date: key, impressions, target, achievement: ratio(impressions, target) };
  });
  const impressions = records.reduce((sum, record) => sum + record.impressions, 0);
  const target = records.reduce((sum, record) => sum + record.target, 0);
  return {
    ...systemHeader(context),
    timeLineGranularity: granularity,
    impressions,
    target,
    achievement: ratio(impressions, target),
    records,
  };
}

/** The period's achievement as a fraction (the cards' figure); null without a target. */
export async function periodAchievement(context: SystemPageContext): Promise<number | null> {
  return (await systemAchievement(context, 'day')).achievement;
}
