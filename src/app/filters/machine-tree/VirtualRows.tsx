import { useState, type JSX, type ReactNode } from 'react';

/** Rows rendered above and below the visible window, so fast scrolling shows no blank strip. */
const OVERSCAN = 8;

export interface VirtualRowsProps {
  count: number;
  rowHeight: number;
  /** Height of the scrolling area in px. */
  height: number;
  renderRow: (index: number) => ReactNode;
  /** Attributes of the scrolling element (role, aria-label). */
  role: string;
  label: string;
}

/**
 * A fixed-row-height list that renders only the rows in view (plus a small overscan), so thousands of rows cost
 * what a screenful does. Rows are absolutely placed inside a spacer of the full height.
 */
export function VirtualRows({ count, rowHeight, height, renderRow, role, label }: VirtualRowsProps): JSX.Element {
  const [scrollTop, setScrollTop] = useState(0);
  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - OVERSCAN);
  const last = Math.min(count, Math.ceil((scrollTop + height) / rowHeight) + OVERSCAN);
  const indexes = Array.from({ length: Math.max(0, last - first) }, (_, offset) => first + offset);
  return (
    <div
      className="virtual-rows"
      role={role}
      aria-label={label}
      style={{ height, overflowY: 'auto', position: 'relative' }}
      onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
    >
      <div style={{ height: count * rowHeight, position: 'relative' }}>
        {indexes.map((index) => (
          <div
            key={index}
            style={{ position: 'absolute', top: index * rowHeight, left: 0, right: 0, height: rowHeight }}
          >
            {renderRow(index)}
          </div>
        ))}
      </div>
    </div>
  );
}
