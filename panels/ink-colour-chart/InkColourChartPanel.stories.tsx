import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { PanelFrame, type PanelState } from '../../src/runtime/panel-sdk.ts';
import { INK_COLOUR_CHART_ANSWER, INK_COLOUR_CHART_OPTIONS } from './fixtures.ts';
import { selectInkColourChart } from './model.ts';
import { InkColourChartPanel } from './InkColourChartPanel.tsx';

type InkColourChartStoryArgs = Parameters<typeof InkColourChartPanel>[0];

/** The panel inside the runtime's frame, as a report shows it in each phase (fixtures only, no network). */
function framed(state: PanelState) {
  function FramedInkColourChart(args: InkColourChartStoryArgs) {
    return (
      <div style={{ width: args.width, height: args.height }}>
        <PanelFrame title={args.title} state={state} placeholder="card">
          <InkColourChartPanel {...args} />
        </PanelFrame>
      </div>
    );
  }
  return FramedInkColourChart;
}

const meta = {
  title: 'Panels/Ink colour chart',
  component: InkColourChartPanel,
  args: {
    options: INK_COLOUR_CHART_OPTIONS,
    data: selectInkColourChart(INK_COLOUR_CHART_ANSWER, INK_COLOUR_CHART_OPTIONS),
    title: 'Ink colour chart',
    systemGroup: 'DTG',
    width: 320,
    height: 144,
  },
  render: framed('ready'),
} satisfies Meta<typeof InkColourChartPanel>;

export default meta;

type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  render: framed('loading'),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status', { name: 'Loading Ink colour chart' })).toBeVisible();
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
    const panel = within(canvasElement).getByRole('region', { name: 'Ink colour chart' });
    await expect(within(panel).getByText('12.3k imp')).toBeVisible();
  },
};
