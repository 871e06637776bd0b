import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReportFilters } from '../shared/report-filters.ts';
import type { SystemGroup } from '../shared/system-group.ts';
import { ReportPage } from './ReportPage.tsx';
import { DAY_FILTERS } from './report-filters.fixtures.ts';
import { layoutFixture, seedReportLayout } from './report-layouts.fixtures.ts';

// The real overview layout. With nothing selected every panel shows 'Nothing Was Selected' and asks nothing,
// so only the grid is under test: which placement it picks and where the panels land.

const REAL_CLIENT_WIDTH = Object.getOwnPropertyDescriptor(Element.prototype, 'clientWidth');

/** jsdom lays nothing out: give the report grid a width and the window a height. */
function sizeReportArea(width: number, height: number): void {
  Object.defineProperty(Element.prototype, 'clientWidth', {
    configurable: true,
    get(this: Element) {
      return this.classList.contains('report-page__grid') ? width : 0;
    },
  });
  vi.stubGlobal('innerHeight', height);
}

function renderOverview(systemGroup: SystemGroup) {
  renderReport('overview', systemGroup);
}

function renderReport(reportId: string, systemGroup: SystemGroup) {
  const filters: ReportFilters = { ...DAY_FILTERS, systemGroup };
  const queryClient = new QueryClient();
  seedReportLayout(queryClient, layoutFixture(reportId));
  render(
    <QueryClientProvider client={queryClient}>
      <ReportPage reportId={reportId} filters={filters} nothingSelected />
    </QueryClientProvider>,
  );
}

/** The grid cell of a panel, found by the panel's accessible name. */
function cellOf(name: string): { x: number; y: number; width: number } {
  const cell = screen.getByRole('region', { name }).closest<HTMLElement>('.react-grid-item');
  if (cell === null) throw new Error(`${name} is not in a grid cell`);
  // jsdom writes translate(x, 0px) as translate(x).
  const [, x = '', y = '0'] = /translate\((-?[\d.]+)px(?:,\s*(-?[\d.]+)px)?\)/.exec(cell.style.transform) ?? [];
  return { x: Number(x), y: Number(y), width: Number.parseFloat(cell.style.width) };
}

function breakpointShown(): string | undefined {
  return document.querySelector<HTMLElement>('.report-page__grid')?.dataset['breakpoint'];
}

describe('ReportPage placement', () => {
  beforeEach(() => {
    vi.stubGlobal('fetch', vi.fn());
  });

  afterEach(() => {
    if (REAL_CLIENT_WIDTH !== undefined) Object.defineProperty(Element.prototype, 'clientWidth', REAL_CLIENT_WIDTH);
    vi.unstubAllGlobals();
  });

  it.each([
    { width: 1600, height: 880, expected: 'desktop' },
    { width: 1600, height: 340, expected: 'compact' },
    { width: 1200, height: 880, expected: 'compact' },
    { width: 390, height: 700, expected: 'mobile' },
  ])('uses the $expected placement for a $width × $height report area', ({ width, height, expected }) => {
    sizeReportArea(width, height);
    renderOverview('DTG');
    expect(breakpointShown()).toBe(expected);
  });

  it('fills the desktop card row with DTF’s 3 cards, in the spec’s order', () => {
    sizeReportArea(1600, 880);
    renderOverview('DTF');
    const cards = ['Total Production', 'Average prod. rate', 'Average Availability'].map(cellOf);
    expect(screen.queryByRole('region', { name: 'Productivity' })).toBeNull();
    expect(cards.map((card) => card.y)).toEqual([0, 0, 0]);
    // 3 cards of 4 columns, 12 px apart, fill the 1600 px row (RGL rounds each cell to whole pixels).
    const fourColumns = 4 * ((1600 - 11 * 12) / 12) + 3 * 12;
    for (const card of cards) expect(Math.abs(card.width - fourColumns)).toBeLessThanOrEqual(1);
    expect(Math.abs(cards.reduce((sum, card) => sum + card.width, 0) + 2 * 12 - 1600)).toBeLessThanOrEqual(2);
    expect(cards[0]?.x).toBe(0);
    const last = cards[2] ?? { x: 0, width: 0 };
    expect(Math.abs(last.x + last.width - 1600)).toBeLessThanOrEqual(1);
  });

  it('keeps 4 cards of 3 columns for DTG', async () => {
    sizeReportArea(1600, 880);
    renderOverview('DTG');
    // DTG's card titles come from the kind's definition, a chunk of its own (panels/registry.ts).
    await screen.findByRole('region', { name: 'Total Impressions' });
    const titles = ['Total Impressions', 'Average prod. rate', 'Productivity', 'Average Availability'];
    const xs = titles.map((title) => Math.round(cellOf(title).x));
    expect(xs).toEqual([...xs].sort((a, b) => a - b));
    expect(Math.abs(cellOf('Productivity').width - (3 * ((1600 - 11 * 12) / 12) + 2 * 12))).toBeLessThanOrEqual(1);
  });

  it('stacks DTF’s mobile cards without the productivity card’s rows, then OEE and Production Overview', () => {
    sizeReportArea(390, 700);
    renderOverview('DTF');
    const rowPx = 40 + 12;
    expect(cellOf('Average Availability').y).toBe(6 * rowPx);
    expect(cellOf('OEE').y).toBe(9 * rowPx);
    expect(cellOf('Production Overview').y).toBe(12 * rowPx);
  });

  it('shows the Production Overview card on mobile only', () => {
    sizeReportArea(1600, 880);
    renderOverview('DTG');
    expect(screen.queryByRole('region', { name: 'Production Overview' })).toBeNull();
  });

  it('grows the Systems Analysis list to the bottom of the report area', () => {
    sizeReportArea(1600, 900);
    renderReport('systems', 'DTG');
    const cell = screen.getByRole('region', { name: 'Systems' }).closest<HTMLElement>('.react-grid-item');
    // 900 px less the page's 32 px bottom padding holds 16 rows: 16 × 40 px + 15 × 12 px gaps.
    expect(cell?.style.height).toBe('820px');
  });
});
