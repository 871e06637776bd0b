import { Type, type Static } from 'typebox';

/**
 * The options of a shift-performance panel (a layout's `panels.<id>.options`): `npm run panels:index` writes this schema into
 * schemas/report-layout.schema.json, where editors complete and describe them and the layout validator checks them.
 */
export const ShiftPerformanceOptionsSchema = Type.Object(
  {
    show: Type.Enum(['shift', 'impressions'], {
      description:
        "'shift': the current shift's type and start (site time), or the period and its shifts so far; 'impressions': the shift's (period's) impressions against its target with the percentage.",
    }),
  },
  {
    title: 'Shift performance options',
    description:
      "The TV dashboard's figures of the current shift, or of a week's or range's shifts (answer TvXmrImpressions), in large high-contrast type.",
    additionalProperties: false,
  },
);

export type ShiftPerformanceOptions = Static<typeof ShiftPerformanceOptionsSchema>;
