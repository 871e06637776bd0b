import Fastify from 'fastify';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig, REPLICA_CONNECTIONS } from '../config.ts';
import { registerHealthRoutes } from '../routes/health.routes.ts';
import { openDatabase, PRIMARY_POOL_CONNECTIONS, type PortalDatabase } from './database.ts';
import { openReadReplica, type ReadReplica } from './read-replica.ts';
import type { Database } from './schema.ts';

/**
 * The portal's PostgreSQL connections run without JIT compilation (postgresPool, database.ts): on the 2,000-printer
 * year it was 90–97 % of a report statement's time wherever the planner's estimate ran high. Runs in the `postgres`
 * vitest project only (TEST_DATABASE_URL).
 */

const url = process.env['TEST_DATABASE_URL'] ?? '';
let database: PortalDatabase;
let replica: ReadReplica;

beforeAll(async () => {
  database = await openDatabase(loadConfig({ DATABASE_URL: url }), { log: () => undefined });
  // The primary stands in for the replica: the pool is what is checked.
  replica = openReadReplica(url, database.db, { maxConnections: REPLICA_CONNECTIONS });
});

afterAll(async () => {
  await replica.close();
  await database.close();
});

const jitOf = async (db: Kysely<Database>) => (await sql<{ jit: string }>`SHOW jit`.execute(db)).rows[0]?.jit;

describe("the portal's PostgreSQL connections", () => {
  it('have JIT compilation off on the primary, on every connection of the pool', async () => {
    const settings = await Promise.all(
      Array.from({ length: 4 }, () => database.db.transaction().execute((trx) => jitOf(trx))),
    );
    expect(settings).toEqual(['off', 'off', 'off', 'off']);
    // The server's own default is on: the pool turns it off.
    const { rows } = await sql<{ boot_val: string }>`SELECT boot_val FROM pg_settings WHERE name = 'jit'`.execute(
      database.db,
    );
    expect(rows[0]?.boot_val).toBe('on');
  });

  it('have JIT compilation off on the report replica', async () => {
    expect(await jitOf(replica.db)).toBe('off');
  });
});

/** The server process behind the connection a call gets (pg-pool hands out the last one released first). */
const backendOf = async (db: Kysely<Database>) =>
  (await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(db)).rows[0]?.pid ?? 0;

describe("the portal's PostgreSQL pools when the server ends an idle connection (restart, failover, admin)", () => {
  it('warn and open a new connection for the next call instead of ending the process', async () => {
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      for (const db of [database.healthDb, replica.db]) {
        if (db === undefined) throw new Error('a health connection expected on PostgreSQL');
        const before = await backendOf(db);
        const calls = warned.mock.calls.length;
        await sql`SELECT pg_terminate_backend(${before})`.execute(database.db);
        // The pool's 'error' event: unhandled, node would throw it as an uncaught exception here.
        await expect.poll(() => warned.mock.calls.length, { timeout: 5000 }).toBe(calls + 1);
        expect(String(warned.mock.calls.at(-1)?.[0])).toMatch(/PostgreSQL closed an idle connection/);
        expect(await backendOf(db)).not.toBe(before);
      }
    } finally {
      warned.mockRestore();
    }
  });
});

describe("the report replica's pool", () => {
  it('keeps no more connections than it is given (PORTAL_REPLICA_CONNECTIONS), however many reads wait', async () => {
    const small = openReadReplica(url, database.db, { maxConnections: 2 });
    try {
      const backends = await Promise.all(
        Array.from({ length: 6 }, async () => {
          const { rows } = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid, pg_sleep(0.05)`.execute(small.db);
          return rows[0]?.pid;
        }),
      );
      // Six reads at once: two ran, four waited for one of the two connections.
      expect(new Set(backends).size).toBe(2);
    } finally {
      await small.close();
    }
  });
});

describe('GET /api/health on PostgreSQL', () => {
  it('answers while every connection of the pool is busy: a load balancer must not take a busy node for a dead one', async () => {
    const app = Fastify();
    await registerHealthRoutes(app, { db: database.db, healthDb: database.healthDb, version: 'test' });
    await app.ready();
    // Every pool connection held: the health check must not wait for one of them.
    let released = 0;
    const busy = Promise.all(
      Array.from({ length: PRIMARY_POOL_CONNECTIONS }, () =>
        sql`SELECT pg_sleep(2)`.execute(database.db).then(() => (released += 1)),
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ status: 'ok', database: 'postgres' });
    expect(released).toBe(0);
    await busy;
    await app.close();
  });
});
