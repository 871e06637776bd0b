import type { SystemGroup } from '../../shared/system-group.ts';
import type { PeriodMemory } from '../../shared/timeframes/period-memory.ts';
import type { ReportId } from '../../shared/timeframes/timeframes.ts';
import { usePeriodMemory, withRememberedPeriod } from '../filters/period-memory-store.ts';
import { withGroup } from '../navigation/group-link.ts';

/**
 * A link to a report that keeps the selected group and opens on the period the user last applied for that group,
 * as that report reads it (src/shared/timeframes/period-memory.ts; none remembered: the report's default).
 */
export function reportLink(path: string, report: ReportId, group: SystemGroup | null, periods: PeriodMemory): string {
  return group === null ? path : withRememberedPeriod(withGroup(path, group), report, group, periods);
}

export function useReportLink(path: string, report: ReportId, group: SystemGroup | null): string {
  return reportLink(path, report, group, usePeriodMemory());
}
