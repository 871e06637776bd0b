import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ADMIN } from '../../testing/fake-identity.ts';
import { jsonResponse, type ApiAnswer } from '../../testing/fake-api.ts';
import { preloadReportModules } from '../../testing/preload-report-modules.ts';
import { renderApp } from '../../testing/render-app.tsx';

// The fake date-filters data runs to 2024-03-05 (a Tuesday): Jobs opens on its week, Monday 2024-03-04.
const WEEK = '2024-03-04';
const JOBS = '/api/job-analysis-report';

const periods = {
  period: { timeframe: 'week', startDay: WEEK, endDay: '2024-03-10', startHour: 0, endHour: 23 },
  previousPeriod: { timeframe: 'week', startDay: '2024-02-26', endDay: '2024-03-03', startHour: 0, endHour: 23 },
  comparedUntil: null,
  statsDescription: 'From last week',
};

const totalCards = (url: URL) =>
  jsonResponse({
    ...periods,
    systemGroup: url.searchParams.get('systemGroupType'),
    totalPrintingTimeResponse: { totalPrintingTimeSeconds: 93_784, previous: 90_000, stats: 0.042 },
    totalProductionResponse: { totalProduction: 12_345, units: 'imp', previous: 10_000, stats: 0.2345 },
    bottlesLoadedResponse: { bottlesLoaded: 7, previous: 8, stats: -0.125 },
  });

const perUnitCards = (url: URL) =>
  jsonResponse({
    ...periods,
    systemGroup: url.searchParams.get('systemGroupType'),
    printTimePerUnitResponse: { value: 7.6, units: 's/imp', previous: 7, stats: 0.0857 },
    // The jobs of the selected sizes use a little more ink per impression than all jobs.
    inkConsumptionPerUnitResponse: {
      value: url.searchParams.has('dtgFilterParameters.sizes') ? 0.74 : 0.61,
      units: 'ml/imp',
      previous: 0.6,
      stats: 0.0167,
    },
    mediaWidthResponse: { widestMediaWidthMm: null },
  });

const figures = (impressions: number, percent: number) => ({
  numberOfJobs: impressions / 10,
  numberOfImpressions: impressions,
  totalInk: impressions * 3,
  totalTime: impressions * 30,
  filmLength: 0,
  percent,
});

const jobSummary = () =>
  jsonResponse({
    ...periods,
    systemGroup: 'DTG',
    hasNoData: false,
    isPartialData: false,
    jobSummaryData: [
      { sizeCategory: 'Small', ...figures(1_200, 60) },
      { sizeCategory: 'Medium', ...figures(800, 40) },
      { sizeCategory: 'Large', ...figures(0, 0) },
      { sizeCategory: 'Total', ...figures(2_000, 100) },
    ],
    jobSummaryDataShort: [
      { sizeCategory: 'Small', numberOfImpressions: 1_200 },
      { sizeCategory: 'Medium', numberOfImpressions: 800 },
      { sizeCategory: 'Large', numberOfImpressions: 0 },
    ],
    printModes: [],
    dtFilmData: null,
  });

const trend = (value: number, units: string) => ({
  value,
  previous: value / 2,
  stats: 1,
  units,
  records: [{ date: WEEK, granularity: 'day', days: null, value }],
});

const kpiAnswer = (properties: Record<string, unknown>) => (url: URL) =>
  jsonResponse({ ...periods, systemGroup: url.searchParams.get('systemGroupType'), granularity: 'day', ...properties });

const KPI_CALLS = {
  [`${JOBS}/total-impressions`]: kpiAnswer({ totalImpressions: trend(2_000, 'imp') }),
  [`${JOBS}/print-time-KPIs`]: kpiAnswer({
    totalPrintingTime: trend(7_200, 's'),
    printTimePerUnitResponse: { value: 3.6, units: 's/imp', previous: 3, stats: 0.2 },
  }),
  [`${JOBS}/ink-consumption-KPIs`]: kpiAnswer({
    totalInkConsumption: trend(1_500, 'ml'),
    inkConsumptionPerUnitResponse: { value: 0.75, units: 'ml/imp', previous: 0.7, stats: 0.0714 },
  }),
  [`${JOBS}/total-bottles-loaded-KPIs`]: kpiAnswer({ bottlesLoaded: trend(3, 'bottles') }),
};

