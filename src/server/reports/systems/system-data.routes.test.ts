import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ApiErrorBody,
  SoftwareVersionsResponse,
  SystemNameResponse,
  SystemsAnalysisResponse,
  SystemsNameResponse,
} from '../../../shared/api-types.ts';
import { createApiTestHarness, type ApiTestHarness, type TestIdentity } from '../../testing/api-test-harness.ts';
import { inPeriod, rawCells, rawKpis, rawMeasures, type RawCell } from '../../testing/raw-kpi.ts';
import {
  BERLIN_SERIALS,
  berlinEditor,
  berlinReader,
  REPORT_SERIALS,
  REPORT_TENANT,
  reportAdmin,
  seedReportFleet,
} from '../../testing/report-test-fleet.ts';

/** Systems Analysis' server side: nicknames, per-system figures against raw rows, software versions. */

let h: ApiTestHarness;
let cells: RawCell[];

beforeAll(async () => {
  h = await createApiTestHarness();
  await seedReportFleet(h.database.db, '2026-03-26', '2026-03-27');
  cells = await rawCells(h.database.db, REPORT_TENANT);
}, 120_000);

afterAll(async () => {
  await h.close();
});

async function request(method: 'GET' | 'POST', url: string, identity: TestIdentity, payload?: Record<string, unknown>) {
  return h.app.inject({
    method,
    url,
    headers: { authorization: await h.bearer(identity) },
    ...(payload === undefined ? {} : { payload }),
  });
}

describe('GET /api/system-data/systems-analysis', () => {
  it("gives each system's production, speed and availability of the period from the same numbers as raw rows", async () => {
    const response = await request(
      'GET',
      '/api/system-data/systems-analysis?day=2026-03-27&systemGroup=DTG',
      reportAdmin,
    );
    expect(response.statusCode).toBe(200);
    const body = response.json<SystemsAnalysisResponse>();
    expect(body.systems.map((system) => system.serialNumber)).toEqual(REPORT_SERIALS.DTG);
    for (const system of body.systems) {
      const day = {
        timeframe: 'day' as const,
        startDay: '2026-03-27',
        endDay: '2026-03-27',
        startHour: 0,
        endHour: 23,
      };
      const k = rawKpis(
        rawMeasures(cells, [system.serialNumber], (cell) => inPeriod(cell, day)),
        'DTG',
      );
      expect(system.production).toBeCloseTo(k.production, 6);
      expect(system.speed).toBeCloseTo(k.productionRate, 6);
      expect(system.availability).toBeCloseTo(k.availability, 6);
      expect(system).toMatchObject({ isEverReported: true, systemModel: expect.any(String) as string });
      expect(system.lastUpdate).not.toBeNull();
    }
    expect(body.systems.some((system) => system.production > 0)).toBe(true);
  });

  it("lists only the systems in the user's scope", async () => {
    const response = await request(
      'GET',
      '/api/system-data/systems-analysis?week=2026-03-27&systemGroup=DTF',
      berlinReader,
    );
    expect(response.json<SystemsAnalysisResponse>().systems.map((system) => system.serialNumber)).toEqual(
      BERLIN_SERIALS.DTF,
    );
  });

  it('answers 400 without a period', async () => {
    const response = await request('GET', '/api/system-data/systems-analysis?systemGroup=DTF', reportAdmin);
    expect(response.statusCode).toBe(400);
  });
});

