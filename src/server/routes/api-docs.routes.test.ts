import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import SwaggerParser from '@apidevtools/swagger-parser';
import { lintFromString, loadConfig } from '@redocly/openapi-core';
import type { RouteOptions } from 'fastify';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import type { OpenAPIV3_1 } from 'openapi-types';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerIdentityProvider } from '../idp/identity-provider.ts';
import { createApiTestHarness, type ApiTestHarness } from '../testing/api-test-harness.ts';
import { API_DOCS_PREFIX, OPENAPI_PATH } from './api-docs.routes.ts';
import { API_OPERATIONS, API_TAGS, operationKey } from './api-operations.ts';

const REDOCLY_CONFIG = fileURLToPath(new URL('../../../redocly.yaml', import.meta.url));

interface Registered {
  method: string;
  url: string;
  schema: { response?: Record<string, unknown>; querystring?: unknown; body?: unknown; params?: unknown } | undefined;
}

/** Every route the app registers, the embedded identity provider's included (HEAD twins left out). */
const registered: Registered[] = [];

function watchRoute(route: RouteOptions) {
  const schema = route.schema as (Registered['schema'] & { hide?: boolean }) | undefined;
  if (schema?.hide === true) return;
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  for (const method of methods.filter((name) => name !== 'HEAD')) registered.push({ method, url: route.url, schema });
}

/** The routes the document describes: all but the provider's, which its own discovery document describes. */
const apiRoutes = () => registered.filter((route) => !route.url.startsWith('/idp'));

let h: ApiTestHarness;
let keysDir: string;
let document: OpenAPIV3_1.Document;

beforeAll(async () => {
  keysDir = await mkdtemp(path.join(tmpdir(), 'fleet-docs-idp-'));
  h = await createApiTestHarness({
    onRoute: watchRoute,
    registerExtras: async (app, config, db) => {
      await registerIdentityProvider(app, { config, db, keysDir });
    },
  });
  const response = await h.app.inject({ method: 'GET', url: OPENAPI_PATH });
  expect(response.statusCode).toBe(200);
  document = response.json<OpenAPIV3_1.Document>();
});

afterAll(async () => {
  await h?.close();
  await rm(keysDir, { recursive: true, force: true });
});

/** A route's operation in the document, which writes a path parameter `{name}` where Fastify writes `:name`. */
function operationOf(method: string, url: string): OpenAPIV3_1.OperationObject | undefined {
  return document.paths?.[url.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase() as OpenAPIV3_1.HttpMethods];
}

describe(`GET ${OPENAPI_PATH}`, () => {
  it('is an OpenAPI 3.1 document listing every API route with its 200 response schema', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(apiRoutes().length).toBeGreaterThanOrEqual(30);
    for (const route of apiRoutes()) {
      const operation = operationOf(route.method, route.url);
      expect(operation, `${route.method} ${route.url}`).toBeDefined();
      const answer = route.method === 'GET' && route.url === '/config.js' ? undefined : route.schema?.response?.['200'];
      if (answer === undefined) continue;
      const response = operation?.responses?.['200'] as OpenAPIV3_1.ResponseObject | undefined;
      const schema = response?.content?.['application/json']?.schema as
        { properties?: object; items?: { properties?: object } } | undefined;
      const expected = answer as { properties?: object; items?: { properties?: object } };
      // The document carries the same fields as the schema the route serialises with.
      expect(
        Object.keys(schema?.properties ?? schema?.items?.properties ?? {}),
        `${route.method} ${route.url}`,
      ).toEqual(Object.keys(expected.properties ?? expected.items?.properties ?? {}));
    }
  });

  it("leaves out the identity provider's routes", () => {
    expect(registered.some((route) => route.url.startsWith('/idp/'))).toBe(true);
    expect(Object.keys(document.paths ?? {}).filter((url) => url.startsWith('/idp'))).toEqual([]);
  });

  it('has an entry in api-operations.ts for every API route, and a route for every entry', () => {
    const routes = apiRoutes().map((route) => operationKey(route.method, route.url));
    expect(routes.filter((key) => !(key in API_OPERATIONS))).toEqual([]);
    expect(Object.keys(API_OPERATIONS).filter((key) => !routes.includes(key))).toEqual([]);
  });

  it("labels every operation with its entry's tag, summary and operationId", () => {
    expect(document.tags?.map((tag) => tag.name)).toEqual(Object.keys(API_TAGS));
    for (const [key, entry] of Object.entries(API_OPERATIONS)) {
      const [method = '', url = ''] = key.split(' ');
      expect(operationOf(method, url), key).toMatchObject({
        tags: [entry.tag],
        summary: entry.summary,
        operationId: entry.operationId,
      });
    }
  });

  it('answers 401 without a token exactly where the document asks for one', async () => {
    for (const route of apiRoutes()) {
      const operation = operationOf(route.method, route.url);
      const needsToken = operation?.security === undefined || operation.security.length > 0;
      const response = await h.app.inject({ method: route.method as 'GET' | 'POST', url: route.url });
      expect(response.statusCode === 401, `${route.method} ${route.url}: ${response.statusCode}`).toBe(needsToken);
      expect(Object.keys(operation?.responses ?? {}).includes('401'), `${route.method} ${route.url}`).toBe(needsToken);
    }
  });

  it('documents 400 because every API route validates its query or body', () => {
    for (const route of apiRoutes()) {
      const { querystring, body, params } = route.schema ?? {};
      expect(
        [querystring, body, params].some((part) => part !== undefined),
        `${route.method} ${route.url}`,
      ).toBe(true);
      expect(operationOf(route.method, route.url)?.responses?.['400'], `${route.method} ${route.url}`).toEqual({
        $ref: '#/components/responses/BadRequest',
      });
    }
  });

  it('publishes the input rules as x- extensions, keeping them in the server schemas', () => {
    const cards = JSON.stringify(operationOf('POST', '/api/overview-report/overview-cards'));
    expect(cards).toContain('"x-calendarDay":true');
    expect(cards).toContain('"x-customRange":true');
    expect(cards).toContain('"x-nulFree":true');
    expect(JSON.stringify(document)).not.toMatch(/"(nulFree|calendarDay|customRange)"/);
    const served = registered.find((route) => route.url === '/api/overview-report/overview-cards');
    expect(JSON.stringify(served?.schema?.querystring)).toContain('"calendarDay":true');
  });

  it('names the server, the licence and the security schemes', () => {
    expect(document.servers).toEqual([{ url: h.config.publicUrl, description: 'This portal' }]);
    expect(document.info.license).toMatchObject({ name: 'Proprietary' });
    expect(Object.keys(document.components?.securitySchemes ?? {})).toEqual(['bearer', 'ingestToken']);
    expect(operationOf('POST', '/api/ingest/telemetry')?.security).toEqual([{ ingestToken: [] }]);
  });

  it('validates with @apidevtools/swagger-parser', async () => {
    // The parser dereferences the object it is given.
    await expect(SwaggerParser.validate(structuredClone(document))).resolves.toBeDefined();
  });

  it("passes Redocly's recommended ruleset (redocly.yaml) without an error or a warning", async () => {
    const problems = await lintFromString({
      source: JSON.stringify(document),
      absoluteRef: 'openapi.json',
      config: await loadConfig({ configPath: REDOCLY_CONFIG }),
    });
    expect(problems.map((problem) => `${problem.severity} ${problem.ruleId}: ${problem.message}`)).toEqual([]);
  });
});

