import type { Static } from 'typebox';
import { panelOptionsSchema } from '../../src/runtime/panel-sdk-options.ts';

/** The options of an availability-timeline panel (a layout's `panels.<id>.options`). */
export const AvailabilityTimelineOptionsSchema = panelOptionsSchema({
  title: 'Availability timeline options',
  description:
    "One printer's availability in the period (−1 shown as '--') and per hour or day: a bar coloured by the thresholds (0–50 red, over 50–75 yellow, above 75 green) over a strip of the statuses' shares (spec reports §5, §9). Answer: SystemAvailabilityTimeline. No options.",
});

export type AvailabilityTimelineOptions = Static<typeof AvailabilityTimelineOptionsSchema>;
