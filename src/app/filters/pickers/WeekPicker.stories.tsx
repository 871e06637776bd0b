import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { PeriodPicker } from './PeriodPicker.tsx';

/** Week picker (spec reports §2): a Monday-based day calendar that highlights the selected week. */
const meta = {
  title: 'Filters/Pickers/Week',
  component: PeriodPicker,
  args: { timeframe: 'week', value: '2024-02-12', bounds: { first: '2023-11-15', last: '2024-03-05' }, onSelect: fn() },
} satisfies Meta<typeof PeriodPicker>;

export default meta;

type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const highlighted = canvas
      .getAllByRole('cell')
      .filter((cell) => cell.classList.contains('day-calendar__week-day'))
      .map((cell) => cell.getAttribute('data-date'));
    await expect(highlighted).toEqual([
      '2024-02-12',
      '2024-02-13',
      '2024-02-14',
      '2024-02-15',
      '2024-02-16',
      '2024-02-17',
      '2024-02-18',
    ]);
  },
};

/** March 2026 starts on a Sunday: six rows. */
export const SixRows: Story = {
  args: { value: '2026-03-02', bounds: { first: '2026-01-01', last: '2026-12-31' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole('row')).toHaveLength(7);
  },
};
