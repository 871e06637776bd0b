import { INK_COLOURS, MAX_STATUS_INTERVAL_HOURS, PRINT_MODES, STATUSES } from './measures.ts';

/**
 * JSON Schema (2020-12) of one telemetry record, discriminated by `kind`. This is the contract gateways write to:
 * every record carries an `id` and the printer's `serial`; (serial, kind, id) is the record's identity, which retries
 * and an event's later end reuse (record-updates.ts says what a record of a stored identity does).
 * Timestamps are RFC 3339 with an offset or Z. Ink volumes are integer microlitres.
 */

const timestamp = {
  type: 'string',
  pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d{1,3})?(Z|[+-]\\d{2}:\\d{2})$',
  description: 'RFC 3339 date-time with Z or an offset, at most millisecond precision',
} as const;

const microlitres = { type: 'integer', minimum: 0, maximum: 2_000_000_000 } as const;
const localDay = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' } as const;
const wallClock = { type: 'string', pattern: '^([01]\\d|2[0-3]):[0-5]\\d$' } as const;
const shortText = { type: 'string', minLength: 1, maxLength: 200 } as const;

function recordSchema(
  kind: string,
  description: string,
  required: readonly string[],
  properties: Record<string, unknown>,
): Record<string, unknown> {
  return {
    type: 'object',
    description,
    additionalProperties: false,
    required: ['kind', 'id', 'serial', ...required],
    properties: {
      kind: { const: kind },
      id: {
        ...shortText,
        description:
          "With the printer and the kind, the record's identity: stable across retries and an event's later records",
      },
      serial: { ...shortText, description: 'Serial number of the printer' },
      ...properties,
    },
  };
}

/**
 * A status interval: the printer was in `status` from startedAt until endedAt (startedAt ≤ endedAt ≤ startedAt + 48 h;
 * ingest checks both, JSON Schema cannot compare two fields).
 */
export const statusRecordSchema = recordSchema(
  'status',
  `A closed status interval, at most ${MAX_STATUS_INTERVAL_HOURS} hours long (a longer one is sent in parts)`,
  ['status', 'startedAt', 'endedAt'],
  {
    status: { enum: STATUSES.map((status) => status.name) },
    startedAt: timestamp,
    endedAt: timestamp,
    code: { type: ['string', 'null'], maxLength: 200 },
  },
);

/** One finished print job. */
export const jobRecordSchema = recordSchema('job', 'A finished print job', ['startedAt', 'endedAt', 'impressions'], {
  startedAt: timestamp,
  endedAt: timestamp,
  impressions: { type: 'integer', minimum: 0, maximum: 2_000_000_000 },
  imageAreaCm2: { type: 'number', minimum: 0, maximum: 1_000_000 },
  printMode: { enum: [...PRINT_MODES, null], description: 'DTF: 0 Production, 1 ProdSolid, 2 Quality, 3 QualitySolid' },
  mediaLengthMm: { type: 'integer', minimum: 0, maximum: 2_000_000_000 },
  mediaWidthMm: { type: ['integer', 'null'], minimum: 0, maximum: 100_000 },
  darkGarment: { type: 'boolean' },
  pretreatment: { type: 'boolean' },
  imageName: { type: ['string', 'null'], maxLength: 500 },
  rejected: {
    type: 'boolean',
    description:
      "The job's output was rejected (misprinted, scrapped or reprinted); it lowers OEE quality. Default false",
  },
  inkUl: {
    type: 'object',
    description: 'Ink used per colour, integer microlitres; missing colours are 0',
    additionalProperties: false,
    properties: Object.fromEntries(INK_COLOURS.map((colour) => [colour, microlitres])),
  },
});

/** An error or maintenance event: sent without endedAt when it starts, and again with the same id when it ends. */
export const eventRecordSchema = recordSchema('event', 'An error or maintenance event', ['type', 'code', 'startedAt'], {
  type: { enum: ['error', 'maintenance'] },
  code: shortText,
  message: { type: 'string', maxLength: 2000 },
  startedAt: timestamp,
  endedAt: { anyOf: [timestamp, { type: 'null' }] },
});

/** An ink bottle loaded into the printer. */
export const inkLoadRecordSchema = recordSchema('ink_load', 'An ink bottle load', ['loadedAt', 'colour', 'volumeUl'], {
  loadedAt: timestamp,
  colour: { enum: [...INK_COLOURS] },
  volumeUl: { type: 'integer', minimum: 1, maximum: 2_000_000_000 },
  bottleId: { type: ['string', 'null'], maxLength: 200 },
});

/** A software component version reported by the printer. */
export const softwareVersionRecordSchema = recordSchema(
  'software_version',
  'A software component version',
  ['reportedAt', 'component', 'version'],
  { reportedAt: timestamp, component: shortText, version: shortText },
);

const parameterValue = { type: ['string', 'number', 'boolean', 'null'], maxLength: 200 } as const;

/** A machine parameter value at a time, with the range the printer allows when it sends one. */
export const parameterRecordSchema = recordSchema(
  'parameter',
  'A machine parameter value (null: the printer has none), optionally with its allowed range',
  ['recordedAt', 'name', 'value'],
  {
    recordedAt: timestamp,
    name: shortText,
    value: parameterValue,
    min: { ...parameterValue, description: 'Lowest allowed value' },
    max: { ...parameterValue, description: 'Highest allowed value' },
  },
);

/** A Qualiset print-quality test the printer ran: its name, whether it passed and its score (0–100) when it has one. */
export const qualisetRecordSchema = recordSchema(
  'qualiset',
  'A Qualiset print-quality test result',
  ['measuredAt', 'testName', 'passed'],
  {
    measuredAt: timestamp,
    testName: shortText,
    passed: { type: 'boolean' },
    score: { type: ['number', 'null'], minimum: 0, maximum: 100, description: 'Score of the test, 0 to 100' },
  },
);

