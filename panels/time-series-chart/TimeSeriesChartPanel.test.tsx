import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { t } from '../../src/runtime/panel-sdk-text.ts';
import type { SystemGroup } from '../../src/shared/system-group.ts';
import { YARDS_PER_METRE, inLengthUnits } from '../../src/shared/units/length-units.ts';
import { CHART_COLOURS, axisLabel, buildChartOption, formatChartValue } from './chart-option.ts';
import { forgetChoices } from './chart-choice.ts';
import {
  AVAILABILITY_OPTIONS,
  CUSTOM_GRAPHS,
  DAY_GRAPHS,
  DTF_DAY_GRAPHS,
  MONTH_GRAPHS,
  UTILIZATION_ONLY_GRAPHS,
  PRODUCTION_OPTIONS,
  SHORT_CUSTOM_GRAPHS,
  SPEED_OR_UTILIZATION_OPTIONS,
  WEEK_GRAPHS,
} from './fixtures.ts';
import {
  chartDataInUnits,
  defaultSeriesId,
  selectChartData,
  type ChartSeriesOptions,
  type TimeSeriesChartData,
  type TimeSeriesChartInput,
} from './model.ts';
import type { TimeSeriesChartOptions } from './options.ts';
import { TimeSeriesChartPanel } from './TimeSeriesChartPanel.tsx';

afterEach(() => act(forgetChoices));

function chartData(response: TimeSeriesChartInput, options: TimeSeriesChartOptions): TimeSeriesChartData {
  const data = selectChartData(response, options);
  if (data === null) throw new Error('fixture has no chart data');
  return data;
}

function renderChart(
  response: TimeSeriesChartInput,
  options: TimeSeriesChartOptions,
  systemGroup: SystemGroup = 'DTG',
  title = 'Production',
) {
  const element = (group: SystemGroup) => (
    <TimeSeriesChartPanel
      options={options}
      data={chartData(response, options)}
      title={title}
      systemGroup={group}
      width={600}
      height={260}
    />
  );
  const view = render(element(systemGroup));
  return { ...view, switchGroup: (group: SystemGroup) => view.rerender(element(group)) };
}

