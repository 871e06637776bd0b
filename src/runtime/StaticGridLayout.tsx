import {
  Children,
  cloneElement,
  isValidElement,
  type CSSProperties,
  type JSX,
  type ReactElement,
  type ReactNode,
} from 'react';
import { calcGridItemPosition, type PositionParams } from 'react-grid-layout/core';

/** A cell of the grid: the key of the child it places, its column and row, its width in columns and height in rows. */
export interface StaticGridItem {
  i: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface StaticGridLayoutProps {
  /** The grid's width in pixels. */
  width: number;
  gridConfig: Omit<PositionParams, 'containerWidth'>;
  layout: readonly StaticGridItem[];
  /** One element per cell, keyed by its item's `i`; `null` places nothing (and adds nothing to the grid's height). */
  children: ReactNode;
}

type CellElement = ReactElement<{ className?: string; style?: CSSProperties }>;

/**
 * react-grid-layout's `GridLayout` for a grid whose items never move: the same markup (`react-grid-layout`, each child a
 * `react-grid-item static cssTransforms` placed by a transform at the library's own `calcGridItemPosition`), so the
 * library's stylesheet, the report's CSS and the tests read it as before, without the dragging and resizing code every
 * `GridLayout` carries (react-draggable, react-resizable and their state: about 23 KB gzip on every report route).
 */
export function StaticGridLayout({ width, gridConfig, layout, children }: StaticGridLayoutProps): JSX.Element {
  const positionParams: PositionParams = { ...gridConfig, containerWidth: width };
  const placed: { child: CellElement; item: StaticGridItem }[] = [];
  Children.forEach(children, (child) => {
    if (!isValidElement<{ className?: string; style?: CSSProperties }>(child) || child.key === null) return;
    const item = layout.find((candidate) => candidate.i === child.key);
    if (item !== undefined) placed.push({ child, item });
  });
  // As react-grid-layout: the rows down to the lowest placed cell, the gaps between them and the padding above and below.
  const rows = Math.max(0, ...placed.map(({ item }) => item.y + item.h));
  const height = rows * gridConfig.rowHeight + (rows - 1) * gridConfig.margin[1] + gridConfig.containerPadding[1] * 2;
  return (
    <div className="react-grid-layout" style={{ height: `${height}px` }}>
      {placed.map(({ child, item }) => {
        const cell = calcGridItemPosition(positionParams, item.x, item.y, item.w, item.h);
        const className = ['react-grid-item', child.props.className, 'static', 'cssTransforms']
          .filter(Boolean)
          .join(' ');
        return cloneElement(child, {
          className,
          style: {
            ...child.props.style,
            transform: `translate(${cell.left}px,${cell.top}px)`,
            width: `${cell.width}px`,
            height: `${cell.height}px`,
            position: 'absolute',
          },
        });
      })}
    </div>
  );
}
