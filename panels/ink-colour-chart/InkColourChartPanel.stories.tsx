import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { panelStateStories } from '../../src/runtime/panel-sdk-stories.tsx';
import { COMPARISON_OPTIONS, CONSUMPTION_OPTIONS, WEEK_GRAPHS } from './fixtures.ts';
import { InkColourChartPanel } from './InkColourChartPanel.tsx';
import { selectInkColourChart, type InkColourChartData } from './model.ts';

/** The chart's box holds the frame's title too. */
const states = panelStateStories(InkColourChartPanel, {
  boxStyle: (args) => ({ height: args.height + 40 }),
  args: {
    options: CONSUMPTION_OPTIONS,
    data: selectInkColourChart(WEEK_GRAPHS, CONSUMPTION_OPTIONS) as InkColourChartData,
    title: 'Colour Consumption',
    systemGroup: 'DTG',
    width: 480,
    height: 240,
  },
});

const meta = { title: 'Panels/Ink colour chart', ...states.meta } satisfies Meta<typeof InkColourChartPanel>;

export default meta;

type Story = StoryObj<typeof meta>;

export const Loading: Story = states.Loading;

export const Empty: Story = states.Empty;

export const Error: Story = states.Error;

export const NothingSelected: Story = states.NothingSelected;

export const Data: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('img', { name: /Color 5\.9k ml · 50%/ })).toBeVisible();
    await expect(await canvas.findByText('5.9k ml · 50%')).toBeVisible();
    // The answer's 'black' and 'white' on the axis as people read them (frames' words), in the last drawing.
    await waitFor(() => {
      expect(canvas.getByText('Black')).toBeVisible();
      expect(canvas.getByText('White')).toBeVisible();
    });
  },
};

export const Comparison: Story = {
  args: {
    title: 'Colour Compare',
    options: COMPARISON_OPTIONS,
    data: selectInkColourChart(WEEK_GRAPHS, COMPARISON_OPTIONS) as InkColourChartData,
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Previous week')).toBeVisible();
  },
};
