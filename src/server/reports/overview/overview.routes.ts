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
import { reportCall, type ReportCall } from '../common/report-call.ts';
import { withReportContext, type ReportContext } from '../common/report-context.ts';
import {
  availabilitiesKpis,
  impressionsByHourMatrix,
  impressionsKpis,
  utilizationProductivityMatrix,
} from './overview-matrices.ts';
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
  ProductionRateResponseSchema,
  ProductivityResponseSchema,
  UtilizationProductivityMatrixResponseSchema,
} from '../../../shared/contract/overview.contract.ts';
import { PeriodQuerySchema, SystemsBodySchema, type ReportQuery } from '../../../shared/contract/report.contract.ts';
import { ERROR_RESPONSES } from '../../../shared/contract/primitives.ts';

/** Every Overview call of spec reports §7 (and the OEE card's): its answer's schema and how it is computed. */
const OVERVIEW_CALLS: Record<string, ReportCall<ReportContext, void>> = {
  'overview-cards': reportCall(OverviewCardsReportSchema, overviewCards),
  /** The OEE card (our addition, not in spec §7): its own call, so the cards above do not wait for its SQL. */
  oee: reportCall(OverviewOeeResponseSchema, overviewOee),
  'impressions-availability-cards': reportCall(
    ImpressionsAvailabilityCardsResponseSchema,
    impressionsAvailabilityCards,
  ),
  'production-rate': reportCall(ProductionRateResponseSchema, productionRateReport),
  productivity: reportCall(ProductivityResponseSchema, productivityReport),
  achievements: reportCall(AchievementsResponseSchema, achievements),
  'overview-graphs': reportCall(OverviewGraphsResponseSchema, overviewGraphs),
  'impressions-availability-graphs': reportCall(
    ImpressionsAvailabilityGraphsResponseSchema,
    impressionsAvailabilityGraphs,
  ),
  'impressions-by-hour-matrix': reportCall(ImpressionsByHourMatrixResponseSchema, impressionsByHourMatrix),
  'utilization-productivity-matrix': reportCall(
    UtilizationProductivityMatrixResponseSchema,
    utilizationProductivityMatrix,
  ),
  impressionsKPIs: reportCall(ImpressionsKpisResponseSchema, impressionsKpis),
  availabilitiesKPIs: reportCall(AvailabilitiesKpisResponseSchema, availabilitiesKpis),
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
    app.post<{ Querystring: ReportQuery; Body: { systems: string[] } }>(
      `/api/overview-report/${name}`,
      {
        schema: {
          querystring: PeriodQuerySchema,
          body: SystemsBodySchema,
          response: { 200: call.response, ...ERROR_RESPONSES },
        },
      },
      async (request) => withReportContext(request, request.body.systems, clock(), (context) => call.build(context)),
    );
  }
}
