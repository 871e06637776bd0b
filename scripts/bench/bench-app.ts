/**
 * The real Fastify app over a benchmark fleet, trusting a key pair made for the run, and a user of the fleet's largest
 * tenant with a real signed access token (the same verification path as a browser's token).
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { ROLE } from '../../src/shared/auth/roles.ts';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import type { Database } from '../../src/server/db/schema.ts';
import type { FleetPlan } from '../../src/server/simulator/fleet-plan.ts';
import { createTokenSigner } from '../../src/server/testing/api-test-harness.ts';

export const BENCH_USER_ID = 'bench-admin';

export interface BenchApp {
  app: FastifyInstance;
  tenantId: string;
  /** `Bearer <token>` of the bench user (valid for an hour). */
  authorization: string;
}

/** The tenant with the most systems: the heaviest scope a user of the plan can have. */
export function largestTenant(plan: FleetPlan): string {
  const counts = new Map<string, number>();
  for (const system of plan.systems) counts.set(system.tenantId, (counts.get(system.tenantId) ?? 0) + 1);
  const [tenantId] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0] ?? [];
  if (tenantId === undefined) throw new Error('The plan has no systems');
  return tenantId;
}

/** An unrestricted admin of the tenant (scope: every system), created once per fleet. */
async function ensureBenchUser(db: Kysely<Database>, tenantId: string): Promise<void> {
  await db
    .insertInto('users')
    .values({
      id: BENCH_USER_ID,
      tenant_id: tenantId,
      email: `${BENCH_USER_ID}@bench.test`,
      first_name: 'Bench',
      last_name: 'Admin',
      roles: [ROLE.Admin],
    })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
}

/**
 * `env`: configuration beside the defaults (e.g. PORTAL_EXPORT_INK_JOBS, the ink download's limit). Report answers are
 * not shared (PORTAL_SHARED_ANSWERS_MS 0): a benchmark repeats one call, and each request's own computation is measured.
 */
export async function createBenchApp(
  db: Kysely<Database>,
  plan: FleetPlan,
  env: Record<string, string> = {},
): Promise<BenchApp> {
  const tenantId = largestTenant(plan);
  await ensureBenchUser(db, tenantId);
  const config = loadConfig(
    { PORTAL_PUBLIC_URL: 'https://portal.bench', PORTAL_SHARED_ANSWERS_MS: '0', ...env },
    process.cwd(),
  );
  const signer = await createTokenSigner(config);
  const app = await buildApp({ config, db, getKey: signer.getKey, distDir: null });
  await app.ready();
  const token = await signer.mintToken(
    { sub: BENCH_USER_ID, tenantId, roles: [ROLE.Admin], email: `${BENCH_USER_ID}@bench.test` },
    { expiresAt: '1h' },
  );
  return { app, tenantId, authorization: `Bearer ${token}` };
}