describe('nicknames', () => {
  const names = async (identity: TestIdentity, query = '') =>
    (await request('GET', `/api/system-data/systems-name${query}`, identity)).json<SystemsNameResponse>()
      .nicknameResponse;

  it('lists the nicknames of the systems in scope, of one group when asked', async () => {
    expect((await names(reportAdmin, '?systemGroup=DTF')).map((entry) => entry.serialNumber)).toEqual(
      REPORT_SERIALS.DTF,
    );
    // Ordered by serial number.
    expect((await names(berlinReader)).map((entry) => entry.serialNumber)).toEqual([
      ...BERLIN_SERIALS.DTF,
      ...BERLIN_SERIALS.DTG,
    ]);
  });

  it('persists a change, trims it, clears it with an empty name, and refuses systems outside the scope', async () => {
    const rename = (serialNumber: string, nickName: string, identity = berlinEditor) =>
      request('POST', '/api/system-data/system-name', identity, { serialNumber, nickName });
    const saved = await rename('DTG-10001', '  Big Bertha ');
    expect(saved.statusCode).toBe(200);
    expect(saved.json<SystemNameResponse>()).toEqual({ nickName: 'Big Bertha' });
    expect((await names(reportAdmin)).find((entry) => entry.serialNumber === 'DTG-10001')?.nickName).toBe('Big Bertha');

    const outside = await rename('DTG-10002', 'Not mine');
    expect(outside.statusCode).toBe(404);
    expect(outside.json<ApiErrorBody>().message).toBe('Cannot find a system with this serial number in your scope');
    expect((await names(reportAdmin)).find((entry) => entry.serialNumber === 'DTG-10002')?.nickName).not.toBe(
      'Not mine',
    );

    expect((await rename('DTG-10001', 'x', berlinReader)).statusCode).toBe(403);
    expect((await rename('DTG-10001', 'x'.repeat(101))).statusCode).toBe(400);
    expect(
      (await request('POST', '/api/system-data/system-name', berlinEditor, { serialNumber: 'DTG-10001' })).statusCode,
    ).toBe(400);

    expect((await rename('DTG-10001', '')).json<SystemNameResponse>()).toEqual({ nickName: null });
    expect((await names(reportAdmin)).find((entry) => entry.serialNumber === 'DTG-10001')?.nickName).toBeNull();
  });
});

describe('GET /api/system-page-report/software-versions', () => {
  const versions = (query: string, identity: TestIdentity = reportAdmin) =>
    request('GET', `/api/system-page-report/software-versions?${query}`, identity);

  it('gives the latest version of each component reported up to the end of the period', async () => {
    const rows = await h.database.db
      .selectFrom('software_versions')
      .innerJoin('systems', (join) =>
        join
          .onRef('systems.tenant_id', '=', 'software_versions.tenant_id')
          .onRef('systems.id', '=', 'software_versions.system_id'),
      )
      .where('systems.serial_number', '=', 'DTF-20001')
      .select(['software_versions.component', 'software_versions.version', 'software_versions.reported_at'])
      .execute();
    expect(rows.length).toBeGreaterThan(0);
    const response = await versions('day=2026-03-27&systemGroup=DTF&system=DTF-20001');
    expect(response.statusCode).toBe(200);
    const body = response.json<SoftwareVersionsResponse>();
    const latest = new Map<string, (typeof rows)[number]>();
    for (const row of rows) {
      const seen = latest.get(row.component);
      if (seen === undefined || seen.reported_at < row.reported_at) latest.set(row.component, row);
    }
    expect(body.systemSerialGk).toBe('DTF-20001');
    expect(body.componentVersions).toEqual(
      [...latest.values()]
        .map((row) => ({ component: row.component, version: row.version, reportedAt: row.reported_at.toISOString() }))
        .sort((a, b) => a.component.localeCompare(b.component)),
    );
    const last = body.componentVersions
      .map((entry) => entry.reportedAt)
      .sort()
      .at(-1);
    expect(body.globalSoftwareLastUpdate).toBe(last);
    expect(body.appName.length).toBeGreaterThan(0);
  });

  it('knows nothing before the first report, and refuses systems outside the scope or group', async () => {
    const before = (await versions('day=2026-03-01&systemGroup=DTF&system=DTF-20001')).json<SoftwareVersionsResponse>();
    expect(before).toMatchObject({
      componentVersions: [],
      globalSoftwareLastUpdate: null,
      globalSoftwareVersion: null,
    });
    expect((await versions('day=2026-03-27&systemGroup=DTF&system=DTF-20002', berlinReader)).statusCode).toBe(404);
    expect((await versions('day=2026-03-27&systemGroup=DTG&system=DTF-20001')).statusCode).toBe(404);
    expect((await versions('day=2026-03-27&systemGroup=DTF')).statusCode).toBe(400);
  });
});