const FILE_NAME = `InkConsumptionPerJob_DTG_${WEEK}_2024-03-10.xlsx`;
const xlsxFile = () =>
  new Response(new Blob(['PK']), {
    status: 200,
    headers: { 'content-disposition': `attachment; filename="${FILE_NAME}"` },
  });

/** A check's answer, telling its download's row limit as the server does. */
const checkAnswer = (status: number, rowLimit: number) => () =>
  new Response(null, { status, headers: { 'export-row-limit': String(rowLimit) } });

function renderJobs(
  check: ApiAnswer = checkAnswer(200, 200_000),
  eventsCheck: ApiAnswer = checkAnswer(200, 1_048_575),
) {
  return renderApp({
    path: '/reports/jobs?selectedSystemGroup=DTG',
    user: ADMIN,
    api: {
      [`${JOBS}/total-data-cards`]: totalCards,
      [`${JOBS}/data-per-unit-cards`]: perUnitCards,
      [`${JOBS}/job-summary`]: jobSummary,
      [`${JOBS}/check-ink-consumption-per-job-file`]: check,
      [`${JOBS}/ink-consumption-per-job-file`]: xlsxFile,
      [`${JOBS}/check-errors-and-maintenance-file`]: eventsCheck,
      ...KPI_CALLS,
    },
  });
}

function requests(view: ReturnType<typeof renderJobs>, call: string): URL[] {
  return view.fetchMock.mock.calls.map(([url]) => new URL(url)).filter((url) => url.pathname === `${JOBS}/${call}`);
}

const cardValue = (label: string) => within(screen.getByRole('group', { name: label })).getByLabelText('value');

// The page and its kinds loaded before the first test (its first render would otherwise wait for their transforms).
beforeAll(async () => {
  await import('./JobsAnalysisPage.tsx');
  await preloadReportModules(['export-download', 'ink-colour-chart', 'job-summary', 'kpi-card', 'series-chart']);
}, 120_000);

