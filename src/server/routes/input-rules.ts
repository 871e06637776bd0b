import type { Ajv } from 'ajv';
import type { FastifyInstance, FastifyServerOptions, RouteOptions } from 'fastify';
import { parseDay } from '../../shared/time/local-time.ts';

/**
 * Input rules every route's JSON Schemas share (issue #10): bad input is a 400 with the schema's message, never a 500.
 * - `nulFree`: PostgreSQL text cannot hold U+0000, so a NUL in any string would fail the statement. `registerInputRules`
 *   adds `nulFree: true` to every string of every route's params, querystring and body when the route is registered.
 * - `calendarDay`: a real `yyyy-MM-dd` day within ACCEPTED_DAYS; `customRange`: `from/to`, each `yyyy-MM-dd[THH:00]`
 *   with such a day and an hour 00–23. Days outside the range are refused rather than computed (year 0001 or 9999 is
 *   no period any fleet reported in, and the day arithmetic only holds for four-digit years).
 */

/** First and last calendar day a report period may name. */
export const ACCEPTED_DAYS = { first: '2000-01-01', last: '2099-12-31' } as const;

const ACCEPTED = `from ${ACCEPTED_DAYS.first} to ${ACCEPTED_DAYS.last}`;

/** Whether `text` is a `yyyy-MM-dd` day in the calendar and within ACCEPTED_DAYS. */
export function isAcceptedDay(text: string): boolean {
  try {
    parseDay(text);
  } catch {
    return false;
  }
  return text >= ACCEPTED_DAYS.first && text <= ACCEPTED_DAYS.last;
}

const RANGE_EDGE = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}):00)?$/;

function isRangeEdge(text: string): boolean {
  const match = RANGE_EDGE.exec(text);
  if (match?.[1] === undefined || !isAcceptedDay(match[1])) return false;
  return match[2] === undefined || Number(match[2]) <= 23;
}

/**
 * Whether `text` is a custom range `from/to` whose edges are accepted days with optional hours. Whether the range itself
 * is allowed (order, length: spec reports §5) is the period rule's business, which answers with the spec's texts.
 */
export function isCustomRangeText(text: string): boolean {
  const parts = text.split('/');
  return parts.length === 2 && parts.every(isRangeEdge);
}

/** The keywords' error messages: what the 400 says after the field's path. */
export const INPUT_RULE_MESSAGES = {
  nulFree: 'must not contain the character U+0000',
  calendarDay: `must be a calendar day yyyy-MM-dd ${ACCEPTED}`,
  customRange: `must be a custom range yyyy-MM-dd[THH:00]/yyyy-MM-dd[THH:00] with days ${ACCEPTED}`,
} as const;

/** The ajv plugin (Fastify's `ajv.plugins`) that defines the three keywords. */
export function inputRulesAjvPlugin(ajv: Ajv): Ajv {
  const stringKeyword = (keyword: keyof typeof INPUT_RULE_MESSAGES, test: (text: string) => boolean) =>
    ajv.addKeyword({
      keyword,
      type: 'string',
      schemaType: 'boolean',
      error: { message: INPUT_RULE_MESSAGES[keyword] },
      validate: (enabled: boolean, data: string) => !enabled || test(data),
    });
  stringKeyword('nulFree', (text) => !text.includes('\u0000'));
  stringKeyword('calendarDay', isAcceptedDay);
  stringKeyword('customRange', isCustomRangeText);
  return ajv;
}

type Schema = Record<string, unknown>;

const isSchema = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const acceptsStrings = (schema: Schema) =>
  schema['type'] === 'string' || (Array.isArray(schema['type']) && schema['type'].includes('string'));

/** Keywords whose value maps names to schemas (the names are not schemas). */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);
/** Keywords whose value is data, not a schema. */
const DATA_KEYWORDS = new Set(['enum', 'const', 'required', 'default', 'examples', 'description', 'title']);

/** A copy of `schema` in which every string schema without `enum` or `const` carries `nulFree: true`. */
export function withNulFreeStrings(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withNulFreeStrings);
  if (!isSchema(schema)) return schema;
  const copy: Schema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (DATA_KEYWORDS.has(key)) copy[key] = value;
    else if (SCHEMA_MAPS.has(key) && isSchema(value)) {
      copy[key] = Object.fromEntries(Object.entries(value).map(([name, item]) => [name, withNulFreeStrings(item)]));
    } else copy[key] = withNulFreeStrings(value);
  }
  // A string from a closed list (enum, const) cannot hold a NUL that is not in the list.
  if (acceptsStrings(copy) && !('enum' in copy) && !('const' in copy)) copy['nulFree'] = true;
  return copy;
}

const INPUT_PARTS = ['params', 'querystring', 'body', 'headers'] as const;

/**
 * Adds `nulFree` to the input schemas of every route registered on `app` from now on (call before the routes).
 * The app's ajv must have inputRulesAjvPlugin (see INPUT_AJV_OPTIONS).
 */
export function registerInputRules(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    if (route.schema === undefined) return;
    const schema: Record<string, unknown> = { ...route.schema };
    for (const part of INPUT_PARTS) {
      if (schema[part] !== undefined) schema[part] = withNulFreeStrings(schema[part]);
    }
    route.schema = schema;
  });
}

/** Fastify's `ajv` option for apps that use these rules. */
export const INPUT_AJV_OPTIONS: NonNullable<FastifyServerOptions['ajv']> = {
  // Unknown properties are a client error (400), not silently dropped; query strings are still coerced to types.
  customOptions: { removeAdditional: false, coerceTypes: 'array', allErrors: false },
  plugins: [inputRulesAjvPlugin],
};
