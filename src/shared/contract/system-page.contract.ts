import { Type, type Static } from 'typebox';
import { TIMELINE_STATUSES } from '../kpi/percentages.ts';
import {
  ComparedUntilSchema,
  KpiComparisonSchema,
  KpiUnitSchema,
  OverviewKpiCardSchema,
  ReportPeriodSchema,
} from './report.contract.ts';
import { Closed, Day, Nullable, NullableNumber, NullableString, StringEnum, SystemGroupSchema } from './primitives.ts';
import { PrinterStatusSchema } from './reports.contract.ts';

/**
 * Contract of the system page's calls /api/system-page-report/* (spec reports §7 "System page and analysis") and of the
 * machine config's GET /api/system-data/settings (docs/architecture.md "System page API"). One printer, named by its
 * serial number in `system`; the period is a day or a Monday-to-Sunday week (spec reports §9: systemPage and
 * machineConfig allow day and week). A serial outside the user's scope, of another tenant or of another group is
 * answered 404 like one that does not exist.
 */

/** A serial number as the query names it. */
const Serial = () => Type.String({ minLength: 1, maxLength: 100 });

const dayOrWeek = { day: Type.Optional(Day()), week: Type.Optional(Day()) };
/** Exactly one of day and week. */
const dayOrWeekRule = { oneOf: [{ required: ['day'] }, { required: ['week'] }] } as const;

/** Bucket size of the availability-and-timeline and achievement series; by default hours for a day, days for a week. */
export const TimelineGranularitySchema = StringEnum(['hour', 'day']);
export type TimelineGranularity = Static<typeof TimelineGranularitySchema>;

/** Query of the system page's calls: day or week, the group and the system's serial number. */
export const SystemPeriodQuerySchema = Closed(
  { ...dayOrWeek, systemGroup: SystemGroupSchema, system: Serial() },
  dayOrWeekRule,
);
export type SystemPeriodQuery = Static<typeof SystemPeriodQuerySchema>;

/** Query of availability-and-timeline and achievement: the period query plus the series' bucket size. */
export const SystemSeriesQuerySchema = Closed(
  {
    ...dayOrWeek,
    systemGroup: SystemGroupSchema,
    system: Serial(),
    timeLineGranularity: Type.Optional(TimelineGranularitySchema),
  },
  dayOrWeekRule,
);
export type SystemSeriesQuery = Static<typeof SystemSeriesQuerySchema>;

/** Query of the ink table: the period query plus isToday (the table then covers the system's local day so far). */
export const SystemInkQuerySchema = Closed(
  { ...dayOrWeek, systemGroup: SystemGroupSchema, system: Serial(), isToday: Type.Optional(Type.Boolean()) },
  dayOrWeekRule,
);
export type SystemInkQuery = Static<typeof SystemInkQuerySchema>;

/**
 * Query of the errors-and-events download: `system` is one serial number or a list (the key repeated, spec reports §5
 * "arrays repeated"); a list of two or more names the file Events_End_Errors_Report.
 */
export const SystemEventsFileQuerySchema = Closed(
  {
    ...dayOrWeek,
    systemGroup: SystemGroupSchema,
    system: Type.Array(Serial(), { minItems: 1, maxItems: 500 }),
  },
  dayOrWeekRule,
);
export type SystemEventsFileQuery = Static<typeof SystemEventsFileQuerySchema>;

/** Every system page answer names the system and the period it covers. */
const headerProperties = {
  systemGroup: SystemGroupSchema,
  systemSerialGk: Type.String(),
  period: ReportPeriodSchema,
};

const TimelineStatusSchema = StringEnum(TIMELINE_STATUSES);

/** The statuses' shares of a stretch of time in the order of spec reports §4, in whole percent totalling 100. */
const StatusShares = () =>
  Type.Array(Closed({ status: TimelineStatusSchema, percentage: Type.Number() }), { minItems: 5, maxItems: 5 });

