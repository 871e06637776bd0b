import { Type, type Static } from 'typebox';

/**
 * The options of a job-kpi-chart panel (a layout's `panels.<id>.options`): `npm run panels:index` writes this schema into
 * schemas/report-layout.schema.json, where editors complete and describe them and the layout validator checks them.
 */
export const JobKpiChartOptionsSchema = Type.Object(
  {
    field: Type.Enum(
      [
        'totalImpressions',
        'totalPrintingTime',
        'cycleTimePerImpressionResponse',
        'totalInkConsumption',
        'bottlesLoaded',
      ],
      {
        description:
          "The trend of the query's answer: totalImpressions (total-impressions), totalPrintingTime (print-time-KPIs), cycleTimePerImpressionResponse (cycle-time-KPIs, Apollo), totalInkConsumption (ink-consumption-KPIs), bottlesLoaded (total-bottles-loaded-KPIs).",
      },
    ),
  },
  {
    title: 'Job KPI chart options',
    description:
      "A Jobs Analysis KPI (spec reports §2 'KPIs'): its period value, its change, the call's per-unit figure and its value per chart bucket.",
    additionalProperties: false,
  },
);

export type JobKpiChartOptions = Static<typeof JobKpiChartOptionsSchema>;
