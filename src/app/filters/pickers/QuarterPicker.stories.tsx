import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { PeriodPicker } from './PeriodPicker.tsx';

/** Quarter picker: Q1 to Q4 of a year; quarters without data are disabled. */
const meta = {
  title: 'Filters/Pickers/Quarter',
  component: PeriodPicker,
  args: {
    timeframe: 'quarter',
    value: '2023-10-01',
    bounds: { first: '2023-11-15', last: '2024-03-05' },
    onSelect: fn(),
  },
} satisfies Meta<typeof PeriodPicker>;

export default meta;

type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Q3' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Q4' })).toHaveAttribute('aria-pressed', 'true');
    canvas.getByRole('button', { name: 'Next year' }).click();
    const quarters = await canvas.findByRole('group', { name: 'Quarters of 2024' });
    within(quarters).getByRole('button', { name: 'Q1' }).click();
    await expect(args.onSelect).toHaveBeenCalledWith('2024-01-01');
  },
};
