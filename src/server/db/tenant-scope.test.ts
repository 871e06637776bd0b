import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestTelemetry } from '../ingest/ingest-telemetry.ts';
import { createIngestToken } from '../ingest/ingest-tokens.ts';
import { seedTestFleet, TEST_FLEET } from '../ingest/ingest-test-fleet.ts';
import type { PortalDatabase } from './database.ts';
import type { Database } from './schema.ts';
import { withTenant } from './tenant-scope.ts';
import { openTestDatabase } from './test-database.ts';

const A = TEST_FLEET.a.tenantId;
const B = TEST_FLEET.b.tenantId;

let database: PortalDatabase;

/** Puts at least one row of each tenant into every tenant table. */
async function seedBothTenants(): Promise<void> {
  const db = database.db;
  await seedTestFleet(db);
  for (const tenant of [TEST_FLEET.a, TEST_FLEET.b]) {
    const system = tenant.systems[0];
    const at = (time: string) => `2026-06-01T${time}Z`;
    const records = [
      { kind: 'job', startedAt: at('08:00:00'), endedAt: at('08:05:00'), impressions: 3, printMode: 1 },
      { kind: 'status', status: 'Printing', startedAt: at('08:00:00'), endedAt: at('08:05:00') },
      // Inside the late shift (14:00 in Berlin): OEE's planned rollup (planned_hour, planned_day) holds a row.
      { kind: 'status', status: 'Idle', startedAt: at('12:00:00'), endedAt: at('12:30:00') },
      { kind: 'event', type: 'maintenance', code: 'M1', startedAt: at('09:00:00') },
      { kind: 'ink_load', loadedAt: at('07:00:00'), colour: 'white', volumeUl: 500_000 },
      { kind: 'software_version', reportedAt: at('07:00:00'), component: 'App', version: '1.0' },
      { kind: 'parameter', recordedAt: at('07:00:00'), name: 'Speed', value: 'fast' },
      // A calendar record's identity is a row of ingest_records.
      {
        kind: 'shift',
        shiftId: `${tenant.tenantId}-late`,
        name: 'Late',
        startsAt: '14:00',
        endsAt: '22:00',
        weekdays: [1, 2, 3, 4, 5],
        validFrom: '2026-06-01',
      },
    ].map((record, index) => ({ ...record, id: `${tenant.tenantId}-${index}`, serial: system.serial }));
    const result = await ingestTelemetry(db, tenant.tenantId, records);
    expect(result.rejected).toEqual([]);

    await db
      .insertInto('shifts')
      .values({
        tenant_id: tenant.tenantId,
        id: 'early',
        site_id: system.siteId,
        name: 'Early',
        starts_at: '06:00',
        ends_at: '14:00',
      })
      .execute();
    await db
      .insertInto('shift_targets')
      .values({
        tenant_id: tenant.tenantId,
        system_id: system.id,
        shift_id: 'early',
        valid_from: '2026-01-01',
        target_impressions: 900,
      })
      .execute();
    await db
      .insertInto('qualiset_results')
      .values({
        tenant_id: tenant.tenantId,
        system_id: system.id,
        id: 'q1',
        measured_at: at('10:00:00'),
        test_name: 'Nozzles',
        passed: true,
        score: 0.98,
      })
      .execute();
    await db
      .insertInto('goals')
      .values({
        tenant_id: tenant.tenantId,
        system_group: 'DTF',
        goal_type: 'weekly',
        period_start: '2026-06-01',
        goal_value: 50,
      })
      .execute();
    const userId = `${tenant.tenantId}-user`;
    await db
      .insertInto('users')
      .values({
        id: userId,
        tenant_id: tenant.tenantId,
        email: `${userId}@example.test`,
        first_name: 'F',
        last_name: 'L',
      })
      .execute();
    await db.insertInto('user_settings').values({ user_id: userId, default_system_group: 'DTF' }).execute();
    await db.insertInto('agreements').values({ user_id: userId, version: '1', approved: true }).execute();
    await db
      .insertInto('email_schedules')
      .values({
        tenant_id: tenant.tenantId,
        id: 'weekly',
        user_id: userId,
        subject: 'My report',
        start_send_date: '2026-06-01',
        send_weekdays: [1],
      })
      .execute();
    await db
      .insertInto('email_sends')
      .values({ tenant_id: tenant.tenantId, schedule_id: 'weekly', due_at: new Date('2026-06-02T06:00:00Z') })
      .execute();
    await createIngestToken(db, tenant.tenantId);
    // Account access (issue #28): invitation links, spent captchas, avatars, client certificates, super-user choices.
    const day = new Date('2026-06-01T00:00:00Z');
    await db
      .insertInto('user_access_tokens')
      .values({
        token_hash: `${tenant.tenantId}-link`,
        tenant_id: tenant.tenantId,
        user_id: userId,
        purpose: 'invitation',
        redirect_url: 'https://portal.test/',
        created_at: day,
        expires_at: day,
      })
      .execute();
    await db
      .insertInto('captcha_spent')
      .values({ signature: `${tenant.tenantId}-captcha`, tenant_id: tenant.tenantId, expires_at: day })
      .execute();
    await db
      .insertInto('user_avatars')
      .values({
        user_id: userId,
        tenant_id: tenant.tenantId,
        image: Buffer.from('89504e47', 'hex'),
        content_type: 'image/png',
        etag: 'e',
      })
      .execute();
    await db
      .insertInto('client_certificates')
      .values({
        thumbprint: (tenant === TEST_FLEET.a ? 'A' : 'B').repeat(64),
        tenant_id: tenant.tenantId,
        user_id: userId,
        email: `${userId}@example.test`,
        certificate_pem: 'PEM',
        valid_from: day,
        expires_at: new Date('2027-06-01T00:00:00Z'),
      })
      .execute();
    await db
      .insertInto('super_user_tenant_choices')
      .values({
        user_id: 'super',
        user_email: 'super@example.test',
        tenant_id: tenant.tenantId,
        interaction_uid: `${tenant.tenantId}-interaction`,
        session_uid: `${tenant.tenantId}-session`,
        login_ts: 1,
      })
      .execute();
  }
}

