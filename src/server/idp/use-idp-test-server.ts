import { afterAll, beforeAll } from 'vitest';
import type { PortalDatabase } from '../db/database.ts';
import { openTestDatabase } from '../db/test-database.ts';
import { seedDemoAccounts } from './demo-accounts.ts';
import { createTestCertificate, startIdpTestServer, type IdpTestServer, type TlsMaterial } from './idp-test-harness.ts';

/** What `useIdpTestServer` gives a test file, set once its `beforeAll` has run. */
export interface IdpTestContext {
  database: PortalDatabase;
  tls: TlsMaterial;
  server: IdpTestServer;
}

/**
 * The embedded provider over a fresh test database with the demo accounts, for the tests of one file: started before
 * them (vitest `beforeAll`), closed after. Read the fields inside tests and later hooks, not at the file's top level.
 */
export function useIdpTestServer(): IdpTestContext {
  const context = {} as IdpTestContext;
  beforeAll(async () => {
    [context.database, context.tls] = await Promise.all([openTestDatabase(), createTestCertificate()]);
    await seedDemoAccounts(context.database.db);
    context.server = await startIdpTestServer({ db: context.database.db, tls: context.tls });
  });
  afterAll(async () => {
    await context.server?.close();
    await context.database?.close();
  });
  return context;
}
