import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { panelStateStories } from '../../src/runtime/panel-sdk-stories.tsx';
import { STATUS_TIMELINE_ANSWER, STATUS_TIMELINE_OPTIONS, STATUS_TIMELINE_WEEK_ANSWER } from './fixtures.ts';
import { selectStatusTimeline, type StatusTimelineData } from './model.ts';
import { StatusTimelinePanel } from './StatusTimelinePanel.tsx';

const day = selectStatusTimeline(STATUS_TIMELINE_ANSWER) as StatusTimelineData;
const week = selectStatusTimeline(STATUS_TIMELINE_WEEK_ANSWER) as StatusTimelineData;

const states = panelStateStories(StatusTimelinePanel, {
  args: {
    options: STATUS_TIMELINE_OPTIONS,
    data: day,
    title: 'Timeline',
    systemGroup: 'DTG',
    width: 900,
    height: 260,
  },
});

const meta = { title: 'Panels/Status timeline', ...states.meta } satisfies Meta<typeof StatusTimelinePanel>;

export default meta;

type Story = StoryObj<typeof meta>;

export const Loading: Story = states.Loading;

export const Empty: Story = states.Empty;

export const Error: Story = states.Error;

export const NothingSelected: Story = states.NothingSelected;

/** A day: the strip of 288 five-minute points with ticks every 4 hours. */
export const Data: Story = {
  play: async ({ canvas }) => {
    const panel = within(canvas.getByRole('region', { name: 'Timeline' }));
    await expect(
      panel.getByRole('img', { name: /^Statuses of the day: Not Reporting 12:00 AM–6:00 AM/ }),
    ).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Day' })).toHaveAttribute('aria-pressed', 'true');
  },
};

/** The day view toggled to one hour: 8 AM has the error 08:00–08:25. */
export const Hour: Story = {
  play: async ({ canvas }) => {
    const panel = within(canvas.getByRole('region', { name: 'Timeline' }));
    await userEvent.click(panel.getByRole('button', { name: 'Hour' }));
    await userEvent.selectOptions(panel.getByRole('combobox', { name: 'Hour' }), '8 AM');
    await expect(panel.getByText('8:25 AM Error')).toBeInTheDocument();
    await expect(panel.getByText('8:30 AM Printing')).toBeInTheDocument();
  },
};

/** A week: one stacked bar per day, the weekend not reported. */
export const Week: Story = {
  args: { data: week },
  play: async ({ canvas }) => {
    const panel = within(canvas.getByRole('region', { name: 'Timeline' }));
    await expect(
      panel.getByRole('img', {
        name: 'Mon, Nov 16: Error 0%, Maintenance 3%, Idle 20%, Printing 60%, Not Reporting 17%',
      }),
    ).toBeVisible();
    await expect(panel.getAllByText('Not reported')).toHaveLength(2);
  },
};
