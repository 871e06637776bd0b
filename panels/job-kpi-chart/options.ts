import { Type, type Static } from 'typebox';

/**
 * The options of a job-kpi-chart panel (a layout's `panels.<id>.options`): `npm run panels:index` writes this schema into
 * schemas/report-layout.schema.json, where editors complete and describe them and the layout validator checks them.
 */
export const JobKpiChartOptionsSchema = Type.Object(
  {},
  {
    title: 'Job KPI chart options',
    description:
      "A Jobs Analysis KPI (spec reports §2 'KPIs') from the series frame the panel names in 'frame': its period value, its change, the figure the answer gives beside it (per unit, per job) and its value per chart bucket. No options.",
    additionalProperties: false,
  },
);

export type JobKpiChartOptions = Static<typeof JobKpiChartOptionsSchema>;
