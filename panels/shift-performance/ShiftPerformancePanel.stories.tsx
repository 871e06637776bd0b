import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { PanelFrame, type PanelState } from '../../src/runtime/panel-sdk.ts';
import { IMPRESSIONS_OPTIONS, SHIFT_PERFORMANCE_ANSWER } from './fixtures.ts';
import { selectShiftPerformance } from './model.ts';
import { ShiftPerformancePanel } from './ShiftPerformancePanel.tsx';

type ShiftPerformanceStoryArgs = Parameters<typeof ShiftPerformancePanel>[0];

/** The panel inside the runtime's frame, as a report shows it in each phase (fixtures only, no network). */
function framed(state: PanelState) {
  function FramedShiftPerformance(args: ShiftPerformanceStoryArgs) {
    return (
      <div style={{ width: args.width, height: args.height }}>
        <PanelFrame title={args.title} state={state} placeholder="card">
          <ShiftPerformancePanel {...args} />
        </PanelFrame>
      </div>
    );
  }
  return FramedShiftPerformance;
}

const meta = {
  title: 'Panels/Shift performance',
  component: ShiftPerformancePanel,
  args: {
    options: IMPRESSIONS_OPTIONS,
    data: selectShiftPerformance(SHIFT_PERFORMANCE_ANSWER),
    title: 'Shift performance',
    systemGroup: 'Apollo',
    width: 640,
    height: 240,
  },
  render: framed('ready'),
} satisfies Meta<typeof ShiftPerformancePanel>;

export default meta;

type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  render: framed('loading'),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status', { name: 'Loading Shift performance' })).toBeVisible();
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
    const panel = within(canvasElement).getByRole('region', { name: 'Shift performance' });
    await expect(within(panel).getByText('1,330')).toBeVisible();
    await expect(within(panel).getByText('133%')).toBeVisible();
  },
};
