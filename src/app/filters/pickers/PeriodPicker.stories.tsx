import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { PeriodPicker } from './PeriodPicker.tsx';

/** The filter bar's period pickers (spec reports §2), one per timeframe, over data from 2023-11-15 to 2024-03-05. */
const meta = {
  title: 'Filters/Pickers',
  component: PeriodPicker,
  args: { timeframe: 'day', value: '2024-03-01', bounds: { first: '2023-11-15', last: '2024-03-05' }, onSelect: fn() },
} satisfies Meta<typeof PeriodPicker>;

export default meta;

type Story = StoryObj<typeof meta>;

/** Day picker: days outside the available dates are disabled. */
export const Day: Story = {
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

/** Week picker: a Monday-based day calendar that highlights the selected week. */
export const Week: Story = {
  args: { timeframe: 'week', value: '2024-02-12' },
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

/** Week picker: March 2026 starts on a Sunday: six rows. */
export const WeekSixRows: Story = {
  args: { timeframe: 'week', value: '2026-03-02', bounds: { first: '2026-01-01', last: '2026-12-31' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole('row')).toHaveLength(7);
  },
};

/** Month picker: JAN to DEC in 4 columns; months without data are disabled. */
export const Month: Story = {
  args: { timeframe: 'month', value: '2024-02-01' },
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

/** Quarter picker: Q1 to Q4 of a year; quarters without data are disabled. */
export const Quarter: Story = {
  args: { timeframe: 'quarter', value: '2023-10-01' },
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

/** Year picker: the selected year and two years on either side; years without data are disabled. */
export const Year: Story = {
  args: { timeframe: 'year', value: '2024-01-01' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const years = within(canvas.getByRole('group', { name: 'Years' })).getAllByRole('button');
    await expect(years.map((year) => year.textContent)).toEqual(['2022', '2023', '2024', '2025', '2026']);
    await expect(canvas.getByRole('button', { name: '2025' })).toBeDisabled();
  },
};
