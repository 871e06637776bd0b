import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '../../shared/auth/roles.ts';
import type { CreatedCertificate } from '../../shared/contract/certificates.contract.ts';
import { addDays, formatDay } from '../../shared/time/local-time.ts';
import { runAsCaller } from '../auth/tenant-request.ts';
import { createCertificate } from '../certificates/client-certificates.ts';
import { simulateHistory } from '../simulator/simulate.ts';
import { createApiTestHarness, type ApiTestHarness, type TestIdentity } from '../testing/api-test-harness.ts';
import { freePort } from '../testing/free-port.ts';
import { testFleetPlan, testUserRow } from '../testing/test-fleet-plan.ts';
import { ensureClientCa, issueClientCertificate, type ClientCa } from '../tls/client-ca.ts';
import { ensureLocalCertificates } from '../tls/local-ca.ts';
import { PUBLIC_OPENAPI_PATH } from './public-api-openapi.ts';
import { PUBLIC_API_ROUTES } from './public-api.routes.ts';
import { buildPublicApiServer } from './public-api-server.ts';

// The public data API over mutual TLS (issue #28 item 4): who gets in, what they see, how often.
const NORTHWIND = 'northwind-textiles';
const CORNER = 'corner-print-shop';
const NORTHWIND_DTG = ['DTG-10001', 'DTG-10002', 'DTG-10003'];
const CORNER_DTG = ['DTG-10014'];

const integrator: TestIdentity = { sub: 'nw-integrator', tenantId: NORTHWIND, roles: [ROLE.Certificate] };
const cornerIntegrator: TestIdentity = { sub: 'corner-integrator', tenantId: CORNER, roles: [ROLE.Certificate] };
const lapsed: TestIdentity = { sub: 'nw-lapsed', tenantId: NORTHWIND, roles: [ROLE.Certificate] };
const refresher: TestIdentity = { sub: 'nw-refresher', tenantId: NORTHWIND, roles: [ROLE.Certificate] };

const today = formatDay(Date.now());
const FROM = addDays(today, -4);
const TO = addDays(today, -3);
const MONTH_QUERY = `systemGroup=DTG&custom=${FROM}/${TO}`;

let h: ApiTestHarness;
let dataDir: string;
let serverCa: string;
let clientCa: ClientCa;
let api: FastifyInstance;
let port: number;
const certificates: Record<string, CreatedCertificate> = {};

async function issue(identity: TestIdentity, now = new Date()): Promise<CreatedCertificate> {
  return runAsCaller(h.database.db, identity, (trx) =>
    createCertificate(
      trx,
      clientCa,
      { tenantId: identity.tenantId, userId: identity.sub, email: `${identity.sub}@example.test` },
      now,
    ),
  );
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A GET over a new TLS connection (no agent: every call makes its own handshake), with or without a client key pair. */
function get(url: string, client: { cert: string; key: string } | null, onPort = port): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = https.request(
      {
        host: 'localhost',
        port: onPort,
        path: url,
        ca: serverCa,
        agent: false,
        ...(client === null ? {} : { cert: client.cert, key: client.key }),
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end();
  });
}

/**
 * How the client sees a handshake the server refused: no HTTP answer at all (an HTTP-layer refusal answers 401). With
 * TLS 1.3 the server checks the client's certificate after its own Finished, so the client learns it on the first read:
 * a 'certificate required' alert when it sent none, the connection closed when the server rejected the one it sent.
 */
const TLS_REFUSAL = /socket hang up|alert certificate required|ECONNRESET/;

