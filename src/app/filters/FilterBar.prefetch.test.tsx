import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { fixtureFiltersInput } from './filter-bar.fixtures.ts';
import { StandaloneFilterBar } from './StandaloneFilterBar.tsx';

describe('the previous-period arrow hints a click (issue #30: the report prefetches that period)', () => {
  it('calls onPreviousHint when the pointer enters the arrow or it gets the focus', () => {
    const onPreviousHint = vi.fn();
    render(
      <StandaloneFilterBar
        input={fixtureFiltersInput()}
        group="DTG"
        userGroups={['DTG', 'DTF']}
        onGroupChange={vi.fn()}
        onPreviousHint={onPreviousHint}
      />,
    );
    const bar = screen.getByRole('toolbar', { name: 'Report filters' });
    const previous = within(bar).getByRole('button', { name: 'Previous' });
    fireEvent.pointerEnter(previous);
    expect(onPreviousHint).toHaveBeenCalledTimes(1);
    fireEvent.focus(previous);
    expect(onPreviousHint).toHaveBeenCalledTimes(2);
  });
});
