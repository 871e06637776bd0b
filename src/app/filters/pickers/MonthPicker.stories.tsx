import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { PeriodPicker } from './PeriodPicker.tsx';

/** Month picker (spec reports §2): JAN to DEC in 4 columns; months without data are disabled. */
const meta = {
  title: 'Filters/Pickers/Month',
  component: PeriodPicker,
  args: {
    timeframe: 'month',
    value: '2024-02-01',
    bounds: { first: '2023-11-15', last: '2024-03-05' },
    onSelect: fn(),
  },
} satisfies Meta<typeof PeriodPicker>;

export default meta;

type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const grid = canvas.getByRole('group', { name: 'Months of 2024' });
    const tops = new Set(
      within(grid)
        .getAllByRole('button')
        .map((button) => button.getBoundingClientRect().top),
    );
    await expect(tops.size).toBe(3);
    await expect(canvas.getByRole('button', { name: 'APR' })).toBeDisabled();
    canvas.getByRole('button', { name: 'JAN' }).click();
    await expect(args.onSelect).toHaveBeenCalledWith('2024-01-01');
  },
};
