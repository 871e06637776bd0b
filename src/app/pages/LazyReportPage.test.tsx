import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LazyReportPage, preloadReportPage } from './LazyReportPage.tsx';
import { DAY_FILTERS } from '../../runtime/report-filters.fixtures.ts';

const filters = DAY_FILTERS;

// A report id without a layout: ReportPage says so, which is all this test needs of it.
const page = <LazyReportPage reportId="no-such-report" filters={filters} />;

describe('LazyReportPage', () => {
  it('draws through its chunk first, and at once once the frame has preloaded it', async () => {
    const first = render(page);
    expect(screen.queryByRole('alert')).toBeNull();
    expect((await screen.findByRole('alert')).textContent).toBe("Unknown report 'no-such-report'");
    first.unmount();

    preloadReportPage();
    // The module has arrived (the chunk above loaded it): a report mounted now draws in its first render.
    await waitFor(() => {
      const again = render(page);
      const drawn = screen.queryByRole('alert') !== null;
      again.unmount();
      expect(drawn).toBe(true);
    });
  });
});
