import type { SystemGroup } from '../system-group.ts';
import type { IsoDate } from './timeframe-dates.ts';
import { TIMEFRAME_TABLE } from './timeframe-table.ts';
import { REPORT_IDS, type ReportId, type Timeframe } from './timeframes.ts';

/**
 * The period filters of one group as a user last applied them, carried from report to report (spec reports §3: the
 * filter state is kept per group, not per report), with the rule of its `isTimeFrameWasChangedFromJobAnalysisPage`:
 * a period that only Jobs Analysis reads as chosen stays with Jobs Analysis. docs/architecture.md "Filter bar and
 * pickers" states the rule.
 */

/** A period as the URL names it: `timeframe`, `day`, and for custom the range ends (`2024-03-01T05:00`). */
export interface RememberedPeriod {
  timeframe: Timeframe;
  day: IsoDate;
  customFrom?: string;
  customTo?: string;
}

/** One group's remembered periods. */
export interface GroupPeriods {
  /** The period every report opens on (through its own rules: a timeframe it lacks becomes its default). */
  shared?: RememberedPeriod;
  /**
   * Set (isTimeFrameWasChangedFromJobAnalysisPage) while the last period applied on Jobs Analysis is one only Jobs
   * reads as chosen; Jobs Analysis opens on it, the other reports keep `shared`.
   */
  jobs?: RememberedPeriod;
}

export type PeriodMemory = Partial<Record<SystemGroup, GroupPeriods>>;

const OTHER_REPORTS = REPORT_IDS.filter((report) => report !== 'jobs');

/** A timeframe that no report but Jobs Analysis allows for the group (spec reports §9: month, quarter and year). */
function isJobsOnlyTimeframe(timeframe: Timeframe, group: SystemGroup): boolean {
  return (
    TIMEFRAME_TABLE.jobs.timeframes[group].allowed.includes(timeframe) &&
    !OTHER_REPORTS.some((report) => TIMEFRAME_TABLE[report].timeframes[group].allowed.includes(timeframe))
  );
}

/**
 * A period applied on Jobs Analysis that another report would not read as the user chose it: a timeframe no other
 * report allows (month, quarter, year), or a custom range, whose hours Jobs forces to 0 and 23 (spec reports §4) where
 * the others read the hours as chosen.
 */
export function isJobsOnlyPeriod(period: RememberedPeriod, group: SystemGroup): boolean {
  return period.timeframe === 'custom' || isJobsOnlyTimeframe(period.timeframe, group);
}

/**
 * The memory after a user applied `period` on `report` for `group`. A Jobs-only period is kept for Jobs Analysis and
 * leaves the other reports' period alone; any other period is the group's period everywhere (and ends the Jobs one:
 * the newer choice wins when the user goes back to Jobs Analysis).
 */
export function rememberPeriod(
  memory: PeriodMemory,
  report: ReportId,
  group: SystemGroup,
  period: RememberedPeriod,
): PeriodMemory {
  const current = memory[group] ?? {};
  const next: GroupPeriods =
    report === 'jobs' && isJobsOnlyPeriod(period, group) ? { ...current, jobs: period } : { shared: period };
  return { ...memory, [group]: next };
}

/** The period `report` opens on for `group` when the link names none: Jobs' own while it has one, else the group's. */
export function rememberedPeriodFor(
  memory: PeriodMemory,
  report: ReportId,
  group: SystemGroup,
): RememberedPeriod | undefined {
  const periods = memory[group];
  if (periods === undefined) return undefined;
  return report === 'jobs' ? (periods.jobs ?? periods.shared) : periods.shared;
}
