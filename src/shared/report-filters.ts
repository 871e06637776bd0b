import type { JobSize } from './jobs/job-categories.ts';
import type { SystemGroup } from './system-group.ts';

/**
 * The filter values a report page hands to the layout runtime. Queries name the ones they depend on
 * (layout `queries.<id>.dependsOn`), so only those go into their query keys and requests.
 */
/**
 * The period a report shows, as the API names it (spec reports §7: query `day`, `week`, … or `custom`): one parameter name and its value.
 * `custom` is `yyyy-MM-ddTHH:00/yyyy-MM-ddTHH:00` (both hours included); the others carry the selected date, yyyy-MM-dd.
 */
export interface ReportPeriod {
  name: 'day' | 'week' | 'month' | 'quarter' | 'year' | 'custom';
  value: string;
}

export interface ReportFilters {
  systemGroup: SystemGroup;
  timeframe: 'day' | 'week' | 'month' | 'quarter' | 'year' | 'custom';
  /** Selected date as yyyy-MM-dd. */
  day: string;
  /** The period of the timeframe: a query parameter `{ "filter": "period" }` is sent under the period's own name. */
  period: ReportPeriod;
  /** Selected system serial numbers; empty means all systems in scope. */
  systems: string[];
  /**
   * The Job summary's selected sizes (DTG, Apollo) on Jobs Analysis, for the filtered calls' `dtgFilterParameters.sizes`
   * and `apolloFilterParameters.sizes`; absent or empty: every job (spec reports §4 job cards).
   */
  jobSizes?: JobSize[];
  /** The Job summary's selected DTF print modes (0–3) for `dtfFilterParameters.printModes`; absent or empty: every job. */
  printModes?: number[];
  /**
   * The one system a system's page shows (its serial number, the route's `{systemName}`), for the system page calls'
   * `system` (spec reports §7); absent on the fleet reports.
   */
  system?: string;
  /** That system's id as the filter data lists it, for machine config's `GET /api/system-data/settings?systemId`. */
  systemId?: string;
}

export type ReportFilterName = keyof ReportFilters;
