/**
 * The schema stays distributable by tenant (issue #29 item 5, docs/operations.md "Where the next limit is"): a
 * distributed PostgreSQL such as Citus shards a table by one column and needs every primary key, unique key and
 * foreign key between sharded tables to include it. Every table is therefore either
 * - **tenant-distributed**: it has `tenant_id`, and its primary key, unique keys/indexes and foreign keys to other
 *   distributed tables lead with `tenant_id`; or
 * - a **reference table**, named below with the reason (small, read by every node, copied to every shard), whose foreign
 *   keys point only at other reference tables.
 * A new table fails this test until it is one of the two.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalDatabase } from './database.ts';
import { openTestDatabase } from './test-database.ts';

const REFERENCE_TABLES: Record<string, string> = {
  tenants: 'the tenants themselves',
  users: 'signing in finds a user by e-mail before any tenant is known; e-mail is unique across tenants',
  user_settings: "one row per user, read with the user's account",
  user_avatars: "one small picture per user, served with the user's account",
  agreements: "one row per user, read with the user's account",
  oidc_payloads: "the identity provider's sessions and grants, found by their own ids",
  sign_in_throttle: 'failed sign-ins are counted per e-mail and client address before any tenant is known',
  portal_secrets: 'signing keys shared by every node',
  schema_migrations: 'which migrations ran',
  ingest_tokens: "a printer's bearer token is found by its hash before its tenant is known",
  user_access_tokens: 'invitation and reset links are found by their hash before their tenant is known',
  captcha_spent: 'a solved captcha is found by its signature',
  client_certificates: 'the public API finds a client certificate by its thumbprint during the TLS handshake',
  api_rate_buckets: "the public API's rate limit per client certificate, found by the certificate's thumbprint",
  super_user_picker_tokens: "a super user's picker link is found by its hash; super users belong to no customer tenant",
  super_user_tenant_choices: "an audit of super users' choices, across tenants",
  demo_history_range: "the demo fleet's filled range (one row)",
  demo_history_days: "the demo fleet's filled days",
};

interface Constraint {
  table_name: string;
  name: string;
  kind: 'p' | 'u' | 'f';
  columns: string[];
  referenced_table: string | null;
}

let database: PortalDatabase;
let tables: Map<string, { hasTenantId: boolean }>;
let constraints: Constraint[];
let uniqueIndexes: { table_name: string; name: string; first_column: string | null }[];

beforeAll(async () => {
  database = await openTestDatabase();
  const tableRows = await sql<{ table_name: string; has_tenant_id: boolean }>`
    select c.relname as table_name,
      exists (select 1 from pg_attribute a
              where a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped) as has_tenant_id
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema() and c.relkind in ('r', 'p')`.execute(database.db);
  tables = new Map(tableRows.rows.map((row) => [row.table_name, { hasTenantId: row.has_tenant_id }]));
  const constraintRows = await sql<Constraint>`
    select c.relname as table_name, con.conname as name, con.contype as kind,
      array(select a.attname::text from unnest(con.conkey) with ordinality as k(attnum, ord)
            join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum order by k.ord) as columns,
      referenced.relname as referenced_table
    from pg_constraint con
    join pg_class c on c.oid = con.conrelid
    join pg_namespace n on n.oid = c.relnamespace
    left join pg_class referenced on referenced.oid = con.confrelid
    where n.nspname = current_schema() and con.contype in ('p', 'u', 'f')`.execute(database.db);
  constraints = constraintRows.rows;
  // Unique indexes made with CREATE UNIQUE INDEX (expressions and partial ones included): their first key column.
  const indexRows = await sql<{ table_name: string; name: string; first_column: string | null }>`
    select t.relname as table_name, i.relname as name,
      (select a.attname::text from pg_attribute a where a.attrelid = t.oid and a.attnum = ix.indkey[0]) as first_column
    from pg_index ix
    join pg_class i on i.oid = ix.indexrelid
    join pg_class t on t.oid = ix.indrelid
    join pg_namespace n on n.oid = t.relnamespace
    where n.nspname = current_schema() and ix.indisunique`.execute(database.db);
  uniqueIndexes = indexRows.rows;
});

afterAll(async () => {
  await database.close();
});

const distributedTables = () => [...tables.keys()].filter((table) => !(table in REFERENCE_TABLES)).sort();

describe('a schema distributable by tenant_id', () => {
  it('names only reference tables that exist', () => {
    expect(Object.keys(REFERENCE_TABLES).filter((table) => !tables.has(table))).toEqual([]);
  });

  it('gives every other table a tenant_id column', () => {
    expect(distributedTables().filter((table) => tables.get(table)?.hasTenantId !== true)).toEqual([]);
    expect(distributedTables().length).toBeGreaterThan(20);
  });

  it("leads every distributed table's primary and unique keys with tenant_id", () => {
    const distributed = new Set(distributedTables());
    const keys = constraints.filter((c) => distributed.has(c.table_name) && c.kind !== 'f');
    expect(keys.filter((c) => c.columns[0] !== 'tenant_id').map((c) => `${c.table_name}.${c.name}`)).toEqual([]);
    const indexes = uniqueIndexes.filter((index) => distributed.has(index.table_name));
    expect(indexes.filter((index) => index.first_column !== 'tenant_id').map((index) => index.name)).toEqual([]);
    // Every distributed table has a primary key (a shard needs one to be addressed).
    expect([...distributed].filter((table) => !keys.some((c) => c.table_name === table && c.kind === 'p'))).toEqual([]);
  });

  it('joins distributed tables only on keys that lead with tenant_id, and points them at nothing else', () => {
    const distributed = new Set(distributedTables());
    const foreignKeys = constraints.filter((c) => c.kind === 'f' && distributed.has(c.table_name));
    const offending = foreignKeys.filter((c) => {
      if (c.referenced_table !== null && c.referenced_table in REFERENCE_TABLES) return false;
      return c.columns[0] !== 'tenant_id';
    });
    expect(offending.map((c) => `${c.table_name}.${c.name}`)).toEqual([]);
    expect(foreignKeys.some((c) => c.referenced_table === 'systems')).toBe(true);
  });

  it('points reference tables only at reference tables', () => {
    const fromReference = constraints.filter((c) => c.kind === 'f' && c.table_name in REFERENCE_TABLES);
    expect(
      fromReference
        .filter((c) => c.referenced_table === null || !(c.referenced_table in REFERENCE_TABLES))
        .map((c) => `${c.table_name}.${c.name} → ${c.referenced_table}`),
    ).toEqual([]);
  });
});
