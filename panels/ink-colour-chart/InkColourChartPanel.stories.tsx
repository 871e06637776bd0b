import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { PanelFrame, type PanelState } from '../../src/runtime/panel-sdk.ts';
import { COMPARISON_OPTIONS, CONSUMPTION_OPTIONS, WEEK_GRAPHS } from './fixtures.ts';
import { InkColourChartPanel } from './InkColourChartPanel.tsx';
import { selectInkColourChart, type InkColourChartData } from './model.ts';

type InkColourChartStoryArgs = Parameters<typeof InkColourChartPanel>[0];

/** The panel inside the runtime's frame, as a report shows it in each phase (fixtures only, no network). */
function framed(state: PanelState) {
  function FramedInkColourChart(args: InkColourChartStoryArgs) {
    return (
      <div style={{ width: args.width, height: args.height + 40 }}>
        <PanelFrame title={args.title} state={state}>
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
    options: CONSUMPTION_OPTIONS,
    data: selectInkColourChart(WEEK_GRAPHS, CONSUMPTION_OPTIONS) as InkColourChartData,
    title: 'Colour Consumption',
    systemGroup: 'DTG',
    width: 480,
    height: 240,
  },
  render: framed('ready'),
} satisfies Meta<typeof InkColourChartPanel>;

export default meta;

type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  render: framed('loading'),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status', { name: 'Loading Colour Consumption' })).toBeVisible();
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
    await expect(within(canvasElement).getByRole('img', { name: /Color 5\.9k ml · 50%/ })).toBeVisible();
    await expect(await within(canvasElement).findByText('5.9k ml · 50%')).toBeVisible();
  },
};

export const Comparison: Story = {
  args: {
    title: 'Colour Compare',
    options: COMPARISON_OPTIONS,
    data: selectInkColourChart(WEEK_GRAPHS, COMPARISON_OPTIONS) as InkColourChartData,
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Previous week')).toBeVisible();
  },
};
