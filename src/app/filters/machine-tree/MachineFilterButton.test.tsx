import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { TWO_SITE_TREE } from '../../../shared/systems/two-site-tree.fixture.ts';
import { MachineFilterButton } from './MachineFilterButton.tsx';
import { MACHINE_FILTER_ID, type MachineTreeHandle } from './use-machine-tree.ts';

function handle(open: boolean, mounted: boolean): MachineTreeHandle {
  return {
    data: {
      ...TWO_SITE_TREE,
      startDate: '2026-01-01',
      endDate: '2026-11-27',
      systems: TWO_SITE_TREE.systems.map((system) => ({ ...system, systemNickName: null })),
    },
    selection: { siteIds: [], modelIds: [], serials: [] },
    foldedSiteIds: [],
    foldedModelIds: [],
    singlePrinter: false,
    partial: false,
    drawer: false,
    open,
    setOpen: () => undefined,
    mounted,
    setMounted: () => undefined,
    send: () => undefined,
  };
}

describe('MachineFilterButton', () => {
  it('names the panel in aria-controls only while the panel is open and in the page', () => {
    const { rerender } = render(<MachineFilterButton tree={handle(true, false)} />);
    const button = screen.getByRole('button', { name: 'Filter' });
    // Open but not rendered yet (the report's code still loading): an id naming nothing is an ARIA error.
    expect(button.hasAttribute('aria-controls')).toBe(false);
    expect(button.getAttribute('aria-expanded')).toBe('true');

    rerender(<MachineFilterButton tree={handle(true, true)} />);
    expect(button.getAttribute('aria-controls')).toBe(MACHINE_FILTER_ID);

    rerender(<MachineFilterButton tree={handle(false, true)} />);
    expect(button.hasAttribute('aria-controls')).toBe(false);
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });
});
