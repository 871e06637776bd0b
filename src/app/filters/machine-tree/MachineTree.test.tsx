import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { FilterData } from '../../../shared/systems/filter-data.ts';
import { generatedFleet } from '../../../shared/systems/generated-fleet.fixture.ts';
import { TWO_SITE_TREE } from '../../../shared/systems/two-site-tree.fixture.ts';
import { TREE_ROW_HEIGHT } from './MachineTree.tsx';
import { StandaloneMachineTree } from './StandaloneMachineTree.tsx';

const data: FilterData = { startDate: '2025-01-01', endDate: '2026-03-05', ...TWO_SITE_TREE };

const checkbox = (name: string) => screen.getByRole('checkbox', { name });
const state = (name: string) => checkbox(name).getAttribute('aria-checked');
const treeLabels = () =>
  within(screen.getByRole('tree', { name: 'Machines' }))
    .queryAllByRole('checkbox')
    .map((box) => box.textContent);

describe('machine tree', () => {
  it("starts with everything selected and models folded; 'All' clears and selects everything", () => {
    render(<StandaloneMachineTree data={data} />);
    expect(treeLabels()).toEqual(['Berlin', 'Storm', 'Kornit', 'Lyon', 'Atlas']);
    expect(state('All')).toBe('true');
    fireEvent.click(checkbox('All'));
    expect(['All', 'Berlin', 'Storm', 'Lyon'].map(state)).toEqual(['false', 'false', 'false', 'false']);
    fireEvent.click(checkbox('All'));
    expect(['All', 'Berlin', 'Storm', 'Lyon'].map(state)).toEqual(['true', 'true', 'true', 'true']);
  });

  it('shows partial parents when some of their systems are selected (tri-state)', () => {
    render(<StandaloneMachineTree data={data} />);
    fireEvent.click(checkbox('All'));
    fireEvent.click(screen.getByRole('button', { name: 'Expand Storm' }));
    fireEvent.click(checkbox('9-1'));
    expect(['All', 'Berlin', 'Storm', '9-1', '10-2', 'Kornit'].map(state)).toEqual([
      'mixed',
      'mixed',
      'mixed',
      'true',
      'false',
      'false',
    ]);
    fireEvent.click(checkbox('10-2'));
    expect(['Berlin', 'Storm'].map(state)).toEqual(['mixed', 'true']);
    fireEvent.click(checkbox('Berlin'));
    expect(['All', 'Berlin', 'Storm', '9-1'].map(state)).toEqual(['false', 'false', 'false', 'false']);
  });

  it('collapses and expands sites and models', () => {
    render(<StandaloneMachineTree data={data} />);
    const berlin = screen.getByRole('button', { name: 'Collapse Berlin' });
    expect(berlin.closest('[role="treeitem"]')?.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(berlin);
    expect(treeLabels()).toEqual(['Berlin', 'Lyon', 'Atlas']);
    fireEvent.click(screen.getByRole('button', { name: 'Expand Berlin' }));
    fireEvent.click(screen.getByRole('button', { name: 'Expand Kornit' }));
    expect(treeLabels()).toEqual(['Berlin', 'Storm', 'Kornit', '300', 'Lyon', 'Atlas']);
  });

  it('filters rows with the Search box and keeps their site and model', () => {
    render(<StandaloneMachineTree data={data} />);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: '10-' } });
    expect(treeLabels()).toEqual(['Berlin', 'Storm', '10-2']);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: '' } });
    expect(treeLabels()).toEqual(['Berlin', 'Storm', 'Kornit', 'Lyon', 'Atlas']);
  });

  it('lets only one printer be selected in single-printer mode, with the tooltip on the locked toggles', () => {
    render(<StandaloneMachineTree data={data} report="tv-dashboard" />);
    for (const name of ['All', 'Berlin', 'Storm', 'Lyon', 'Atlas']) {
      expect(checkbox(name)).toHaveProperty('disabled', true);
      expect(checkbox(name).parentElement?.getAttribute('title')).toBe('Only 1 printer can be selected');
    }
    fireEvent.click(screen.getByRole('button', { name: 'Expand Atlas' }));
    expect(state('40')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Expand Storm' }));
    fireEvent.click(checkbox('9-1'));
    expect(['9-1', '40', 'Storm', 'Atlas'].map(state)).toEqual(['true', 'false', 'mixed', 'false']);
    expect(checkbox('9-1')).toHaveProperty('disabled', false);
    expect(checkbox('9-1').parentElement?.hasAttribute('title')).toBe(false);
  });

  it('renders only a window of rows for 2,000 systems and follows scrolling', () => {
    const fleet = generatedFleet({ systems: 2000 });
    render(<StandaloneMachineTree data={fleet} listHeight={400} />);
    // Every serial has a dash: searching for one shows the whole tree unfolded.
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: '-' } });
    const tree = screen.getByRole('tree', { name: 'Machines' });
    const spacer = tree.firstElementChild as HTMLElement;
    const totalRows = parseInt(spacer.style.height, 10) / TREE_ROW_HEIGHT;
    expect(totalRows).toBe(2000 + 20 + 80);
    const rendered = within(tree).getAllByRole('treeitem');
    expect(rendered.length).toBeLessThanOrEqual(Math.ceil(400 / TREE_ROW_HEIGHT) + 16);
    expect(rendered[0]?.textContent).toBe('Site 1');

    fireEvent.scroll(tree, { target: { scrollTop: 1000 * TREE_ROW_HEIGHT } });
    const scrolled = within(tree).getAllByRole('treeitem');
    expect(scrolled.length).toBeLessThanOrEqual(Math.ceil(400 / TREE_ROW_HEIGHT) + 16);
    expect(scrolled.some((row) => row.textContent === 'Site 1')).toBe(false);
    const top = scrolled[0]?.parentElement;
    expect(parseInt(top?.style.top ?? '', 10)).toBe((1000 - 8) * TREE_ROW_HEIGHT);
  });
});
