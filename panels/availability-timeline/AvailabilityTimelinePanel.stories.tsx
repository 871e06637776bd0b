import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { PanelFrame, type PanelState } from '../../src/runtime/panel-sdk.ts';
import { AVAILABILITY_TIMELINE_ANSWER, AVAILABILITY_TIMELINE_OPTIONS } from './fixtures.ts';
import { selectAvailabilityTimeline, type AvailabilityTimelineData } from './model.ts';
import { AvailabilityTimelinePanel } from './AvailabilityTimelinePanel.tsx';

type AvailabilityTimelineStoryArgs = Parameters<typeof AvailabilityTimelinePanel>[0];

/** The panel inside the runtime's frame, as a report shows it in each phase (fixtures only, no network). */
function framed(state: PanelState) {
  function FramedAvailabilityTimeline(args: AvailabilityTimelineStoryArgs) {
    return (
      <div style={{ width: args.width, height: args.height }}>
        <PanelFrame title={args.title} state={state} placeholder="chart">
          <AvailabilityTimelinePanel {...args} />
        </PanelFrame>
      </div>
    );
  }
  return FramedAvailabilityTimeline;
}

const meta = {
  title: 'Panels/Availability timeline',
  component: AvailabilityTimelinePanel,
  args: {
    options: AVAILABILITY_TIMELINE_OPTIONS,
    data: selectAvailabilityTimeline(AVAILABILITY_TIMELINE_ANSWER) as AvailabilityTimelineData,
    title: 'Availability',
    systemGroup: 'DTG',
    width: 600,
    height: 260,
  },
  render: framed('ready'),
} satisfies Meta<typeof AvailabilityTimelinePanel>;

export default meta;

type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  render: framed('loading'),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status', { name: 'Loading Availability' })).toBeVisible();
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

export const Data: Story = {
  play: async ({ canvasElement }) => {
    const panel = within(canvasElement);
    await expect(panel.getByText('91.30%')).toBeVisible();
    await expect(panel.getByText('8 AM: 50.00%')).toBeInTheDocument();
    await expect(panel.getByText('2 AM: --')).toBeInTheDocument();
  },
};
