import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import type { FilterData } from '../../../shared/systems/filter-data.ts';
import { generatedFleet } from '../../../shared/systems/generated-fleet.fixture.ts';
import { TWO_SITE_TREE } from '../../../shared/systems/two-site-tree.fixture.ts';
import { StandaloneMachineTree } from './StandaloneMachineTree.tsx';

const smallFleet: FilterData = { startDate: '2025-01-01', endDate: '2026-03-05', ...TWO_SITE_TREE };
const largeFleet = generatedFleet({ systems: 2000 });

const meta = {
  title: 'Filters/Machine tree',
  component: StandaloneMachineTree,
  decorators: [
    (Story) => (
      <div style={{ width: 280, padding: 12, border: '1px solid #dde3ea', borderRadius: 10 }}>
        <Story />
      </div>
    ),
  ],
  args: { data: smallFleet, listHeight: 320 },
} satisfies Meta<typeof StandaloneMachineTree>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Two sites, three models, four printers; everything selected, models folded. */
export const SmallFleet: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('checkbox', { name: 'All' })).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(canvas.getByRole('button', { name: 'Expand Storm' }));
    await userEvent.click(canvas.getByRole('checkbox', { name: '9-1' }));
    await expect(canvas.getByRole('checkbox', { name: 'Storm' })).toHaveAttribute('aria-checked', 'mixed');
    await expect(canvas.getByRole('checkbox', { name: 'All' })).toHaveAttribute('aria-checked', 'mixed');
  },
};

/** Some printers selected: sites and models show the partial state. */
export const PartialSelection: Story = {
  args: {
    setup: [
      { type: 'selection.toggleAll' },
      { type: 'selection.toggleSystem', serial: '10-2' },
      { type: 'selection.toggleSystem', serial: '40' },
      { type: 'tree.toggleFold', level: 'model', id: 'm1' },
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('checkbox', { name: 'Berlin' })).toHaveAttribute('aria-checked', 'mixed');
    await expect(canvas.getByRole('checkbox', { name: 'Lyon' })).toHaveAttribute('aria-checked', 'true');
    await expect(canvas.getByRole('checkbox', { name: '10-2' })).toHaveAttribute('aria-checked', 'true');
  },
};

/** TV dashboard: one printer only; 'All', site and model toggles are disabled with the tooltip. */
export const SinglePrinter: Story = {
  args: { report: 'tv-dashboard', setup: [{ type: 'tree.toggleFold', level: 'model', id: 'm3' }] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('checkbox', { name: 'Lyon' })).toBeDisabled();
    await expect(canvas.getByRole('checkbox', { name: 'Lyon' }).parentElement).toHaveAttribute(
      'title',
      'Only 1 printer can be selected',
    );
    await expect(canvas.getByRole('checkbox', { name: '40' })).toHaveAttribute('aria-checked', 'true');
  },
};

/** 2,000 printers at 20 sites: only the rows in view are in the DOM; Search keeps the ancestors of matches. */
export const TwoThousandSystems: Story = {
  args: { data: largeFleet, listHeight: 480 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Search' }), '-');
    const tree = canvas.getByRole('tree', { name: 'Machines' });
    await expect(within(tree).getAllByRole('treeitem').length).toBeLessThan(40);
    await userEvent.clear(canvas.getByRole('searchbox', { name: 'Search' }));
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Search' }), 'Printer 1001');
    await expect(
      within(tree)
        .getAllByRole('treeitem')
        .map((row) => row.textContent),
    ).toHaveLength(3);
  },
};
