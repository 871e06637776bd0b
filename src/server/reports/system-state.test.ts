import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CurrentStateResponse,
  DateFiltersResponse,
  MaxKeepAliveResponse,
  ReportSystem,
  SystemsAnalysisResponse,
} from '../../shared/api-types.ts';
import { ROLE } from '../../shared/auth/roles.ts';
import { up as recomputeLastUpdate } from '../db/migrations/013-last-update-from-reports.migration.ts';
import { ingestTelemetry } from '../ingest/ingest-telemetry.ts';
import { createApiTestHarness, type ApiTestHarness, type TestIdentity } from '../testing/api-test-harness.ts';
import { printerStatusOf, REPORTING_WINDOW_MS } from './system-state.ts';

/**
 * Last update and active systems (docs/kpi-glossary.md): a system's last update is the latest time a record shows it
 * reporting — never the end of a Not Reporting interval; it is active when its status is not Not Reporting; the header's
 * figures (date-filters' activeSystems, getMaxKeepAlive) and the table's rows (systems, systems-analysis) agree.
 *
 * One DTG fleet on 10 March 2026 (Berlin UTC+1, Newark UTC-4):
 * - DTG-1 (Berlin) reports until 20:00Z — the group's last update.
 * - DTG-2 (Newark) stops reporting mid-day: its last real record ends 13:00Z, then a Not Reporting interval up to its
 *   local midnight (04:00Z on the 11th), as the simulator sends it.
 * - DTG-3 (Berlin) fell silent on 8 March at 10:00Z, more than 48 hours before the group's last update, sending nothing more.
 * - DTG-4 (Newark) was last heard of on 9 March at 12:00Z, 32 hours before: a printer keeping one status that long is
 *   still reporting.
 * - DTG-5 (Berlin) never reported.
 */

const TENANT = 'last-update';
const admin: TestIdentity = { sub: 'lu-admin', tenantId: TENANT, roles: [ROLE.Admin] };
const SYSTEMS = [
  { serial: 'DTG-1', site: 'berlin' },
  { serial: 'DTG-2', site: 'newark' },
  { serial: 'DTG-3', site: 'berlin' },
  { serial: 'DTG-4', site: 'newark' },
  { serial: 'DTG-5', site: 'berlin' },
] as const;

const status = (serial: string, id: string, state: string, startedAt: string, endedAt: string) => ({
  kind: 'status',
  id: `${serial}-${id}`,
  serial,
  status: state,
  startedAt,
  endedAt,
});
const job = (serial: string, id: string, startedAt: string, endedAt: string) => ({
  kind: 'job',
  id: `${serial}-${id}`,
  serial,
  startedAt,
  endedAt,
  impressions: 10,
  imageAreaCm2: 100,
  imageName: 'tee.png',
  inkUl: { cyan: 100, black: 100 },
});

const RECORDS = [
  status('DTG-1', 's1', 'Idle', '2026-03-10T08:00:00Z', '2026-03-10T09:00:00Z'),
  status('DTG-1', 's2', 'Printing', '2026-03-10T09:00:00Z', '2026-03-10T20:00:00Z'),
  job('DTG-1', 'j1', '2026-03-10T19:00:00Z', '2026-03-10T19:45:00Z'),
  status('DTG-2', 's1', 'Printing', '2026-03-10T11:00:00Z', '2026-03-10T13:00:00Z'),
  job('DTG-2', 'j1', '2026-03-10T12:00:00Z', '2026-03-10T12:50:00Z'),
  status('DTG-2', 's2', 'NotReporting', '2026-03-10T13:00:00Z', '2026-03-11T04:00:00Z'),
  status('DTG-3', 's1', 'Idle', '2026-03-08T06:00:00Z', '2026-03-08T10:00:00Z'),
  status('DTG-4', 's1', 'Idle', '2026-03-09T04:00:00Z', '2026-03-09T12:00:00Z'),
];

let h: ApiTestHarness;

async function getJson<T>(method: 'GET' | 'POST', url: string): Promise<T> {
  const response = await h.app.inject({ method, url, headers: { authorization: await h.bearer(admin) } });
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response.json<T>();
}

beforeAll(async () => {
  h = await createApiTestHarness();
  const { db } = h.database;
  await db.insertInto('tenants').values({ id: TENANT, name: 'Last Update' }).execute();
  await db.insertInto('customers').values({ tenant_id: TENANT, id: 'customer', name: 'Customer' }).execute();
  await db
    .insertInto('sites')
    .values([
      { tenant_id: TENANT, id: 'berlin', customer_id: 'customer', name: 'Berlin', time_zone: 'Europe/Berlin' },
      { tenant_id: TENANT, id: 'newark', customer_id: 'customer', name: 'Newark', time_zone: 'America/New_York' },
    ])
    .execute();
  await db.insertInto('models').values({ tenant_id: TENANT, id: 'model', name: 'G5', system_group: 'DTG' }).execute();
  await db
    .insertInto('systems')
    .values(
      SYSTEMS.map((system) => ({
        tenant_id: TENANT,
        id: system.serial.toLowerCase(),
        serial_number: system.serial,
        customer_id: 'customer',
        site_id: system.site,
        model_id: 'model',
        system_group: 'DTG' as const,
      })),
    )
    .execute();
  await db
    .insertInto('users')
    .values({ id: admin.sub, tenant_id: TENANT, email: 'lu@example.test', first_name: 'L', last_name: 'U', roles: [] })
    .execute();
  const result = await ingestTelemetry(db, TENANT, RECORDS);
  expect(result.rejected).toEqual([]);
});

