import { fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPanel } from '../../src/runtime/panel-sdk-testing.tsx';
import { PanelCapabilitiesProvider } from '../../src/runtime/panel-sdk.ts';
import { fakeCapabilities, SYSTEMS_LIST_ANSWER, SYSTEMS_LIST_OPTIONS, type FakeCapabilityAnswers } from './fixtures.ts';
import { selectSystemsList } from './model.ts';
import { SystemsListPanel } from './SystemsListPanel.tsx';

function renderSystems(answers: Partial<FakeCapabilityAnswers> = {}, selectedSystems: string[] = []) {
  const data = selectSystemsList(SYSTEMS_LIST_ANSWER);
  renderPanel(
    SystemsListPanel,
    { options: SYSTEMS_LIST_OPTIONS, data, title: 'Systems', selectedSystems },
    {
      wrapper: ({ children }) => (
        <MemoryRouter>
          <PanelCapabilitiesProvider capabilities={fakeCapabilities(answers)}>{children}</PanelCapabilitiesProvider>
        </MemoryRouter>
      ),
    },
  );
}

function serials(): string[] {
  return [...document.querySelectorAll('tbody .systems-analysis__serial')].map((cell) => cell.textContent ?? '');
}

describe('SystemsListPanel', () => {
  // jsdom lays nothing out; the virtual scroller renders only what fits its box.
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(800);
    vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockReturnValue(1200);
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(
      DOMRect.fromRect({ width: 1200, height: 800 }),
    );
    return () => vi.restoreAllMocks();
  });

  it('lists the systems of the machine selection with their nicknames', () => {
    renderSystems({}, ['2-50', '10-01']);
    expect(serials()).toEqual(['2-50', '10-01']);
    expect(screen.getByText('2 systems')).toBeTruthy();
    expect(screen.getByText('Front press')).toBeTruthy();
    expect(screen.queryByText('Back press')).toBeNull();
  });

  it('lists every system when nothing is selected', () => {
    renderSystems();
    expect(serials()).toEqual(['2-50', '9-99', '10-01']);
  });

  it('opens in the preferred view and hands a switch to the app', () => {
    const saveView = vi.fn();
    renderSystems({ view: 'cards', saveView });
    expect(screen.getByRole('article', { name: '2-50' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Table' }));
    expect(saveView).toHaveBeenCalledWith('table');
  });

  it("links to a system's pages through the app", () => {
    renderSystems({ view: 'cards' });
    const card = screen.getByRole('article', { name: '9-99' });
    expect(within(card).getByRole('link', { name: 'System Page: 9-99' }).getAttribute('href')).toBe(
      '/reports/systems/system-page/9-99?fake',
    );
  });

  it("shows 'not setted' while the nicknames load", () => {
    renderSystems({ nicknames: { data: undefined, failed: false } });
    expect(screen.getAllByText('not setted')).toHaveLength(3);
  });

  it('shows the empty state when the selection holds none of the systems', () => {
    renderSystems({}, ['X-1']);
    expect(screen.getByText('No data for this period')).toBeTruthy();
  });
});

describe('systems-list model', () => {
  it("selects the answer's systems", () => {
    expect(selectSystemsList(SYSTEMS_LIST_ANSWER)).toBe(SYSTEMS_LIST_ANSWER.systems);
  });
});
