import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import { ADMIN } from '../testing/fake-identity.ts';
import { jsonResponse } from '../testing/fake-api.ts';
import { renderApp } from '../testing/render-app.tsx';
import { selectedDay } from './OverviewPage.tsx';

describe('overview page', () => {
  it("asks the layout runtime for today's overview of the selected group", async () => {
    const view = renderApp({
      path: '/reports/overview?selectedSystemGroup=DTF',
      user: ADMIN,
      api: {
        '/api/overview-report/overview-cards': () =>
          jsonResponse({
            systemGroup: 'DTF',
            day: dayjs().format('YYYY-MM-DD'),
            totalProduction: { value: 1234, units: 'm', stats: null, statsDescription: '' },
          }),
      },
    });
    expect(await screen.findByRole('heading', { name: 'Overview', level: 1 })).toBeTruthy();
    await waitFor(() => {
      const call = view.fetchMock.mock.calls.find(([url]) => url.includes('/api/overview-report/overview-cards'));
      expect(call).toBeDefined();
      const url = new URL(call?.[0] ?? '');
      expect(url.searchParams.get('day')).toBe(dayjs().format('YYYY-MM-DD'));
      expect(url.searchParams.get('systemGroup')).toBe('DTF');
      expect(JSON.parse(String(call?.[1]?.body))).toEqual({ systems: [] });
    });
  });
});

describe('selectedDay', () => {
  const today = dayjs('2026-11-22T10:00:00');

  it('takes a valid day from the URL query', () => {
    expect(selectedDay(new URLSearchParams('day=2026-11-20'), today)).toBe('2026-11-20');
  });

  it('falls back to today for a missing or invalid day', () => {
    expect(selectedDay(new URLSearchParams(''), today)).toBe('2026-11-22');
    expect(selectedDay(new URLSearchParams('day=2026-02-30'), today)).toBe('2026-11-22');
    expect(selectedDay(new URLSearchParams('day=yesterday'), today)).toBe('2026-11-22');
  });
});
