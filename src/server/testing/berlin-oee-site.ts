import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import type { Database } from '../db/schema.ts';
import type { ApiTestHarness, TestIdentity } from './api-test-harness.ts';
import { testUserRow } from './test-fleet-plan.ts';

/** A shift of the site: local start and end (`HH:mm`), ISO weekdays (1 = Monday). */
export interface BerlinShift {
  id: string;
  name: string;
  startsAt: string;
  endsAt: string;
  weekdays: number[];
}

/**
 * The OEE tests' fleet (oee-data-end.test.ts, oee-reported-without-run.test.ts): tenant `tenantId` with one customer and
 * one site in Berlin, the model G5 (DTG, ideal rate 100 impressions an hour), the site's `shifts`, one DTG printer of
 * that model per serial (system id: the serial in lower case) and a user row without roles for `user`.
 */
export async function seedBerlinOeeSite(
  db: Kysely<Database>,
  {
    tenantId,
    name,
    shifts,
    serials,
    user,
  }: {
    tenantId: string;
    name: string;
    shifts: readonly BerlinShift[];
    serials: readonly string[];
    user: TestIdentity;
  },
): Promise<void> {
  await db.insertInto('tenants').values({ id: tenantId, name }).execute();
  await db.insertInto('customers').values({ tenant_id: tenantId, id: 'customer', name: 'Customer' }).execute();
  await db
    .insertInto('sites')
    .values({ tenant_id: tenantId, id: 'berlin', customer_id: 'customer', name: 'Berlin', time_zone: 'Europe/Berlin' })
    .execute();
  await db
    .insertInto('models')
    .values({ tenant_id: tenantId, id: 'model', name: 'G5', system_group: 'DTG', ideal_rate_per_hour: 100 })
    .execute();
  await db
    .insertInto('shifts')
    .values(
      shifts.map((shift) => ({
        tenant_id: tenantId,
        id: shift.id,
        site_id: 'berlin',
        name: shift.name,
        starts_at: shift.startsAt,
        ends_at: shift.endsAt,
        weekdays: shift.weekdays,
      })),
    )
    .execute();
  await db
    .insertInto('systems')
    .values(
      serials.map((serial) => ({
        tenant_id: tenantId,
        id: serial.toLowerCase(),
        serial_number: serial,
        customer_id: 'customer',
        site_id: 'berlin',
        model_id: 'model',
        system_group: 'DTG' as const,
      })),
    )
    .execute();
  await db.insertInto('users').values(testUserRow(user)).execute();
}

/** A report call as `identity` (a POST with every system of the group), expected to answer 200; its JSON body. */
export function reportCallerOf(h: () => ApiTestHarness, identity: TestIdentity) {
  return async <T>(method: 'GET' | 'POST', url: string): Promise<T> => {
    const response = await h().app.inject({
      method,
      url,
      headers: { authorization: await h().bearer(identity) },
      ...(method === 'POST' ? { payload: { systems: [] } } : {}),
    });
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    return response.json<T>();
  };
}
