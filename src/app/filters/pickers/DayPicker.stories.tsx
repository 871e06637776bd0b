import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { PeriodPicker } from './PeriodPicker.tsx';

/** Day picker (spec reports §2): days outside the available dates (2023-11-15 to 2024-03-05) are disabled. */
const meta = {
  title: 'Filters/Pickers/Day',
  component: PeriodPicker,
  args: { timeframe: 'day', value: '2024-03-01', bounds: { first: '2023-11-15', last: '2024-03-05' }, onSelect: fn() },
} satisfies Meta<typeof PeriodPicker>;

export default meta;

type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('cell', { name: 'Wednesday, March 6, 2024' }).firstElementChild).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    (canvas.getByRole('cell', { name: 'Monday, March 4, 2024' }).firstElementChild as HTMLElement).click();
    await expect(args.onSelect).toHaveBeenCalledWith('2024-03-04');
  },
};
