import type { SystemAvailabilityTimeline, TimelineGranularity } from '../../../shared/contract/system-page.contract.ts';
import { availability, emptyMeasures } from '../../../shared/kpi/index.ts';
import { changeDescriptionOf, loadRows, loadTotals } from '../common/report-context.ts';
import { availabilityCard } from '../common/kpi-comparisons.ts';
import { granularityOf, groupingOf, periodBuckets, rowKey } from './system-buckets.ts';
import { systemHeader, type SystemPageContext } from './system-page-context.ts';
import { statusShares } from './system-timeline.ts';

/**
 * GET /api/system-page-report/availability-and-timeline: the Overview's availability card of one system and, per hour
 * or day, its availability (−1 where nothing was reported) and the statuses' shares.
 */
export async function systemAvailabilityTimeline(
  context: SystemPageContext,
  asked?: TimelineGranularity,
): Promise<SystemAvailabilityTimeline> {
  const granularity = granularityOf(context, asked);
  const rows = await loadRows(context, groupingOf(granularity));
  const measuresOf = new Map(rows.map((row) => [rowKey(row, granularity), row.measures]));
  return {
    ...systemHeader(context),
    timeLineGranularity: granularity,
    availability: availabilityCard(await loadTotals(context), changeDescriptionOf(context), context.texts),
    records: periodBuckets(context, granularity).map(({ key }) => {
      const measures = measuresOf.get(key) ?? emptyMeasures();
      return { date: key, availability: availability(measures), statuses: statusShares(measures) };
    }),
  };
}
