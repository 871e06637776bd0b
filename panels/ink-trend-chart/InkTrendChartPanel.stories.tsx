import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { PanelFrame, type PanelState } from '../../src/runtime/panel-sdk.ts';
import { INK_TREND_CHART_ANSWER, INK_TREND_CHART_OPTIONS } from './fixtures.ts';
import { selectInkTrendChart } from './model.ts';
import { InkTrendChartPanel } from './InkTrendChartPanel.tsx';

type InkTrendChartStoryArgs = Parameters<typeof InkTrendChartPanel>[0];

/** The panel inside the runtime's frame, as a report shows it in each phase (fixtures only, no network). */
function framed(state: PanelState) {
  function FramedInkTrendChart(args: InkTrendChartStoryArgs) {
    return (
      <div style={{ width: args.width, height: args.height }}>
        <PanelFrame title={args.title} state={state} placeholder="card">
          <InkTrendChartPanel {...args} />
        </PanelFrame>
      </div>
    );
  }
  return FramedInkTrendChart;
}

const meta = {
  title: 'Panels/Ink trend chart',
  component: InkTrendChartPanel,
  args: {
    options: INK_TREND_CHART_OPTIONS,
    data: selectInkTrendChart(INK_TREND_CHART_ANSWER, INK_TREND_CHART_OPTIONS),
    title: 'Ink trend chart',
    systemGroup: 'DTG',
    width: 320,
    height: 144,
  },
  render: framed('ready'),
} satisfies Meta<typeof InkTrendChartPanel>;

export default meta;

type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  render: framed('loading'),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status', { name: 'Loading Ink trend chart' })).toBeVisible();
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
    const panel = within(canvasElement).getByRole('region', { name: 'Ink trend chart' });
    await expect(within(panel).getByText('12.3k imp')).toBeVisible();
  },
};
