import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { PanelFrame, type PanelState } from '../../src/runtime/panel-sdk.ts';
import { STATUS_TIMELINE_ANSWER, STATUS_TIMELINE_OPTIONS, STATUS_TIMELINE_WEEK_ANSWER } from './fixtures.ts';
import { selectStatusTimeline, type StatusTimelineData } from './model.ts';
import { StatusTimelinePanel } from './StatusTimelinePanel.tsx';

type StatusTimelineStoryArgs = Parameters<typeof StatusTimelinePanel>[0];

/** The panel inside the runtime's frame, as a report shows it in each phase (fixtures only, no network). */
function framed(state: PanelState) {
  function FramedStatusTimeline(args: StatusTimelineStoryArgs) {
    return (
      <div style={{ width: args.width, height: args.height }}>
        <PanelFrame title={args.title} state={state} placeholder="chart">
          <StatusTimelinePanel {...args} />
        </PanelFrame>
      </div>
    );
  }
  return FramedStatusTimeline;
}

const day = selectStatusTimeline(STATUS_TIMELINE_ANSWER) as StatusTimelineData;
const week = selectStatusTimeline(STATUS_TIMELINE_WEEK_ANSWER) as StatusTimelineData;

const meta = {
  title: 'Panels/Status timeline',
  component: StatusTimelinePanel,
  args: {
    options: STATUS_TIMELINE_OPTIONS,
    data: day,
    title: 'Timeline',
    systemGroup: 'DTG',
    width: 900,
    height: 260,
  },
  render: framed('ready'),
} satisfies Meta<typeof StatusTimelinePanel>;

export default meta;

type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  render: framed('loading'),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status', { name: 'Loading Timeline' })).toBeVisible();
  },
};

export const Empty: Story = {
  render: framed('empty'),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No data for this period')).toBeVisible();
  },
};

export const Error: Story = {
  render: framed('error'),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Error loading report data');
  },
};

/** A day: the strip of 288 five-minute points with ticks every 4 hours. */
export const Data: Story = {
  play: async ({ canvasElement }) => {
    const panel = within(within(canvasElement).getByRole('region', { name: 'Timeline' }));
    await expect(
      panel.getByRole('img', { name: /^Statuses of the day: Not Reporting 12:00 AM–6:00 AM/ }),
    ).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Day' })).toHaveAttribute('aria-pressed', 'true');
  },
};

/** The day view toggled to one hour: 8 AM has the error 08:00–08:25. */
export const Hour: Story = {
  play: async ({ canvasElement }) => {
    const panel = within(within(canvasElement).getByRole('region', { name: 'Timeline' }));
    await userEvent.click(panel.getByRole('button', { name: 'Hour' }));
    await userEvent.selectOptions(panel.getByRole('combobox', { name: 'Hour' }), '8 AM');
    await expect(panel.getByText('8:25 AM Error')).toBeInTheDocument();
    await expect(panel.getByText('8:30 AM Printing')).toBeInTheDocument();
  },
};

/** A week: one stacked bar per day, the weekend not reported. */
export const Week: Story = {
  args: { data: week },
  play: async ({ canvasElement }) => {
    const panel = within(within(canvasElement).getByRole('region', { name: 'Timeline' }));
    await expect(
      panel.getByRole('img', {
        name: 'Mon, Nov 16: Error 0%, Maintenance 3%, Idle 20%, Printing 60%, Not Reporting 17%',
      }),
    ).toBeVisible();
    await expect(panel.getAllByText('Not reported')).toHaveLength(2);
  },
};