function legend(): (string | null)[] {
  return within(screen.getByRole('list', { name: 'Legend' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);
}

function pressed(): string | undefined {
  return (
    within(screen.getByRole('group', { name: 'Chart' }))
      .getAllByRole('button')
      .find((button) => button.getAttribute('aria-pressed') === 'true')?.textContent ?? undefined
  );
}

function seriesOf(options: TimeSeriesChartOptions, id: string): ChartSeriesOptions {
  const series = options.series.find((option) => option.id === id);
  if (series === undefined) throw new Error(`no series ${id}`);
  return series;
}

describe('TimeSeriesChartPanel', () => {
  it('draws the chart (SVG) under its title with the legend of a day', () => {
    renderChart(DAY_GRAPHS, PRODUCTION_OPTIONS);
    expect(screen.getByRole('region', { name: 'Production' })).toBeDefined();
    expect(screen.getByRole('img', { name: 'Production chart' }).querySelector('svg')).not.toBeNull();
    expect(legend()).toEqual(['Selected day', 'Previous same day']);
    expect(screen.queryByRole('group', { name: 'Chart' })).toBeNull();
  });

  it('labels the legend of a week', () => {
    renderChart(WEEK_GRAPHS, PRODUCTION_OPTIONS);
    expect(legend()).toEqual(['Selected week', 'Previous week']);
  });

  it('labels a custom period of 8 days or more as compared with last year', () => {
    renderChart(CUSTOM_GRAPHS, PRODUCTION_OPTIONS);
    expect(legend()).toEqual(['Selected period', 'Previous period (From last year)']);
  });

  it('labels a shorter custom period as compared with last week', () => {
    renderChart(SHORT_CUSTOM_GRAPHS, PRODUCTION_OPTIONS);
    expect(legend()).toEqual(['Selected period', 'Previous period (From last week)']);
  });

  it('shows the placeholder instead of a chart for monthly slots', () => {
    renderChart(MONTH_GRAPHS, PRODUCTION_OPTIONS);
    expect(screen.getByRole('status', { name: 'Loading Production' })).toBeDefined();
    expect(screen.queryByRole('img', { name: 'Production chart' })).toBeNull();
  });

  it.each([
    ['DTG', 'Speed'],
    ['DTF', 'Speed'],
    ['Apollo', 'Utilization'],
  ] as const)('shows %s the %s chart first', (group, label) => {
    renderChart(DAY_GRAPHS, SPEED_OR_UTILIZATION_OPTIONS, group, 'Speed or utilization');
    expect(pressed()).toBe(label);
  });

  it('toggles between speed and utilization and keeps the choice per group', () => {
    const view = renderChart(DAY_GRAPHS, SPEED_OR_UTILIZATION_OPTIONS, 'DTG', 'Speed or utilization');
    fireEvent.click(screen.getByRole('button', { name: 'Utilization' }));
    expect(pressed()).toBe('Utilization');

    view.switchGroup('DTF');
    expect(pressed()).toBe('Speed');
    view.switchGroup('DTG');
    expect(pressed()).toBe('Utilization');

    // Choosing the chart already shown changes nothing.
    fireEvent.click(screen.getByRole('button', { name: 'Utilization' }));
    expect(pressed()).toBe('Utilization');
    fireEvent.click(screen.getByRole('button', { name: 'Speed' }));
    expect(pressed()).toBe('Speed');
  });

  it('says there is no data when the chosen series has no points', () => {
    renderChart(UTILIZATION_ONLY_GRAPHS, SPEED_OR_UTILIZATION_OPTIONS, 'DTG', 'Speed or utilization');
    expect(screen.getByText('No data for this period')).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Utilization' }));
    expect(screen.queryByText('No data for this period')).toBeNull();
    expect(screen.getByRole('img', { name: 'Speed or utilization chart' })).toBeDefined();
  });
});

describe('time-series-chart model', () => {
  it('selects points, hiding future and unreported slots and availability -1', () => {
    const slot = { granularity: 'hour', isFuturePeriod: false, isNotReported: false } as const;
    const response: TimeSeriesChartInput = {
      period: DAY_GRAPHS.period,
      comparedUntil: null,
      availabilityChart: [
        { ...slot, date: '2024-03-05T00:00:00', value: 0.9, previous: -1 },
        { ...slot, date: '2024-03-05T01:00:00', value: -1, previous: 0.5 },
        { ...slot, date: '2024-03-05T02:00:00', value: 0.7, previous: -1, isNotReported: true },
        { ...slot, date: '2024-03-05T03:00:00', value: 0.7, previous: -1, isFuturePeriod: true },
      ],
    };
    expect(selectChartData(response, AVAILABILITY_OPTIONS)).toEqual({
      compared: 'day',
      units: { availability: '' },
      series: {
        availability: [
          { date: '2024-03-05T00:00:00', granularity: 'hour', value: 0.9, previous: null },
          { date: '2024-03-05T01:00:00', granularity: 'hour', value: null, previous: 0.5 },
          { date: '2024-03-05T02:00:00', granularity: 'hour', value: null, previous: null },
          { date: '2024-03-05T03:00:00', granularity: 'hour', value: null, previous: null },
        ],
      },
    });
  });

  it('selects nothing (the empty state) when no series has points', () => {
    const empty = { period: DAY_GRAPHS.period, comparedUntil: null };
    expect(selectChartData(empty, PRODUCTION_OPTIONS)).toBeNull();
    expect(selectChartData({ ...empty, productionChart: [] }, PRODUCTION_OPTIONS)).toBeNull();
  });

  it('draws the previous period only up to the time of a period in progress, and says so in the legend', () => {
    const slot = { granularity: 'hour', isFuturePeriod: false, isNotReported: false } as const;
    const response: TimeSeriesChartInput = {
      period: { timeframe: 'day', startDay: '2026-11-28', endDay: '2026-11-28' },
      comparedUntil: { localTime: '2026-11-28T11:29' },
      productionChart: [
        { ...slot, date: '2026-11-28T11:00', value: 40, previous: 35 },
        { ...slot, date: '2026-11-28T12:00', value: 0, previous: 0, isFuturePeriod: true },
      ],
    };
    expect(selectChartData(response, PRODUCTION_OPTIONS)).toMatchObject({
      compared: 'day',
      until: 'to 11:29',
      series: {
        production: [
          { date: '2026-11-28T11:00', value: 40, previous: 35 },
          { date: '2026-11-28T12:00', value: null, previous: null },
        ],
      },
    });
  });

  it("reads the compared period from the answer's period, with a custom period's days", () => {
    expect(selectChartData(DAY_GRAPHS, PRODUCTION_OPTIONS)?.compared).toBe('day');
    expect(selectChartData(WEEK_GRAPHS, PRODUCTION_OPTIONS)?.compared).toBe('week');
    expect(selectChartData(MONTH_GRAPHS, PRODUCTION_OPTIONS)).toMatchObject({ compared: 'period' });
    expect(selectChartData(CUSTOM_GRAPHS, PRODUCTION_OPTIONS)).toMatchObject({
      compared: 'period',
      basis: 'From last year',
    });
    expect(selectChartData(SHORT_CUSTOM_GRAPHS, PRODUCTION_OPTIONS)).toMatchObject({ basis: 'From last week' });
  });

  it('falls back to the first series for a group without a default', () => {
    expect(defaultSeriesId(SPEED_OR_UTILIZATION_OPTIONS, 'Apollo')).toBe('utilization');
    expect(defaultSeriesId({ series: SPEED_OR_UTILIZATION_OPTIONS.series }, 'Apollo')).toBe('speed');
    expect(defaultSeriesId({ ...SPEED_OR_UTILIZATION_OPTIONS, defaultSeries: { DTG: 'oee' } }, 'DTG')).toBe('speed');
  });
});

describe("time-series chart in the user's length unit", () => {
  const toYards = (data: TimeSeriesChartData) => chartDataInUnits(data, (quantity) => inLengthUnits(quantity, 'Yard'));

  it("reads each series' units beside its points, else the option's unit", () => {
    expect(chartData(DTF_DAY_GRAPHS, SPEED_OR_UTILIZATION_OPTIONS).units).toEqual({ speed: 'm/h', utilization: '%' });
    const withUnit = { series: [{ ...seriesOf(PRODUCTION_OPTIONS, 'production'), unit: 'imp' }] };
    expect(chartData(CUSTOM_GRAPHS, withUnit).units).toEqual({ production: 'imp' });
  });

  it('converts DTF metres and metres per hour to yards, keeps missing points missing and percentages as they are', () => {
    const metres = chartData(DTF_DAY_GRAPHS, SPEED_OR_UTILIZATION_OPTIONS);
    const yards = toYards(metres);
    expect(yards.units).toEqual({ speed: 'yd/h', utilization: '%' });
    const [first] = metres.series['speed'] ?? [];
    expect(yards.series['speed']?.[0]).toEqual({
      ...first,
      value: (first?.value ?? 0) * YARDS_PER_METRE,
      previous: (first?.previous ?? 0) * YARDS_PER_METRE,
    });
    expect(yards.series['speed']?.[20]?.value).toBeNull();
    expect(yards.series['utilization']).toEqual(metres.series['utilization']);
  });

  it('leaves impressions as they are for a Yard user', () => {
    const impressions = chartData(DAY_GRAPHS, PRODUCTION_OPTIONS);
    expect(toYards(impressions)).toEqual(impressions);
  });

  it('names the unit on the value axis and in the tooltip', () => {
    const speed = { ...seriesOf(SPEED_OR_UTILIZATION_OPTIONS, 'speed'), unit: 'yd/h' };
    const option = buildChartOption([], speed, 'day', t);
    expect(option.yAxis).toMatchObject({ name: 'yd/h' });
    expect(option.tooltip.formatter([{ axisValueLabel: '08:00', seriesName: 'Selected day', value: 1234 }])).toBe(
      '08:00<br/>Selected day: 1.2k yd/h',
    );
    const utilization = { ...seriesOf(SPEED_OR_UTILIZATION_OPTIONS, 'utilization'), unit: '%' };
    expect(buildChartOption([], utilization, 'day', t).yAxis).not.toHaveProperty('name');
  });
});

describe('chart option', () => {
  const day = chartData(DAY_GRAPHS, SPEED_OR_UTILIZATION_OPTIONS);
  const week = chartData(WEEK_GRAPHS, PRODUCTION_OPTIONS);

  it('draws the selected period as bars 6 px wide for a day and the previous one as a line', () => {
    const option = buildChartOption(
      day.series['speed'] ?? [],
      seriesOf(SPEED_OR_UTILIZATION_OPTIONS, 'speed'),
      'day',
      t,
    );
    expect(option.series.map((series) => [series.type, series.name])).toEqual([
      ['bar', 'Selected day'],
      ['line', 'Previous same day'],
    ]);
    expect(option.series[0]).toMatchObject({ barWidth: 6 });
    expect(option.xAxis.data.slice(0, 5)).toEqual(['00:00', '01:00', '02:00', '03:00', '04:00']);
    expect(option.xAxis.axisLabel.interval).toBe(3);
  });

  it('draws 16 px bars with day labels for a week', () => {
    const option = buildChartOption(
      week.series['production'] ?? [],
      seriesOf(PRODUCTION_OPTIONS, 'production'),
      'week',
      t,
    );
    expect(option.series[0]).toMatchObject({ barWidth: 16, name: 'Selected week' });
    expect(option.xAxis.data).toEqual(['Mar 4', 'Mar 5', 'Mar 6', 'Mar 7', 'Mar 8', 'Mar 9', 'Mar 10']);
    expect(option.series[0]?.data[0]).toEqual({ value: 9000, itemStyle: { color: CHART_COLOURS.selected } });
  });

  it('leaves future hours empty', () => {
    const option = buildChartOption(
      day.series['speed'] ?? [],
      seriesOf(SPEED_OR_UTILIZATION_OPTIONS, 'speed'),
      'day',
      t,
    );
    const values = option.series[0]?.data.map((point) => (typeof point === 'object' ? point?.value : point));
    expect(values?.slice(17)).toEqual(Array(7).fill(null));
    expect(values?.slice(0, 17).every((value) => typeof value === 'number')).toBe(true);
  });

  it('colours availability bars by the thresholds of §9', () => {
    const points = [0.4, 0.5, 0.6, 0.75, 0.9].map((value, hour) => ({
      date: `2024-03-05T0${hour}:00:00`,
      granularity: 'hour' as const,
      value,
      previous: null,
    }));
    const option = buildChartOption(points, seriesOf(AVAILABILITY_OPTIONS, 'availability'), 'day', t);
    const { red, yellow, green } = CHART_COLOURS.thresholds;
    const colours = option.series[0]?.data.map((point) => (typeof point === 'object' ? point?.itemStyle.color : point));
    expect(colours).toEqual([red, red, yellow, yellow, green]);
    expect(option.yAxis).toMatchObject({ min: 0, max: 1, interval: 0.25 });
  });

  it('formats axis and tooltip values: abbreviated numbers, percentages, -- for nothing', () => {
    expect(formatChartValue(12_345, 'number', 'imp')).toBe('12.3k imp');
    expect(formatChartValue(1_500_000, 'number')).toBe('1.5M');
    expect(formatChartValue(0.8765, 'percent')).toBe('87.65%');
    expect(formatChartValue(null, 'percent')).toBe('--');
    const option = buildChartOption(
      day.series['speed'] ?? [],
      seriesOf(SPEED_OR_UTILIZATION_OPTIONS, 'speed'),
      'day',
      t,
    );
    expect(
      option.tooltip.formatter([
        { axisValueLabel: '08:00', seriesName: 'Selected day', value: 1234, marker: '' },
        { axisValueLabel: '08:00', seriesName: 'Previous same day', value: undefined, marker: '' },
      ]),
    ).toBe('08:00<br/>Selected day: 1.2k<br/>Previous same day: --');
  });

  it('labels hours and days', () => {
    expect(axisLabel({ date: '2024-03-05T13:00:00', granularity: 'hour' })).toBe('13:00');
    expect(axisLabel({ date: '2024-12-31', granularity: 'day' })).toBe('Dec 31');
  });
});
