import { describe, expect, it } from 'vitest';
import { databaseSuites } from '../database-suites.ts';

describe('the database suites the postgres project runs again', () => {
  const suites = databaseSuites();

  it('include every file that opens a test database, directly or through the API test harness', () => {
    expect(suites).toContain('src/server/db/migrate.test.ts');
    expect(suites).toContain('src/server/routes/api-fuzz.test.ts');
    expect(suites).toContain('src/server/reports/overview/overview.routes.test.ts');
  });

  it('leave out the files that never open one', () => {
    expect(suites).not.toContain('src/server/db/pglite-checkpoints.test.ts');
    expect(suites).not.toContain('src/server/idp/password.test.ts');
    expect(suites).not.toContain('src/server/main.process.test.ts');
  });
});
