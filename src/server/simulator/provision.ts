import type { Kysely } from 'kysely';
import { insertMissing } from '../db/insert-missing.ts';
import { insertFleetReference } from '../db/fleet-reference.ts';
import type { Database } from '../db/schema.ts';
import type { FleetPlan } from './fleet-plan.ts';

const clock = (minute: number) =>
  `${String(Math.floor(minute / 60) % 24).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/**
 * Writes the plan's reference rows — tenants, customers, sites, models, systems, shifts and shift targets — in one
 * transaction. Idempotent: existing rows are left as they are (ON CONFLICT DO NOTHING). This is provisioning, the only
 * place the simulator writes tables; telemetry goes through ingestTelemetry.
 */
export async function provisionFleet(db: Kysely<Database>, plan: FleetPlan): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await insertFleetReference(trx, plan);
    // Models provisioned before migration 012 have no ideal rate yet; a rate someone set stays as it is.
    for (const model of plan.models) {
      await trx
        .updateTable('models')
        .set({ ideal_rate_per_hour: model.idealRatePerHour })
        .where('tenant_id', '=', model.tenantId)
        .where('id', '=', model.id)
        .where('ideal_rate_per_hour', 'is', null)
        .execute();
    }
    await insertMissing(
      trx,
      'shifts',
      plan.sites.flatMap((site) =>
        site.shifts.map((shift) => ({
          tenant_id: shift.tenantId,
          id: shift.id,
          site_id: shift.siteId,
          name: shift.name,
          starts_at: clock(shift.startMinute),
          ends_at: clock(shift.endMinute),
          weekdays: shift.weekdays,
        })),
      ),
    );
    await insertMissing(
      trx,
      'shift_targets',
      plan.systems.flatMap((system) =>
        system.shiftIds.map((shiftId) => ({
          tenant_id: system.tenantId,
          system_id: system.id,
          shift_id: shiftId,
          valid_from: system.modelStartDate,
          target_impressions: system.shiftTargetImpressions,
        })),
      ),
    );
  });
}
