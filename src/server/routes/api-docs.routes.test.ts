import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiTestHarness, type ApiTestHarness } from '../testing/api-test-harness.ts';
import { API_DOCS_PREFIX, OPENAPI_PATH } from './api-docs.routes.ts';

interface OpenApiDocument {
  openapi: string;
  paths: Record<
    string,
    Record<string, { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> }>
  >;
}

const documented: { method: string; url: string; response200: unknown }[] = [];

function watchRoute(route: RouteOptions) {
  const schema = route.schema as { hide?: boolean; response?: Record<string, unknown> } | undefined;
  if (schema?.hide === true || !route.url.startsWith('/')) return;
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  for (const method of methods.filter((name) => name !== 'HEAD')) {
    documented.push({ method: method.toLowerCase(), url: route.url, response200: schema?.response?.['200'] });
  }
}

let h: ApiTestHarness;

beforeAll(async () => {
  h = await createApiTestHarness({ onRoute: watchRoute });
});

afterAll(async () => {
  await h.close();
});

describe(`GET ${OPENAPI_PATH}`, () => {
  it('is an OpenAPI 3.1 document listing every registered route with its 200 response schema', async () => {
    const response = await h.app.inject({ method: 'GET', url: OPENAPI_PATH });
    expect(response.statusCode).toBe(200);
    const document = response.json<OpenApiDocument>();
    expect(document.openapi).toBe('3.1.0');
    expect(documented.length).toBeGreaterThanOrEqual(30);
    for (const route of documented) {
      const operation = document.paths[route.url]?.[route.method];
      expect(operation, `${route.method} ${route.url}`).toBeDefined();
      const answer = route.method === 'get' && route.url === '/config.js' ? undefined : route.response200;
      if (answer === undefined) continue;
      const schema = operation?.responses?.['200']?.content?.['application/json']?.schema as
        { properties?: object; items?: { properties?: object } } | undefined;
      const expected = answer as { properties?: object; items?: { properties?: object } };
      // The document carries the same fields as the schema the route serialises with.
      expect(
        Object.keys(schema?.properties ?? schema?.items?.properties ?? {}),
        `${route.method} ${route.url}`,
      ).toEqual(Object.keys(expected.properties ?? expected.items?.properties ?? {}));
    }
  });

  it('keeps the input rules in the parameters', async () => {
    const document = (await h.app.inject({ method: 'GET', url: OPENAPI_PATH })).json<OpenApiDocument>();
    const cards = JSON.stringify(document.paths['/api/overview-report/overview-cards']?.['post']);
    expect(cards).toContain('"calendarDay":true');
    expect(cards).toContain('"customRange":true');
    expect(cards).toContain('"nulFree":true');
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
