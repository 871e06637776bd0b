import type { SystemGroup } from './system-group.ts';

/**
 * The filter values a report page hands to the layout runtime. Queries name the ones they depend on
 * (layout `queries.<id>.dependsOn`), so only those go into their query keys and requests.
 * The walking skeleton fills group and day; the report-filters machine (issue 4) owns the full set.
 */
export interface ReportFilters {
  systemGroup: SystemGroup;
  timeframe: 'day' | 'week' | 'month' | 'quarter' | 'year' | 'custom';
  /** Selected date as yyyy-MM-dd. */
  day: string;
  /** Selected system serial numbers; empty means all systems in scope. */
  systems: string[];
}

export type ReportFilterName = keyof ReportFilters;
