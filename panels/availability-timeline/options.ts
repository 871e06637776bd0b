import { Type, type Static } from 'typebox';

/**
 * The options of an availability-timeline panel (a layout's `panels.<id>.options`): `npm run panels:index` writes this schema into
 * schemas/report-layout.schema.json, where editors complete and describe them and the layout validator checks them.
 */
export const AvailabilityTimelineOptionsSchema = Type.Object(
  {},
  {
    title: 'Availability timeline options',
    description:
      "One printer's availability in the period (−1 shown as '--') and per hour or day: a bar coloured by the thresholds (0–50 red, over 50–75 yellow, above 75 green) over a strip of the statuses' shares (spec reports §5, §9). Answer: SystemAvailabilityTimeline. No options.",
    additionalProperties: false,
  },
);

export type AvailabilityTimelineOptions = Static<typeof AvailabilityTimelineOptionsSchema>;
