import type { Kysely } from 'kysely';
import { insertFleetReference } from '../db/fleet-reference.ts';
import type { Database } from '../db/schema.ts';
import type { FleetPlan } from './fleet-plan.ts';

/**
 * Writes the plan's reference rows — tenants, customers, sites, models and systems — in one transaction. Idempotent:
 * existing rows are left as they are (ON CONFLICT DO NOTHING). This is provisioning, the only place the simulator
 * writes tables; telemetry, the sites' shift calendars and the printers' shift targets included, goes through
 * ingestTelemetry (simulate.ts reportShiftCalendars).
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
  });
}
