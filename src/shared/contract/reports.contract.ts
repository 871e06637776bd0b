import { Type, type Static } from 'typebox';
import { Closed, CustomRange, Day, NullableString, StringEnum, SystemGroupSchema } from './primitives.ts';

/** Contract of /api/reports/*: filter data, the header's last update, and the scope-wide state calls. */

/** Filter data of one system group (spec reports §3), as returned by GET /api/reports/date-filters. */
export const GroupFilterDataSchema = Closed({
  systemGroup: SystemGroupSchema,
  /** yyyyMMdd or '' when the group has no data. */
  startDate: Type.String(),
  endDate: Type.String(),
  /** e.g. '3 of 4' — split on spaces into three parts by the header. */
  activeSystems: Type.String(),
  sites: Type.Array(Closed({ id: Type.String(), name: Type.String() })),
  models: Type.Array(Closed({ id: Type.String(), name: Type.String(), siteId: Type.String() })),
  systems: Type.Array(
    Closed({
      id: Type.String(),
      name: Type.String(),
      siteId: Type.String(),
      modelId: Type.String(),
      systemNickName: NullableString(),
      isEverReported: Type.Boolean(),
      /** yyyyMMdd of the printer model's start date, '' when unknown: a system's own pages start there (spec reports §2). */
      modelStartDate: Type.String(),
    }),
  ),
});
export type GroupFilterData = Static<typeof GroupFilterDataSchema>;

export const DateFiltersResponseSchema = Closed({ groups: Type.Array(GroupFilterDataSchema) }, { $id: 'DateFilters' });
export type DateFiltersResponse = Static<typeof DateFiltersResponseSchema>;

/**
 * Query of POST /api/reports/getMaxKeepAlive: the period parameters the client may send with every report call (spec
 * reports §7) are validated like everywhere else, though the last-update time does not use them.
 */
export const MaxKeepAliveQuerySchema = Closed({
  day: Type.Optional(Day()),
  week: Type.Optional(Day()),
  month: Type.Optional(Day()),
  quarter: Type.Optional(Day()),
  year: Type.Optional(Day()),
  custom: Type.Optional(CustomRange()),
  systemGroupType: SystemGroupSchema,
});

/** POST /api/reports/getMaxKeepAlive */
export const MaxKeepAliveResponseSchema = Closed(
  {
    /** Last telemetry time in the site's local time, ISO without offset; null when nothing reported. */
    maxKeepAliveValue: NullableString(),
    maxKeepAliveValueUtc: NullableString(),
  },
  { $id: 'MaxKeepAlive' },
);
export type MaxKeepAliveResponse = Static<typeof MaxKeepAliveResponseSchema>;

/** A printer's status as status intervals record it (the names of STATUSES in src/server/ingest/measures.ts). */
export const PrinterStatusSchema = StringEnum([
  'Printing',
  'Preparation',
  'Idle',
  'Error',
  'Maintenance',
  'NotReporting',
]);
export type PortalPrinterStatus = Static<typeof PrinterStatusSchema>;

/**
 * Query of the group-wide state calls (spec reports §7 "Filters and state": day, week, custom, systemGroup). The answer
 * is the systems' state now, so the period parameters are validated but do not change it.
 */
export const GroupStateQuerySchema = Closed({
  day: Type.Optional(Day()),
  week: Type.Optional(Day()),
  custom: Type.Optional(CustomRange()),
  systemGroup: SystemGroupSchema,
});

/** GET /api/reports/systems — one system of the group in scope. */
export const ReportSystemSchema = Closed({
  serialNumber: Type.String(),
  systemNickName: NullableString(),
  /** The model's name. */
  systemModel: Type.String(),
  /** Status of the latest status interval; 'NotReporting' when there is none. */
  printerStatus: PrinterStatusSchema,
  /** ISO UTC: the later of the last report time ingest recorded and the latest job end; null when nothing reported. */
  lastUpdate: NullableString(),
});
export type ReportSystem = Static<typeof ReportSystemSchema>;
export const ReportSystemsSchema = Type.Array(ReportSystemSchema, { $id: 'ReportSystems' });

/** GET /api/reports/current-state — each system's current status and how many systems are in each status. */
export const CurrentStateResponseSchema = Closed(
  {
    systemGroup: SystemGroupSchema,
    systems: Type.Array(Closed({ serialNumber: Type.String(), status: PrinterStatusSchema, since: NullableString() })),
    counts: Closed({
      Printing: Type.Integer(),
      Preparation: Type.Integer(),
      Idle: Type.Integer(),
      Error: Type.Integer(),
      Maintenance: Type.Integer(),
      NotReporting: Type.Integer(),
    }),
  },
  { $id: 'CurrentState' },
);
export type CurrentStateResponse = Static<typeof CurrentStateResponseSchema>;

/** GET /api/reports/site-extensions — one site in scope and the groups of its systems in scope. */
export const SiteExtensionSchema = Closed({
  siteId: Type.String(),
  name: Type.String(),
  timeZone: Type.String(),
  systemGroups: Type.Array(SystemGroupSchema),
});
export type SiteExtension = Static<typeof SiteExtensionSchema>;
export const SiteExtensionsSchema = Type.Array(SiteExtensionSchema, { $id: 'SiteExtensions' });

/** GET /api/reports/reported-printers-status (spec reports §3 "Reported printers status"). */
export const ReportedPrintersStatusResponseSchema = Closed(
  {
    reportedSystems: Type.Array(
      Closed({
        systemGroup: SystemGroupSchema,
        reportedSystemsData: Closed({ reported: Type.Integer(), total: Type.Integer() }),
      }),
    ),
  },
  { $id: 'ReportedPrintersStatus' },
);
export type ReportedPrintersStatusResponse = Static<typeof ReportedPrintersStatusResponseSchema>;
