import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fireEvent, userEvent, waitFor, within } from 'storybook/test';
import { panelStateStories } from '../../src/runtime/panel-sdk-stories.tsx';
import type { SeriesFrame } from '../../src/shared/contract/frames.ts';
import {
  CYCLE_TIME_SERIES,
  DTF_PRODUCTION_SERIES,
  INK_OPTIONS,
  KPI_OPTIONS,
  PRINT_TIME_SERIES,
  QUARTER_INK_SERIES,
} from './fixtures.ts';
import { selectSeriesChart } from './model.ts';
import type { SeriesChartOptions } from './options.ts';
import {
  DAY_GRAPHS,
  frames,
  PRODUCTION_OPTIONS,
  SPEED_OR_UTILIZATION_OPTIONS,
  WEEK_GRAPHS,
} from './overview.fixtures.ts';
import { SeriesChartPanel } from './SeriesChartPanel.tsx';

/** A story's options, the data the kind selects with them from the frame, and its title. */
function chartOf(frame: SeriesFrame, options: SeriesChartOptions, title: string) {
  return { options, data: selectSeriesChart(frame, options)!, title };
}

const states = panelStateStories(SeriesChartPanel, {
  boxStyle: () => ({ display: 'flex' }),
  args: { ...chartOf(PRINT_TIME_SERIES, KPI_OPTIONS, 'Printing Time'), systemGroup: 'DTG', width: 480, height: 320 },
});

/** The panel of the story's title, once its bars (their own chunk) are drawn. */
async function drawnChart(canvasElement: HTMLElement, title: string): Promise<HTMLElement> {
  const panel = within(canvasElement).getByRole('region', { name: title });
  await waitFor(() => expect(panel.querySelector('.series-chart')).not.toBeNull());
  return panel;
}

/** The Overview's charts: their own title row with the comparison legend, in a cell of 720 × 300 px. */
function overviewChart(frame: SeriesFrame, options: SeriesChartOptions, title: string) {
  return {
    args: { ...chartOf(frame, options, title), width: 720, height: 300 },
    render: states.framed('ready', { drawsOwnTitle: true }),
  };
}

const meta = { title: 'Panels/Series chart', ...states.meta } satisfies Meta<typeof SeriesChartPanel>;

export default meta;

type Story = StoryObj<typeof meta>;

export const Loading: Story = states.Loading;

export const Empty: Story = states.Empty;

export const Error: Story = states.Error;

export const NothingSelected: Story = states.NothingSelected;

export const Data: Story = {
  play: async ({ canvasElement }) => {
    const panel = await drawnChart(canvasElement, 'Printing Time');
    await expect(within(panel).getByText('1d 1h')).toBeVisible();
    await expect(within(panel).getByText('1.32 s/imp')).toBeVisible();
    await expect(within(panel).getByRole('img', { name: 'Printing Time per day' })).toBeVisible();
  },
};

export const ApolloCycleTime: Story = {
  args: { ...chartOf(CYCLE_TIME_SERIES, KPI_OPTIONS, 'Cycle Time'), systemGroup: 'Apollo' },
  play: async ({ canvasElement }) => {
    const panel = await drawnChart(canvasElement, 'Cycle Time');
    await expect(within(panel).getByText('Average process time:', { exact: false })).toBeVisible();
    await expect(within(panel).getByText('1m 35s')).toBeVisible();
  },
};

export const DtfProductionWithCutWeek: Story = {
  args: { ...chartOf(DTF_PRODUCTION_SERIES, KPI_OPTIONS, 'Production'), systemGroup: 'DTF' },
  play: async ({ canvasElement }) => {
    const panel = await within(canvasElement).findByRole('region', { name: 'Production' });
    await expect(within(panel).getByText('800 m')).toBeVisible();
    await expect(within(panel).getByRole('img', { name: 'Production per week' })).toBeVisible();
    // The cut week's orange count is a line under its axis label, not drawn over it (issue #25).
    // The chart is drawn again once the figures above it have their height: measure the texts of the last drawing.
    await waitFor(() => {
      const label = within(panel).getByText('Wk Feb 26').getBoundingClientRect();
      const count = within(panel).getByText('3 days').getBoundingClientRect();
      expect(count.top).toBeGreaterThanOrEqual(label.bottom - 1);
    });
  },
};

