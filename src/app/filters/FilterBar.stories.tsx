import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { TIMEFRAME_TABLE } from '../../shared/timeframes/timeframe-table.ts';
import { fixtureFiltersInput } from './filter-bar.fixtures.ts';
import { StandaloneFilterBar } from './StandaloneFilterBar.tsx';

/** The report filter bar on a live report-filters machine (fixture data 2023-11-15 to 2024-03-05, no URL or API). */
const meta = {
  title: 'Filters/Filter bar',
  component: StandaloneFilterBar,
  args: {
    input: fixtureFiltersInput(),
    group: 'DTG',
    userGroups: ['DTG', 'DTF', 'Apollo'],
    onGroupChange: fn(),
    onBack: fn(),
  },
} satisfies Meta<typeof StandaloneFilterBar>;

export default meta;

type Story = StoryObj<typeof meta>;

/** Overview on a desktop: choosing a day in the picker closes it. */
export const Desktop: Story = {
  play: async ({ canvasElement }) => {
    const bar = within(canvasElement).getByRole('toolbar', { name: 'Report filters' });
    await userEvent.click(within(bar).getByRole('button', { name: 'March 5, 2024' }));
    const picker = await screen.findByRole('dialog', { name: 'Calendar' });
    // The calendar's code loads with the popup (or when the title is pointed at). PrimeReact's Calendar redraws its
    // days once right after it mounts (the year appears in its title then): a day found before that is gone.
    await within(picker).findByRole('button', { name: '2024' });
    await userEvent.click(
      within(picker).getByRole('cell', { name: 'Saturday, March 2, 2024' }).firstElementChild as Element,
    );
    await expect(await within(bar).findByText('March 2, 2024')).toBeVisible();
  },
};

/** Jobs offers every timeframe, and its custom range has no hour picker. */
export const Jobs: Story = {
  args: { input: fixtureFiltersInput({ report: 'jobs', rules: TIMEFRAME_TABLE.jobs }) },
};

/** System page: a back button, no group toggle. */
export const Detail: Story = {
  args: { variant: 'detail', input: fixtureFiltersInput({ report: 'systemPage', rules: TIMEFRAME_TABLE.systemPage }) },
  play: async ({ canvasElement, args }) => {
    const bar = within(canvasElement).getByRole('toolbar', { name: 'Report filters' });
    await expect(within(bar).queryByRole('group', { name: 'System group' })).toBeNull();
    await userEvent.click(within(bar).getByRole('button', { name: 'Back' }));
    await expect(args.onBack).toHaveBeenCalled();
  },
};

/** Service ticket: only a back arrow and the title. */
export const ServiceTicket: Story = {
  args: { variant: 'serviceTicket' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('heading', { name: 'Service Ticket' })).toBeVisible();
  },
};

/** Under 750 px: calendar icon and date title; the modal applies on Done. */
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile2', isRotated: false } },
  play: async ({ canvasElement }) => {
    const bar = within(canvasElement).getByRole('toolbar', { name: 'Report filters' });
    await userEvent.click(within(bar).getByRole('button', { name: 'Open calendar' }));
    const modal = await screen.findByRole('dialog', { name: 'March 5, 2024' });
    await userEvent.click(within(modal).getByRole('button', { name: 'Week' }));
    await userEvent.click(within(modal).getByRole('button', { name: 'Done' }));
    await expect(await within(bar).findByText('Mar 4 – Mar 10, 2024')).toBeVisible();
  },
};
