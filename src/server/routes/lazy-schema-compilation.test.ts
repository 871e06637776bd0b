import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { createApiTestHarness } from '../testing/api-test-harness.ts';
import { INPUT_AJV_OPTIONS, registerInputRules } from './input-rules.ts';
import { lazySchemaCompilation, type LazySchemaCompilation } from './lazy-schema-compilation.ts';

/** One app per way of compiling, with the same routes: what a request gets must not depend on when Ajv compiled. */
async function appWith(compilation: LazySchemaCompilation | null): Promise<FastifyInstance> {
  const app = Fastify(
    compilation === null
      ? { ajv: INPUT_AJV_OPTIONS }
      : {
          ajv: { ...INPUT_AJV_OPTIONS, onCreate: compilation.onCreate },
          schemaController: { compilersFactory: { buildSerializer: compilation.buildSerializer } },
        },
  );
  registerInputRules(app);
  app.get(
    '/items/:id',
    {
      schema: {
        params: { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] },
        querystring: {
          type: 'object',
          properties: {
            day: { type: 'string', calendarDay: true },
            tags: { type: 'array', items: { type: 'string' } },
          },
          additionalProperties: false,
        },
        headers: { type: 'object', properties: { 'X-Captcha': { type: 'string', maxLength: 4 } } },
      },
    },
    async (request) => ({ params: request.params, query: request.query }),
  );
  app.post(
    '/items',
    { schema: { body: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] } } },
    async (request) => request.body,
  );
  // A response schema: fast-json-stringify writes only its properties, as numbers and strings it says.
  app.get(
    '/totals',
    {
      schema: {
        response: {
          200: {
            type: 'object',
            properties: { impressions: { type: 'integer' }, label: { type: 'string' }, at: { type: 'string' } },
          },
        },
      },
    },
    async () => ({ impressions: '42', label: 7, at: new Date('2026-11-30T04:00:00Z'), secret: 'not in the schema' }),
  );
  await app.ready();
  return app;
}

const REQUESTS = [
  { method: 'GET', url: '/items/7?day=2026-11-28&tags=a' },
  { method: 'GET', url: '/items/seven' },
  { method: 'GET', url: '/items/7?day=2026-13-45' },
  { method: 'GET', url: '/items/7?unknown=1' },
  { method: 'GET', url: '/items/7?day=%00' },
  { method: 'GET', url: '/items/7', headers: { 'x-captcha': 'far too long' } },
  { method: 'POST', url: '/items', payload: { name: 'ok' } },
  { method: 'POST', url: '/items', payload: { name: { first: 'x' } } },
  { method: 'POST', url: '/items', payload: {} },
  { method: 'GET', url: '/totals' },
] as const;

describe('route validators compiled on first use', () => {
  it('compiles nothing while the app starts, and a route’s validators on its first call', async () => {
    const compilation = lazySchemaCompilation();
    const app = await appWith(compilation);
    await app.inject({ method: 'POST', url: '/items', payload: { name: 'first' } });
    // The params, querystring and headers validators of GET /items/:id and of its HEAD route, and the response
    // serializers of GET /totals and its HEAD route, were never used.
    expect(compilation.compileAll()).toBe(8);
    expect(compilation.compileAll()).toBe(0);
    await app.close();
  });

  it('answers every request exactly as validators compiled at start do (400s with the schema error, coercion)', async () => {
    const eager = await appWith(null);
    const lazy = await appWith(lazySchemaCompilation());
    const answers = async (app: FastifyInstance) =>
      Promise.all(
        REQUESTS.map(async (request) => {
          const response = await app.inject(request);
          return { status: response.statusCode, body: response.json() as unknown };
        }),
      );
    const expected = await answers(eager);
    expect(await answers(lazy)).toEqual(expected);
    // The reference itself: the input rules and the header schema apply (not skipped as a custom compiler would).
    expect(expected.map(({ status }) => status)).toEqual([200, 400, 400, 400, 400, 400, 200, 400, 400, 200]);
    expect(expected[9]?.body).toEqual({ impressions: 42, label: '7', at: '2026-11-30T04:00:00.000Z' });
    expect(expected[0]?.body).toEqual({ params: { id: 7 }, query: { day: '2026-11-28', tags: ['a'] } });
    expect(expected[5]?.body).toMatchObject({ message: 'headers/x-captcha must NOT have more than 4 characters' });
    await Promise.all([eager.close(), lazy.close()]);
  });

  it('still reports an invalid schema, when it is compiled', async () => {
    const compilation = lazySchemaCompilation();
    const app = Fastify({ ajv: { ...INPUT_AJV_OPTIONS, onCreate: compilation.onCreate } });
    app.get('/broken', { schema: { querystring: { type: 'object', minProperties: 'two' } } }, async () => 'never');
    await app.ready();
    expect(() => compilation.compileAll()).toThrow(/minProperties/);
    await app.close();
  });
});

describe('the portal’s routes', () => {
  const compilation = lazySchemaCompilation();
  const harness = createApiTestHarness({ schemaCompilation: compilation });
  afterAll(async () => (await harness).close());

  it('has valid schemas: every validator and response serializer of every route compiles', async () => {
    await harness;
    expect(compilation.compileAll()).toBeGreaterThan(40);
  });
});