/** Every table with a tenant_id column, found in the catalogue so a new table cannot be forgotten. */
async function tenantTables(): Promise<string[]> {
  const { rows } = await sql<{ table: string }>`SELECT c.table_name AS table FROM information_schema.columns c
    JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
    WHERE c.table_schema = current_schema() AND c.column_name = 'tenant_id' AND t.table_type = 'BASE TABLE'
    ORDER BY 1`.execute(database.db);
  return rows.map((row) => row.table);
}

const tenantIdsIn = async (db: Kysely<Database>, table: string) => {
  const { rows } = await sql<{ tenant_id: string }>`SELECT * FROM ${sql.table(table)}`.execute(db);
  return rows.map((row) => row.tenant_id);
};

beforeAll(async () => {
  database = await openTestDatabase();
  await seedBothTenants();
});
afterAll(async () => {
  await database.close();
});

describe('withTenant (row-level security)', () => {
  it('covers every tenant table, each holding rows of both tenants outside the scope', async () => {
    const tables = await tenantTables();
    expect(tables.length).toBeGreaterThanOrEqual(19);
    const { rows } = await sql<{ table: string }>`SELECT relname AS table FROM pg_class
      WHERE relnamespace = current_schema()::regnamespace AND relkind = 'r' AND relrowsecurity ORDER BY 1`.execute(
      database.db,
    );
    const protectedTables = rows.map((row) => row.table);
    for (const table of [...tables, 'tenants', 'user_settings', 'agreements']) expect(protectedTables).toContain(table);
    for (const table of tables) {
      expect(new Set(await tenantIdsIn(database.db, table)), table).toEqual(new Set([A, B]));
    }
  });

  it("returns none of tenant B's rows under tenant A, even without a WHERE clause", async () => {
    const tables = await tenantTables();
    await withTenant(database.db, A, async (trx) => {
      for (const table of tables) {
        const ids = await tenantIdsIn(trx, table);
        expect(ids.length, table).toBeGreaterThan(0);
        expect(new Set(ids), table).toEqual(new Set([A]));
      }
      const tenants = await sql<{ id: string }>`SELECT id FROM tenants`.execute(trx);
      expect(tenants.rows).toEqual([{ id: A }]);
      const settings = await sql<{ user_id: string }>`SELECT user_id FROM user_settings`.execute(trx);
      expect(settings.rows).toEqual([{ user_id: `${A}-user` }]);
      const agreements = await sql<{ user_id: string }>`SELECT user_id FROM agreements`.execute(trx);
      expect(agreements.rows).toEqual([{ user_id: `${A}-user` }]);
      const role = await sql<{ role: string }>`SELECT current_user AS role`.execute(trx);
      expect(role.rows).toEqual([{ role: 'portal_api' }]);
    });
  });

  it("cannot write a row for another tenant, nor change another tenant's rows", async () => {
    await expect(
      withTenant(database.db, A, (trx) =>
        trx
          .insertInto('ingest_records')
          .values({ tenant_id: B, system_id: 'b-berlin-1', record_id: 'sneaky', kind: 'job' })
          .execute(),
      ),
    ).rejects.toThrow(/row-level security/);
    const updated = await withTenant(database.db, A, (trx) =>
      trx.updateTable('jobs').set({ impressions: 0 }).where('tenant_id', '=', B).executeTakeFirst(),
    );
    expect(updated.numUpdatedRows).toBe(0n);
  });

  it('scopes a transaction with one statement before its work: the role, the tenant and, when given, the user', async () => {
    let statements = 0;
    // Counts the statements sent through Kysely's executor (BEGIN and COMMIT go to the connection directly).
    const counted = database.db.withPlugin({
      transformQuery: ({ node }) => {
        statements += 1;
        return node;
      },
      transformResult: async ({ result }) => result,
    });
    const seen = await withTenant(
      counted,
      A,
      async (trx) => {
        const before = statements;
        const { rows } = await sql<{ role: string; tenant: string; user: string }>`
          SELECT current_user AS role, current_setting('app.tenant_id') AS tenant,
            current_setting('app.user_id') AS user`.execute(trx);
        return { before, settings: rows[0] };
      },
      { readOnly: true, userId: `${A}-user` },
    );
    expect(seen).toEqual({ before: 1, settings: { role: 'portal_api', tenant: A, user: `${A}-user` } });
  });

  it('ends with its transaction: the next query on the pool is not scoped', async () => {
    await withTenant(database.db, A, async (trx) => sql`SELECT 1`.execute(trx));
    const ids = await tenantIdsIn(database.db, 'jobs');
    expect(new Set(ids)).toEqual(new Set([A, B]));
  });
});
