import { Type, type Static } from 'typebox';
import { Closed, Day, NullableString } from './primitives.ts';

/**
 * Contract of /api/email-reports-scheduler/* (spec shell §3 "Scheduler entry", §7) and of the public unsubscribe call.
 * Weekdays are the spec's enumeration, Monday 0 … Sunday 6; repeat frequencies No Repeat 0, Daily 1, Weekly 2,
 * Monthly 3, Yearly 4, of which this version offers and sends only Weekly.
 */

/** Repeat frequencies of spec shell §3. */
export const REPEAT_FREQUENCY = { noRepeat: 0, daily: 1, weekly: 2, monthly: 3, yearly: 4 } as const;

/** Weekdays of spec shell §3, Monday 0 … Sunday 6; the form's default is Tuesday. */
export const WEEKDAY = { monday: 0, tuesday: 1, wednesday: 2, thursday: 3, friday: 4, saturday: 5, sunday: 6 } as const;

/** Spec shell §9: a new entry's subject and repeat. */
export const SCHEDULER_DEFAULTS = { subject: 'My report', weekdays: [WEEKDAY.tuesday] } as const;

/** The one report type of this version, as the entries name it (`emailReportId` is its index plus 1, spec shell §3). */
export const WEEKLY_REPORT = { emailReportId: 1, name: 'Weekly report' } as const;

export const SchedulerRepeatSchema = Closed({
  /** Only Weekly (2) is offered and sent in this version. */
  frequency: Type.Integer({ enum: [REPEAT_FREQUENCY.weekly] }),
  /** The days it is sent on, Monday 0 … Sunday 6: at least one, each once. */
  dayOfWeek: Type.Array(Type.Integer({ minimum: 0, maximum: 6 }), { minItems: 1, maxItems: 7, uniqueItems: true }),
});
export type SchedulerRepeat = Static<typeof SchedulerRepeatSchema>;

const Ids = () => Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 5000 });

const entryFields = {
  subject: Type.String({ minLength: 1, maxLength: 200 }),
  /** The report type: its index in the templates plus 1 (spec shell §3). */
  emailReportId: Type.Integer({ minimum: 1, maximum: 1 }),
  /** The first day it may be sent, yyyy-MM-dd in its time zone. */
  startSendDate: Day(),
  /** The last day it may be sent; null (or absent when saving) means never. */
  endSendDate: Type.Optional(Type.Union([Day(), Type.Null()])),
  repeat: SchedulerRepeatSchema,
  notes: Type.String({ maxLength: 1000 }),
  /** Whether it is being sent (the sending switch). */
  isActive: Type.Boolean(),
  /** The scope of the report, within the user's own; empty lists mean the user's whole scope. */
  customerIds: Ids(),
  siteIds: Ids(),
  systemIds: Ids(),
  /** IANA time zone the weekday and send hour are read in (our addition; the browser's zone). Default UTC. */
  timeZone: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
};

/** POST /api/email-reports-scheduler/entries: a new entry (no reportId, or '0') or the saved state of an existing one. */
export const SchedulerEntryInputSchema = Closed({
  /** The entry to update; absent or '0' creates one (duplicating clears the id to '0', spec shell §4). */
  reportId: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  ...entryFields,
});
export type SchedulerEntryInput = Static<typeof SchedulerEntryInputSchema>;

/** The fields of a saved entry (plain types: answers are checked, not validated as input). */
const savedEntryProperties = {
  reportId: Type.String(),
  userId: Type.String(),
  subject: Type.String(),
  emailReportId: Type.Integer(),
  emailReportName: Type.String(),
  /** yyyy-MM-dd. */
  startSendDate: Type.String(),
  /** yyyy-MM-dd, or null: never ends. */
  endSendDate: NullableString(),
  repeat: Closed({ frequency: Type.Integer(), dayOfWeek: Type.Array(Type.Integer()) }),
  notes: Type.String(),
  isActive: Type.Boolean(),
  customerIds: Type.Array(Type.String()),
  siteIds: Type.Array(Type.String()),
  systemIds: Type.Array(Type.String()),
  timeZone: Type.String(),
  /** When it was last delivered (ISO instant), null if never. */
  lastSent: NullableString(),
  /** Why the latest send failed (it is retried with back-off), null when it did not. */
  lastError: NullableString(),
};

/** One saved entry, as POST answers it. */
export const SchedulerEntrySchema = Closed(savedEntryProperties, { $id: 'SchedulerEntry' });
export type SchedulerEntry = Static<typeof SchedulerEntrySchema>;

/** GET …/entries: the user's entries (items without an `$id`, so the OpenAPI document shows their fields inline). */
export const SchedulerEntriesSchema = Type.Array(Closed(savedEntryProperties), { $id: 'SchedulerEntries' });
export type SchedulerEntries = Static<typeof SchedulerEntriesSchema>;

export const SchedulerEntryParamsSchema = Closed({ id: Type.String({ minLength: 1, maxLength: 64 }) });

/** GET /api/email-reports-scheduler/templates: the report types an entry may send. */
export const SchedulerTemplatesSchema = Type.Array(Closed({ emailReportId: Type.Integer(), name: Type.String() }), {
  $id: 'SchedulerTemplates',
});
export type SchedulerTemplates = Static<typeof SchedulerTemplatesSchema>;

/** POST /api/email-reports-scheduler/unsubscribe (public): the address typed on the page and the link's token. */
export const UnsubscribeRequestSchema = Closed({
  email: Type.String({ minLength: 1, maxLength: 256 }),
  token: Type.String({ minLength: 1, maxLength: 1000 }),
});
export type UnsubscribeRequest = Static<typeof UnsubscribeRequestSchema>;
