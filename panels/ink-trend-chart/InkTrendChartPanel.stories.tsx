import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { panelStateStories } from '../../src/runtime/panel-sdk-stories.tsx';
import { INK_TREND_OPTIONS, QUARTER_GRAPHS } from './fixtures.ts';
import { InkTrendChartPanel } from './InkTrendChartPanel.tsx';
import { selectInkTrendChart, type InkTrendChartData } from './model.ts';

/** The chart's box holds the frame's title too. */
const states = panelStateStories(InkTrendChartPanel, { boxStyle: (args) => ({ height: args.height + 40 }) });

const data = selectInkTrendChart(QUARTER_GRAPHS) as InkTrendChartData;

const meta = {
  title: 'Panels/Ink trend chart',
  component: InkTrendChartPanel,
  args: { options: INK_TREND_OPTIONS, data, title: 'Ink Consumption', systemGroup: 'DTG', width: 640, height: 300 },
  render: states.framed('ready'),
} satisfies Meta<typeof InkTrendChartPanel>;

export default meta;

type Story = StoryObj<typeof meta>;

export const Loading: Story = states.Loading;

export const Empty: Story = states.Empty;

export const Error: Story = states.Error;

export const NothingSelected: Story = states.NothingSelected;

/** Weeks of a quarter: Total first; the cut first week shows '3 days' in orange; black added from the multi-select. */
export const Data: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('img', { name: 'Ink Consumption: Total' })).toBeVisible();
    await expect(await canvas.findByText('3 days')).toBeVisible();
    // The orange count is a line under its axis label, not drawn over it (issue #25).
    const label = (await canvas.findByText('Wk Dec 25')).getBoundingClientRect();
    await expect((await canvas.findByText('3 days')).getBoundingClientRect().top).toBeGreaterThanOrEqual(
      label.bottom - 1,
    );
    await userEvent.click(canvas.getByText('Total', { selector: '.p-multiselect-token-label' }));
    const black = await within(canvasElement.ownerDocument.body).findByRole('option', { name: 'black' });
    await userEvent.click(black);
    await expect(await canvas.findByRole('img', { name: 'Ink Consumption: Total, black' })).toBeVisible();
  },
};
