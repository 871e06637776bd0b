import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DateFiltersResponse } from '../../../shared/api-types.ts';
import {
  FIXTURE_SERIAL,
  MACHINE_SETTINGS,
  SYSTEM_ACHIEVEMENT,
  SYSTEM_AVAILABILITY_TIMELINE,
  SYSTEM_IMPRESSIONS_CARDS,
  SYSTEM_INK_TABLE,
  SYSTEM_MESSAGES,
  SYSTEM_PAGE_CARDS,
  SYSTEM_QUALISET,
  SYSTEM_SOFTWARE_VERSIONS,
  SYSTEM_TIMELINE_DAY,
} from '../../../shared/contract/system-page.fixture.ts';
import { ADMIN } from '../../testing/fake-identity.ts';
import { dateFilters, type ApiAnswer } from '../../testing/fake-api.ts';
import { preloadReportModules } from '../../testing/preload-report-modules.ts';
import { currentLocation, renderApp } from '../../testing/render-app.tsx';

// The fake date-filters data runs to 2024-03-05: the pages open on that day.
const DAY = '2024-03-05';
/** The fixture printer's model starts after the group's first day (2024-01-01): its pages start there. */
const MODEL_START = '2024-02-20';
const SP = '/api/system-page-report';

/** The date filters with the fixture printer in `group` (id 42, as MACHINE_SETTINGS names it). */
function filtersWithPrinter(group: 'DTG' | 'DTF' = 'DTG'): DateFiltersResponse {
  const base = dateFilters();
  return {
    groups: base.groups.map((entry) =>
      entry.systemGroup === group
        ? {
            ...entry,
            sites: [{ id: 's1', name: 'Leeds' }],
            models: [{ id: 'm1', name: 'Storm Hybrid', siteId: 's1' }],
            systems: [
              {
                id: '42',
                name: FIXTURE_SERIAL,
                siteId: 's1',
                modelId: 'm1',
                systemNickName: 'Line 3',
                isEverReported: true,
                modelStartDate: MODEL_START.replaceAll('-', ''),
              },
            ],
          }
        : entry,
    ),
  };
}

const json = (body: unknown) => () => Response.json(body);

function renderSystemPage(type: string, extra: Record<string, ApiAnswer> = {}, group: 'DTG' | 'DTF' = 'DTG') {
  return renderApp({
    path: `/reports/systems/${type}/${encodeURIComponent(FIXTURE_SERIAL)}?selectedSystemGroup=DTG`,
    user: ADMIN,
    api: {
      '/api/reports/date-filters': filtersWithPrinter(group),
      [`${SP}/system-timeline`]: json(SYSTEM_TIMELINE_DAY),
      [`${SP}/cards`]: json(SYSTEM_PAGE_CARDS),
      [`${SP}/error-maintenance-messages`]: json(SYSTEM_MESSAGES),
      [`${SP}/ink-table`]: json(SYSTEM_INK_TABLE),
      [`${SP}/qualiset`]: json(SYSTEM_QUALISET),
      [`${SP}/impressions-cards`]: json(SYSTEM_IMPRESSIONS_CARDS),
      [`${SP}/availability-and-timeline`]: json(SYSTEM_AVAILABILITY_TIMELINE),
      [`${SP}/achievement`]: json(SYSTEM_ACHIEVEMENT),
      [`${SP}/software-versions`]: json(SYSTEM_SOFTWARE_VERSIONS),
      '/api/system-data/settings': json(MACHINE_SETTINGS),
      ...extra,
    },
  });
}

function requests(view: ReturnType<typeof renderSystemPage>, path: string): URL[] {
  return view.fetchMock.mock.calls.map(([url]) => new URL(url)).filter((url) => url.pathname === path);
}

// The page and its kinds loaded before the first test (its first render would otherwise wait for their transforms).
beforeAll(async () => {
  await import('../SystemSubReportPage.tsx');
  await preloadReportModules([
    'availability-timeline',
    'events-download',
    'kpi-card',
    'status-timeline',
    'system-achievement',
    'system-cards',
    'table',
    'ticket-summary',
  ]);
}, 120_000);

