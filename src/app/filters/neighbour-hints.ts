import type { ReportFilters } from '../../shared/report-filters.ts';
import type { SystemGroup } from '../../shared/system-group.ts';
import { TIMEFRAMES } from '../../shared/timeframes/timeframes.ts';
import type { FilterHint } from './use-report-filters.ts';

/** The previous-period arrow's hint. */
const PREVIOUS_PERIOD: FilterHint = { type: 'event', event: { type: 'date.previous' } };

/** The timeframes next to the shown one the report prefetches when idle, at most (the nearest in the bar's order). */
const NEIGHBOUR_TIMEFRAMES = 2;

/**
 * The controls a user most likely clicks next, nearest first (issue #30): the previous-period arrow, the two timeframes
 * beside the shown one that `shows` something (the report's rules allow; a custom range has no answer to guess), then
 * the user's other groups.
 */
export function neighbourHints(
  shown: Pick<ReportFilters, 'timeframe' | 'systemGroup'>,
  userGroups: readonly SystemGroup[],
  shows: (hint: FilterHint) => boolean,
): FilterHint[] {
  const at = TIMEFRAMES.indexOf(shown.timeframe);
  const timeframes = TIMEFRAMES.filter((other) => other !== shown.timeframe && other !== 'custom')
    .toSorted((a, b) => Math.abs(TIMEFRAMES.indexOf(a) - at) - Math.abs(TIMEFRAMES.indexOf(b) - at))
    .map((timeframe): FilterHint => ({ type: 'event', event: { type: 'timeframe.change', timeframe } }))
    .filter(shows)
    .slice(0, NEIGHBOUR_TIMEFRAMES);
  const groups = userGroups
    .filter((group) => group !== shown.systemGroup)
    .map((group): FilterHint => ({ type: 'group', group }));
  return [...[PREVIOUS_PERIOD].filter(shows), ...timeframes, ...groups.filter(shows)];
}