/**
 * One five-minute point of the day timeline: the status with the most seconds in it (on a tie the first in the order
 * Error, Maintenance, Idle, Printing, Not Reporting), Preparation counted as Printing. `status` is null where no status
 * interval covers any of it (the part of today still to come, or a gap in the data).
 */
export const TimelinePointSchema = Closed({
  /** ISO UTC start of the five minutes. */
  start: Type.String(),
  /** Local wall-clock time HH:mm of the start (on the autumn DST day 02:00–02:55 appear twice). */
  time: Type.String(),
  /** Local hour of day 0–23 (the day view's hour toggle). */
  hour: Type.Integer(),
  status: Nullable(TimelineStatusSchema),
});
export type TimelinePoint = Static<typeof TimelinePointSchema>;

/**
 * GET /api/system-page-report/system-timeline (spec reports §3 Timeline, §7, §9): per local day of the period the
 * statuses' shares (7 days for a week), the period's summary with the timeline colours, and for a day the five-minute
 * timeline: 288 points, 276 on the spring DST day, 300 on the autumn one (the day's real length in five minutes).
 */
export const SystemTimelineSchema = Closed(
  {
    ...headerProperties,
    systemTimeLineGraphResponse: Closed({
      systemTimeLineGraphData: Type.Array(
        Closed({
          /** yyyyMMdd (spec reports §3). */
          date: Type.String(),
          statuses: StatusShares(),
          /** No status was reported that day (every share 0). */
          isNotReported: Type.Boolean(),
        }),
      ),
    }),
    systemTimeLineSummeryResponse: Closed({
      systemTimeLineSummeryData: Type.Array(
        Closed({
          status: TimelineStatusSchema,
          seconds: Type.Number(),
          percentage: Type.Number(),
          /** The status' colour (spec reports §9). */
          colour: Type.String(),
        }),
      ),
    }),
    /** The five-minute timeline of a day; null for a week. */
    systemTimeLineDayResponse: Nullable(
      Closed({ granularityMinutes: Type.Integer(), timeLineData: Type.Array(TimelinePointSchema) }),
    ),
  },
  { $id: 'SystemTimeline' },
);
export type SystemTimeline = Static<typeof SystemTimelineSchema>;

/** A system KPI against the same period a week earlier and against the fleet (the group's systems in scope). */
export const SystemKpiSchema = Closed({
  value: Type.Number(),
  units: KpiUnitSchema,
  againstLastWeek: KpiComparisonSchema,
  againstFleet: KpiComparisonSchema,
});
export type SystemKpi = Static<typeof SystemKpiSchema>;

/** GET /api/system-page-report/cards (spec reports §3 "System page cards"). */
export const SystemPageCardsSchema = Closed(
  {
    ...headerProperties,
    /** The same period a week earlier: the card changes 'against last week' compare with it. */
    lastWeekPeriod: ReportPeriodSchema,
    /** How far the period and last week's are compared while the period is in progress. */
    comparedUntil: ComparedUntilSchema,
    systemModel: Type.String(),
    /** yyyy-MM-dd; null when not set. */
    modelStartDate: NullableString(),
    modelEndDate: NullableString(),
    /** Path of the printer picture of the system's group (public/images/printers). */
    printerImage: Type.String(),
    lastStatus: PrinterStatusSchema,
    /** ISO UTC of the last update; null when the system never reported. */
    lastUpdate: NullableString(),
    /** ISO UTC of the latest software report up to the period's end; null when none. */
    lastSoftwareUpdate: NullableString(),
    /** Version of the most recently reported component; null when none. */
    appVersion: NullableString(),
    /** Impressions against the shift targets of the period (a fraction); null without shift targets. */
    achievement: NullableNumber(),
    production: SystemKpiSchema,
    productionRate: SystemKpiSchema,
    /** −1 when the system reported nothing in the period ('--'). */
    availability: SystemKpiSchema,
    /** Null for DTF (no productivity). */
    productivity: Nullable(SystemKpiSchema),
    /** Seconds. */
    errorDuration: Type.Number(),
    /** Fraction of the reported time. */
    errorPercentage: Type.Number(),
    maintenanceDuration: Type.Number(),
    maintenancePercentage: Type.Number(),
    /** The system reported no status in the period. */
    isNotReportingPeriod: Type.Boolean(),
    /** Seconds of reported status time in the period. */
    availabilityTotalDurationReported: Type.Number(),
  },
  { $id: 'SystemPageCards' },
);
export type SystemPageCards = Static<typeof SystemPageCardsSchema>;

