import type { SwaggerTransform, SwaggerTransformObject } from '@fastify/swagger';
import type { OpenAPIV3_1 } from 'openapi-types';
import { ApiErrorBodySchema } from '../../shared/contract/primitives.ts';
import { API_OPERATIONS, API_TAGS, operationKey, type ApiAccess, type ApiOperation } from './api-operations.ts';
import { INPUT_RULE_MESSAGES } from './input-rules.ts';

/**
 * What @fastify/swagger's document becomes before it is served (issue #31): only the API's routes, each with its tag,
 * summary, operationId, security and every error it answers (api-operations.ts), and the input-rule keywords as `x-`
 * extensions, so validators and code generators that know only OpenAPI 3.1 accept the document.
 */

const OPERATIONS = new Map<string, ApiOperation>(Object.entries(API_OPERATIONS));

/**
 * The table's entry of a route, or undefined (a route of several methods is never an API operation). The table names
 * a path parameter as Fastify does (`:layoutId`), the document as OpenAPI does (`{layoutId}`).
 */
function apiOperationOf(method: string | string[], url: string): ApiOperation | undefined {
  const route = url.replace(/\{(\w+)\}/g, ':$1');
  return typeof method === 'string' ? OPERATIONS.get(operationKey(method, route)) : undefined;
}

/** Security schemes of the document; `bearer` is its default. */
export const SECURITY_SCHEMES = {
  bearer: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: "An access token from the portal's identity provider (its issuer's discovery names the endpoints).",
  },
  ingestToken: {
    type: 'http',
    scheme: 'bearer',
    description: 'A per-tenant ingest token (`npm run ingest-token`), not a JWT.',
  },
} as const satisfies Record<string, OpenAPIV3_1.HttpSecurityScheme>;

const SECURITY_OF: Record<ApiAccess, { security?: { [scheme: string]: string[] }[] }> = {
  user: {},
  ingest: { security: [{ ingestToken: [] }] },
  public: { security: [] },
};

/**
 * The `transform` hook: labels each route of the table. Routes outside /api without an entry (the identity
 * provider's, which its own discovery document describes) are left out; an /api route without one stays in, so the
 * documentation test names it.
 */
export const publishRoute: SwaggerTransform = ({ schema, url, route }) => {
  const operation = apiOperationOf(route.method, url);
  if (operation === undefined) return { schema: url.startsWith('/api/') ? schema : { ...schema, hide: true }, url };
  const { tag, summary, operationId, access = 'user' } = operation;
  return { schema: { ...schema, tags: [tag], summary, operationId, ...SECURITY_OF[access] }, url };
};

const ERROR_STATUSES = [400, 401, 403, 404, 413, 415, 429, 503, '5XX'] as const;
type ErrorStatus = (typeof ERROR_STATUSES)[number];

/** The reusable error responses: component name and when it is answered. */
const ERROR_RESPONSES: Record<ErrorStatus, { name: string; description: string }> = {
  400: { name: 'BadRequest', description: 'The query or body breaks its schema or an input rule' },
  401: { name: 'Unauthorized', description: 'No valid token; the answer carries `WWW-Authenticate: Bearer`' },
  403: {
    name: 'Forbidden',
    description: "The account is not registered in the portal, lacks the call's role, or its tenant lacks the feature",
  },
  404: {
    name: 'NotFound',
    description:
      "A system or serial number the request names is not in the caller's scope, or a report layout does not exist",
  },
  413: { name: 'PayloadTooLarge', description: 'The body is larger than the route accepts' },
  415: { name: 'UnsupportedMediaType', description: 'The body is not application/json' },
  429: {
    name: 'TooManyRequests',
    description:
      'Too many password resets of the user within the hour: send a solved captcha in X-Recaptcha-Token (code CAPTCHA_REQUIRED)',
  },
  503: { name: 'ServiceUnavailable', description: 'The database does not answer' },
  '5XX': { name: 'ServerError', description: 'The server could not complete the request; the details are in its log' },
};

const ERROR_SCHEMA = 'ApiError';

function errorResponseComponent(status: ErrorStatus): OpenAPIV3_1.ResponseObject {
  return {
    description: ERROR_RESPONSES[status].description,
    ...(status === 401
      ? { headers: { 'WWW-Authenticate': { description: 'Always `Bearer`', schema: { type: 'string' } } } }
      : {}),
    content: { 'application/json': { schema: { $ref: `#/components/schemas/${ERROR_SCHEMA}` } } },
  };
}

