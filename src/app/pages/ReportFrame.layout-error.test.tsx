import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { REPORT_LAYOUTS_PATH } from '../../api/report-layout.ts';
import { layoutAnswersByPath } from '../../runtime/report-layouts.fixtures.ts';
import { ADMIN } from '../testing/fake-identity.ts';
import { jsonResponse } from '../testing/fake-api.ts';
import { renderApp } from '../testing/render-app.tsx';
import { preloadReportModules } from '../testing/preload-report-modules.ts';

const LAYOUT_PATH = `${REPORT_LAYOUTS_PATH}/overview`;
const LAYOUT_FAILED = "This report's layout could not be loaded.";

/** The Overview with its layout answered `answers` times, then the portal away (the fetch rejects as fetch does). */
function renderWithLayoutAnswered(answers: number) {
  let asked = 0;
  const view = renderApp({
    path: '/reports/overview?selectedSystemGroup=DTG&timeframe=day',
    user: ADMIN,
    api: {
      [LAYOUT_PATH]: () => {
        asked += 1;
        if (asked > answers) throw new TypeError('Failed to fetch');
        return jsonResponse(layoutAnswersByPath()[LAYOUT_PATH]);
      },
    },
  });
  return { view, asked: () => asked };
}

beforeAll(async () => {
  await import('./OverviewPage.tsx');
  await preloadReportModules(['goals', 'kpi-card', 'period-legend', 'printer-links', 'series-chart']);
}, 120_000);

describe("the report frame when its layout's fetch fails", () => {
  it('says so when the layout never came', async () => {
    renderWithLayoutAnswered(0);
    // Beside the API client's own toast for the failed call (the error catalogue's connection message).
    expect(await screen.findByText(LAYOUT_FAILED, {}, { timeout: 20_000 })).not.toBeNull();
    expect(screen.queryByRole('toolbar', { name: 'Report filters' })).toBeNull();
  }, 60_000);

  it('keeps the report when a later fetch of a layout it has fails (a refetch while the portal is away)', async () => {
    const { view, asked } = renderWithLayoutAnswered(1);
    await screen.findByRole('toolbar', { name: 'Report filters' }, { timeout: 20_000 });
    // What the outage recovery does when a request answers: everything on screen is fetched again.
    await view.queryClient.refetchQueries({ type: 'active' }, { cancelRefetch: false });
    await waitFor(() => expect(asked()).toBeGreaterThan(1));
    await waitFor(() => expect(view.queryClient.isFetching()).toBe(0));
    expect(screen.queryByText(LAYOUT_FAILED)).toBeNull();
    expect(screen.queryByRole('toolbar', { name: 'Report filters' })).not.toBeNull();
  }, 60_000);
});