afterAll(async () => {
  await h.close();
});

const EXPECTED_ROWS = [
  { serialNumber: 'DTG-1', printerStatus: 'Printing', lastUpdate: '2026-03-10T20:00:00.000Z' },
  { serialNumber: 'DTG-2', printerStatus: 'NotReporting', lastUpdate: '2026-03-10T13:00:00.000Z' },
  { serialNumber: 'DTG-3', printerStatus: 'NotReporting', lastUpdate: '2026-03-08T10:00:00.000Z' },
  { serialNumber: 'DTG-4', printerStatus: 'Idle', lastUpdate: '2026-03-09T12:00:00.000Z' },
  { serialNumber: 'DTG-5', printerStatus: 'NotReporting', lastUpdate: null },
];

describe('last update and active systems', () => {
  it('a printer that stops reporting mid-day keeps its last real record as last update, not its local midnight', async () => {
    const rows = await getJson<ReportSystem[]>('GET', '/api/reports/systems?systemGroup=DTG');
    expect(
      rows.map(({ serialNumber, printerStatus, lastUpdate }) => ({ serialNumber, printerStatus, lastUpdate })),
    ).toEqual(EXPECTED_ROWS);
  });

  it('the header counts the systems whose status is not Not Reporting, out of all of the group', async () => {
    const { groups } = await getJson<DateFiltersResponse>('GET', '/api/reports/date-filters');
    expect(groups.map((group) => [group.systemGroup, group.activeSystems])).toEqual([['DTG', '2 of 5']]);
  });

  it("the header's last update is the latest last update of the group, in UTC and at the site that sent it", async () => {
    expect(await getJson<MaxKeepAliveResponse>('POST', '/api/reports/getMaxKeepAlive?systemGroupType=DTG')).toEqual({
      maxKeepAliveValueUtc: '2026-03-10T20:00:00.000Z',
      // DTG-1 is in Berlin, UTC+1 in March before the DST change.
      maxKeepAliveValue: '2026-03-10T21:00:00',
    });
  });

  it('Systems Analysis shows the same status and last update per system', async () => {
    const body = await getJson<SystemsAnalysisResponse>(
      'GET',
      '/api/system-data/systems-analysis?day=2026-03-10&systemGroup=DTG',
    );
    expect(
      body.systems.map(({ serialNumber, printerStatus, lastUpdate }) => ({ serialNumber, printerStatus, lastUpdate })),
    ).toEqual(EXPECTED_ROWS);
  });

  it('current-state says since when: the latest status start, or the last update when not reporting', async () => {
    const state = await getJson<CurrentStateResponse>('GET', '/api/reports/current-state?systemGroup=DTG');
    expect(state.systems).toEqual([
      { serialNumber: 'DTG-1', status: 'Printing', since: '2026-03-10T09:00:00.000Z' },
      { serialNumber: 'DTG-2', status: 'NotReporting', since: '2026-03-10T13:00:00.000Z' },
      { serialNumber: 'DTG-3', status: 'NotReporting', since: '2026-03-08T10:00:00.000Z' },
      { serialNumber: 'DTG-4', status: 'Idle', since: '2026-03-09T04:00:00.000Z' },
      { serialNumber: 'DTG-5', status: 'NotReporting', since: null },
    ]);
    expect(state.counts).toMatchObject({ Printing: 1, Idle: 1, NotReporting: 3 });
  });

  it('migration 013 recomputes a last update that an earlier ingest moved to the end of a Not Reporting interval', async () => {
    const { db } = h.database;
    const lastReported = () =>
      db
        .selectFrom('systems')
        .where('tenant_id', '=', TENANT)
        .where('serial_number', '=', 'DTG-2')
        .select('last_reported_at')
        .executeTakeFirstOrThrow();
    await db
      .updateTable('systems')
      .set({ last_reported_at: '2026-03-11T04:00:00Z' })
      .where('tenant_id', '=', TENANT)
      .where('serial_number', '=', 'DTG-2')
      .execute();
    await sql.raw(recomputeLastUpdate).execute(db);
    expect(await lastReported()).toEqual({ last_reported_at: new Date('2026-03-10T13:00:00Z') });
  });
});

describe('printerStatusOf', () => {
  const group = Date.parse('2026-03-10T20:00:00Z');
  const printing = { status: 'Printing' as const, startedAt: group - 3_600_000 };

  it('keeps the latest status up to the reporting window before the group, and not a moment longer', () => {
    expect(printerStatusOf(printing, group - REPORTING_WINDOW_MS, group)).toBe('Printing');
    expect(printerStatusOf(printing, group - REPORTING_WINDOW_MS - 1, group)).toBe('NotReporting');
  });

  it('is Not Reporting without a status or a report, or when the latest status is Not Reporting', () => {
    expect(printerStatusOf(null, group, group)).toBe('NotReporting');
    expect(printerStatusOf(printing, null, group)).toBe('NotReporting');
    expect(printerStatusOf({ status: 'NotReporting', startedAt: group }, group, group)).toBe('NotReporting');
  });
});
