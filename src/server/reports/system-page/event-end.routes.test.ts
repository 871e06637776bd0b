import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SystemMessages } from '../../../shared/contract/system-page.contract.ts';
import { addDays, localTimeToInstant } from '../../../shared/time/local-time.ts';
import { createIngestToken } from '../../ingest/ingest-tokens.ts';
import { createApiTestHarness, type ApiTestHarness } from '../../testing/api-test-harness.ts';
import { REPORT_TENANT, reportAdmin, seedReportFleet } from '../../testing/report-test-fleet.ts';

/**
 * Issue 23's regression, as a gateway sends it: an error is reported when it starts (no endedAt) and again, with the
 * same id, when it ends five minutes later. Before, the end was dropped as a duplicate and the System page showed the
 * error lasting to the day's end (19 hours). Now the System page's messages, the events file and the Service Ticket
 * (the same messages call) show what a recomputation from the stored raw event gives.
 */

const SERIAL = 'DTG-10001';
const BERLIN = 'Europe/Berlin';
/** A simulated Tuesday, long finished by the test's clock. */
const DAY = '2026-03-31';
const MESSAGE = 'Print head over temperature (test)';
const CODE = 'E-19H';

let h: ApiTestHarness;
let token: string;

const berlin = (day: string, minutes: number) => new Date(localTimeToInstant(day, minutes, BERLIN));
const START = berlin(DAY, 10 * 60);
const END = berlin(DAY, 10 * 60 + 5);
const event = (endedAt: Date | null) => ({
  kind: 'event',
  id: 'gateway-ev-1',
  serial: SERIAL,
  type: 'error',
  code: CODE,
  message: MESSAGE,
  startedAt: START.toISOString(),
  ...(endedAt === null ? {} : { endedAt: endedAt.toISOString() }),
});

beforeAll(async () => {
  h = await createApiTestHarness();
  await seedReportFleet(h.database.db, DAY, DAY);
  token = await createIngestToken(h.database.db, REPORT_TENANT);
}, 180_000);
afterAll(async () => {
  await h.close();
});

async function send(records: unknown[]) {
  const response = await h.app.inject({
    method: 'POST',
    url: '/api/ingest/telemetry',
    headers: { authorization: `Bearer ${token}` },
    payload: { records },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ accepted: number; updated: number; duplicates: number; rejected: unknown[] }>();
}

async function get(path: string) {
  return h.app.inject({
    method: 'GET',
    url: `/api/system-page-report/${path}?day=${DAY}&systemGroup=DTG&system=${SERIAL}`,
    headers: { authorization: await h.bearer(reportAdmin) },
  });
}

/**
 * The day's error rows from the stored raw events, by the glossary's rule for the messages tables: events that started
 * in the day, each lasting to its end or, while open, to the day's end (the day is over).
 */
async function rawErrorSeconds(): Promise<{ ours: number; total: number; endedAt: Date | null }> {
  const dayEnd = berlin(addDays(DAY, 1), 0).getTime();
  const rows = await h.database.db
    .selectFrom('events')
    .where('events.tenant_id', '=', REPORT_TENANT)
    .where('events.kind', '=', 'error')
    .where('events.started_at', '>=', berlin(DAY, 0))
    .where('events.started_at', '<', new Date(dayEnd))
    .innerJoin('systems', (join) =>
      join.onRef('systems.tenant_id', '=', 'events.tenant_id').onRef('systems.id', '=', 'events.system_id'),
    )
    .where('systems.serial_number', '=', SERIAL)
    .select(['events.message', 'events.started_at', 'events.ended_at'])
    .execute();
  const seconds = (row: (typeof rows)[number]) =>
    ((row.ended_at === null ? dayEnd : new Date(row.ended_at).getTime()) - new Date(row.started_at).getTime()) / 1000;
  const ours = rows.find((row) => row.message === MESSAGE);
  if (ours === undefined) throw new Error('the event is not stored');
  return {
    ours: seconds(ours),
    total: rows.reduce((sum, row) => sum + seconds(row), 0),
    endedAt: ours.ended_at === null ? null : new Date(ours.ended_at),
  };
}

async function messagesRow() {
  const response = await get('error-maintenance-messages');
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json<SystemMessages>();
  return { row: body.errorTableData.messageTableData.find((row) => row.message === MESSAGE), body };
}

async function eventsFileRow(): Promise<Record<string, unknown>> {
  const file = await get('error-maintenance-file');
  expect(file.statusCode).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(new Uint8Array(file.rawPayload).buffer);
  const [header = [], ...rows] = (workbook.worksheets[0]?.getSheetValues() ?? [])
    .slice(1)
    .map((row) => (row as unknown[]).slice(1));
  const ours = rows.find((row) => row[header.indexOf('Code')] === CODE) ?? [];
  return Object.fromEntries(header.map((name, index) => [String(name), ours[index]]));
}

describe('an error sent open and then ended (issue 23)', () => {
  it('shows its real five minutes on the System page, in the events file and on the Service Ticket', async () => {
    expect(await send([event(null)])).toEqual({ accepted: 1, updated: 0, duplicates: 0, rejected: [] });
    const open = await rawErrorSeconds();
    expect(open.endedAt).toBeNull();
    expect((await messagesRow()).row?.durationSeconds).toBe(open.ours);
    expect(open.ours).toBe(14 * 3600);

    expect(await send([event(END)])).toEqual({ accepted: 0, updated: 1, duplicates: 0, rejected: [] });
    // A late retry of the start changes nothing: the end stays.
    expect(await send([event(null)])).toEqual({ accepted: 0, updated: 0, duplicates: 1, rejected: [] });

    const ended = await rawErrorSeconds();
    expect(ended.endedAt).toEqual(END);
    expect(ended.ours).toBe(300);

    // System page and Service Ticket: one messages call, its row and share from the raw event.
    const { row, body } = await messagesRow();
    expect(row).toMatchObject({ codes: [CODE], count: 1, durationSeconds: ended.ours });
    expect(row?.durationShare).toBeCloseTo(ended.ours / ended.total, 12);
    expect(body.openErrors.events.map((open) => open.code)).not.toContain(CODE);

    // The events file: the end on the site's clock (date-times whose UTC fields exceljs reads as the wall clock, with
    // the offset beside them) and the duration.
    const fileRow = await eventsFileRow();
    expect(fileRow).toMatchObject({
      Message: MESSAGE,
      'Start time': new Date(`${DAY}T10:00:00Z`),
      'End time': new Date(`${DAY}T10:05:00Z`),
      'End UTC offset': '+02:00',
    });
    expect(Number(fileRow['Duration (s)'])).toBe(ended.ours);
  });
});
