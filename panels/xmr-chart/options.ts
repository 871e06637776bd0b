import { Type, type Static } from 'typebox';

/**
 * The options of a xmr-chart panel (a layout's `panels.<id>.options`): `npm run panels:index` writes this schema into
 * schemas/report-layout.schema.json, where editors complete and describe them and the layout validator checks them.
 */
export const XmrChartOptionsSchema = Type.Object(
  {
    showMovingRange: Type.Optional(
      Type.Boolean({ description: 'Draw the moving-range chart under the individuals (default true).' }),
    ),
  },
  {
    title: 'XMR chart options',
    description:
      "The TV dashboard's XMR chart (answer TvXmrImpressions): impressions per 20-minute interval of the shift or per shift of a week or range, with the centre line and natural process limits, and the moving ranges with their upper limit; points outside are marked.",
    additionalProperties: false,
  },
);

export type XmrChartOptions = Static<typeof XmrChartOptionsSchema>;
