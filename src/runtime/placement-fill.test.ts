import { describe, expect, it } from 'vitest';
import type { PlacementItem } from '../shared/layout/layout-types.ts';
import { isPanelShown, placeShownPanels } from './placement-fill.ts';

const item = (panel: string, x: number, y: number, w: number, h: number): PlacementItem => ({ panel, x, y, w, h });

const hiding =
  (...panels: string[]) =>
  (entry: PlacementItem) =>
    !panels.includes(entry.panel);

/** The overview's desktop placement: 4 cards, 2 charts side by side, availability and goals. */
const DESKTOP = [
  item('totalProduction', 0, 0, 3, 3),
  item('productionRate', 3, 0, 3, 3),
  item('productivity', 6, 0, 3, 3),
  item('availability', 9, 0, 3, 3),
  item('productionChart', 0, 3, 6, 5),
  item('speedOrUtilization', 6, 3, 6, 5),
  item('availabilityChart', 0, 8, 8, 5),
  item('goals', 8, 8, 4, 5),
];

describe('placeShownPanels', () => {
  it('keeps the placement when every panel is shown', () => {
    expect(placeShownPanels(DESKTOP, () => true)).toEqual(DESKTOP);
  });

  it('gives the 3 remaining cards of a row the hidden card’s columns: 3 cards of 4 columns', () => {
    const placed = placeShownPanels(DESKTOP, hiding('productivity'));
    expect(placed.slice(0, 3)).toEqual([
      item('totalProduction', 0, 0, 4, 3),
      item('productionRate', 4, 0, 4, 3),
      item('availability', 8, 0, 4, 3),
    ]);
    expect(placed.slice(3)).toEqual(DESKTOP.slice(4));
  });

  it('shares the freed columns equally, the leftmost panels taking the remainder', () => {
    const row = [item('a', 0, 0, 2, 3), item('b', 2, 0, 2, 3), item('c', 4, 0, 2, 3), item('d', 6, 0, 6, 3)];
    expect(placeShownPanels(row, hiding('d'))).toEqual([
      item('a', 0, 0, 4, 3),
      item('b', 4, 0, 4, 3),
      item('c', 8, 0, 4, 3),
    ]);
    const five = [item('a', 0, 0, 3, 3), item('b', 3, 0, 3, 3), item('c', 6, 0, 3, 3), item('d', 9, 0, 3, 3)];
    expect(placeShownPanels(five, hiding('a', 'c')).map(({ x, w }) => [x, w])).toEqual([
      [0, 6],
      [6, 6],
    ]);
  });

  it('gives a lone remaining panel the whole band', () => {
    expect(placeShownPanels(DESKTOP, hiding('goals')).at(-1)).toEqual(item('availabilityChart', 0, 8, 12, 5));
  });

  it('removes the rows of a band with nothing left, so the panels below move up', () => {
    const stacked = [
      item('totalProduction', 0, 0, 12, 3),
      item('productivity', 0, 3, 12, 3),
      item('availability', 0, 6, 12, 3),
      item('productionChart', 0, 9, 12, 6),
    ];
    expect(placeShownPanels(stacked, hiding('productivity'))).toEqual([
      item('totalProduction', 0, 0, 12, 3),
      item('availability', 0, 3, 12, 3),
      item('productionChart', 0, 6, 12, 6),
    ]);
  });

  it('keeps the rows a taller panel beside the hidden one still covers, and leaves panels of other heights in place', () => {
    const mixed = [
      item('card', 0, 0, 6, 3),
      item('hidden', 0, 3, 6, 3),
      item('tall', 6, 0, 6, 6),
      item('below', 0, 6, 12, 4),
    ];
    expect(placeShownPanels(mixed, hiding('hidden'))).toEqual([
      item('card', 0, 0, 6, 3),
      item('tall', 6, 0, 6, 6),
      item('below', 0, 6, 12, 4),
    ]);
  });

  it('keeps a band in place when widening it would overlap another panel', () => {
    const gapped = [
      item('a', 0, 0, 3, 3),
      item('hidden', 3, 0, 3, 3),
      item('b', 9, 0, 3, 3),
      item('other', 6, 0, 3, 5),
    ];
    expect(placeShownPanels(gapped, hiding('hidden'))).toEqual([
      item('a', 0, 0, 3, 3),
      item('b', 9, 0, 3, 3),
      item('other', 6, 0, 3, 5),
    ]);
  });

  it('keeps the order of the items given', () => {
    const unordered = [item('right', 6, 0, 3, 3), item('left', 0, 0, 3, 3), item('hidden', 3, 0, 3, 3)];
    expect(placeShownPanels(unordered, hiding('hidden'))).toEqual([
      item('right', 5, 0, 4, 3),
      item('left', 0, 0, 5, 3),
    ]);
  });
});

describe('isPanelShown', () => {
  const dtg = (systems: string[]) => ({ systemGroup: 'DTG' as const, systems });

  it('shows a panel of every group whatever the selection, and one of other groups never', () => {
    expect(isPanelShown({}, dtg([]))).toBe(true);
    expect(isPanelShown({}, dtg(['DTG-1', 'DTG-2']))).toBe(true);
    expect(isPanelShown(undefined, dtg([]))).toBe(true);
    expect(isPanelShown({ groups: ['DTF', 'Apollo'] }, dtg(['DTG-1']))).toBe(false);
    expect(isPanelShown({ groups: ['DTG'] }, dtg([]))).toBe(true);
  });

  it('shows a one-system panel only while exactly one system is selected (an empty selection is all systems)', () => {
    const panel = { onlyForOneSystem: true };
    expect(isPanelShown(panel, dtg(['DTG-1']))).toBe(true);
    expect(isPanelShown(panel, dtg([]))).toBe(false);
    expect(isPanelShown(panel, dtg(['DTG-1', 'DTG-2']))).toBe(false);
    expect(isPanelShown({ ...panel, groups: ['DTF'] }, dtg(['DTG-1']))).toBe(false);
    expect(isPanelShown({ onlyForOneSystem: false }, dtg([]))).toBe(true);
  });

  it('closes the rows of a hidden one-system strip above the report, so the cards move up', () => {
    const placement = [item('printer', 0, 0, 12, 2), ...DESKTOP.map((entry) => ({ ...entry, y: entry.y + 2 }))];
    expect(placeShownPanels(placement, (entry) => entry.panel !== 'printer')).toEqual(DESKTOP);
  });
});
