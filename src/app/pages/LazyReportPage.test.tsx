import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LazyReportPage, preloadReportPage } from './LazyReportPage.tsx';
import { DAY_FILTERS } from '../../runtime/report-filters.fixtures.ts';
import { seedReportLayout } from '../../runtime/report-layouts.fixtures.ts';

// A layout without panels, already fetched: the page draws its data-freshness line, which is all this test needs of it.
const queryClient = new QueryClient();
seedReportLayout(queryClient, {
  id: 'empty',
  title: 'Empty',
  queries: {},
  panels: {},
  placement: { desktop: [], compact: [], mobile: [] },
});
const page = (
  <QueryClientProvider client={queryClient}>
    <LazyReportPage reportId="empty" filters={DAY_FILTERS} />
  </QueryClientProvider>
);
const drawn = () => screen.queryByRole('status', { name: 'Data freshness' }) !== null;

describe('LazyReportPage', () => {
  it('draws through its chunk first, and at once once the frame has preloaded it', async () => {
    const first = render(page);
    expect(drawn()).toBe(false);
    await waitFor(() => expect(drawn()).toBe(true));
    first.unmount();

    preloadReportPage();
    // The module has arrived (the chunk above loaded it): a report mounted now draws in its first render.
    await waitFor(() => {
      const again = render(page);
      const now = drawn();
      again.unmount();
      expect(now).toBe(true);
    });
  });
});