/** One row of a messages table: the events of one message in the period. */
export const MessageRowSchema = Closed({
  message: Type.String(),
  /** The codes the message was reported with, sorted. */
  codes: Type.Array(Type.String()),
  count: Type.Integer(),
  /** Seconds; an event still open counts up to the period's end or now, whichever is earlier. */
  durationSeconds: Type.Number(),
  /** Fraction of the table's total duration. */
  durationShare: Type.Number(),
});
export type MessageRow = Static<typeof MessageRowSchema>;
const MessageTable = () => Closed({ messageTableData: Type.Array(MessageRowSchema) });

/** An error event still open at the instant the answer judges it at (docs/kpi-glossary.md "Open error"). */
export const OpenErrorSchema = Closed({
  code: Type.String(),
  /** The event's message; 'Other' when it was sent without one. */
  message: Type.String(),
  /** ISO UTC. */
  startedAt: Type.String(),
  /** ISO UTC end the printer reported (after `at`), or null: no end reported and no status since shows it recovered. */
  endedAt: NullableString(),
});
export type OpenError = Static<typeof OpenErrorSchema>;

/**
 * GET /api/system-page-report/error-maintenance-messages: the errors and the maintenance events that started in the
 * period, one row per message, by count then duration, 'Other' (and events without a message) last (spec reports §5),
 * and the errors still open at the period's end (or now, for a period not over yet), latest first.
 */
export const SystemMessagesSchema = Closed(
  {
    ...headerProperties,
    errorTableData: MessageTable(),
    maintenanceTableData: MessageTable(),
    openErrors: Closed({
      /** ISO UTC instant the errors are open at: the period's end, or the answer's time while the period runs. */
      at: Type.String(),
      /** True when `at` is the period's end (the period is over); false when it is the answer's time. */
      atPeriodEnd: Type.Boolean(),
      /** Error events started before `at` that had not ended by then, latest first (any day, not only the period's). */
      events: Type.Array(OpenErrorSchema),
    }),
  },
  { $id: 'SystemMessages' },
);
export type SystemMessages = Static<typeof SystemMessagesSchema>;

/**
 * GET /api/system-page-report/ink-table: per ink colour the ink used by the jobs that ended in the period and the ink
 * loaded, in ml (µl ÷ 1000, spec reports §9), and the ink per unit of production; negative or infinite values are 0
 * (spec reports §5).
 */
export const SystemInkTableSchema = Closed(
  {
    ...headerProperties,
    isToday: Type.Boolean(),
    /** 'ml/imp', or 'ml/m' for DTF. */
    perUnit: StringEnum(['ml/imp', 'ml/m']),
    colorData: Type.Array(
      Closed({
        colorName: Type.String(),
        consumedMl: Type.Number(),
        loadedMl: Type.Number(),
        bottlesLoaded: Type.Integer(),
        perUnitMl: Type.Number(),
      }),
    ),
  },
  { $id: 'SystemInkTable' },
);
export type SystemInkTable = Static<typeof SystemInkTableSchema>;