/** A narrow cell (as on a phone): the changes wrap onto lines of their own, and the chart still fits in the panel. */
export const NarrowWithWrappedFigures: Story = {
  args: { width: 240, height: 300 },
  play: async ({ canvasElement }) => {
    const panel = await drawnChart(canvasElement, 'Printing Time');
    // The chart is drawn again once its box is measured: check the last drawing.
    await waitFor(() => {
      const figures = panel.querySelector('.series-chart__figures')!.getBoundingClientRect();
      const chart = within(panel).getByRole('img', { name: 'Printing Time per day' }).querySelector('svg')!;
      const panelBox = panel.getBoundingClientRect();
      const chartBox = chart.getBoundingClientRect();
      // Three lines of figures (value and change, per unit, its change) under the title, the x axis still inside.
      expect(figures.height).toBeGreaterThan(64);
      expect(chartBox.top).toBeGreaterThanOrEqual(figures.bottom);
      expect(chartBox.bottom).toBeLessThanOrEqual(panelBox.bottom);
    });
  },
};

/** JobGraphs' ink frame, weeks of a quarter: Total first; the cut first week shows '3 days' in orange; Black added from the picker. */
export const InkColoursWithPicker: Story = {
  args: { ...chartOf(QUARTER_INK_SERIES, INK_OPTIONS, 'Ink Consumption'), width: 640, height: 300 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // The bars are a chunk of their own: wait for them.
    await expect(await canvas.findByRole('img', { name: 'Ink Consumption: Total' })).toBeVisible();
    // The orange count is a line under its axis label, not drawn over it (issue #25).
    // The chart is drawn again once its box is measured (a text found in the first drawing may be gone the next moment):
    // look at the texts of the last drawing.
    await waitFor(() => {
      expect(canvas.getByText('3 days')).toBeVisible();
      const label = canvas.getByText('Wk Dec 25').getBoundingClientRect();
      expect(canvas.getByText('3 days').getBoundingClientRect().top).toBeGreaterThanOrEqual(label.bottom - 1);
    });
    await userEvent.click(canvas.getByText('Total', { selector: '.p-multiselect-token-label' }));
    // The answer's 'black' is offered, drawn and named as people read it (frames' words).
    const black = await within(canvasElement.ownerDocument.body).findByRole('option', { name: 'Black' });
    await userEvent.click(black);
    const chart = await canvas.findByRole('img', { name: 'Ink Consumption: Total, Black' });
    await expect(chart).toBeVisible();
    // The tooltip of a bucket names its bars as the picker does.
    // The chart is drawn again once its box is measured: point at the middle of the last drawing until it answers.
    await waitFor(async () => {
      const plot = chart.querySelector('svg')!;
      const box = plot.getBoundingClientRect();
      await fireEvent.mouseMove(plot, { clientX: box.left + box.width / 2, clientY: box.top + box.height / 2 });
      await expect(within(chart).getByText('Black')).toBeVisible();
    });
  },
};

/** A panel written only in a layout: the same ink frame without options draws every colour side by side, no figures. */
export const EveryColourWithoutOptions: Story = {
  args: { ...chartOf(QUARTER_INK_SERIES, {}, 'Ink per colour'), width: 640, height: 300 },
  play: async ({ canvasElement }) => {
    const panel = await drawnChart(canvasElement, 'Ink per colour');
    await expect(within(panel).getByRole('img', { name: 'Ink per colour per week' })).toBeVisible();
    await expect(within(panel).queryByRole('combobox')).toBeNull();
    await expect(panel.querySelector('.series-chart__figures')).toBeNull();
  },
};

/** The Overview's production chart: its own title row with the legend, bars of the day against the previous one's line. */
export const ComparedWithPreviousDay: Story = {
  ...overviewChart(frames(DAY_GRAPHS).production, PRODUCTION_OPTIONS, 'Production'),
  play: async ({ canvasElement }) => {
    const panel = await within(canvasElement).findByRole('region', { name: 'Production' });
    await expect(await within(panel).findByRole('img', { name: 'Production chart' })).toBeVisible();
    await expect(within(panel).getByText('Previous same day')).toBeVisible();
  },
};

/** The Overview's speed-or-utilization chart of a week: a toggle between the frame's two series. */
export const SpeedOrUtilizationToggle: Story = {
  ...overviewChart(frames(WEEK_GRAPHS).speedAndUtilization, SPEED_OR_UTILIZATION_OPTIONS, 'Speed or utilization'),
  play: async ({ canvasElement }) => {
    const panel = within(canvasElement);
    const toggle = await panel.findByRole('group', { name: 'Chart' });
    await userEvent.click(within(toggle).getByRole('button', { name: 'Utilization' }));
    await expect(within(toggle).getByRole('button', { name: 'Utilization' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(panel.getByText('100%')).toBeVisible());
  },
};
