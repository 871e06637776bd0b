import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { resetConnectionHealth } from '../src/api/connection-health.ts';
import '../src/i18n/i18n.ts';

// Whole-app tests render the shell, the filter machine and lazy panels: on a busy 2-core machine that can take
// longer than Testing Library's 1 s default for findBy/waitFor. A longer wait only slows tests that would fail anyway.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  // One store per page (src/api/connection-health.ts): a test's failed requests must not dim the next test's report.
  resetConnectionHealth();
});
