import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { PeriodPicker } from './PeriodPicker.tsx';

/** Year picker: the selected year and two years on either side; years without data are disabled. */
const meta = {
  title: 'Filters/Pickers/Year',
  component: PeriodPicker,
  args: { timeframe: 'year', value: '2024-01-01', bounds: { first: '2023-11-15', last: '2024-03-05' }, onSelect: fn() },
} satisfies Meta<typeof PeriodPicker>;

export default meta;

type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const years = within(canvas.getByRole('group', { name: 'Years' })).getAllByRole('button');
    await expect(years.map((year) => year.textContent)).toEqual(['2022', '2023', '2024', '2025', '2026']);
    await expect(canvas.getByRole('button', { name: '2025' })).toBeDisabled();
  },
};