/**
 * The failures `operation` answers: those its input and access imply, its table entry's, and any server failure.
 * Every API route validates its query or body (a route without parameters refuses any: NoQuery), hence 400 for all.
 */
function errorStatusesOf(operation: OpenAPIV3_1.OperationObject, entry: ApiOperation | undefined): ErrorStatus[] {
  const access = entry?.access ?? 'user';
  const hasBody = operation.requestBody !== undefined;
  const implied: [boolean, ErrorStatus][] = [
    [true, 400],
    [access !== 'public', 401],
    [access === 'user', 403],
    [hasBody, 413],
    [hasBody, 415],
  ];
  const statuses = new Set<ErrorStatus>([
    ...implied.filter(([applies]) => applies).map(([, status]) => status),
    ...(entry?.errors ?? []),
  ]);
  return [...[...statuses].sort((a, b) => Number(a) - Number(b)), '5XX'];
}

/** Keywords whose value is data, never a schema: nothing inside them is renamed. */
const DATA_KEYWORDS = new Set(['enum', 'const', 'default', 'example', 'examples']);
const INPUT_RULE_KEYWORDS = new Set(Object.keys(INPUT_RULE_MESSAGES));

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * `value` with the input-rule keywords (`nulFree: true`…, src/server/routes/input-rules.ts) renamed to `x-nulFree`…:
 * unknown keywords are errors to OpenAPI tools, extensions are not. A boolean under such a name is the keyword (a
 * property of that name would hold a schema).
 */
export function withInputRulesAsExtensions(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withInputRulesAsExtensions);
  if (!isRecord(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => {
      if (INPUT_RULE_KEYWORDS.has(key) && typeof item === 'boolean') return [`x-${key}`, item];
      return [key, DATA_KEYWORDS.has(key) ? item : withInputRulesAsExtensions(item)];
    }),
  );
}

/** The document's paths with each operation's error responses replaced by references to the shared ones. */
function withErrorResponses(paths: OpenAPIV3_1.PathsObject): OpenAPIV3_1.PathsObject {
  return Object.fromEntries(
    Object.entries(paths).map(([url, pathItem]) => [
      url,
      Object.fromEntries(
        // @fastify/swagger writes only operations into a path item.
        (Object.entries(pathItem ?? {}) as [string, OpenAPIV3_1.OperationObject][]).map(([method, operation]) => {
          const entry = apiOperationOf(method, url);
          const successes = Object.entries(operation.responses ?? {}).filter(([status]) => !/^[45]/.test(status));
          const errors = errorStatusesOf(operation, entry).map((status) => [
            String(status),
            { $ref: `#/components/responses/${ERROR_RESPONSES[status].name}` },
          ]);
          return [method, { ...operation, responses: Object.fromEntries([...successes, ...errors]) }];
        }),
      ),
    ]),
  );
}

/** ApiErrorBodySchema as plain JSON, without its `$id` (the document names it by its component). */
function errorBodySchema(): OpenAPIV3_1.SchemaObject {
  const { $id: _id, ...schema } = JSON.parse(JSON.stringify(ApiErrorBodySchema)) as OpenAPIV3_1.SchemaObject & {
    $id?: string;
  };
  return schema;
}

/** The `transformObject` hook: tags, error responses and extension keywords of the whole document. */
export const publishDocument: SwaggerTransformObject = (documentObject) => {
  if (!('openapiObject' in documentObject)) throw new Error('The portal publishes OpenAPI 3.1, not Swagger 2');
  const document = documentObject.openapiObject as OpenAPIV3_1.Document;
  const components = document.components ?? {};
  return withInputRulesAsExtensions({
    ...document,
    tags: Object.entries(API_TAGS).map(([name, description]) => ({ name, description })),
    paths: withErrorResponses(document.paths ?? {}),
    components: {
      ...components,
      schemas: { ...components.schemas, [ERROR_SCHEMA]: errorBodySchema() },
      responses: Object.fromEntries(
        ERROR_STATUSES.map((status) => [ERROR_RESPONSES[status].name, errorResponseComponent(status)]),
      ),
    },
  }) as OpenAPIV3_1.Document;
};
