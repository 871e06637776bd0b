import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StaticGridLayout } from './StaticGridLayout.tsx';

// The report grid: 12 columns, 40 px rows, 12 px gaps, no padding (3 rows make the spec's 144 px KPI card).
const GRID = { cols: 12, rowHeight: 40, margin: [12, 12], containerPadding: [0, 0], maxRows: Infinity } as const;

/** A 1188 px grid: 12 columns of 88 px with 11 gaps of 12 px. */
const WIDTH = 12 * 88 + 11 * 12;

function cell(name: string): HTMLElement {
  const element = screen.getByText(name).parentElement;
  if (element === null) throw new Error(`${name} has no cell`);
  return element;
}

describe('StaticGridLayout', () => {
  it('places each child at its column and row, sized by its columns and rows with the gaps between them', () => {
    render(
      <StaticGridLayout
        width={WIDTH}
        gridConfig={GRID}
        layout={[
          { i: 'kpi', x: 0, y: 0, w: 3, h: 3 },
          { i: 'chart', x: 3, y: 0, w: 9, h: 6 },
        ]}
      >
        <div key="kpi">
          <p>kpi</p>
        </div>
        <div key="chart">
          <p>chart</p>
        </div>
      </StaticGridLayout>,
    );
    expect(cell('kpi').style.width).toBe(`${3 * 88 + 2 * 12}px`);
    expect(cell('kpi').style.height).toBe('144px');
    expect(cell('chart').style.transform).toMatch(/^translate\(300px(, ?0px)?\)$/);
    expect(cell('chart').style.width).toBe(`${9 * 88 + 8 * 12}px`);
    expect(cell('chart').style.height).toBe(`${6 * 40 + 5 * 12}px`);
    expect(cell('chart').style.position).toBe('absolute');
    // react-grid-layout's class names: its stylesheet and the report's CSS address them.
    expect(cell('chart').className).toBe('react-grid-item static cssTransforms');
  });

  it('is as tall as its lowest placed cell; a null child places nothing and adds no height', () => {
    const { container } = render(
      <StaticGridLayout
        width={WIDTH}
        gridConfig={GRID}
        layout={[
          { i: 'top', x: 0, y: 0, w: 12, h: 2 },
          { i: 'hidden', x: 0, y: 2, w: 12, h: 8 },
        ]}
      >
        <div key="top">
          <p>top</p>
        </div>
        {null}
      </StaticGridLayout>,
    );
    const grid = container.querySelector<HTMLElement>('.react-grid-layout');
    expect(grid?.style.height).toBe('92px');
    expect(container.querySelectorAll('.react-grid-item')).toHaveLength(1);
    expect(cell('top').style.transform).toMatch(/^translate\(0px(, ?0px)?\)$/);
  });

  it('keeps the DOM order of its children, whatever their places', () => {
    const { container } = render(
      <StaticGridLayout
        width={WIDTH}
        gridConfig={GRID}
        layout={[
          { i: 'b', x: 0, y: 3, w: 12, h: 3 },
          { i: 'a', x: 0, y: 0, w: 12, h: 3 },
        ]}
      >
        <div key="a">
          <p>a</p>
        </div>
        <div key="b">
          <p>b</p>
        </div>
      </StaticGridLayout>,
    );
    expect([...container.querySelectorAll('.react-grid-item')].map((element) => element.textContent)).toEqual([
      'a',
      'b',
    ]);
    expect(cell('b').style.transform).toMatch(/^translate\(0px, ?156px\)$/);
  });

  describe('a fitContent cell', () => {
    /** The cells a stand-in ResizeObserver follows; `resize` reports a new height for one of them, as a browser would. */
    const observed = new Map<Element, ResizeObserverCallback>();
    const resize = (element: Element, height: number) =>
      act(() =>
        observed.get(element)?.(
          [
            {
              target: element,
              borderBoxSize: [{ blockSize: height, inlineSize: 0 }],
            } as unknown as ResizeObserverEntry,
          ],
          {} as ResizeObserver,
        ),
      );
    afterEach(() => {
      observed.clear();
      vi.unstubAllGlobals();
    });

    function renderStack() {
      vi.stubGlobal(
        'ResizeObserver',
        class {
          readonly #callback: ResizeObserverCallback;
          constructor(callback: ResizeObserverCallback) {
            this.#callback = callback;
          }
          observe(element: Element) {
            observed.set(element, this.#callback);
          }
          disconnect() {
            for (const [element, callback] of observed) if (callback === this.#callback) observed.delete(element);
          }
        },
      );
      return render(
        <StaticGridLayout
          width={WIDTH}
          gridConfig={GRID}
          layout={[
            { i: 'cards', x: 0, y: 0, w: 12, h: 3 },
            { i: 'summary', x: 0, y: 3, w: 12, h: 4, fitContent: true },
            { i: 'below', x: 0, y: 7, w: 12, h: 2 },
          ]}
        >
          <div key="cards">
            <p>cards</p>
          </div>
          <div key="summary">
            <p>summary</p>
          </div>
          <div key="below">
            <p>below</p>
          </div>
        </StaticGridLayout>,
      );
    }

    it('is at least its rows tall and otherwise as tall as its content; what lies below moves with it', () => {
      const { container } = renderStack();
      const grid = container.querySelector<HTMLElement>('.react-grid-layout');
      // Rows 3–6: 4 × 40 + 3 × 12 = 196 px from 156 px down, no fixed height; 'below' from row 7 (364 px).
      expect(cell('summary').style.minHeight).toBe('196px');
      expect(cell('summary').style.height).toBe('');
      expect(cell('below').style.transform).toMatch(/^translate\(0px, ?364px\)$/);
      expect(grid?.style.height).toBe(`${9 * 40 + 8 * 12}px`);

      // Its content is 300 px tall: 104 px more than its rows.
      resize(cell('summary'), 300);
      expect(cell('below').style.transform).toMatch(/^translate\(0px, ?468px\)$/);
      expect(cell('cards').style.transform).toMatch(/^translate\(0px(, ?0px)?\)$/);
      expect(grid?.style.height).toBe(`${9 * 40 + 8 * 12 + 104}px`);

      // Shorter content again (another page): back to its least height, never above it.
      resize(cell('summary'), 120);
      expect(cell('below').style.transform).toMatch(/^translate\(0px, ?364px\)$/);
      expect(grid?.style.height).toBe(`${9 * 40 + 8 * 12}px`);
    });
  });
});