describe('Jobs Analysis page', () => {
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(
      DOMRect.fromRect({ width: 1600, height: 900 }),
    );
  });
  afterEach(() => vi.restoreAllMocks());

  it('opens on the week and shows the total and per-unit cards of the answers', async () => {
    const view = renderJobs();
    expect(await screen.findByRole('heading', { name: 'Jobs Analysis', level: 1 })).toBeTruthy();
    await waitFor(() => expect(cardValue('Total Impressions').textContent).toBe('12.3k'));
    expect(cardValue('Total Printing Time').textContent).toBe('1d 2h');
    expect(cardValue('Bottles Loaded').textContent).toBe('7');
    await waitFor(() => expect(cardValue('Ink per Impression').textContent).toBe('0.61'));
    const url = requests(view, 'total-data-cards').at(-1);
    expect(url?.searchParams.get('week')).toBe(WEEK);
    expect(url?.searchParams.get('systemGroupType')).toBe('DTG');
  });

  it("shows the KPIs (DTG: printing time, not Apollo's cycle time) and asks them for the selected sizes", async () => {
    const view = renderJobs();
    // A panel's frame is a new element once its data is shown: find the region again after the wait.
    const region = (name: string) => within(screen.getByRole('region', { name }));
    await waitFor(() => expect(region('Printing Time').getByText('2h')).toBeTruthy());
    expect(region('Printing Time').getByText('3.6 s/imp')).toBeTruthy();
    await waitFor(() => expect(region('Production').getByText('2k imp')).toBeTruthy());
    await waitFor(() => expect(region('Total Ink').getByText('1.5k ml')).toBeTruthy());
    await waitFor(() => expect(region('Bottles Loaded per Period').getByText('3 bottles')).toBeTruthy());
    expect(screen.queryByRole('region', { name: 'Cycle Time' })).toBeNull();
    expect(requests(view, 'cycle-time-KPIs')).toHaveLength(0);

    fireEvent.click(await screen.findByRole('button', { name: /^Medium jobs/ }));
    await waitFor(() =>
      expect(requests(view, 'print-time-KPIs').at(-1)?.searchParams.getAll('dtgFilterParameters.sizes')).toEqual([
        'Medium',
      ]),
    );
    // A bottle has no size: the bottles KPI is not asked again for a selection.
    expect(requests(view, 'total-bottles-loaded-KPIs')).toHaveLength(1);
  });

  it('names the limits the checks tell (a portal configured with 5,000 jobs and 50,000 events), not the defaults', async () => {
    renderJobs(checkAnswer(205, 5_000), checkAnswer(205, 50_000));
    expect(await screen.findByText('Exceeds 5k limit.')).toBeTruthy();
    expect(await screen.findByText('Exceeds 50k limit.')).toBeTruthy();
    expect(screen.queryByText(/200k|1\.048M/)).toBeNull();
  });

  it("says 'No data to download For This Period' on the events download when its check answers 204", async () => {
    const view = renderJobs(undefined, checkAnswer(204, 1_048_575));
    const button = await screen.findByRole('button', { name: 'Download events' });
    await waitFor(() => expect(button.getAttribute('title')).toBe('No data to download For This Period'));
    expect(button).toHaveProperty('disabled', true);
    expect(requests(view, 'check-errors-and-maintenance-file').at(-1)?.searchParams.get('week')).toBe(WEEK);
  });

  it('asks the per-unit cards for the sizes the job summary selects, and for every job once cleared', async () => {
    const view = renderJobs();
    const medium = await screen.findByRole('button', { name: /^Medium jobs/ });
    expect(requests(view, 'data-per-unit-cards').at(-1)?.searchParams.has('dtgFilterParameters.sizes')).toBe(false);
    fireEvent.click(medium);
    await waitFor(() =>
      expect(requests(view, 'data-per-unit-cards').at(-1)?.searchParams.getAll('dtgFilterParameters.sizes')).toEqual([
        'Medium',
      ]),
    );
    await waitFor(() => expect(cardValue('Ink per Impression').textContent).toBe('0.74'));
    const summary = within(screen.getByRole('region', { name: 'Job summary' }));
    expect(summary.getAllByRole('button', { pressed: true })).toHaveLength(2);
    expect(summary.getByRole('button', { name: /^Large jobs/ })).toHaveProperty('disabled', true);
    fireEvent.click(summary.getByRole('button', { name: /^Medium(?! jobs)/ }));
    await waitFor(() => expect(summary.queryAllByRole('button', { pressed: true })).toHaveLength(0));
    // Every job's figures again: asked anew or, within a minute, the answer already fetched for no sizes.
    await waitFor(() => expect(cardValue('Ink per Impression').textContent).toBe('0.61'));
    expect(
      requests(view, 'data-per-unit-cards').filter((url) => url.searchParams.has('dtgFilterParameters.sizes')),
    ).toHaveLength(1);
    expect(requests(view, 'job-summary')).toHaveLength(1);
  });

  it("checks the period (200), downloads the XLSX under the server's name and says 'Report has been downloaded'", async () => {
    const saved: string[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:jobs', revokeObjectURL: () => undefined }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const view = renderJobs();
    const button = await screen.findByRole('button', { name: 'Download report' });
    await waitFor(() => expect(button).toHaveProperty('disabled', false));
    expect(button.getAttribute('title')).toBe('Ready to download');
    fireEvent.click(button);
    expect(await screen.findByText('Report has been downloaded')).toBeTruthy();
    expect(saved).toEqual([FILE_NAME]);
    const file = requests(view, 'ink-consumption-per-job-file').at(-1);
    expect(file?.searchParams.get('week')).toBe(WEEK);
  });

  it.each([
    [204, 'No data to download For This Period', 'No Data for this period.'],
    [205, 'Too much data to download, please select shorter period', 'Exceeds 200k limit.'],
  ])('keeps the button disabled when the check answers %i', async (status, message, limit) => {
    renderJobs(checkAnswer(status, 200_000));
    const button = await screen.findByRole('button', { name: 'Download report' });
    await waitFor(() => expect(button.getAttribute('title')).toBe(message));
    expect(button).toHaveProperty('disabled', true);
    expect(screen.getByText(limit)).toBeTruthy();
  });
});
