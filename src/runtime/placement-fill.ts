import { overlaps, type LayoutPanel, type PlacementItem } from '../shared/layout/layout-types.ts';
import type { ReportFilters } from '../shared/report-filters.ts';

/**
 * Whether a layout panel shows for the report's filters: its `groups` name the selected group (or it has none), and a
 * panel `onlyForOneSystem` needs a machine selection of exactly one system (an empty selection means all systems).
 */
export function isPanelShown(
  panel: Pick<LayoutPanel, 'groups' | 'onlyForOneSystem'> | undefined,
  filters: Pick<ReportFilters, 'systemGroup' | 'systems'>,
): boolean {
  if (panel === undefined) return true;
  if (panel.groups !== undefined && !panel.groups.includes(filters.systemGroup)) return false;
  return panel.onlyForOneSystem !== true || filters.systems.length === 1;
}

/** Items of one row band: same top row and height. */
function bandKey(item: PlacementItem): string {
  return `${item.y}:${item.h}`;
}

/**
 * The band's shown items, packed from the band's left edge in their order, each widened by an equal share of the
 * columns the band's hidden items leave (the leftmost get the remainder): 3 cards of 3 columns and a hidden 4th
 * become 3 cards of 4.
 */
function widenBand(shown: readonly PlacementItem[], hidden: readonly PlacementItem[]): PlacementItem[] {
  const ordered = [...shown].sort((a, b) => a.x - b.x);
  const freed = hidden.reduce((sum, item) => sum + item.w, 0);
  const share = Math.floor(freed / ordered.length);
  const remainder = freed % ordered.length;
  let x = Math.min(...[...shown, ...hidden].map((item) => item.x));
  return ordered.map((item, index) => {
    const widened = { ...item, x, w: item.w + share + (index < remainder ? 1 : 0) };
    x += widened.w;
    return widened;
  });
}

/** Rows that a hidden item covered and no shown item covers: they are removed, so what is below moves up. */
function emptiedRows(shown: readonly PlacementItem[], hidden: readonly PlacementItem[]): number[] {
  const covered = (items: readonly PlacementItem[]) =>
    new Set(items.flatMap((item) => Array.from({ length: item.h }, (_, row) => item.y + row)));
  const shownRows = covered(shown);
  return [...covered(hidden)].filter((row) => !shownRows.has(row));
}

/**
 * The placement of the panels shown for the current group, without holes where hidden panels were:
 * - shown panels of a row band (same y and h) that lost panels share the hidden panels' columns, unless the widened
 *   band would overlap another panel (then the band keeps its place);
 * - rows only hidden panels covered are removed, and the panels below move up.
 * Other panels keep their place. The order of `items` is kept.
 */
export function placeShownPanels(
  items: readonly PlacementItem[],
  isShown: (item: PlacementItem) => boolean,
): PlacementItem[] {
  const shown = items.filter(isShown);
  const hidden = items.filter((item) => !isShown(item));
  if (hidden.length === 0) return [...items];
  const placed = new Map(shown.map((item) => [item.panel, item]));
  for (const key of new Set(hidden.map(bandKey))) {
    const band = shown.filter((item) => bandKey(item) === key);
    if (band.length === 0) continue;
    const widened = widenBand(
      band,
      hidden.filter((item) => bandKey(item) === key),
    );
    const others = shown.filter((item) => bandKey(item) !== key);
    if (!widened.some((item) => others.some((other) => overlaps(item, other)))) {
      for (const item of widened) placed.set(item.panel, item);
    }
  }
  const removedRows = emptiedRows(shown, hidden);
  return shown.map((item) => {
    const current = placed.get(item.panel) ?? item;
    return { ...current, y: current.y - removedRows.filter((row) => row < current.y).length };
  });
}
