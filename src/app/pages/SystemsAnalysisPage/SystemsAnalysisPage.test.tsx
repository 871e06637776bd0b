import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SystemAnalysisItem } from '../../../shared/api-types.ts';
import { ADMIN } from '../../testing/fake-identity.ts';
import { jsonResponse, userSettings, type ApiAnswer } from '../../testing/fake-api.ts';
import { preloadReportModules } from '../../testing/preload-report-modules.ts';
import { renderApp } from '../../testing/render-app.tsx';
import {
  FIXTURE_SYSTEMS,
  FIXTURE_VERSIONS,
  fixtureSystem as system,
} from '../../../shared/systems/systems-analysis.fixture.ts';

function analysisAnswer(url: URL) {
  return jsonResponse({
    systemGroup: url.searchParams.get('systemGroup'),
    period: { timeframe: 'day', startDay: '2024-03-05', endDay: '2024-03-05', startHour: 0, endHour: 23 },
    previousPeriod: { timeframe: 'day', startDay: '2024-02-27', endDay: '2024-02-27', startHour: 0, endHour: 23 },
    comparedUntil: null,
    systems: FIXTURE_SYSTEMS,
  });
}

function renderSystems(api: Record<string, ApiAnswer> = {}, query = '', group = 'DTG') {
  return renderApp({
    path: `/reports/systems?selectedSystemGroup=${group}${query}`,
    user: ADMIN,
    api: {
      '/api/system-data/systems-analysis': analysisAnswer,
      '/api/system-data/systems-name': {
        nicknameResponse: FIXTURE_SYSTEMS.map((entry) => ({ serialNumber: entry.serialNumber, nickName: null })),
      },
      '/api/system-page-report/software-versions': FIXTURE_VERSIONS,
      ...api,
    },
  });
}

function requests(view: ReturnType<typeof renderSystems>, path: string): URL[] {
  return view.fetchMock.mock.calls.map(([url]) => new URL(url)).filter((url) => url.pathname === path);
}

/** Bodies of the user-settings saves, in order. */
function settingsPosts(view: ReturnType<typeof renderSystems>): unknown[] {
  return view.fetchMock.mock.calls
    .filter(([url, init]) => new URL(url).pathname === '/api/users/user-settings' && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)));
}

/** Serial numbers of the table's rows, top to bottom. */
async function tableOrder(): Promise<string[]> {
  const table = await screen.findByRole('table', { name: 'Systems' });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.querySelector('.systems-analysis__serial')?.textContent ?? '');
}

function header(name: string): HTMLElement {
  return within(screen.getByRole('table')).getByRole('button', { name });
}

// The pages and their kinds loaded before the first test (its first render would otherwise wait for their transforms).
beforeAll(async () => {
  await import('./SystemsAnalysisPage.tsx');
  await preloadReportModules(['systems-list']);
}, 120_000);