/**
 * A shift of the printer's site as the gateway knows the site's calendar (every printer of the site may report it; they
 * name the same `shiftId`). A definition applies from `validFrom` on, a local day of the site not after its current one;
 * the definition with the latest `validFrom` is kept, so a calendar change is a new record with the change's day.
 * Ingest checks what JSON Schema cannot: whole hours, a real day, and that the shift belongs to the printer's site.
 */
export const shiftRecordSchema = recordSchema(
  'shift',
  "A shift of the printer's site: its hours on the site clock and the weekdays it starts on, from a local day on",
  ['shiftId', 'name', 'startsAt', 'endsAt', 'weekdays', 'validFrom'],
  {
    shiftId: {
      ...shortText,
      description: "The shift's id, unique in the tenant and the same for every printer of the site",
    },
    name: { ...shortText, description: 'Name of the shift shown on the Live Dashboard, e.g. Early' },
    startsAt: { ...wallClock, description: 'Start on the site clock, HH:mm on a whole hour' },
    endsAt: {
      ...wallClock,
      description: 'End on the site clock, HH:mm on a whole hour; at or before startsAt the shift runs past midnight',
    },
    weekdays: {
      type: 'array',
      items: { type: 'integer', minimum: 1, maximum: 7 },
      uniqueItems: true,
      maxItems: 7,
      description: 'ISO weekdays (1 Monday – 7 Sunday) the shift starts on; empty when it is no longer worked',
    },
    validFrom: { ...localDay, description: 'Local day (yyyy-MM-dd) of the site from which this definition applies' },
  },
);

/**
 * The printer's impressions target for one shift of its site from a local day on. Targets keep their history: each
 * shift's occurrence takes the latest target valid on the day it starts; a record for the same shift and `validFrom`
 * corrects that target. A target may be announced ahead, at most 366 days after the site's current day.
 */
export const shiftTargetRecordSchema = recordSchema(
  'shift_target',
  "The printer's impressions target for a shift of its site, from a local day on",
  ['shiftId', 'validFrom', 'targetImpressions'],
  {
    shiftId: { ...shortText, description: "A shift of the printer's site, stored or sent earlier in the same batch" },
    validFrom: {
      ...localDay,
      description:
        "Local day (yyyy-MM-dd) of the site from which the target applies; at most 366 days after the site's current day",
    },
    targetImpressions: { type: 'integer', minimum: 0, maximum: 2_000_000_000 },
  },
);

/** Any telemetry record. `discriminator` makes ajv report the errors of the record's own kind only. */
export const telemetryRecordSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'https://fleet-portal.local/schemas/telemetry-record.json',
  type: 'object',
  discriminator: { propertyName: 'kind' },
  required: ['kind'],
  properties: {
    kind: {
      enum: [
        'status',
        'job',
        'event',
        'ink_load',
        'software_version',
        'parameter',
        'qualiset',
        'shift',
        'shift_target',
      ],
    },
  },
  oneOf: [
    statusRecordSchema,
    jobRecordSchema,
    eventRecordSchema,
    inkLoadRecordSchema,
    softwareVersionRecordSchema,
    parameterRecordSchema,
    qualisetRecordSchema,
    shiftRecordSchema,
    shiftTargetRecordSchema,
  ],
} as const;

/** A machine parameter value or range edge as sent. */
type ParameterValue = string | number | boolean | null;

type InkUl = Partial<Record<(typeof INK_COLOURS)[number], number>>;
interface RecordBase {
  id: string;
  serial: string;
}

/** The TypeScript shape of a record that passed telemetryRecordSchema. */
export type TelemetryRecord =
  | (RecordBase & {
      kind: 'status';
      status: (typeof STATUSES)[number]['name'];
      startedAt: string;
      endedAt: string;
      code?: string | null;
    })
  | (RecordBase & {
      kind: 'job';
      startedAt: string;
      endedAt: string;
      impressions: number;
      imageAreaCm2?: number;
      printMode?: 0 | 1 | 2 | 3 | null;
      mediaLengthMm?: number;
      mediaWidthMm?: number | null;
      darkGarment?: boolean;
      pretreatment?: boolean;
      imageName?: string | null;
      rejected?: boolean;
      inkUl?: InkUl;
    })
  | (RecordBase & {
      kind: 'event';
      type: 'error' | 'maintenance';
      code: string;
      message?: string;
      startedAt: string;
      endedAt?: string | null;
    })
  | (RecordBase & {
      kind: 'ink_load';
      loadedAt: string;
      colour: (typeof INK_COLOURS)[number];
      volumeUl: number;
      bottleId?: string | null;
    })
  | (RecordBase & { kind: 'software_version'; reportedAt: string; component: string; version: string })
  | (RecordBase & {
      kind: 'parameter';
      recordedAt: string;
      name: string;
      value: ParameterValue;
      min?: ParameterValue;
      max?: ParameterValue;
    })
  | (RecordBase & { kind: 'qualiset'; measuredAt: string; testName: string; passed: boolean; score?: number | null })
  | (RecordBase & {
      kind: 'shift';
      shiftId: string;
      name: string;
      /** HH:mm on the site clock. */
      startsAt: string;
      endsAt: string;
      weekdays: number[];
      /** yyyy-MM-dd, a local day of the site. */
      validFrom: string;
    })
  | (RecordBase & { kind: 'shift_target'; shiftId: string; validFrom: string; targetImpressions: number });

export type TelemetryKind = TelemetryRecord['kind'];
