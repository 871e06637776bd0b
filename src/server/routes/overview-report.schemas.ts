import { onePeriodRule, periodQueryProperties } from '../reports/overview-period.ts';
import { systemGroupSchema } from './schemas.ts';

/**
 * JSON Schemas of the Overview and Systems Analysis answers (types in src/shared/api-types.ts). Every object is closed
 * (additionalProperties false), so the serialiser sends exactly the documented fields.
 */

type JsonSchema = Record<string, unknown>;

const closed = (properties: Record<string, JsonSchema>, optional: readonly string[] = []) =>
  ({
    type: 'object',
    additionalProperties: false,
    required: Object.keys(properties).filter((key) => !optional.includes(key)),
    properties,
  }) as const;

const number = { type: 'number' } as const;
const nullableNumber = { type: ['number', 'null'] } as const;
const string = { type: 'string' } as const;
const nullableString = { type: ['string', 'null'] } as const;
const nullable = (schema: JsonSchema) => ({ anyOf: [schema, { type: 'null' }] });
const arrayOf = (items: JsonSchema) => ({ type: 'array', items }) as const;

/** Query of the period-based report calls: one of day, week or custom, and the system group. */
export const periodQuerySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['systemGroup'],
  properties: { ...periodQueryProperties, systemGroup: systemGroupSchema },
  ...onePeriodRule,
} as const;

/** Body of every Overview call: the selected serial numbers; empty means all systems in scope. */
export const systemsBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['systems'],
  properties: { systems: { type: 'array', maxItems: 5000, items: { type: 'string', maxLength: 100 } } },
} as const;

const reportPeriodSchema = closed({
  timeframe: { type: 'string', enum: ['day', 'week', 'custom'] },
  startDay: string,
  endDay: string,
  startHour: { type: 'integer' },
  endHour: { type: 'integer' },
});

const periodsProperties = {
  systemGroup: systemGroupSchema,
  period: reportPeriodSchema,
  previousPeriod: reportPeriodSchema,
};

/** An answer with the periods header and `properties`. */
export const periodsAnswer = (properties: Record<string, JsonSchema>) =>
  closed({ ...periodsProperties, ...properties });

const trendSchema = { type: ['string', 'null'], enum: ['positive', 'negative', null] } as const;
const unitSchema = { type: 'string', enum: ['imp', 'm', 'imp/h', 'm/h', '%', 's'] } as const;

const comparisonProperties = {
  value: number,
  previous: number,
  units: unitSchema,
  stats: nullableNumber,
  trend: trendSchema,
};
export const kpiComparisonSchema = closed(comparisonProperties);

/** The `units` of a chart answer: one unit per named series. */
export const chartUnitsSchema = (series: readonly string[]) =>
  closed(Object.fromEntries(series.map((name) => [name, unitSchema])));

const cardLineSchema = closed({ ...comparisonProperties, description: string });

const cardProperties = {
  label: string,
  value: number,
  units: string,
  previous: nullableNumber,
  stats: nullableNumber,
  trend: trendSchema,
  statsDescription: string,
  upper: nullable(cardLineSchema),
  lower: nullable(cardLineSchema),
};
export const kpiCardSchema = closed(cardProperties);
/** A card whose value may be missing (OEE without planned time): the panel shows '--'. */
export const kpiCardWithoutValueSchema = closed({ ...cardProperties, value: nullableNumber });

const chartPointSchema = closed({
  date: string,
  granularity: { type: 'string', enum: ['hour', 'day'] },
  value: number,
  previous: number,
  isFuturePeriod: { type: 'boolean' },
  isNotReported: { type: 'boolean' },
});
export const chartSchema = arrayOf(chartPointSchema);
export const granularitySchema = { type: 'string', enum: ['hour', 'day'] } as const;

export const hourMatrixSchema = arrayOf(closed({ date: string, hour: { type: 'integer' }, value: number }));
export const dayMatrixSchema = arrayOf(closed({ date: string, value: number }));
export const hourOfDaySchema = arrayOf(closed({ hour: { type: 'integer' }, value: number, previous: number }));

export const systemKpiRecordsSchema = arrayOf(
  closed({
    serialNumber: string,
    systemNickName: nullableString,
    production: number,
    productionRate: number,
    productivity: number,
    utilization: number,
    availability: number,
  }),
);

export const achievementsSchema = closed({
  systemGroup: systemGroupSchema,
  units: { type: 'string', enum: ['imp', 'm'] },
  weekStart: string,
  year: { type: 'integer' },
  weeklyGoal: nullableNumber,
  weeklyCompleted: number,
  weeklyPercentage: number,
  weeklySegments: { type: 'integer' },
  yearlyGoal: nullableNumber,
  yearlyCompleted: number,
  yearlyPercentage: number,
  yearlySegments: { type: 'integer' },
  weekRecord: number,
});

export { closed, nullableString, string };
