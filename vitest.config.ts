import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * Database parity: the `node` project always runs the database suites on in-memory PGlite; when TEST_DATABASE_URL
 * names a PostgreSQL server (.ci/run starts one), the `postgres` project runs the server suites again against it.
 */
const postgresUrl = process.env['TEST_DATABASE_URL'] ?? '';
const serverTests = ['src/server/**/*.test.ts'];

export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: [
            'src/server/**/*.test.ts',
            'src/shared/**/*.test.ts',
            'tests/unit/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
          env: { TEST_DATABASE_URL: '' },
        },
      },
      ...(postgresUrl === ''
        ? []
        : [
            {
              extends: true as const,
              test: {
                name: 'postgres',
                environment: 'node' as const,
                include: serverTests,
                exclude: ['src/server/main.process.test.ts'],
                testTimeout: 60_000,
                hookTimeout: 120_000,
                pool: 'forks' as const,
                env: { TEST_DATABASE_URL: postgresUrl },
              },
            },
          ]),
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: [
            'src/app/**/*.test.{ts,tsx}',
            'src/api/**/*.test.{ts,tsx}',
            'src/runtime/**/*.test.{ts,tsx}',
            'src/machines/**/*.test.{ts,tsx}',
            'panels/**/*.test.{ts,tsx}',
          ],
          setupFiles: ['tests/setup-dom.ts'],
          testTimeout: 20_000,
        },
      },
    ],
  },
});
