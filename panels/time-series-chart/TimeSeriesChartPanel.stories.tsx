import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { panelStateStories } from '../../src/runtime/panel-sdk-stories.tsx';
import {
  AVAILABILITY_OPTIONS,
  CUSTOM_GRAPHS,
  DAY_GRAPHS,
  DTF_DAY_GRAPHS,
  MONTH_GRAPHS,
  PRODUCTION_OPTIONS,
  SPEED_OR_UTILIZATION_OPTIONS,
  WEEK_GRAPHS,
} from './fixtures.ts';
import { selectChartData, type TimeSeriesChartData, type TimeSeriesChartInput } from './model.ts';
import type { TimeSeriesChartOptions } from './options.ts';
import { TimeSeriesChartPanel } from './TimeSeriesChartPanel.tsx';

function dataOf(response: TimeSeriesChartInput, options: TimeSeriesChartOptions): TimeSeriesChartData {
  const data = selectChartData(response, options);
  if (data === null) throw new TypeError('fixture has no chart data');
  return data;
}

const states = panelStateStories(TimeSeriesChartPanel, { drawsOwnTitle: true });

/** Waits until ECharts has drawn bars into the SVG, and returns the chart. */
async function drawnChart(canvasElement: HTMLElement, name: string): Promise<HTMLElement> {
  const chart = within(canvasElement).getByRole('img', { name });
  await waitFor(() => expect(chart.querySelectorAll('svg path').length).toBeGreaterThan(10));
  return chart;
}

const meta = {
  title: 'Panels/Time-series chart',
  component: TimeSeriesChartPanel,
  args: {
    options: PRODUCTION_OPTIONS,
    data: dataOf(DAY_GRAPHS, PRODUCTION_OPTIONS),
    title: 'Production',
    systemGroup: 'DTG',
    width: 640,
    height: 248,
  },
  render: states.framed('ready'),
} satisfies Meta<typeof TimeSeriesChartPanel>;

export default meta;

type Story = StoryObj<typeof meta>;

export const Loading: Story = states.Loading;

export const Empty: Story = states.Empty;

export const Error: Story = states.Error;

export const NothingSelected: Story = states.NothingSelected;

/** Production by hour of a day: bars up to 17:00, the previous same day as a line. */
export const Data: Story = {
  play: async ({ canvasElement }) => {
    await drawnChart(canvasElement, 'Production chart');
    await expect(within(canvasElement).getByText('Previous same day')).toBeVisible();
  },
};

export const Week: Story = {
  name: 'Data (week: daily bars)',
  args: { data: dataOf(WEEK_GRAPHS, PRODUCTION_OPTIONS) },
  play: async ({ canvasElement }) => {
    const chart = await drawnChart(canvasElement, 'Production chart');
    await expect(within(chart).getByText('Mar 4')).toBeInTheDocument();
    await expect(within(canvasElement).getByText('Selected week')).toBeVisible();
  },
};

/** DTF production of a user whose length unit is Yard: the answer's metres drawn in yards, the axis named 'yd'. */
export const DTFInYards: Story = {
  name: 'Data (DTF in yards)',
  args: { systemGroup: 'DTF', data: dataOf(DTF_DAY_GRAPHS, PRODUCTION_OPTIONS) },
  parameters: { lengthUnits: 'Yard' },
  play: async ({ canvasElement }) => {
    const chart = await drawnChart(canvasElement, 'Production chart');
    await expect(within(chart).getByText('yd')).toBeInTheDocument();
    await expect(within(chart).queryByText('m')).toBeNull();
  },
};

/** The same answer for a Meter user: metres, the axis named 'm'. */
export const DTFInMetres: Story = {
  name: 'Data (DTF in metres)',
  args: { systemGroup: 'DTF', data: dataOf(DTF_DAY_GRAPHS, PRODUCTION_OPTIONS) },
  play: async ({ canvasElement }) => {
    const chart = await drawnChart(canvasElement, 'Production chart');
    await expect(within(chart).getByText('m')).toBeInTheDocument();
  },
};

export const CustomPeriod: Story = {
  name: 'Data (custom period of 10 days: from last year)',
  args: { data: dataOf(CUSTOM_GRAPHS, PRODUCTION_OPTIONS) },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('(From last year)')).toBeVisible();
  },
};

export const NotDrawnForMonths: Story = {
  name: 'Months (not drawn: placeholder)',
  args: { data: dataOf(MONTH_GRAPHS, PRODUCTION_OPTIONS) },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status', { name: 'Loading Production' })).toBeVisible();
    await expect(canvas.queryByRole('img', { name: 'Production chart' })).toBeNull();
  },
};

/** DTG starts on Speed; the toggle switches to Utilization (a percentage axis). */
export const SpeedOrUtilization: Story = {
  name: 'Speed or utilization (toggle)',
  args: {
    title: 'Speed or utilization',
    options: SPEED_OR_UTILIZATION_OPTIONS,
    data: dataOf(DAY_GRAPHS, SPEED_OR_UTILIZATION_OPTIONS),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Speed' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(canvas.getByRole('button', { name: 'Utilization' }));
    await expect(canvas.getByRole('button', { name: 'Utilization' })).toHaveAttribute('aria-pressed', 'true');
    const chart = await drawnChart(canvasElement, 'Speed or utilization chart');
    await waitFor(() => expect(within(chart).getByText('100%')).toBeInTheDocument());
  },
};

export const UtilizationFirstForApollo: Story = {
  name: 'Speed or utilization (Apollo starts on Utilization)',
  args: { ...SpeedOrUtilization.args, systemGroup: 'Apollo' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Utilization' })).toHaveAttribute('aria-pressed', 'true');
  },
};

/** Availability by hour: bars coloured by the §9 thresholds. */
export const Availability: Story = {
  name: 'Availability (threshold colours)',
  args: { title: 'Availability', options: AVAILABILITY_OPTIONS, data: dataOf(DAY_GRAPHS, AVAILABILITY_OPTIONS) },
  play: async ({ canvasElement }) => {
    const chart = await drawnChart(canvasElement, 'Availability chart');
    const fills = [...chart.querySelectorAll('svg path')].map((path) => path.getAttribute('fill'));
    await expect(fills).toContain('#FF404F');
    await expect(fills).toContain('#1BB934');
  },
};
