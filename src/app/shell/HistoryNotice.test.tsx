import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { HISTORY_POLL_MS, historyRefetchInterval } from '../../api/health.ts';
import { ADMIN } from '../testing/fake-identity.ts';
import { renderApp } from '../testing/render-app.tsx';

const health = (history?: { daysAvailable: number; daysTotal: number }) => ({
  status: 'ok',
  database: 'pglite',
  version: '1.0.859',
  ...(history === undefined ? {} : { history }),
});

describe('history notice', () => {
  it('tells signed-in users under the header how much of the fleet history is in while it loads', async () => {
    renderApp({
      path: '/reports/systems',
      user: ADMIN,
      api: { '/api/health': health({ daysAvailable: 120, daysTotal: 400 }) },
    });
    const text = await screen.findByText('Fleet history is still loading: 120 of 400 days available');
    const notice = text.closest('[role="status"]');
    expect(notice).not.toBeNull();
    // Placed between the header and the page.
    expect(screen.getByRole('banner').nextElementSibling).toBe(notice);
  });

  it('is not shown once the history is complete, nor without demo history', async () => {
    for (const answer of [health({ daysAvailable: 400, daysTotal: 400 }), health()]) {
      const view = renderApp({ path: '/reports/systems', user: ADMIN, api: { '/api/health': answer } });
      await waitFor(() => expect(view.fetchMock.mock.calls.some(([url]) => url.includes('/api/health'))).toBe(true));
      await screen.findByRole('heading', { name: 'Systems Analysis' });
      expect(screen.queryByText(/Fleet history is still loading/)).toBeNull();
      view.unmount();
    }
  });

  it('polls while loading and stops when complete', () => {
    expect(historyRefetchInterval(health({ daysAvailable: 1, daysTotal: 400 }) as never)).toBe(HISTORY_POLL_MS);
    expect(historyRefetchInterval(health({ daysAvailable: 400, daysTotal: 400 }) as never)).toBe(false);
    expect(historyRefetchInterval(health() as never)).toBe(false);
    expect(historyRefetchInterval(undefined)).toBe(false);
  });
});