const pairOf = (created: CreatedCertificate) => ({ cert: created.certificatePem, key: created.privateKeyPem });

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'public-api-'));
  h = await createApiTestHarness({ env: { PORTAL_DATA_DIR: dataDir } });
  const { db } = h.database;
  await simulateHistory(db, testFleetPlan(NORTHWIND, NORTHWIND_DTG), { from: FROM, to: TO });
  await simulateHistory(db, testFleetPlan(CORNER, CORNER_DTG), { from: FROM, to: TO });
  await db
    .insertInto('users')
    .values([integrator, cornerIntegrator, lapsed, refresher].map((identity) => testUserRow(identity)))
    .execute();
  const tls = await ensureLocalCertificates(path.join(dataDir, 'tls'), ['localhost', '127.0.0.1']);
  serverCa = tls.ca ?? '';
  clientCa = await ensureClientCa(path.join(dataDir, 'tls'));
  certificates['integrator'] = await issue(integrator);
  certificates['corner'] = await issue(cornerIntegrator);
  // Issued two years ago for one year: expired.
  certificates['expired'] = await issue(lapsed, new Date(Date.now() - 2 * 365 * 86_400_000));
  certificates['revoked'] = await issue(refresher);
  certificates['refreshed'] = await issue(refresher);
  port = await freePort();
  api = await buildPublicApiServer({
    db,
    clock: () => new Date(),
    exportLimits: h.config.exportLimits,
    address: { version: 'test', publicUrl: 'https://localhost:8443', mtlsPort: port },
    tls: { cert: tls.cert, key: tls.key },
    clientCaPem: clientCa.certPem,
  });
  await api.listen({ host: '127.0.0.1', port });
}, 120_000);

