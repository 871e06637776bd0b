import { useSyncExternalStore } from 'react';
import type { SystemGroup } from '../../shared/system-group.ts';
import {
  rememberPeriod,
  rememberedPeriodFor,
  type PeriodMemory,
  type RememberedPeriod,
} from '../../shared/timeframes/period-memory.ts';
import type { ReportId } from '../../shared/timeframes/timeframes.ts';
import { CUSTOM_QUERY_KEYS } from './custom-range-query.ts';
import { DAY_QUERY_KEY, TIMEFRAME_QUERY_KEY } from './period-query-keys.ts';

/**
 * The periods users applied in this browser tab, per group (src/shared/timeframes/period-memory.ts has the rule).
 * In memory only: a reload opens what the URL names, as before; the navigation's report links read it.
 */
let memory: PeriodMemory = {};
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A user applied `period` on `report` (a filter-bar change that pushed a history entry). */
export function rememberAppliedPeriod(report: ReportId, group: SystemGroup, period: RememberedPeriod): void {
  memory = rememberPeriod(memory, report, group, period);
  for (const listener of listeners) listener();
}

/** Forgets every remembered period (tests; signing out leaves the page, which forgets them too). */
export function forgetAppliedPeriods(): void {
  memory = {};
  for (const listener of listeners) listener();
}

export function usePeriodMemory(): PeriodMemory {
  return useSyncExternalStore(subscribe, () => memory);
}

/** The URL query values of a remembered period, in the keys the report filters read. */
export function periodQueryEntries(period: RememberedPeriod): [string, string][] {
  const entries: [string, string][] = [
    [TIMEFRAME_QUERY_KEY, period.timeframe],
    [DAY_QUERY_KEY, period.day],
  ];
  if (period.customFrom !== undefined && period.customTo !== undefined) {
    entries.push([CUSTOM_QUERY_KEYS.from, period.customFrom], [CUSTOM_QUERY_KEYS.to, period.customTo]);
  }
  return entries;
}

/** `link` (a report's path with its query) plus the period `report` should open on for `group`, if one is remembered. */
export function withRememberedPeriod(
  link: string,
  report: ReportId,
  group: SystemGroup,
  periods: PeriodMemory,
): string {
  const period = rememberedPeriodFor(periods, report, group);
  if (period === undefined) return link;
  const [path = '', search = ''] = link.split('?');
  const query = new URLSearchParams(search);
  for (const [key, value] of periodQueryEntries(period)) query.set(key, value);
  return `${path}?${query.toString()}`;
}
