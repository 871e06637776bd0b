import type { FastifyInstance } from 'fastify';
import { achievements } from './overview-achievements.ts';
import {
  impressionsAvailabilityCards,
  overviewCards,
  overviewOee,
  productionRateReport,
  productivityReport,
} from './overview-cards.ts';
import { impressionsAvailabilityGraphs, overviewGraphs } from './overview-charts.ts';
import { withOverviewContext, type OverviewContext } from '../overview-context.ts';
import {
  availabilitiesKpis,
  impressionsByHourMatrix,
  impressionsKpis,
  utilizationProductivityMatrix,
} from './overview-matrices.ts';
import type { TSchema } from 'typebox';
import {
  AchievementsResponseSchema,
  AvailabilitiesKpisResponseSchema,
  ImpressionsAvailabilityCardsResponseSchema,
  ImpressionsAvailabilityGraphsResponseSchema,
  ImpressionsByHourMatrixResponseSchema,
  ImpressionsKpisResponseSchema,
  OverviewCardsReportSchema,
  OverviewGraphsResponseSchema,
  OverviewOeeResponseSchema,
  PeriodQuerySchema,
  ProductionRateResponseSchema,
  ProductivityResponseSchema,
  SystemsBodySchema,
  UtilizationProductivityMatrixResponseSchema,
  type OverviewQuery,
} from '../../../shared/contract/overview.contract.ts';
import { ERROR_RESPONSES } from '../../../shared/contract/primitives.ts';

/** Every Overview call of spec reports §7 (and the OEE card's): its answer's schema and how it is computed. */
const OVERVIEW_CALLS: Record<string, { response: TSchema; build: (context: OverviewContext) => Promise<unknown> }> = {
  'overview-cards': { response: OverviewCardsReportSchema, build: overviewCards },
  /** The OEE card (our addition, not in spec §7): its own call, so the cards above do not wait for its SQL. */
  oee: { response: OverviewOeeResponseSchema, build: overviewOee },
  'impressions-availability-cards': {
    response: ImpressionsAvailabilityCardsResponseSchema,
    build: impressionsAvailabilityCards,
  },
  'production-rate': { response: ProductionRateResponseSchema, build: productionRateReport },
  productivity: { response: ProductivityResponseSchema, build: productivityReport },
  achievements: { response: AchievementsResponseSchema, build: achievements },
  'overview-graphs': { response: OverviewGraphsResponseSchema, build: overviewGraphs },
  'impressions-availability-graphs': {
    response: ImpressionsAvailabilityGraphsResponseSchema,
    build: impressionsAvailabilityGraphs,
  },
  'impressions-by-hour-matrix': { response: ImpressionsByHourMatrixResponseSchema, build: impressionsByHourMatrix },
  'utilization-productivity-matrix': {
    response: UtilizationProductivityMatrixResponseSchema,
    build: utilizationProductivityMatrix,
  },
  impressionsKPIs: { response: ImpressionsKpisResponseSchema, build: impressionsKpis },
  availabilitiesKPIs: { response: AvailabilitiesKpisResponseSchema, build: availabilitiesKpis },
};

/** The Overview calls, for tests and docs. */
export const OVERVIEW_PATHS = Object.keys(OVERVIEW_CALLS).map((name) => `/api/overview-report/${name}`);

/**
 * /api/overview-report/*: the Overview report's data (docs/architecture.md "Overview API"). Each call takes one of
 * day, week or custom and the system group in the query, the selected serial numbers in the body, and answers for the
 * systems of the group in the user's scope (all of them when none is selected) in that period and the one before.
 * Register inside the scope of registerTenantScope: every handler reaches the database only through `request.tenantDb`.
 * `clock` is the server clock (a period in progress is compared up to its time).
 */
export async function registerOverviewReportRoutes(app: FastifyInstance, clock: () => Date): Promise<void> {
  for (const [name, call] of Object.entries(OVERVIEW_CALLS)) {
    app.post<{ Querystring: OverviewQuery; Body: { systems: string[] } }>(
      `/api/overview-report/${name}`,
      {
        schema: {
          querystring: PeriodQuerySchema,
          body: SystemsBodySchema,
          response: { 200: call.response, ...ERROR_RESPONSES },
        },
      },
      async (request) => withOverviewContext(request, request.body.systems, clock(), call.build),
    );
  }
}
