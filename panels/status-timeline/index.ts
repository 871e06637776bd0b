import { definePanel } from '../../src/runtime/panel-definition.ts';
import { STATUS_TIMELINE_ANSWERS, selectStatusTimeline } from './model.ts';
import { StatusTimelineOptionsSchema } from './options.ts';

/** The status-timeline kind: everything the runtime and the layout validator know about it. */
export const panel = definePanel({
  kind: 'status-timeline',
  title: 'Status timeline',
  description:
    "A system's status timeline: per day the statuses' shares (week), or the five-minute day with a Day/Hour toggle.",
  optionsSchema: StatusTimelineOptionsSchema,
  answers: STATUS_TIMELINE_ANSWERS,
  minSize: { w: 4, h: 4 },
  drawsOwnTitle: false,
  placeholder: 'chart',
  selectData: selectStatusTimeline,
  load: () => import('./StatusTimelinePanel.tsx').then((module) => module.StatusTimelinePanel),
});
