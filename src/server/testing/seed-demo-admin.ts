import type { Kysely } from 'kysely';
import { ROLE } from '../../shared/auth/roles.ts';
import type { Database } from '../db/schema.ts';
import { seedDemoFleet } from '../fixtures/seed-demo.ts';
import { rebuildRollups } from '../ingest/rebuild-rollups.ts';
import type { TestIdentity } from './api-test-harness.ts';

/** The seeded demo fleet up to `today`, an admin user of `admin`'s tenant named `name`, and that tenant's rollups. */
export async function seedDemoFleetWithAdmin(
  db: Kysely<Database>,
  today: string,
  admin: TestIdentity,
  name: string,
): Promise<void> {
  await seedDemoFleet(db, today);
  await db
    .insertInto('users')
    .values({
      id: admin.sub,
      tenant_id: admin.tenantId,
      email: `${name.toLowerCase()}-admin@example.test`,
      first_name: name,
      last_name: 'Admin',
      roles: [ROLE.Admin],
    })
    .execute();
  await rebuildRollups(db, admin.tenantId);
}