describe('System page, machine config and service ticket', () => {
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(
      DOMRect.fromRect({ width: 1600, height: 900 }),
    );
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('asks every system page call for the day, the group and the one system, and shows their panels', async () => {
    const view = renderSystemPage('system-page');
    expect(await screen.findByRole('heading', { level: 1, name: `System Page: ${FIXTURE_SERIAL}` })).toBeTruthy();
    const errors = await screen.findByRole('table', { name: 'Errors' });
    // 'Other' last (spec reports §5), whatever order the answer lists it in.
    expect(
      within(errors)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Head temperature high', 'Ink pressure low', 'Other']);
    for (const call of ['system-timeline', 'cards', 'error-maintenance-messages', 'ink-table', 'achievement']) {
      const url = requests(view, `${SP}/${call}`).at(-1);
      expect(url?.searchParams.get('day'), call).toBe(DAY);
      expect(url?.searchParams.get('systemGroup'), call).toBe('DTG');
      expect(url?.searchParams.getAll('system'), call).toEqual([FIXTURE_SERIAL]);
    }
    // Spec reports §2: a back button instead of the filter button, no group toggle, day and week only.
    const toolbar = screen.getByRole('toolbar', { name: 'Report filters' });
    expect(within(toolbar).getByRole('button', { name: 'Back' })).toBeTruthy();
    expect(within(toolbar).queryByRole('radiogroup')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Filter/ })).toBeNull();
    expect(within(toolbar).getByRole('button', { name: 'Day' })).toBeTruthy();
    expect(within(toolbar).getByRole('button', { name: 'Week' })).toBeTruthy();
    expect(within(toolbar).queryByRole('button', { name: 'Custom' })).toBeNull();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Hour' })).toBeTruthy());
  });

  it("starts at the printer model's start date: an earlier day of the URL is corrected to it", async () => {
    const view = renderApp({
      path: `/reports/systems/system-page/${encodeURIComponent(FIXTURE_SERIAL)}?selectedSystemGroup=DTG&timeframe=day&day=2024-02-10`,
      user: ADMIN,
      api: { '/api/reports/date-filters': filtersWithPrinter(), [`${SP}/cards`]: json(SYSTEM_PAGE_CARDS) },
    });
    const urlDay = () => new URL(currentLocation() ?? '', 'https://portal.test').searchParams.get('day');
    await waitFor(() => expect(urlDay()).toBe(MODEL_START));
    await waitFor(() => expect(requests(view, `${SP}/cards`).at(-1)?.searchParams.get('day')).toBe(MODEL_START));
    expect(requests(view, `${SP}/cards`).map((url) => url.searchParams.get('day'))).not.toContain('2024-02-10');
  });

  it("downloads the events file of the day (GET, saved under the server's name) and says when there is none", async () => {
    const saved: string[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:events', revokeObjectURL: () => undefined }),
    );
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    let status = 200;
    const file = () =>
      status === 200
        ? new Response(new Blob(['PK']), {
            status,
            headers: { 'content-disposition': `attachment; filename="4711_Events_${DAY}.xlsx"` },
          })
        : new Response(null, { status });
    const view = renderSystemPage('system-page', { [`${SP}/error-maintenance-file`]: file });
    const button = await screen.findByRole('button', { name: 'Download events' });
    fireEvent.click(button);
    expect(await screen.findByText('Report has been downloaded')).toBeTruthy();
    expect(saved).toEqual([`4711_Events_${DAY}.xlsx`]);
    const url = requests(view, `${SP}/error-maintenance-file`).at(-1);
    expect(url?.searchParams.get('day')).toBe(DAY);
    expect(url?.searchParams.getAll('system')).toEqual([FIXTURE_SERIAL]);
    status = 204;
    fireEvent.click(button);
    expect(await screen.findByText('No data to download For This Period')).toBeTruthy();
    status = 205;
    fireEvent.click(button);
    expect(await screen.findByText('Too much data to download, please select shorter period')).toBeTruthy();
    expect(saved).toHaveLength(1);
  });

  it('machine config asks the settings of the system id for the day and lists its parameters', async () => {
    const view = renderSystemPage('machine-config');
    expect(await screen.findByRole('heading', { level: 1, name: `Machine Config: ${FIXTURE_SERIAL}` })).toBeTruthy();
    expect(await screen.findByRole('row', { name: 'Ink pressure 2.9 (out of range) 3 5' })).toBeTruthy();
    const url = requests(view, '/api/system-data/settings').at(-1);
    expect(url?.searchParams.get('systemId')).toBe('42');
    expect(url?.searchParams.get('day')).toBe(DAY);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'firmware' } });
    expect(screen.getByText('1 of 4 parameters')).toBeTruthy();
  });

  it("service ticket: the filter bar shows only a back arrow and 'Service Ticket'; the ticket is prefilled", async () => {
    renderSystemPage('service-ticket');
    const ticket = await screen.findByRole('textbox', { name: 'Ticket summary' });
    expect((ticket as HTMLTextAreaElement).value).toMatch(/^Service ticket: SN 4711 \(DTG\)\n/);
    const toolbar = screen.getByRole('toolbar', { name: 'Report filters' });
    expect(
      within(toolbar)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Back']);
    expect(within(toolbar).getByRole('heading', { name: 'Service Ticket' })).toBeTruthy();
  });

  it('the back button returns to Systems Analysis with the same query', async () => {
    renderSystemPage('system-page');
    const toolbar = await screen.findByRole('toolbar', { name: 'Report filters' });
    fireEvent.click(within(toolbar).getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(currentLocation()).toMatch(/^\/reports\/systems\?/));
    expect(currentLocation()).toContain('selectedSystemGroup=DTG');
  });

  it("opens a system of another of the user's groups in that group", async () => {
    const view = renderSystemPage('system-page', {}, 'DTF');
    await waitFor(() => expect(currentLocation()).toContain('selectedSystemGroup=DTF'));
    await waitFor(() => expect(requests(view, `${SP}/cards`).at(-1)?.searchParams.get('systemGroup')).toBe('DTF'));
    expect(requests(view, `${SP}/cards`).some((url) => url.searchParams.get('systemGroup') === 'DTG')).toBe(false);
  });

  it("says the system cannot be found when no group of the user's has it (spec reports §8, 404 text)", async () => {
    renderApp({
      path: '/reports/systems/system-page/UNKNOWN-1?selectedSystemGroup=DTG',
      user: ADMIN,
      api: { '/api/reports/date-filters': filtersWithPrinter() },
    });
    expect(await screen.findByText('Cannot find the specified data, please open support request')).toBeTruthy();
  });
});
