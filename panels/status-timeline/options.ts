import { Type, type Static } from 'typebox';

/**
 * The options of a status-timeline panel (a layout's `panels.<id>.options`): `npm run panels:index` writes this schema into
 * schemas/report-layout.schema.json, where editors complete and describe them and the layout validator checks them.
 */
export const StatusTimelineOptionsSchema = Type.Object(
  {
    dayView: Type.Optional(
      Type.Enum(['day', 'hour'], {
        description: "The day view's mode when the panel opens: the whole day or one hour. Default 'day'.",
      }),
    ),
  },
  {
    title: 'Status timeline options',
    description:
      "A system's status timeline (spec reports §2, §3, §9): for a week, per day the shares of Error, Maintenance, Idle, Printing and Not Reporting in their colours; for a day, the five-minute timeline with a Day/Hour toggle (hours 0–23 with AM/PM). Answer: SystemTimeline.",
    additionalProperties: false,
  },
);

export type StatusTimelineOptions = Static<typeof StatusTimelineOptionsSchema>;
