import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { fixtureFiltersInput } from './filter-bar.fixtures.ts';
import { StandaloneFilterBar } from './StandaloneFilterBar.tsx';

describe("the filter bar's controls hint a click (issue #30: the report prefetches what it would show)", () => {
  function renderBar() {
    const onHint = vi.fn();
    const onGroupChange = vi.fn();
    render(
      <StandaloneFilterBar
        input={fixtureFiltersInput()}
        group="DTG"
        userGroups={['DTG', 'DTF']}
        onGroupChange={onGroupChange}
        onHint={onHint}
      />,
    );
    return { onHint, onGroupChange, bar: screen.getByRole('toolbar', { name: 'Report filters' }) };
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

  it('hints a click that comes with no pointer or focus before it (a screen reader, a script), before the change', () => {
    const { onHint, onGroupChange, bar } = renderBar();
    within(within(bar).getByRole('group', { name: 'System group' }))
      .getByRole('button', { name: 'DTF' })
      .click();
    expect(onHint.mock.calls).toEqual([[{ type: 'group', group: 'DTF' }]]);
    expect(onHint.mock.invocationCallOrder[0]).toBeLessThan(onGroupChange.mock.invocationCallOrder[0] ?? 0);
    within(bar).getByRole('button', { name: 'Previous' }).click();
    expect(onHint).toHaveBeenLastCalledWith({ type: 'event', event: { type: 'date.previous' } });
    within(within(bar).getByRole('group', { name: 'Timeframe' }))
      .getByRole('button', { name: 'Week' })
      .click();
    expect(onHint).toHaveBeenLastCalledWith({ type: 'event', event: { type: 'timeframe.change', timeframe: 'week' } });
  });

  it("hints another group's change on pointer enter and on focus", () => {
    const { onHint, bar } = renderBar();
    const groups = within(bar).getByRole('group', { name: 'System group' });
    fireEvent.pointerEnter(within(groups).getByRole('button', { name: 'DTF' }));
    fireEvent.focus(within(groups).getByRole('button', { name: 'DTF' }));
    expect(onHint.mock.calls).toEqual([[{ type: 'group', group: 'DTF' }], [{ type: 'group', group: 'DTF' }]]);
  });
});
