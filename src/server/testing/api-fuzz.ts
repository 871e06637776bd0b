import type { FastifyInstance, RouteOptions } from 'fastify';
import { mulberry32 } from '../simulator/rng.ts';

/**
 * Test support (not product code): malformed requests derived from a route's JSON Schemas (issue #10 item 6). Each route
 * gets a valid baseline request built from its schemas, then every field of its params, querystring and body is
 * replaced by each bad value (NUL, huge, wrong type, far-past/far-future/invalid dates, unicode, out-of-range
 * numbers, arrays, objects), each required field is dropped, an unknown one added, the body and the query string are
 * broken as a whole, and a seeded random pick of two-field mixes is added. Deterministic for a seed.
 */

type Schema = Record<string, unknown>;

/** A route as its onRoute hook saw it. */
export interface FuzzRoute {
  method: string;
  url: string;
  schema: { params?: unknown; querystring?: unknown; body?: unknown };
}

export interface FuzzRequest {
  /** `METHOD url` of the route. */
  route: string;
  /** What was changed, for the failure list. */
  label: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

/** Routes from onRoute (HEAD twins left out: they share their GET route's handler and schemas). */
export function fuzzRouteOf(route: RouteOptions): FuzzRoute[] {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  const schema = (route.schema ?? {}) as FuzzRoute['schema'];
  return methods.filter((method) => method !== 'HEAD').map((method) => ({ method, url: route.url, schema }));
}

const isSchema = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Bad values for any field; strings reach query strings as they are, other values as their JSON or repeated keys. */
export const BAD_VALUES: readonly unknown[] = [
  // Strings PostgreSQL or the parsers may choke on.
  '\u0000',
  'A\u0000B',
  '',
  'x'.repeat(10_000),
  '日本語🚀\u202E',
  "' OR 1=1 --",
  '1e309',
  // Days: far past, just outside the accepted range, far future, not in the calendar, not a day.
  '0001-01-01',
  '1999-12-31',
  '2100-01-01',
  '9999-12-31',
  '9999-99-99',
  '2024-02-30',
  '2024-03-05\u0000',
  // Custom ranges: far edges, reversed, bad hours, over a year, garbage.
  '0001-01-01/0001-01-02',
  '2024-03-01/9999-12-31',
  '2024-03-05/2024-03-01',
  '2024-03-01T24:00/2024-03-02',
  '2024-03-01T05:30/2024-03-02T06:00',
  '2023-01-01/2024-12-31',
  'garbage/garbage',
  // Other types and sizes.
  -1,
  1.5,
  1e308,
  true,
  null,
  [],
  ['\u0000'],
  ['a', 'b'],
  Array.from({ length: 6000 }, (_, index) => `S-${index}`),
  { a: '\u0000' },
  { kind: 'status', id: 'fuzz-1', serial: 'X', status: 'Idle', startedAt: '9999-12-31T00:00:00Z' },
];

/** Bodies that break the JSON or its shape as a whole. */
const BAD_BODIES: readonly { label: string; payload: string; contentType?: string }[] = [
  { label: 'empty body', payload: '' },
  { label: 'body null', payload: 'null' },
  { label: 'body array', payload: '[]' },
  { label: 'body string', payload: '"\\u0000"' },
  { label: 'body number', payload: '1e309' },
  { label: 'truncated JSON', payload: '{"systems": [' },
  { label: 'deeply nested JSON', payload: `${'['.repeat(5000)}${']'.repeat(5000)}` },
  { label: '__proto__ key', payload: '{"__proto__": {"polluted": true}}' },
  { label: 'constructor key', payload: '{"constructor": {"prototype": {"polluted": true}}}' },
  { label: 'text/plain body', payload: 'day=2024-03-05', contentType: 'text/plain' },
  { label: 'form body', payload: 'systems=a', contentType: 'application/x-www-form-urlencoded' },
];

/** Query strings broken as a whole (appended to the valid baseline's). */
const BAD_QUERY_SUFFIXES: readonly string[] = ['%', '%ZZ', '%E0%A4%A', '%00=%00', '&&&', '=x', 'day', 'a[b][c]=1'];

interface Baseline {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: Record<string, unknown> | undefined;
}

/** Options of baseline values: the day every calendar-day field gets (a day the fleet has data for). */
export interface FuzzOptions {
  day: string;
  seed: number;
  /** Two-field mixes per route (seeded random picks). */
  mixesPerRoute: number;
}

/** A valid value for `schema` (enum's first, the fixture day for calendar days, minimum for numbers, …). */
export function sampleValue(schema: unknown, options: FuzzOptions): unknown {
  if (!isSchema(schema)) return 'x';
  if (Array.isArray(schema['enum'])) return schema['enum'][0];
  if ('const' in schema) return schema['const'];
  if (schema['calendarDay'] === true) return options.day;
  if (schema['customRange'] === true) return `${options.day}/${options.day}`;
  const branches = schema['anyOf'] ?? schema['oneOf'];
  if (Array.isArray(branches) && schema['type'] === undefined) return sampleValue(branches[0], options);
  const type = Array.isArray(schema['type']) ? schema['type'][0] : schema['type'];
  switch (type) {
    case 'string':
      return 'x'.repeat(Math.max(1, Number(schema['minLength'] ?? 1)));
    case 'integer':
    case 'number':
      return Number(schema['minimum'] ?? 0);
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'null':
      return null;
    case 'object':
      return sampleObject(schema, options);
    default:
      return 'x';
  }
}

/** The required properties of an object schema; with a oneOf of `required` lists (one period of several), the first. */
function sampleObject(schema: Schema, options: FuzzOptions): Record<string, unknown> {
  const properties = isSchema(schema['properties']) ? schema['properties'] : {};
  const required = new Set(Array.isArray(schema['required']) ? (schema['required'] as string[]) : []);
  const firstBranch = Array.isArray(schema['oneOf']) ? (schema['oneOf'][0] as Schema | undefined) : undefined;
  for (const name of (firstBranch?.['required'] as string[] | undefined) ?? []) required.add(name);
  return Object.fromEntries([...required].map((name) => [name, sampleValue(properties[name], options)]));
}

function propertyNames(schema: unknown): string[] {
  return isSchema(schema) && isSchema(schema['properties']) ? Object.keys(schema['properties']) : [];
}

function requiredNames(schema: unknown): string[] {
  return isSchema(schema) && Array.isArray(schema['required']) ? (schema['required'] as string[]) : [];
}

/** `key=value` pairs; arrays repeat the key, objects become JSON, so every bad value reaches the parser somehow. */
function queryString(query: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    const values = Array.isArray(value) ? value : [value];
    for (const item of values.slice(0, 50)) {
      const text = typeof item === 'string' ? item : JSON.stringify(item);
      parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(text)}`);
    }
  }
  return parts.join('&');
}

function fillParams(url: string, params: Record<string, unknown>): string {
  return url.replace(/:(\w+)/g, (_match, name: string) => encodeURIComponent(String(params[name] ?? 'x')));
}

function describe(value: unknown): string {
  const text = typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
  return text.length > 60 ? `${text.slice(0, 57)}…(${text.length})` : text;
}

/** Every malformed request for `route`, with `authorization` as its header value. */
export function fuzzRequests(route: FuzzRoute, authorization: string, options: FuzzOptions): FuzzRequest[] {
  const { params: paramsSchema, querystring: querySchema, body: bodySchema } = route.schema;
  const baseline: Baseline = {
    params: isSchema(paramsSchema) ? sampleObject(paramsSchema, options) : {},
    query: isSchema(querySchema) ? sampleObject(querySchema, options) : {},
    body: isSchema(bodySchema) ? sampleObject(bodySchema, options) : undefined,
  };
  const name = `${route.method} ${route.url}`;
  const build = (label: string, change: Partial<Baseline>, raw?: { query?: string; body?: FuzzRequest['payload'] }) => {
    const parts = { ...baseline, ...change };
    const query = [queryString(parts.query), raw?.query ?? ''].filter((part) => part !== '').join('&');
    const payload = raw?.body ?? (parts.body === undefined ? undefined : JSON.stringify(parts.body));
    const request: FuzzRequest = {
      route: name,
      label,
      method: route.method,
      url: `${fillParams(route.url, parts.params)}${query === '' ? '' : `?${query}`}`,
      headers: {
        authorization,
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      },
    };
    if (payload !== undefined) request.payload = payload;
    return request;
  };

  const requests: FuzzRequest[] = [build('valid baseline', {})];
  const fields: { part: 'params' | 'query' | 'body'; name: string; required: boolean }[] = [
    ...propertyNames(paramsSchema).map((field) => ({ part: 'params' as const, name: field, required: true })),
    ...propertyNames(querySchema).map((field) => ({
      part: 'query' as const,
      name: field,
      required: requiredNames(querySchema).includes(field),
    })),
    ...propertyNames(bodySchema).map((field) => ({
      part: 'body' as const,
      name: field,
      required: requiredNames(bodySchema).includes(field),
    })),
  ];
  const withField = (part: 'params' | 'query' | 'body', field: string, value: unknown): Partial<Baseline> => ({
    [part]: { ...(baseline[part] ?? {}), [field]: value },
  });

  for (const field of fields) {
    for (const value of BAD_VALUES) {
      requests.push(
        build(`${field.part}.${field.name} = ${describe(value)}`, withField(field.part, field.name, value)),
      );
    }
    if (field.required && field.part !== 'params') {
      const rest = { ...(baseline[field.part] ?? {}) };
      delete rest[field.name];
      requests.push(build(`${field.part}.${field.name} missing`, { [field.part]: rest }));
    }
  }
  requests.push(build('unknown query field', { query: { ...baseline.query, zzz: '\u0000' } }));
  for (const suffix of BAD_QUERY_SUFFIXES) requests.push(build(`query + ${suffix}`, {}, { query: suffix }));
  if (baseline.body !== undefined || route.method !== 'GET') {
    requests.push(build('unknown body field', { body: { ...(baseline.body ?? {}), zzz: '\u0000' } }));
    for (const bad of BAD_BODIES) {
      const request = build(bad.label, {}, { body: bad.payload });
      if (bad.contentType !== undefined) request.headers['content-type'] = bad.contentType;
      requests.push(request);
    }
  }

  // Seeded two-field mixes: a bad value in one field while another is bad too.
  const random = mulberry32(options.seed ^ hash(name));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  for (let mix = 0; fields.length > 1 && mix < options.mixesPerRoute; mix += 1) {
    const first = pick(fields);
    const second = pick(fields.filter((field) => field !== first));
    const [a, b] = [pick(BAD_VALUES), pick(BAD_VALUES)];
    const change = withField(first.part, first.name, a);
    const merged = { ...baseline, ...change };
    merged[second.part] = { ...(merged[second.part] ?? {}), [second.name]: b };
    requests.push(build(`mix ${first.name} = ${describe(a)}, ${second.name} = ${describe(b)}`, merged));
  }
  return requests;
}

function hash(text: string): number {
  let value = 2166136261;
  for (let index = 0; index < text.length; index += 1) value = Math.imul(value ^ text.charCodeAt(index), 16777619);
  return value >>> 0;
}

/** Requests without valid credentials: they must be refused (401), never fail. */
export function unauthenticatedRequests(route: FuzzRoute): FuzzRequest[] {
  const name = `${route.method} ${route.url}`;
  const url = fillParams(route.url, {});
  const variants: { label: string; headers: Record<string, string> }[] = [
    { label: 'no authorization', headers: {} },
    { label: 'garbage bearer', headers: { authorization: 'Bearer garbage' } },
    { label: 'huge bearer', headers: { authorization: `Bearer ${'a'.repeat(20_000)}` } },
    { label: 'basic auth', headers: { authorization: 'Basic Zm9vOmJhcg==' } },
    { label: 'JWT with alg none', headers: { authorization: `Bearer ${NONE_JWT}` } },
  ];
  return variants.map((variant) => ({ route: name, method: route.method, url, ...variant }));
}

/** A token that names no algorithm; a verifier must refuse it. */
const NONE_JWT = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{"sub":"x"}').toString('base64url')}.`;

export interface FuzzReport {
  sent: number;
  /** Status code → how many requests got it. */
  histogram: Record<number, number>;
  /** Every request answered with a 5xx, as `METHOD url [label] → status`. */
  failures: string[];
}

/** Sends `requests` one at a time through `inject` and counts the answers. */
export async function sendFuzz(app: FastifyInstance, requests: readonly FuzzRequest[]): Promise<FuzzReport> {
  const histogram: Record<number, number> = {};
  const failures: string[] = [];
  for (const request of requests) {
    const response = await app.inject({
      method: request.method as 'GET',
      url: request.url,
      headers: request.headers,
      ...(request.payload === undefined ? {} : { payload: request.payload }),
    });
    histogram[response.statusCode] = (histogram[response.statusCode] ?? 0) + 1;
    if (response.statusCode >= 500) {
      failures.push(`${request.route} [${request.label}] → ${response.statusCode} ${response.body.slice(0, 200)}`);
    }
  }
  return { sent: requests.length, histogram, failures };
}
