import {
  Children,
  cloneElement,
  isValidElement,
  useRef,
  useState,
  type CSSProperties,
  type JSX,
  type ReactElement,
  type ReactNode,
  type RefCallback,
} from 'react';
import { calcGridItemPosition, type PositionParams } from 'react-grid-layout/core';

/** A cell of the grid: the key of the child it places, its column and row, its width in columns and height in rows. */
export interface StaticGridItem {
  i: string;
  x: number;
  y: number;
  w: number;
  h: number;
  /** As tall as its content, at least `h` rows; the cells below it move down by what it grows. */
  fitContent?: boolean;
}

export interface StaticGridLayoutProps {
  /** The grid's width in pixels. */
  width: number;
  gridConfig: Omit<PositionParams, 'containerWidth'>;
  layout: readonly StaticGridItem[];
  /** One element per cell, keyed by its item's `i`; `null` places nothing (and adds nothing to the grid's height). */
  children: ReactNode;
}

type CellElement = ReactElement<{ className?: string; style?: CSSProperties; ref?: RefCallback<HTMLElement> }>;

/**
 * How much taller than its least height each fitContent cell has grown, by key: followed with a ResizeObserver on the
 * cell (a panel's content arrives and changes after the first draw).
 */
function useGrownHeights(): {
  grown: Readonly<Record<string, number>>;
  follow: (key: string, leastHeight: number) => RefCallback<HTMLElement>;
} {
  const [grown, setGrown] = useState<Readonly<Record<string, number>>>({});
  // One callback per cell and least height: a new one each render would observe the cell anew every time.
  const callbacks = useRef(new Map<string, RefCallback<HTMLElement>>());
  const follow = (key: string, leastHeight: number) => {
    const id = `${key}|${leastHeight}`;
    let callback = callbacks.current.get(id);
    if (callback === undefined) {
      callback = (element) => {
        if (element === null || typeof ResizeObserver === 'undefined') return undefined;
        const observer = new ResizeObserver(([entry]) => {
          if (entry === undefined) return;
          const height = entry.borderBoxSize[0]?.blockSize ?? entry.contentRect.height;
          const extra = Math.max(0, Math.ceil(height) - leastHeight);
          setGrown((current) => (current[key] === extra ? current : { ...current, [key]: extra }));
        });
        observer.observe(element);
        return () => observer.disconnect();
      };
      callbacks.current.set(id, callback);
    }
    return callback;
  };
  return { grown, follow };
}

/**
 * react-grid-layout's `GridLayout` for a grid whose items are never dragged (a fitContent cell follows its content, the cells
 * below it move with it): the same markup (`react-grid-layout`, each child a
 * `react-grid-item static cssTransforms` placed by a transform at the library's own `calcGridItemPosition`), so the
 * library's stylesheet, the report's CSS and the tests read it as before, without the dragging and resizing code every
 * `GridLayout` carries (react-draggable, react-resizable and their state: about 23 KB gzip on every report route).
 */
export function StaticGridLayout({ width, gridConfig, layout, children }: StaticGridLayoutProps): JSX.Element {
  const positionParams: PositionParams = { ...gridConfig, containerWidth: width };
  const { grown, follow } = useGrownHeights();
  const placed: { child: CellElement; item: StaticGridItem }[] = [];
  Children.forEach(children, (child) => {
    if (!isValidElement<{ className?: string; style?: CSSProperties }>(child) || child.key === null) return;
    const item = layout.find((candidate) => candidate.i === child.key);
    if (item !== undefined) placed.push({ child, item });
  });
  // As react-grid-layout: the rows down to the lowest placed cell, the gaps between them and the padding above and below.
  const rows = Math.max(0, ...placed.map(({ item }) => item.y + item.h));
  const rowsHeight = rows * gridConfig.rowHeight + (rows - 1) * gridConfig.margin[1];
  // A cell moves down by what the fitContent cells wholly above it have grown.
  const shiftOf = (item: StaticGridItem) =>
    placed.reduce(
      (sum, { item: above }) =>
        above.fitContent === true && above.y + above.h <= item.y ? sum + (grown[above.i] ?? 0) : sum,
      0,
    );
  const lowest = Math.max(0, ...placed.map(({ item }) => shiftOf(item) + (grown[item.i] ?? 0)));
  const height = rowsHeight + lowest + gridConfig.containerPadding[1] * 2;
  return (
    <div className="react-grid-layout" style={{ height: `${height}px` }}>
      {placed.map(({ child, item }) => {
        const cell = calcGridItemPosition(positionParams, item.x, item.y, item.w, item.h);
        const className = ['react-grid-item', child.props.className, 'static', 'cssTransforms']
          .filter(Boolean)
          .join(' ');
        const fit = item.fitContent === true;
        return cloneElement(child, {
          className,
          style: {
            ...child.props.style,
            transform: `translate(${cell.left}px,${cell.top + shiftOf(item)}px)`,
            width: `${cell.width}px`,
            ...(fit ? { minHeight: `${cell.height}px` } : { height: `${cell.height}px` }),
            position: 'absolute',
          },
          ...(fit ? { ref: follow(item.i, cell.height) } : {}),
        });
      })}
    </div>
  );
}
