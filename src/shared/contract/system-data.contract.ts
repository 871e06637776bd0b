import { Type, type Static } from 'typebox';
import { onePeriodRule, PeriodsAnswer, periodQueryProperties } from './report.contract.ts';
import { Closed, Nullable, NullableString, SystemGroupSchema } from './primitives.ts';
import { ReportSystemSchema } from './reports.contract.ts';

/** Contract of /api/system-data/* (nicknames, Systems Analysis) and /api/system-page-report/* (the system page). */

/** GET /api/system-data/systems-name query: the group, or every group in scope. */
export const SystemsNameQuerySchema = Closed({ systemGroup: Type.Optional(SystemGroupSchema) });

/** GET /api/system-data/systems-name */
export const SystemsNameResponseSchema = Closed(
  { nicknameResponse: Type.Array(Closed({ serialNumber: Type.String(), nickName: NullableString() })) },
  { $id: 'SystemsName' },
);
export type SystemsNameResponse = Static<typeof SystemsNameResponseSchema>;

/** POST /api/system-data/system-name body; an empty nickName clears the nickname. */
export const SystemNameUpdateSchema = Closed({
  serialNumber: Type.String({ minLength: 1, maxLength: 100 }),
  nickName: Type.String({ maxLength: 100 }),
});
export type SystemNameUpdate = Static<typeof SystemNameUpdateSchema>;

/** POST /api/system-data/system-name answer. */
export const SystemNameResponseSchema = Closed({ nickName: NullableString() }, { $id: 'SystemName' });
export type SystemNameResponse = Static<typeof SystemNameResponseSchema>;

/** OEE and its three factors as fractions (docs/kpi-glossary.md "OEE"). */
export const OeeFiguresSchema = Closed({
  oee: Type.Number(),
  /** Shift availability: run time / planned time. */
  availability: Type.Number(),
  performance: Type.Number(),
  quality: Type.Number(),
});
export type OeeFigures = Static<typeof OeeFiguresSchema>;

/** GET /api/system-data/systems-analysis: one system of Systems Analysis' cards and table (spec reports §2). */
export const SystemAnalysisItemSchema = Closed({
  ...ReportSystemSchema.properties,
  production: Type.Number(),
  /** Production rate per printing hour. */
  speed: Type.Number(),
  /** −1 when the system reported nothing in the period. */
  availability: Type.Number(),
  /** OEE and its factors over the shifts the system works (fractions); null where OEE cannot be computed. */
  oee: Nullable(OeeFiguresSchema),
  isEverReported: Type.Boolean(),
});
export type SystemAnalysisItem = Static<typeof SystemAnalysisItemSchema>;

export const SystemsAnalysisResponseSchema = PeriodsAnswer('SystemsAnalysis', {
  systems: Type.Array(SystemAnalysisItemSchema),
});
export type SystemsAnalysisResponse = Static<typeof SystemsAnalysisResponseSchema>;

/** GET /api/system-page-report/software-versions query: the period, the group and one system's serial number. */
export const SystemPageQuerySchema = Closed(
  {
    ...periodQueryProperties,
    systemGroup: SystemGroupSchema,
    system: Type.String({ minLength: 1, maxLength: 100 }),
  },
  onePeriodRule,
);
export type SystemPageQuery = Static<typeof SystemPageQuerySchema>;

/** GET /api/system-page-report/software-versions (spec reports §3 Software version), as of the period's end. */
export const SoftwareVersionsResponseSchema = Closed(
  {
    systemSerialGk: Type.String(),
    /** The system's model name. */
    appName: Type.String(),
    componentVersions: Type.Array(
      Closed({ component: Type.String(), version: Type.String(), reportedAt: Type.String() }),
    ),
    /** ISO UTC time of the latest report at or before the period's end; null when none. */
    globalSoftwareLastUpdate: NullableString(),
    /** Version of the most recently reported component; null when none. */
    globalSoftwareVersion: NullableString(),
  },
  { $id: 'SoftwareVersions' },
);
export type SoftwareVersionsResponse = Static<typeof SoftwareVersionsResponseSchema>;
