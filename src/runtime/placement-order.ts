import type { PlacementItem } from '../shared/layout/layout-types.ts';

/**
 * The items in the order they are drawn: top to bottom, and left to right within a row (by `y`, then `x`). The grid's
 * children follow it, so screen readers and the Tab key meet the panels in the order people see them (WCAG 1.3.2),
 * whatever the order of the layout's placement list or the runtime's adjustments.
 */
export function inDrawnOrder(items: readonly PlacementItem[]): PlacementItem[] {
  return [...items].sort((a, b) => a.y - b.y || a.x - b.x);
}