afterAll(async () => {
  await api.close();
  await h.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('public data API over mutual TLS', () => {
  it("answers the issued certificate with its tenant's systems only", async () => {
    const northwind = await get(`/v1/systems?${MONTH_QUERY}`, pairOf(certificates['integrator']!));
    expect(northwind.status).toBe(200);
    const serials = (body: string) =>
      (JSON.parse(body) as { systems: { serialNumber: string }[] }).systems.map((system) => system.serialNumber).sort();
    expect(serials(northwind.body)).toEqual(NORTHWIND_DTG);
    const corner = await get(`/v1/systems?${MONTH_QUERY}`, pairOf(certificates['corner']!));
    expect(serials(corner.body)).toEqual(CORNER_DTG);
  });

  it('answers the same overview numbers and job summary as the browser API gives the same user', async () => {
    const mtls = await get(`/v1/overview?${MONTH_QUERY}`, pairOf(certificates['integrator']!));
    expect(mtls.status).toBe(200);
    const browser = await h.app.inject({
      method: 'POST',
      url: `/api/overview-report/overview-cards?${MONTH_QUERY}`,
      headers: { authorization: await h.bearer(integrator) },
      payload: { systems: [] },
    });
    expect(JSON.parse(mtls.body)).toEqual(browser.json());
    const impressions = JSON.stringify(browser.json());
    expect(impressions).toContain('"systemGroup":"DTG"');

    const jobs = await get(`/v1/jobs?systemGroupType=DTG&custom=${FROM}/${TO}`, pairOf(certificates['integrator']!));
    const browserJobs = await h.app.inject({
      method: 'POST',
      url: `/api/job-analysis-report/job-summary?systemGroupType=DTG&custom=${FROM}/${TO}`,
      headers: { authorization: await h.bearer(integrator) },
      payload: { systems: [] },
    });
    expect(JSON.parse(jobs.body)).toEqual(browserJobs.json());
    expect((JSON.parse(jobs.body) as { hasNoData: boolean }).hasNoData).toBe(false);
  });

  it("serves the period's jobs as CSV, one row per job the job summary counts", async () => {
    const csv = await get(`/v1/jobs.csv?systemGroupType=DTG&custom=${FROM}/${TO}`, pairOf(certificates['integrator']!));
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="jobs_DTG_${FROM}_${TO}.csv"`);
    const lines = csv.body.split('\r\n').filter((line) => line !== '');
    expect(lines[0]).toMatch(
      /^Start time,Start UTC offset,End time,End UTC offset,System,Site,Model,Image,Size,Impressions,/,
    );
    const summary = JSON.parse(
      (await get(`/v1/jobs?systemGroupType=DTG&custom=${FROM}/${TO}`, pairOf(certificates['integrator']!))).body,
    ) as { jobSummaryData: { sizeCategory: string; numberOfJobs: number }[] };
    const total = summary.jobSummaryData.find((row) => row.sizeCategory === 'Total')?.numberOfJobs;
    expect(lines.length - 1).toBe(total);
    const systems = new Set(lines.slice(1).map((line) => line.split(',')[4]));
    expect([...systems].every((serial) => NORTHWIND_DTG.includes(serial ?? ''))).toBe(true);
    expect(lines[1]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2},[+-]\d{2}:\d{2},/);
  });

  it('refuses a connection without a certificate in the TLS handshake', async () => {
    await expect(get(`/v1/systems?${MONTH_QUERY}`, null)).rejects.toThrow(TLS_REFUSAL);
  });

  it('refuses a certificate of its CA that the portal has no record of (401)', async () => {
    const unrecorded = await issueClientCertificate(clientCa, { tenantId: NORTHWIND, email: 'forged@example.test' });
    const answer = await get(`/v1/systems?${MONTH_QUERY}`, {
      cert: unrecorded.certificatePem,
      key: unrecorded.privateKeyPem,
    });
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.body)).toMatchObject({ message: expect.stringMatching(/not known/) });
  });

  it("refuses another authority's certificate in the TLS handshake", async () => {
    const foreignCa = await ensureClientCa(path.join(dataDir, 'foreign'));
    const foreign = await issueClientCertificate(foreignCa, { tenantId: NORTHWIND, email: 'x@example.test' });
    await expect(
      get(`/v1/systems?${MONTH_QUERY}`, { cert: foreign.certificatePem, key: foreign.privateKeyPem }),
    ).rejects.toThrow(TLS_REFUSAL);
  });

  it('refuses an expired certificate in the TLS handshake', async () => {
    await expect(get(`/v1/systems?${MONTH_QUERY}`, pairOf(certificates['expired']!))).rejects.toThrow(TLS_REFUSAL);
  });

  it('refuses a revoked certificate with 401, and accepts its replacement', async () => {
    const revoked = await get(`/v1/systems?${MONTH_QUERY}`, pairOf(certificates['revoked']!));
    expect(revoked.status).toBe(401);
    expect(JSON.parse(revoked.body)).toMatchObject({ statusCode: 401, message: expect.stringMatching(/revoked/) });
    expect((await get(`/v1/systems?${MONTH_QUERY}`, pairOf(certificates['refreshed']!))).status).toBe(200);
  });

  it('refuses a certificate whose user lost the Certificate role (403)', async () => {
    await h.database.db
      .updateTable('users')
      .set({ roles: [ROLE.Scheduler] })
      .where('id', '=', refresher.sub)
      .execute();
    const answer = await get(`/v1/systems?${MONTH_QUERY}`, pairOf(certificates['refreshed']!));
    expect(answer.status).toBe(403);
  });

  it('answers bad input with a 400 naming it', async () => {
    const answer = await get('/v1/overview?systemGroup=XYZ&day=2026-01-01', pairOf(certificates['integrator']!));
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({ statusCode: 400, message: expect.stringMatching(/systemGroup/) });
  });

  it('limits each certificate to its bucket on all nodes together: 429 with Retry-After beyond it, others unaffected', async () => {
    // Two portal nodes (two listeners) on one database: requests sent to either count against one bucket.
    const limitedPorts = [await freePort(), await freePort()];
    const nodes = await Promise.all(
      limitedPorts.map(async (limitedPort) => {
        const node = await buildPublicApiServer({
          db: h.database.db,
          clock: () => new Date(),
          exportLimits: h.config.exportLimits,
          address: { version: 'test', publicUrl: 'https://localhost:8443', mtlsPort: limitedPort },
          tls: {
            cert: fs.readFileSync(path.join(dataDir, 'tls', 'server.crt'), 'utf8'),
            key: fs.readFileSync(path.join(dataDir, 'tls', 'server.key'), 'utf8'),
          },
          clientCaPem: clientCa.certPem,
          rateLimit: { capacity: 3, perSecond: 0.01 },
        });
        await node.listen({ host: '127.0.0.1', port: limitedPort });
        return node;
      }),
    );
    const [first = 0, second = 0] = limitedPorts;
    try {
      const statuses: number[] = [];
      for (const onPort of [first, second, first, second]) {
        statuses.push((await get('/openapi.json', pairOf(certificates['integrator']!), onPort)).status);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
      for (const onPort of [first, second]) {
        const refused = await get('/openapi.json', pairOf(certificates['integrator']!), onPort);
        expect(refused.status).toBe(429);
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      }
      expect((await get('/openapi.json', pairOf(certificates['corner']!), second)).status).toBe(200);
    } finally {
      await Promise.all(nodes.map((node) => node.close()));
    }
  });
});

/**
 * The GET routes a Fastify instance serves, read from its route tree (printRoutes with commonPrefix off prints a node
 * per path segment, indented four characters a level, with the methods of the routes ending there).
 */
function servedGetRoutes(app: FastifyInstance): string[] {
  const prefixes: string[] = [];
  const routes: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false, method: 'GET' }).split('\n')) {
    const node = /^([│ ]*)[├└]── (\S+)(?: \((.+)\))?$/.exec(line);
    if (node === null) continue;
    const depth = (node[1] ?? '').length / 4;
    const path = `${prefixes[depth - 1] ?? ''}${node[2]}`;
    prefixes[depth] = path;
    if (node[3]?.split(', ').includes('GET')) routes.push(path);
  }
  return routes;
}

describe('public API document', () => {
  it('documents every route the listener serves, its own document aside', async () => {
    const answer = await h.app.inject({ method: 'GET', url: PUBLIC_OPENAPI_PATH });
    const documented = Object.keys(answer.json<{ paths: Record<string, unknown> }>().paths).sort();
    const served = servedGetRoutes(api).filter((route) => route !== '/openapi.json');
    expect(served.sort()).toEqual(documented);
    expect(served).toHaveLength(PUBLIC_API_ROUTES.length);
  });

  it('is a valid OpenAPI 3.1 document listing every public route, served by the main portal without a certificate', async () => {
    const answer = await h.app.inject({ method: 'GET', url: PUBLIC_OPENAPI_PATH });
    expect(answer.statusCode).toBe(200);
    const document = answer.json<{ openapi: string; paths: Record<string, unknown>; info: { description: string } }>();
    expect(document.openapi).toBe('3.1.0');
    await SwaggerParser.validate(structuredClone(document) as never);
    expect(Object.keys(document.paths).sort()).toEqual([...PUBLIC_API_ROUTES].sort());
    expect(document.info.description).toContain('curl --cert certificate.crt --key key.pem --cacert ca.crt');
    // The listener serves the same document to certificate holders.
    const served = await get('/openapi.json', pairOf(certificates['corner']!));
    expect(JSON.parse(served.body).paths).toEqual(document.paths);
  });

  it('has an interactive viewer on the main portal', async () => {
    const viewer = await h.app.inject({ method: 'GET', url: '/api/public-api/docs/' });
    expect(viewer.statusCode).toBe(200);
    expect(viewer.body).toContain('swagger-ui');
    const initializer = await h.app.inject({
      method: 'GET',
      url: '/api/public-api/docs/static/swagger-initializer.js',
    });
    expect(initializer.body).toContain(PUBLIC_OPENAPI_PATH);
    const yaml = await h.app.inject({ method: 'GET', url: '/api/public-api/docs/yaml' });
    expect(yaml.statusCode).toBe(200);
    expect(yaml.body).toContain('title: Fleet Portal public data API');
  });
});