describe('Systems Analysis page', () => {
  // jsdom lays nothing out; the virtual scroller renders only what fits its box, so give elements a screen's size.
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(800);
    vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockReturnValue(1200);
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(
      DOMRect.fromRect({ width: 1200, height: 800 }),
    );
    return () => vi.restoreAllMocks();
  });

  it("shows the table by default, listed by serial, for the group's last available day", async () => {
    const view = renderSystems();
    expect(await screen.findByRole('heading', { name: 'Systems Analysis', level: 1 })).toBeTruthy();
    await waitFor(async () => expect(await tableOrder()).toEqual(['2-50', '9-99', '10-01']));
    const url = requests(view, '/api/system-data/systems-analysis').at(-1);
    expect(url?.searchParams.get('systemGroup')).toBe('DTG');
    expect(url?.searchParams.get('day')).toBe('2024-03-05');
    expect(screen.getByText('3 systems')).toBeTruthy();
    // One unreported availability and two systems without OEE; 10-01's OEE with its factors as a tooltip.
    expect(screen.getAllByText('--')).toHaveLength(3);
    expect(screen.getByText('42.75%').getAttribute('title')).toBe(
      'Shift Availability 90.00% × Performance 50.00% × Quality 95.00%',
    );
    expect(header('OEE')).toBeTruthy();
  });

  it('asks for the week of the selected Monday and for an applied custom range', async () => {
    const week = renderSystems({}, '&timeframe=week&day=2024-03-05');
    await waitFor(() =>
      expect(requests(week, '/api/system-data/systems-analysis').at(-1)?.searchParams.get('week')).toBe('2024-03-04'),
    );
    week.unmount();
    const custom = renderSystems({}, '&timeframe=custom&from=2024-03-01T05:00&to=2024-03-04T23:00');
    await waitFor(() =>
      expect(requests(custom, '/api/system-data/systems-analysis').at(-1)?.searchParams.get('custom')).toBe(
        '2024-03-01T05:00/2024-03-04T23:00',
      ),
    );
  });

  it('sorts descending on the first click, toggles, keeps the order on another header, sorts names by serial', async () => {
    renderSystems();
    await waitFor(async () => expect(await tableOrder()).toHaveLength(3));
    fireEvent.click(header('Production'));
    expect(await tableOrder()).toEqual(['2-50', '9-99', '10-01']);
    expect(header('Production').closest('th')?.getAttribute('aria-sort')).toBe('descending');
    fireEvent.click(header('Production'));
    expect(await tableOrder()).toEqual(['10-01', '9-99', '2-50']);
    fireEvent.click(header('Speed'));
    expect(await tableOrder()).toEqual(['2-50', '10-01', '9-99']);
    expect(header('Speed').closest('th')?.getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(header('System'));
    expect(await tableOrder()).toEqual(['2-50', '9-99', '10-01']);
    fireEvent.click(header('System'));
    expect(await tableOrder()).toEqual(['10-01', '9-99', '2-50']);
  });

  it('sorts by status: Printing, then Maintenance, then Error', async () => {
    renderSystems();
    await waitFor(async () => expect(await tableOrder()).toHaveLength(3));
    fireEvent.click(header('Production'));
    fireEvent.click(screen.getByRole('button', { name: 'Sort By Status' }));
    expect(await tableOrder()).toEqual(['2-50', '9-99', '10-01']);
  });

  it('switches to cards with a status-colour bar and links to the system pages', async () => {
    renderSystems();
    await waitFor(async () => expect(await tableOrder()).toHaveLength(3));
    fireEvent.click(screen.getByRole('button', { name: 'Cards' }));
    const card = await screen.findByRole('article', { name: '2-50' });
    expect(within(card).getByText('Printing')).toBeTruthy();
    expect(card.querySelector<HTMLElement>('.systems-analysis__status-bar')?.style.background).toBe('rgb(27, 185, 52)');
    expect(within(card).getByRole('link', { name: 'System Page: 2-50' }).getAttribute('href')).toBe(
      '/reports/systems/system-page/2-50?selectedSystemGroup=DTG',
    );
    expect(within(card).getByRole('link', { name: 'Parameters: 2-50' }).getAttribute('href')).toContain(
      '/reports/systems/machine-config/2-50',
    );
    expect(within(card).getByRole('link', { name: 'Open Ticket: 2-50' }).getAttribute('href')).toContain(
      '/reports/systems/service-ticket/2-50',
    );
    expect(screen.queryByRole('table')).toBeNull();
  });

  it("shows 'not setted' until the nicknames load, then saves an edited nickname", async () => {
    let answerNicknames: (() => void) | undefined;
    const nicknamesLoaded = new Promise<void>((resolve) => {
      answerNicknames = resolve;
    });
    const view = renderSystems({
      '/api/system-data/systems-name': async () => {
        await nicknamesLoaded;
        return jsonResponse({ nicknameResponse: [{ serialNumber: '2-50', nickName: 'Front press' }] });
      },
      '/api/system-data/system-name': (_url: URL, init: RequestInit) =>
        jsonResponse({ nickName: (JSON.parse(String(init.body)) as { nickName: string }).nickName }),
    });
    await waitFor(async () => expect(await tableOrder()).toHaveLength(3));
    expect(screen.getAllByText('not setted')).toHaveLength(3);
    answerNicknames?.();
    expect(await screen.findByText('Front press')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Edit nickname: 2-50' }));
    const input = await screen.findByLabelText('Nickname');
    expect((input as HTMLInputElement).value).toBe('Front press');
    fireEvent.change(input, { target: { value: 'Back press' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Back press')).toBeTruthy();
    const call = view.fetchMock.mock.calls.find(([url]) => url.includes('/api/system-data/system-name'));
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ serialNumber: '2-50', nickName: 'Back press' });
    await waitFor(() => expect(screen.queryByLabelText('Nickname')).toBeNull());
  });

  it("keeps the dialog open with 'error' when the nickname change fails", async () => {
    renderSystems({
      '/api/system-data/system-name': () =>
        jsonResponse(
          { statusCode: 403, error: 'Forbidden', message: 'User is forbidden to access this functionality' },
          403,
        ),
    });
    await waitFor(async () => expect(await tableOrder()).toHaveLength(3));
    fireEvent.click(screen.getByRole('button', { name: 'Edit nickname: 9-99' }));
    fireEvent.change(await screen.findByLabelText('Nickname'), { target: { value: 'Nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = screen.getByRole('dialog');
    expect(await within(dialog).findByText('error')).toBeTruthy();
    expect(await screen.findByText('API: User is forbidden to access this functionality')).toBeTruthy();
  });

  it("says 'nick names loading error' when the nicknames fail and shows the analysis nicknames", async () => {
    renderSystems({
      '/api/system-data/systems-name': () => jsonResponse({ statusCode: 500, error: 'x', message: 'x' }, 500),
      '/api/system-data/systems-analysis': (url: URL) =>
        analysisAnswer(url)
          .json()
          .then((body: { systems: SystemAnalysisItem[] }) =>
            jsonResponse({ ...body, systems: body.systems.map((entry) => ({ ...entry, systemNickName: 'Kept' })) }),
          ),
    });
    expect(await screen.findByText('nick names loading error')).toBeTruthy();
    expect(await screen.findAllByText('Kept')).toHaveLength(3);
  });

  it('opens the Software Version Info popup for the system and the period', async () => {
    const view = renderSystems();
    await waitFor(async () => expect(await tableOrder()).toHaveLength(3));
    fireEvent.click(screen.getByRole('button', { name: 'Software Version Info: 2-50' }));
    const dialog = await screen.findByRole('dialog', { name: 'Software Version Info: 2-50' });
    expect(await within(dialog).findByText('4.2.1')).toBeTruthy();
    expect(within(dialog).getAllByText('12.0')).toHaveLength(2);
    const url = requests(view, '/api/system-page-report/software-versions').at(-1);
    expect(url?.searchParams.get('system')).toBe('2-50');
    expect(url?.searchParams.get('systemGroup')).toBe('DTG');
    expect(url?.searchParams.get('day')).toBe('2024-03-05');
  });

  it('renders only the rows in view of a 2,000-system fleet', async () => {
    const fleet = Array.from({ length: 2000 }, (_, index) => system(`F-${index + 1}`, { production: index }));
    renderSystems({
      '/api/system-data/systems-analysis': (url: URL) =>
        analysisAnswer(url)
          .json()
          .then((body: object) => jsonResponse({ ...body, systems: fleet })),
    });
    expect(await screen.findByText('2000 systems')).toBeTruthy();
    const order = await tableOrder();
    expect(order[0]).toBe('F-1');
    expect(order.length).toBeGreaterThan(10);
    expect(order.length).toBeLessThan(100);
  });

  it("opens in the user's preferred view and stores a switch as the new preference", async () => {
    const view = renderSystems({
      '/api/users/user-settings': (_url: URL, init: RequestInit) =>
        jsonResponse(
          userSettings({
            systemsAnalysisView: init.method === 'POST' ? 'table' : 'cards',
          }),
        ),
    });
    expect(await screen.findByRole('article', { name: '2-50' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByRole('button', { name: 'Cards' }).getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: 'Table' }));
    await waitFor(async () => expect(await tableOrder()).toHaveLength(3));
    await waitFor(() => expect(settingsPosts(view)).toEqual([{ systemsAnalysisView: 'table' }]));
  });

  it('switches the view at once and keeps it when saving the preference fails', async () => {
    let failSave: (() => void) | undefined;
    const saveFailed = new Promise<void>((resolve) => {
      failSave = resolve;
    });
    const view = renderSystems({
      '/api/users/user-settings': async (_url: URL, init: RequestInit) => {
        if (init.method !== 'POST') return jsonResponse(userSettings());
        await saveFailed;
        return jsonResponse({ statusCode: 500, error: 'x', message: 'x' }, 500);
      },
    });
    await waitFor(async () => expect(await tableOrder()).toHaveLength(3));
    fireEvent.click(screen.getByRole('button', { name: 'Cards' }));
    // The save is still pending: the cards are already shown.
    expect(await screen.findByRole('article', { name: '2-50' })).toBeTruthy();
    expect(settingsPosts(view)).toEqual([{ systemsAnalysisView: 'cards' }]);
    failSave?.();
    await waitFor(() => expect(document.querySelector('.p-toast-message')).not.toBeNull());
    expect(screen.getByRole('article', { name: '2-50' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cards' }).getAttribute('aria-pressed')).toBe('true');
  });

  it("shows 'not setted' again after going to the Overview and back, until the nicknames load again", async () => {
    let nicknameCalls = 0;
    let answerSecondCall: (() => void) | undefined;
    const secondCallAnswered = new Promise<void>((resolve) => {
      answerSecondCall = resolve;
    });
    renderSystems({
      '/api/system-data/systems-name': async () => {
        nicknameCalls += 1;
        if (nicknameCalls > 1) await secondCallAnswered;
        return jsonResponse({ nicknameResponse: [{ serialNumber: '2-50', nickName: 'Front press' }] });
      },
    });
    expect(await screen.findByText('Front press')).toBeTruthy();

    fireEvent.click(screen.getByRole('link', { name: 'Overview' }));
    expect(await screen.findByRole('heading', { name: 'Overview', level: 1 })).toBeTruthy();
    // The list is dropped a macrotask after its page unmounts (gcTime 0); the lazily loaded Overview can show within
    // that task, sooner than any user could click back.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    fireEvent.click(screen.getByRole('link', { name: 'Systems Analysis' }));
    expect(await screen.findByRole('heading', { name: 'Systems Analysis', level: 1 })).toBeTruthy();
    await waitFor(async () => expect(await tableOrder()).toHaveLength(3));
    expect(screen.queryByText('Front press')).toBeNull();
    expect(screen.getAllByText('not setted')).toHaveLength(3);

    answerSecondCall?.();
    expect(await screen.findByText('Front press')).toBeTruthy();
    expect(nicknameCalls).toBe(2);
  });

  it("shows DTF production and speed in the user's length unit", async () => {
    renderSystems({ '/api/users/user-settings': userSettings({ lengthUnits: 'Yard' }) }, '', 'DTF');
    const table = await screen.findByRole('table', { name: 'Systems' });
    // 2-50: 1,500 m = 1,640.4 yd, 20 m/h = 21.9 yd/h
    const row = await within(table).findByRole('row', { name: /2-50/ });
    expect(within(row).getByText('1.6k yd')).toBeTruthy();
    expect(within(row).getByText('21.9 yd/h')).toBeTruthy();
  });

  it("shows 'Error loading report data' when the systems fail to load", async () => {
    renderSystems({
      '/api/system-data/systems-analysis': () => jsonResponse({ statusCode: 500, error: 'x', message: 'x' }, 500),
    });
    expect(await screen.findByText('Error loading report data')).toBeTruthy();
  });
});