/**
 * A client an integrator would write against openapi-typescript's types: one GET reading its answer, one POST sending
 * a typed body. `healthField` is the field of the health answer it reads.
 */
function clientSource(healthField: string): string {
  return `
import type { paths } from './fleet-api.ts';

type Health = paths['/api/health']['get']['responses'][200]['content']['application/json'];
type SaveSettings = paths['/api/users/user-settings']['post'];
type SettingsBody = SaveSettings['requestBody']['content']['application/json'];
type Settings = SaveSettings['responses'][200]['content']['application/json'];

declare function getJson<Answer>(url: string): Promise<Answer>;
declare function postJson<Answer>(url: string, body: unknown): Promise<Answer>;

export async function portalVersion(): Promise<string> {
  const health = await getJson<Health>('/api/health');
  return health.${healthField};
}

export async function preferMeters(): Promise<'Yard' | 'Meter'> {
  const body: SettingsBody = { lengthUnits: 'Meter', systemsAnalysisView: 'cards' };
  const settings = await postJson<Settings>('/api/users/user-settings', body);
  return settings.lengthUnits;
}
`;
}

/** TypeScript's diagnostics for `client` compiled with the types openapi-typescript generates from `api`. */
async function typecheckClient(api: OpenAPIV3_1.Document, client: string): Promise<string[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'fleet-api-client-'));
  try {
    await writeFile(path.join(dir, 'fleet-api.ts'), astToString(await openapiTS(structuredClone(api) as OpenAPI3)));
    await writeFile(path.join(dir, 'client.ts'), client);
    const program = ts.createProgram([path.join(dir, 'client.ts')], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      allowImportingTsExtensions: true,
      lib: ['lib.es2022.d.ts'],
      types: [],
    });
    return ts
      .getPreEmitDiagnostics(program)
      .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** `api` with the health answer's `version` field renamed to `release`, as a schema change would do. */
function withHealthVersionRenamed(api: OpenAPIV3_1.Document): OpenAPIV3_1.Document {
  const renamed = structuredClone(api);
  const response = renamed.paths?.['/api/health']?.get?.responses?.['200'] as OpenAPIV3_1.ResponseObject;
  const schema = response.content?.['application/json']?.schema as OpenAPIV3_1.SchemaObject;
  const { version, ...others } = schema.properties ?? {};
  schema.properties = { ...others, ...(version === undefined ? {} : { release: version }) };
  schema.required = schema.required?.map((name) => (name === 'version' ? 'release' : name));
  return renamed;
}

describe('a client generated from the document (openapi-typescript)', () => {
  it('typechecks calls to two routes', async () => {
    expect(await typecheckClient(document, clientSource('version'))).toEqual([]);
  });

  it('fails to typecheck a field the schema does not have', async () => {
    expect(await typecheckClient(document, clientSource('versionName'))).toEqual([
      expect.stringContaining("Property 'versionName' does not exist"),
    ]);
  });

  it('fails to typecheck once the schema renames a field the client reads', async () => {
    expect(await typecheckClient(withHealthVersionRenamed(document), clientSource('version'))).toEqual([
      expect.stringContaining("Property 'version' does not exist"),
    ]);
  });
});

describe(`${API_DOCS_PREFIX} viewer`, () => {
  it('serves Swagger UI and its assets from the npm package, pointing at the document', async () => {
    const page = await h.app.inject({ method: 'GET', url: API_DOCS_PREFIX });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger-ui');
    const initializer = await h.app.inject({ method: 'GET', url: `${API_DOCS_PREFIX}/static/swagger-initializer.js` });
    expect(initializer.statusCode).toBe(200);
    const bundle = await h.app.inject({ method: 'GET', url: `${API_DOCS_PREFIX}/static/swagger-ui-bundle.js` });
    expect(bundle.statusCode).toBe(200);
    expect(bundle.body.length).toBeGreaterThan(100_000);
  });
});
