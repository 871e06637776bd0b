import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SystemGroup } from '../../shared/system-group.ts';
import { achievements } from '../reports/overview-achievements.ts';
import {
  impressionsAvailabilityCards,
  overviewCards,
  productionRateReport,
  productivityReport,
} from '../reports/overview-cards.ts';
import { impressionsAvailabilityGraphs, overviewGraphs } from '../reports/overview-charts.ts';
import { openOverview, type OverviewContext } from '../reports/overview-context.ts';
import {
  availabilitiesKpis,
  impressionsByHourMatrix,
  impressionsKpis,
  utilizationProductivityMatrix,
} from '../reports/overview-matrices.ts';
import type { PeriodQuery } from '../reports/overview-period.ts';
import { loadCurrentUser, type UserScope } from '../users/current-user.ts';
import {
  achievementsSchema,
  chartSchema,
  chartUnitsSchema,
  dayMatrixSchema,
  granularitySchema,
  hourMatrixSchema,
  hourOfDaySchema,
  kpiCardSchema,
  kpiCardWithoutValueSchema,
  kpiComparisonSchema,
  periodQuerySchema,
  periodsAnswer,
  string,
  systemKpiRecordsSchema,
  systemsBodySchema,
} from './overview-report.schemas.ts';
import { errorResponses } from './schemas.ts';

const nullableCard = { anyOf: [kpiCardSchema, { type: 'null' }] };

/** Every Overview call of spec reports §7: its answer's schema and how it is computed. */
const OVERVIEW_CALLS: Record<string, { response: object; build: (context: OverviewContext) => Promise<unknown> }> = {
  'overview-cards': {
    response: periodsAnswer({
      day: string,
      isLastUpdatePeriod: { type: 'boolean' },
      totalProduction: kpiCardSchema,
      productionRate: kpiCardSchema,
      productivity: nullableCard,
      availability: kpiCardSchema,
      oee: kpiCardWithoutValueSchema,
    }),
    build: overviewCards,
  },
  'impressions-availability-cards': {
    response: periodsAnswer({ totalProduction: kpiCardSchema, availability: kpiCardSchema }),
    build: impressionsAvailabilityCards,
  },
  'production-rate': {
    response: periodsAnswer({
      productionRate: kpiComparisonSchema,
      loadingTime: kpiComparisonSchema,
      darkImpressions: kpiComparisonSchema,
      utilization: kpiComparisonSchema,
      preparation: kpiComparisonSchema,
    }),
    build: productionRateReport,
  },
  productivity: {
    response: periodsAnswer({
      productivity: kpiComparisonSchema,
      productivityChange: { type: ['number', 'null'] },
      printingTime: kpiComparisonSchema,
      utilization: kpiComparisonSchema,
      productivityUtilization: kpiComparisonSchema,
    }),
    build: productivityReport,
  },
  achievements: { response: achievementsSchema, build: achievements },
  'overview-graphs': {
    response: periodsAnswer({
      granularity: granularitySchema,
      units: chartUnitsSchema([
        'productionChart',
        'speedChart',
        'utilizationChart',
        'availabilityChart',
        'productionByHourGraph',
      ]),
      productionChart: chartSchema,
      speedChart: chartSchema,
      utilizationChart: chartSchema,
      availabilityChart: chartSchema,
      productionByHourGraph: hourOfDaySchema,
    }),
    build: overviewGraphs,
  },
  'impressions-availability-graphs': {
    response: periodsAnswer({
      granularity: granularitySchema,
      units: chartUnitsSchema(['productionChart', 'availabilityChart']),
      productionChart: chartSchema,
      availabilityChart: chartSchema,
    }),
    build: impressionsAvailabilityGraphs,
  },
  'impressions-by-hour-matrix': {
    response: periodsAnswer({ records: hourMatrixSchema }),
    build: impressionsByHourMatrix,
  },
  'utilization-productivity-matrix': {
    response: periodsAnswer({ records: systemKpiRecordsSchema }),
    build: utilizationProductivityMatrix,
  },
  impressionsKPIs: {
    response: periodsAnswer({
      totalImpressions: kpiComparisonSchema,
      totalImpressionsMatrix: dayMatrixSchema,
      utilizationProductivityMatrix: systemKpiRecordsSchema,
      impressionsByHourMatrix: hourMatrixSchema,
      productionRate: kpiComparisonSchema,
      productivity: kpiComparisonSchema,
    }),
    build: impressionsKpis,
  },
  availabilitiesKPIs: {
    response: periodsAnswer({ availability: kpiComparisonSchema, availabilityMatrix: hourMatrixSchema }),
    build: availabilitiesKpis,
  },
};

/** The Overview calls, for tests and docs. */
export const OVERVIEW_PATHS = Object.keys(OVERVIEW_CALLS).map((name) => `/api/overview-report/${name}`);

export type OverviewQuery = PeriodQuery & { systemGroup: SystemGroup };

/**
 * Runs `build` in the request's tenant transaction on the Overview context of the query's group and period for the
 * user's scope and `serialNumbers` (empty = every system of the group in scope).
 */
export function withOverviewContext<T>(
  request: FastifyRequest<{ Querystring: OverviewQuery }>,
  serialNumbers: readonly string[],
  build: (context: OverviewContext, scope: UserScope) => Promise<T>,
): Promise<T> {
  const { systemGroup, ...query } = request.query;
  return request.tenantDb(async (trx) => {
    const { scope } = await loadCurrentUser(trx, request.portalUser);
    const context = await openOverview(trx, { scope, group: systemGroup, serialNumbers, query, now: new Date() });
    return build(context, scope);
  });
}

/**
 * /api/overview-report/*: the Overview report's data (docs/architecture.md "Overview API"). Each call takes one of
 * day, week or custom and the system group in the query, the selected serial numbers in the body, and answers for the
 * systems of the group in the user's scope (all of them when none is selected) in that period and the one before.
 * Register inside the scope of registerTenantScope: every handler reaches the database only through `request.tenantDb`.
 */
export async function registerOverviewReportRoutes(app: FastifyInstance): Promise<void> {
  for (const [name, call] of Object.entries(OVERVIEW_CALLS)) {
    app.post<{ Querystring: OverviewQuery; Body: { systems: string[] } }>(
      `/api/overview-report/${name}`,
      {
        schema: {
          querystring: periodQuerySchema,
          body: systemsBodySchema,
          response: { 200: call.response, ...errorResponses },
        },
      },
      async (request) => withOverviewContext(request, request.body.systems, call.build),
    );
  }
}
