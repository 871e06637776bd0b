import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen } from 'storybook/test';
import { CUSTOM_RANGE_MESSAGES } from '../../shared/timeframes/custom-range-rules.ts';
import { CustomRangeDialog } from './CustomRangeDialog.tsx';

const AM12 = { hour: 12, period: 'AM' } as const;
const PM11 = { hour: 11, period: 'PM' } as const;

/** The custom range picker (spec reports §5) in each state of its rules. The dialog renders into document.body. */
const meta = {
  title: 'Filters/Custom range dialog',
  component: CustomRangeDialog,
  args: {
    bounds: { first: '2022-01-01', last: '2024-03-05' },
    group: 'DTG',
    withHours: true,
    onApply: fn(),
    onClose: fn(),
  },
} satisfies Meta<typeof CustomRangeDialog>;

export default meta;

type Story = StoryObj<typeof meta>;

function submit(): HTMLElement {
  return screen.getByRole('button', { name: 'Submit' });
}

/** Both dates empty: Submit disabled. */
export const Empty: Story = {
  play: async () => {
    await expect(await screen.findByRole('dialog', { name: 'Custom Range' })).toBeInTheDocument();
    await expect(submit()).toBeDisabled();
  },
};

/** A valid range with hours: Submit applies it. */
export const Ready: Story = {
  args: {
    initial: { startDate: '2024-02-01', endDate: '2024-02-10', startTime: { hour: 5, period: 'AM' }, endTime: PM11 },
  },
  play: async ({ args }) => {
    (await screen.findByRole('button', { name: 'Submit' })).click();
    await expect(args.onApply).toHaveBeenCalledWith(args.initial);
  },
};

/** Over 365 days: the error, Submit disabled. */
export const MoreThanTwelveMonths: Story = {
  args: { initial: { startDate: '2023-01-01', endDate: '2024-03-01', startTime: AM12, endTime: PM11 } },
  play: async () => {
    await expect(await screen.findByRole('alert')).toHaveTextContent(CUSTOM_RANGE_MESSAGES.tooLong);
    await expect(submit()).toBeDisabled();
  },
};

/** Over 182 days: the warning; hours are 12:00 AM to 11:00 PM and locked. */
export const MoreThanSixMonths: Story = {
  args: { initial: { startDate: '2023-06-01', endDate: '2024-03-01', startTime: AM12, endTime: PM11 } },
  play: async () => {
    await expect(await screen.findByRole('status')).toHaveTextContent(CUSTOM_RANGE_MESSAGES.hoursIgnored);
    await expect(submit()).toBeEnabled();
  },
};

/** Same day, From time after To time: the warning, Submit disabled. */
export const SameDayFromAfterTo: Story = {
  args: {
    initial: {
      startDate: '2024-03-01',
      endDate: '2024-03-01',
      startTime: { hour: 5, period: 'PM' },
      endTime: { hour: 3, period: 'AM' },
    },
  },
  play: async () => {
    await expect(await screen.findByRole('status')).toHaveTextContent(CUSTOM_RANGE_MESSAGES.fromTimeAfterToTime);
    await expect(submit()).toBeDisabled();
  },
};

/** Jobs: no hour picker. */
export const Jobs: Story = {
  args: {
    withHours: false,
    initial: { startDate: '2024-02-01', endDate: '2024-02-10', startTime: AM12, endTime: PM11 },
  },
  play: async () => {
    await screen.findByRole('dialog', { name: 'Custom Range' });
    await expect(screen.queryByRole('group', { name: 'From time' })).toBeNull();
  },
};

/** DTF: days before 2024-01-31 explain that per-job data starts then. */
export const DtfJobDataTooltip: Story = {
  args: {
    group: 'DTF',
    initial: { startDate: '2024-01-29', endDate: '2024-02-02', startTime: AM12, endTime: PM11 },
  },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Custom Range' });
    await expect(dialog.querySelector(`[title="${CUSTOM_RANGE_MESSAGES.dtfJobData}"]`)).not.toBeNull();
  },
};
