import { definePanel } from '../../src/runtime/panel-definition.ts';
import { AVAILABILITY_TIMELINE_ANSWERS, selectAvailabilityTimeline } from './model.ts';
import { AvailabilityTimelineOptionsSchema } from './options.ts';

/** The availability-timeline kind: everything the runtime and the layout validator know about it. */
export const panel = definePanel({
  kind: 'availability-timeline',
  title: 'Availability timeline',
  description: "One printer's availability in the period and per hour or day, over the statuses' shares.",
  optionsSchema: AvailabilityTimelineOptionsSchema,
  answers: AVAILABILITY_TIMELINE_ANSWERS,
  minSize: { w: 4, h: 4 },
  drawsOwnTitle: false,
  placeholder: 'chart',
  selectData: selectAvailabilityTimeline,
  load: () => import('./AvailabilityTimelinePanel.tsx').then((module) => module.AvailabilityTimelinePanel),
});
