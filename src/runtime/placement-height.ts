import type { PlacementItem } from '../shared/layout/layout-types.ts';

/** Grid rows are 40 px with 12 px gaps: a row and its gap take 52 px. */
const ROW_PITCH = 52;
const ROW_GAP = 12;

/** Room kept below a filling panel: the report page's bottom padding (2rem, src/app/pages/pages.css). */
export const FILL_BOTTOM_GAP = 32;

/**
 * Items with `fillHeight` grow so their bottom reaches the bottom of the report area (the viewport below the grid's
 * top, less the page's bottom padding); their `h` stays the least height. Other items are returned as they are.
 */
export function fillAreaHeight(items: readonly PlacementItem[], areaHeight: number): PlacementItem[] {
  const rowsInArea = Math.floor((areaHeight - FILL_BOTTOM_GAP + ROW_GAP) / ROW_PITCH);
  return items.map((item) => (item.fillHeight === true ? { ...item, h: Math.max(item.h, rowsInArea - item.y) } : item));
}
