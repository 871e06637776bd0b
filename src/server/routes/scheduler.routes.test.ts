import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '../../shared/api-types.ts';
import { ROLE } from '../../shared/auth/roles.ts';
import type { SchedulerEntry, SchedulerTemplates } from '../../shared/contract/scheduler.contract.ts';
import { createApiTestHarness, type ApiTestHarness, type TestIdentity } from '../testing/api-test-harness.ts';

/**
 * Spec shell §3 "Scheduler entry", §6, §7 (issue #27): the entries of the signed-in user, created for them, a 400 with
 * the schema's message for bad input, a 404 for an entry that is not theirs (another user's, another tenant's), 403
 * for read-only users, and the report types.
 */

const owner: TestIdentity = { sub: 'sched-owner', tenantId: 'tenant-a', roles: [ROLE.Scheduler] };
const colleague: TestIdentity = { sub: 'sched-colleague', tenantId: 'tenant-a', roles: [ROLE.Scheduler] };
const reader: TestIdentity = { sub: 'sched-reader', tenantId: 'tenant-a', roles: [ROLE.ReadOnly] };
const stranger: TestIdentity = { sub: 'sched-stranger', tenantId: 'tenant-b', roles: [ROLE.Admin] };

/** A new entry as the form saves it (spec shell §5: Tuesday, empty scope lists; §9: 'My report'). */
const newEntry = {
  subject: 'My report',
  emailReportId: 1,
  startSendDate: '2026-03-02',
  repeat: { frequency: 2, dayOfWeek: [1] },
  notes: 'For the Monday meeting',
  isActive: true,
  customerIds: [],
  siteIds: [],
  systemIds: [],
  timeZone: 'Europe/Berlin',
};

describe('/api/email-reports-scheduler', () => {
  let h: ApiTestHarness;

  beforeAll(async () => {
    h = await createApiTestHarness();
    const { db } = h.database;
    await db
      .insertInto('tenants')
      .values([
        { id: 'tenant-a', name: 'Alpha Prints' },
        { id: 'tenant-b', name: 'Beta Prints' },
      ])
      .execute();
    await db
      .insertInto('users')
      .values(
        [owner, colleague, reader, stranger].map((identity) => ({
          id: identity.sub,
          tenant_id: identity.tenantId,
          email: `${identity.sub}@example.test`,
          first_name: 'First',
          last_name: 'Last',
          roles: identity.roles ?? [],
        })),
      )
      .execute();
  });

  afterAll(async () => {
    await h.close();
  });

  const call = async (identity: TestIdentity, method: 'GET' | 'POST' | 'DELETE', path: string, payload?: object) =>
    h.app.inject({
      method,
      url: `/api/email-reports-scheduler/${path}`,
      headers: { authorization: await h.bearer(identity) },
      ...(payload === undefined ? {} : { payload }),
    });

  it('lists nothing before the first entry, and the weekly report as the one template', async () => {
    expect((await call(owner, 'GET', 'entries')).json()).toEqual([]);
    const templates = await call(owner, 'GET', 'templates');
    expect(templates.statusCode).toBe(200);
    expect(templates.json<SchedulerTemplates>()).toEqual([{ emailReportId: 1, name: 'Weekly report' }]);
  });

  it('creates an entry for the signed-in user, lists it, saves a change and deletes it', async () => {
    const created = await call(owner, 'POST', 'entries', newEntry);
    expect(created.statusCode).toBe(200);
    const entry = created.json<SchedulerEntry>();
    expect(entry).toMatchObject({
      ...newEntry,
      userId: owner.sub,
      emailReportName: 'Weekly report',
      endSendDate: null,
      lastSent: null,
      lastError: null,
    });
    expect(entry.reportId).not.toBe('0');
    expect((await call(owner, 'GET', 'entries')).json()).toEqual([entry]);

    // The sending switch re-saves the entry with isActive flipped (spec shell §4).
    const paused = await call(owner, 'POST', 'entries', { ...newEntry, reportId: entry.reportId, isActive: false });
    expect(paused.statusCode).toBe(200);
    expect(paused.json<SchedulerEntry>()).toMatchObject({ reportId: entry.reportId, isActive: false });

    // Duplicating clears the id to '0': a second entry.
    const copy = await call(owner, 'POST', 'entries', { ...newEntry, reportId: '0', endSendDate: '2026-12-31' });
    expect(copy.json<SchedulerEntry>().reportId).not.toBe(entry.reportId);
    expect(copy.json<SchedulerEntry>().endSendDate).toBe('2026-12-31');
    expect((await call(owner, 'GET', 'entries')).json<SchedulerEntry[]>()).toHaveLength(2);

    expect((await call(owner, 'DELETE', `entries/${entry.reportId}`)).statusCode).toBe(204);
    const left = (await call(owner, 'GET', 'entries')).json<SchedulerEntry[]>();
    expect(left.map((item) => item.reportId)).toEqual([copy.json<SchedulerEntry>().reportId]);
    expect((await call(owner, 'DELETE', `entries/${entry.reportId}`)).statusCode).toBe(404);
  });

  it("answers 404 for another user's or another tenant's entry, and never lists it", async () => {
    const mine = (await call(owner, 'POST', 'entries', newEntry)).json<SchedulerEntry>();
    for (const other of [colleague, stranger]) {
      expect((await call(other, 'GET', 'entries')).json<SchedulerEntry[]>()).toEqual([]);
      const update = await call(other, 'POST', 'entries', { ...newEntry, reportId: mine.reportId, isActive: false });
      expect(update.statusCode).toBe(404);
      expect(update.json<ApiErrorBody>().message).toBe('Cannot find this e-mail report entry');
      expect((await call(other, 'DELETE', `entries/${mine.reportId}`)).statusCode).toBe(404);
    }
    const still = (await call(owner, 'GET', 'entries')).json<SchedulerEntry[]>();
    expect(still.find((item) => item.reportId === mine.reportId)?.isActive).toBe(true);
  });

  it('refuses read-only users (no Scheduler for them, spec shell §6)', async () => {
    const response = await call(reader, 'POST', 'entries', newEntry);
    expect(response.statusCode).toBe(403);
    expect(response.json<ApiErrorBody>().message).toBe('User is forbidden to access this functionality');
  });

  it.each([
    ['a missing subject', { subject: undefined }, 'subject'],
    ['an empty subject', { subject: '' }, 'subject'],
    ['a repeat other than weekly', { repeat: { frequency: 1, dayOfWeek: [1] } }, 'frequency'],
    ['no weekday', { repeat: { frequency: 2, dayOfWeek: [] } }, 'dayOfWeek'],
    ['a weekday past Sunday (6)', { repeat: { frequency: 2, dayOfWeek: [7] } }, 'dayOfWeek'],
    ['an impossible start day', { startSendDate: '2026-02-30' }, 'startSendDate'],
    ['an unknown report type', { emailReportId: 2 }, 'emailReportId'],
    ['an unknown field', { colour: 'red' }, 'additional properties'],
    ['an end before the start', { endSendDate: '2026-03-01' }, 'endSendDate'],
    ['an unknown time zone', { timeZone: 'Mars/Olympus' }, 'timeZone'],
    ['a system outside the scope', { systemIds: ['no-such-system'] }, 'systemIds'],
  ])('answers 400 naming the problem for %s', async (_name, change, field) => {
    const response = await call(owner, 'POST', 'entries', { ...newEntry, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiErrorBody>().message).toContain(field);
  });
});
