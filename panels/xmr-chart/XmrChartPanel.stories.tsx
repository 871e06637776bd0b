import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { panelStateStories } from '../../src/runtime/panel-sdk-stories.tsx';
import { XMR_CHART_ANSWER, XMR_CHART_OPTIONS, XMR_CHART_WEEK_ANSWER } from './fixtures.ts';
import { selectXmrChart, type XmrChartData } from './model.ts';

const EMPTY: XmrChartData = {
  per: { kind: 'interval', minutes: 20 },
  points: [],
  centreLine: null,
  upperNaturalLimit: null,
  lowerNaturalLimit: null,
  movingRangeCentre: null,
  movingRangeUpperLimit: null,
  flagged: 0,
};
import { XmrChartPanel } from './XmrChartPanel.tsx';

const states = panelStateStories(XmrChartPanel, {
  args: {
    options: XMR_CHART_OPTIONS,
    data: selectXmrChart(XMR_CHART_ANSWER) ?? { ...EMPTY },
    title: 'Impressions (XMR)',
    systemGroup: 'Apollo',
    width: 900,
    height: 480,
  },
});

const meta = { title: 'Panels/XMR chart', ...states.meta } satisfies Meta<typeof XmrChartPanel>;

export default meta;

type Story = StoryObj<typeof meta>;

export const Loading: Story = states.Loading;

export const Empty: Story = states.Empty;

export const Error: Story = states.Error;

export const NothingSelected: Story = states.NothingSelected;

export const Data: Story = {
  play: async ({ canvas }) => {
    const panel = canvas.getByRole('region', { name: 'Impressions (XMR)' });
    await expect(within(panel).getByText('Centre 100 · limits 47–153 · 2 flagged')).toBeVisible();
    await expect(within(panel).getByRole('img', { name: /4 intervals/ })).toBeVisible();
  },
};

/** Week and Custom: one point per shift against its target; the baseline varies too much for a lower limit. */
export const WeekOfShifts: Story = {
  args: { data: selectXmrChart(XMR_CHART_WEEK_ANSWER) ?? { ...EMPTY } },
  play: async ({ canvas }) => {
    const panel = canvas.getByRole('region', { name: 'Impressions (XMR)' });
    await expect(within(panel).getByText('Impressions / shift')).toBeVisible();
    await expect(within(panel).getByText('Centre 900 · upper limit 1964 · no lower limit · 0 flagged')).toBeVisible();
    await expect(within(panel).getByRole('img', { name: /^Impressions \(XMR\): 5 shifts,/ })).toBeVisible();
  },
};
