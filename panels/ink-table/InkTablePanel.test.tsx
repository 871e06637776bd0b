import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { INK_TABLE_ANSWER, INK_TABLE_OPTIONS } from './fixtures.ts';
import { inkValue, selectInkTable, type InkTableData } from './model.ts';
import { InkTablePanel } from './InkTablePanel.tsx';

describe('ink-table model', () => {
  it('sets negative and infinite values to 0 (spec reports §5)', () => {
    expect([-4, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, Number.NaN, 2.5].map(inkValue)).toEqual([
      0, 0, 0, 0, 2.5,
    ]);
    expect(selectInkTable(INK_TABLE_ANSWER)?.rows.at(-1)).toEqual({
      colour: 'White',
      consumed: 0,
      loaded: 2000,
      bottles: 2,
      perUnit: 0,
    });
  });

  it('is empty without colours', () => {
    expect(selectInkTable({ ...INK_TABLE_ANSWER, colorData: [] })).toBeNull();
  });
});

describe('InkTablePanel', () => {
  it('draws a row per colour with the per-unit header of the answer', () => {
    render(
      <InkTablePanel
        options={INK_TABLE_OPTIONS}
        data={selectInkTable(INK_TABLE_ANSWER) as InkTableData}
        title="Ink"
        systemGroup="DTG"
        width={600}
        height={220}
      />,
    );
    expect(screen.getByRole('columnheader', { name: 'ml/imp' })).toBeDefined();
    expect(screen.getByRole('row', { name: 'Black 512.3 1,000.0 1 0.410' })).toBeDefined();
  });
});
