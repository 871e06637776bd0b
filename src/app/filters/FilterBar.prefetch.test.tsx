import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { fixtureFiltersInput } from './filter-bar.fixtures.ts';
import { StandaloneFilterBar } from './StandaloneFilterBar.tsx';

describe("the filter bar's controls hint a click (issue #30: the report prefetches what it would show)", () => {
  function renderBar() {
    const onHint = vi.fn();
    render(
      <StandaloneFilterBar
        input={fixtureFiltersInput()}
        group="DTG"
        userGroups={['DTG', 'DTF']}
        onGroupChange={vi.fn()}
        onHint={onHint}
      />,
    );
    return { onHint, bar: screen.getByRole('toolbar', { name: 'Report filters' }) };
  }

  it('hints the previous and next arrows on pointer enter and on focus', () => {
    const { onHint, bar } = renderBar();
    const previous = within(bar).getByRole('button', { name: 'Previous' });
    fireEvent.pointerEnter(previous);
    fireEvent.focus(previous);
    expect(onHint.mock.calls).toEqual([
      [{ type: 'event', event: { type: 'date.previous' } }],
      [{ type: 'event', event: { type: 'date.previous' } }],
    ]);
    fireEvent.pointerEnter(within(bar).getByRole('button', { name: 'Next' }));
    expect(onHint).toHaveBeenLastCalledWith({ type: 'event', event: { type: 'date.next' } });
  });

  it("hints a timeframe's change, but not Custom's (it opens a dialog)", () => {
    const { onHint, bar } = renderBar();
    const timeframes = within(bar).getByRole('group', { name: 'Timeframe' });
    fireEvent.pointerEnter(within(timeframes).getByRole('button', { name: 'Week' }));
    expect(onHint).toHaveBeenLastCalledWith({ type: 'event', event: { type: 'timeframe.change', timeframe: 'week' } });
    onHint.mockClear();
    fireEvent.pointerEnter(within(timeframes).getByRole('button', { name: 'Custom' }));
    expect(onHint).not.toHaveBeenCalled();
  });

  it("hints another group's change on pointer enter and on focus", () => {
    const { onHint, bar } = renderBar();
    const groups = within(bar).getByRole('group', { name: 'System group' });
    fireEvent.pointerEnter(within(groups).getByRole('button', { name: 'DTF' }));
    fireEvent.focus(within(groups).getByRole('button', { name: 'DTF' }));
    expect(onHint.mock.calls).toEqual([[{ type: 'group', group: 'DTF' }], [{ type: 'group', group: 'DTF' }]]);
  });
});
