import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LAYOUT_BREAKPOINTS, type LayoutBreakpoint, type ReportLayout } from '../shared/layout/layout-types.ts';
import { SYSTEM_GROUPS } from '../shared/system-group.ts';
import { ReportGrid } from './ReportPage.tsx';
import { DAY_FILTERS } from './report-filters.fixtures.ts';
import { layoutFixture } from './report-layouts.fixtures.ts';

// Issue #25, WCAG 1.3.2: screen readers and the Tab key meet the panels in the order they are drawn, top to bottom and
// left to right, at every breakpoint of every layout file, for every group (hidden panels close their gaps) and with one
// system selected (the panels shown only then). Nothing is selected, so no panel asks the API: only the grid is tested.

// Every layout file, as the runtime hands it to the grid (its text keys worded).
const LAYOUTS = Object.values(
  import.meta.glob<ReportLayout>('/layouts/*.json', { eager: true, import: 'default' }),
).map((layout) => layoutFixture(layout.id));

/** A report area of each breakpoint (src/runtime/report-breakpoint.ts). */
const AREAS: Record<LayoutBreakpoint, { width: number; height: number }> = {
  desktop: { width: 1600, height: 880 },
  compact: { width: 1200, height: 880 },
  mobile: { width: 390, height: 700 },
};

const REAL_CLIENT_WIDTH = Object.getOwnPropertyDescriptor(Element.prototype, 'clientWidth');

/** jsdom lays nothing out: give the report grid a width and the window a height. */
function sizeReportArea({ width, height }: { width: number; height: number }): void {
  Object.defineProperty(Element.prototype, 'clientWidth', {
    configurable: true,
    get(this: Element) {
      return this.classList.contains('report-page__grid') ? width : 0;
    },
  });
  vi.stubGlobal('innerHeight', height);
}

/** The layout with each breakpoint's placement list written bottom to top: the DOM must not follow the list. */
function listedBackwards(layout: ReportLayout): ReportLayout {
  const placement = Object.fromEntries(
    LAYOUT_BREAKPOINTS.map((breakpoint) => [breakpoint, [...layout.placement[breakpoint]].reverse()]),
  ) as ReportLayout['placement'];
  return { ...layout, placement };
}

/** Where each grid cell is drawn (its pixel offset from the grid's top left), in the order of the DOM. */
function cellsInDomOrder(container: HTMLElement): { x: number; y: number }[] {
  return [...container.querySelectorAll<HTMLElement>('.react-grid-item')].map((cell) => {
    // jsdom writes translate(x, 0px) as translate(x).
    const [, x = '', y = '0'] = /translate\((-?[\d.]+)px(?:,\s*(-?[\d.]+)px)?\)/.exec(cell.style.transform) ?? [];
    return { x: Number(x), y: Number(y) };
  });
}

const CASES = LAYOUTS.flatMap((layout) =>
  LAYOUT_BREAKPOINTS.map((breakpoint) => ({ file: `layouts/${layout.id}.json`, layout, breakpoint })),
);

describe('ReportGrid DOM order', () => {
  beforeEach(() => {
    vi.stubGlobal('fetch', vi.fn());
  });

  afterEach(() => {
    if (REAL_CLIENT_WIDTH !== undefined) Object.defineProperty(Element.prototype, 'clientWidth', REAL_CLIENT_WIDTH);
    vi.unstubAllGlobals();
  });

  it.each(CASES)('$file at $breakpoint: top to bottom, left to right', ({ layout, breakpoint }) => {
    sizeReportArea(AREAS[breakpoint]);
    for (const placed of [layout, listedBackwards(layout)]) {
      for (const systemGroup of SYSTEM_GROUPS) {
        for (const systems of [[], ['SERIAL-1']]) {
          const { container } = render(
            <QueryClientProvider client={new QueryClient()}>
              <ReportGrid
                layout={placed}
                filters={{ ...DAY_FILTERS, systemGroup, systems }}
                nothingSelected
                autoRefresh={false}
              />
            </QueryClientProvider>,
          );
          expect(container.querySelector('.report-page__grid')?.getAttribute('data-breakpoint')).toBe(breakpoint);
          const cells = cellsInDomOrder(container);
          const drawnOrder = [...cells].sort((a, b) => a.y - b.y || a.x - b.x);
          expect(cells, `${systemGroup}, ${systems.length} system(s)`).toEqual(drawnOrder);
          cleanup();
        }
      }
    }
  });
});
