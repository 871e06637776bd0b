import type { ReportFilterName, ReportFilters, ReportPeriod } from '../report-filters.ts';
import { isFilterRef, type ConstantValue, type LayoutQuery, type QueryValue } from './layout-types.ts';

/** The values a query's request is built from (only the filters it depends on), keyed by filter name. */
export type QueryDependencies = Partial<ReportFilters>;

/** A resolved value: a constant, a filter's value, or undefined for a filter the query does not depend on. */
export type RequestValue = ConstantValue | Exclude<ReportFilters[ReportFilterName], ReportPeriod> | undefined;

/** A query's request with every `{ filter }` reference replaced by the filter's value. */
export interface QueryRequest {
  method: LayoutQuery['method'];
  endpoint: string;
  params: Record<string, RequestValue>;
  /** JSON body; undefined for GET. */
  body: Record<string, RequestValue> | undefined;
}

/** The filters a query depends on, in `dependsOn` order — what goes into its cache key. */
export function pickDependencies(query: LayoutQuery, filters: ReportFilters): QueryDependencies {
  return Object.fromEntries(query.dependsOn.map((name: ReportFilterName) => [name, filters[name]]));
}

/** One entry of a request: a `period` reference is sent under the period's own name (`day`, `week`, … or `custom`). */
function resolveEntry(name: string, value: QueryValue, filters: QueryDependencies): [string, RequestValue] {
  if (!isFilterRef(value)) return [name, value];
  if (value.filter !== 'period') return [name, filters[value.filter] as RequestValue];
  const period = filters.period;
  return period === undefined ? [name, undefined] : [period.name, period.value];
}

function resolve(
  values: Record<string, QueryValue> | undefined,
  filters: QueryDependencies,
): Record<string, RequestValue> {
  return Object.fromEntries(Object.entries(values ?? {}).map(([name, value]) => resolveEntry(name, value, filters)));
}

/** Builds the request from the query's params and body; filter references read only `dependencies`. */
export function buildQueryRequest(query: LayoutQuery, dependencies: QueryDependencies): QueryRequest {
  return {
    method: query.method,
    endpoint: query.endpoint,
    params: resolve(query.params, dependencies),
    body: query.method === 'POST' ? resolve(query.body, dependencies) : undefined,
  };
}
