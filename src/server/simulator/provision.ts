import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { FleetPlan } from './fleet-plan.ts';

/** Rows per INSERT; reference rows are few, this only bounds very large benchmark fleets. */
const CHUNK = 500;

function chunks<T>(items: readonly T[]): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += CHUNK) result.push(items.slice(start, start + CHUNK));
  return result;
}

const clock = (minute: number) =>
  `${String(Math.floor(minute / 60) % 24).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/**
 * Writes the plan's reference rows — tenants, customers, sites, models, systems, shifts and shift targets — in one
 * transaction. Idempotent: existing rows are left as they are (ON CONFLICT DO NOTHING). This is provisioning, the only
 * place the simulator writes tables; telemetry goes through ingestTelemetry.
 */
export async function provisionFleet(db: Kysely<Database>, plan: FleetPlan): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const part of chunks(plan.tenants)) {
      await trx
        .insertInto('tenants')
        .values(
          part.map((tenant) => ({ id: tenant.id, name: tenant.name, account_type: 'customer', office: tenant.office })),
        )
        .onConflict((conflict) => conflict.doNothing())
        .execute();
    }
    for (const part of chunks(plan.customers)) {
      await trx
        .insertInto('customers')
        .values(part.map((customer) => ({ tenant_id: customer.tenantId, id: customer.id, name: customer.name })))
        .onConflict((conflict) => conflict.doNothing())
        .execute();
    }
    for (const part of chunks(plan.sites)) {
      await trx
        .insertInto('sites')
        .values(
          part.map((site) => ({
            tenant_id: site.tenantId,
            id: site.id,
            customer_id: site.customerId,
            name: site.name,
            time_zone: site.timeZone,
          })),
        )
        .onConflict((conflict) => conflict.doNothing())
        .execute();
    }
    for (const part of chunks(plan.models)) {
      await trx
        .insertInto('models')
        .values(
          part.map((model) => ({
            tenant_id: model.tenantId,
            id: model.id,
            name: model.name,
            system_group: model.group,
          })),
        )
        .onConflict((conflict) => conflict.doNothing())
        .execute();
    }
    for (const part of chunks(plan.systems)) {
      await trx
        .insertInto('systems')
        .values(
          part.map((system) => ({
            tenant_id: system.tenantId,
            id: system.id,
            serial_number: system.serialNumber,
            customer_id: system.customerId,
            site_id: system.siteId,
            model_id: system.modelId,
            system_group: system.group,
            nickname: system.nickname,
            model_start_date: system.modelStartDate,
          })),
        )
        .onConflict((conflict) => conflict.doNothing())
        .execute();
    }
    const shifts = plan.sites.flatMap((site) => site.shifts);
    for (const part of chunks(shifts)) {
      await trx
        .insertInto('shifts')
        .values(
          part.map((shift) => ({
            tenant_id: shift.tenantId,
            id: shift.id,
            site_id: shift.siteId,
            name: shift.name,
            starts_at: clock(shift.startMinute),
            ends_at: clock(shift.endMinute),
            weekdays: shift.weekdays,
          })),
        )
        .onConflict((conflict) => conflict.doNothing())
        .execute();
    }
    const targets = plan.systems.flatMap((system) =>
      system.shiftIds.map((shiftId) => ({
        tenant_id: system.tenantId,
        system_id: system.id,
        shift_id: shiftId,
        valid_from: system.modelStartDate,
        target_impressions: system.shiftTargetImpressions,
      })),
    );
    for (const part of chunks(targets)) {
      await trx
        .insertInto('shift_targets')
        .values(part)
        .onConflict((conflict) => conflict.doNothing())
        .execute();
    }
  });
}
