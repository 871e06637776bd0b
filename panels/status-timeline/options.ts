import { Type, type Static } from 'typebox';
import { panelOptionsSchema } from '../../src/runtime/panel-sdk-options.ts';

/** The options of a status-timeline panel (a layout's `panels.<id>.options`). */
export const StatusTimelineOptionsSchema = panelOptionsSchema(
  {
    title: 'Status timeline options',
    description:
      "A system's status timeline (spec reports §2, §3, §9): for a week, per day the shares of Error, Maintenance, Idle, Printing and Not Reporting in their colours; for a day, the five-minute timeline with a Day/Hour toggle (hours 0–23 with AM/PM). Answer: SystemTimeline.",
  },
  {
    dayView: Type.Optional(
      Type.Enum(['day', 'hour'], {
        description: "The day view's mode when the panel opens: the whole day or one hour. Default 'day'.",
      }),
    ),
  },
);

export type StatusTimelineOptions = Static<typeof StatusTimelineOptionsSchema>;