/** GET /api/system-page-report/qualiset: the Qualiset tests measured in the period, latest first, and their pass rate. */
export const SystemQualisetSchema = Closed(
  {
    ...headerProperties,
    tests: Type.Integer(),
    passed: Type.Integer(),
    /** passed / tests; null without tests. */
    passRate: NullableNumber(),
    results: Type.Array(
      Closed({
        measuredAt: Type.String(),
        testName: Type.String(),
        passed: Type.Boolean(),
        score: NullableNumber(),
      }),
    ),
  },
  { $id: 'SystemQualiset' },
);
export type SystemQualiset = Static<typeof SystemQualisetSchema>;

/** GET /api/system-page-report/impressions-cards: the production and production rate cards against the previous period. */
export const SystemImpressionsCardsSchema = Closed(
  { ...headerProperties, totalProduction: OverviewKpiCardSchema, productionRate: OverviewKpiCardSchema },
  { $id: 'SystemImpressionsCards' },
);
export type SystemImpressionsCards = Static<typeof SystemImpressionsCardsSchema>;

/**
 * GET /api/system-page-report/availability-and-timeline: the availability card and, per hour or day, the availability
 * (−1 where nothing was reported) and the statuses' shares.
 */
export const SystemAvailabilityTimelineSchema = Closed(
  {
    ...headerProperties,
    timeLineGranularity: TimelineGranularitySchema,
    availability: OverviewKpiCardSchema,
    records: Type.Array(
      Closed({
        /** yyyy-MM-dd, or yyyy-MM-ddTHH:00 for hours (local). */
        date: Type.String(),
        availability: Type.Number(),
        statuses: StatusShares(),
      }),
    ),
  },
  { $id: 'SystemAvailabilityTimeline' },
);
export type SystemAvailabilityTimeline = Static<typeof SystemAvailabilityTimelineSchema>;

/**
 * GET /api/system-page-report/achievement: impressions against the shift targets (docs/kpi-glossary.md "System
 * achievement"), in total and per hour or day.
 */
export const SystemAchievementSchema = Closed(
  {
    ...headerProperties,
    timeLineGranularity: TimelineGranularitySchema,
    impressions: Type.Number(),
    target: Type.Number(),
    /** impressions / target; null when the target is 0. */
    achievement: NullableNumber(),
    records: Type.Array(
      Closed({ date: Type.String(), impressions: Type.Number(), target: Type.Number(), achievement: NullableNumber() }),
    ),
  },
  { $id: 'SystemAchievement' },
);
export type SystemAchievement = Static<typeof SystemAchievementSchema>;

/** GET /api/system-data/settings query: the system's id (as the filter data lists it) and a day or week. */
export const MachineSettingsQuerySchema = Closed(
  { systemId: Type.String({ minLength: 1, maxLength: 100 }), ...dayOrWeek },
  dayOrWeekRule,
);
export type MachineSettingsQuery = Static<typeof MachineSettingsQuerySchema>;

/**
 * GET /api/system-data/settings (spec reports §2 Machine config, §5): the latest value of each machine parameter
 * recorded up to the period's end, by name. A value is a number when numeric, otherwise text; min and max are numbers
 * or absent; parameters without a value are dropped.
 */
export const MachineSettingsSchema = Closed(
  {
    period: ReportPeriodSchema,
    device: Closed({
      id: Type.String(),
      /** The serial number. */
      name: Type.String(),
      nickname: NullableString(),
      systemGroup: SystemGroupSchema,
      model: Type.String(),
      /** Path of the printer picture (public/images/printers). */
      image: Type.String(),
    }),
    params: Type.Array(
      Closed({
        name: Type.String(),
        value: Type.Union([Type.Number(), Type.String()]),
        min: Type.Optional(Type.Number()),
        max: Type.Optional(Type.Number()),
        /** ISO UTC time the value was recorded. */
        recordedAt: Type.String(),
      }),
    ),
  },
  { $id: 'MachineSettings' },
);
export type MachineSettings = Static<typeof MachineSettingsSchema>;
