import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { t } from '../../src/runtime/panel-sdk-text.ts';
import type { SeriesFrame } from '../../src/shared/contract/frames.ts';
import type { SystemGroup } from '../../src/shared/system-group.ts';
import { YARDS_PER_METRE, inLengthUnits } from '../../src/shared/units/length-units.ts';
import { CHART_COLOURS, buildComparisonOption, formatChartValue } from './comparison-option.ts';
import { initialToggleSeries, inUserUnits, selectSeriesChart, type SeriesChartData } from './model.ts';
import type { SeriesChartOptions } from './options.ts';
import {
  AVAILABILITY_OPTIONS,
  CUSTOM_GRAPHS,
  DAY_GRAPHS,
  DTF_DAY_GRAPHS,
  PRODUCTION_OPTIONS,
  SHORT_CUSTOM_GRAPHS,
  SPEED_OR_UTILIZATION_OPTIONS,
  WEEK_GRAPHS,
  frames,
} from './overview.fixtures.ts';
import { forgetChoices } from './series-choice.ts';
import { SeriesChartPanel } from './SeriesChartPanel.tsx';

afterEach(() => act(forgetChoices));

function chartData(frame: SeriesFrame, options: SeriesChartOptions): SeriesChartData {
  const data = selectSeriesChart(frame, options);
  if (data === null) throw new Error('fixture has no chart data');
  return data;
}

async function renderChart(
  frame: SeriesFrame,
  options: SeriesChartOptions,
  systemGroup: SystemGroup = 'DTG',
  title = 'Production',
) {
  const element = (group: SystemGroup) => (
    <SeriesChartPanel
      options={options}
      data={chartData(frame, options)}
      title={title}
      systemGroup={group}
      selectedSystems={[]}
      width={600}
      height={260}
    />
  );
  const view = render(element(systemGroup));
  await screen.findByRole('region', { name: title });
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

describe('series-chart with the comparison (the Overview charts)', () => {
  it('draws the chart (SVG) under its title with the legend of a day', async () => {
    await renderChart(frames(DAY_GRAPHS).production, PRODUCTION_OPTIONS);
    expect(screen.getByRole('region', { name: 'Production' })).toBeDefined();
    expect(screen.getByRole('img', { name: 'Production chart' }).querySelector('svg')).not.toBeNull();
    expect(legend()).toEqual(['Selected day', 'Previous same day']);
    expect(screen.queryByRole('group', { name: 'Chart' })).toBeNull();
  });

  it('draws availability under its own title with its threshold colours asked for', async () => {
    await renderChart(frames(DAY_GRAPHS).availability, AVAILABILITY_OPTIONS, 'DTG', 'Availability');
    expect(screen.getByRole('img', { name: 'Availability chart' }).querySelector('svg')).not.toBeNull();
    expect(chartData(frames(DAY_GRAPHS).availability, AVAILABILITY_OPTIONS).series[0]?.units).toBe('%');
  });

  it('labels the legend of a week', async () => {
    await renderChart(frames(WEEK_GRAPHS).production, PRODUCTION_OPTIONS);
    expect(legend()).toEqual(['Selected week', 'Previous week']);
  });

  it('labels a custom period of 8 days or more as compared with last year', async () => {
    await renderChart(frames(CUSTOM_GRAPHS).production, PRODUCTION_OPTIONS);
    expect(legend()).toEqual(['Selected period', 'Previous period (From last year)']);
  });

  it('labels a shorter custom period as compared with last week', async () => {
    await renderChart(frames(SHORT_CUSTOM_GRAPHS).production, PRODUCTION_OPTIONS);
    expect(legend()).toEqual(['Selected period', 'Previous period (From last week)']);
  });

  it.each([
    ['DTG', 'Speed'],
    ['DTF', 'Speed'],
    ['Apollo', 'Utilization'],
  ] as const)('shows %s the %s chart first', async (group, label) => {
    await renderChart(
      frames(DAY_GRAPHS).speedAndUtilization,
      SPEED_OR_UTILIZATION_OPTIONS,
      group,
      'Speed or utilization',
    );
    expect(pressed()).toBe(label);
  });

  it('toggles between speed and utilization and keeps the choice per group', async () => {
    const frame = frames(DAY_GRAPHS).speedAndUtilization;
    const view = await renderChart(frame, SPEED_OR_UTILIZATION_OPTIONS, 'DTG', 'Speed or utilization');
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

  it('falls back to the first series of the toggle for a group without a default, or with an unknown one', () => {
    expect(initialToggleSeries(SPEED_OR_UTILIZATION_OPTIONS, 'Apollo')).toBe('utilization');
    const { toggle } = SPEED_OR_UTILIZATION_OPTIONS;
    expect(initialToggleSeries({ toggle }, 'Apollo')).toBe('speed');
    expect(initialToggleSeries({ toggle, initialSeriesByGroup: { DTG: 'oee' } }, 'DTG')).toBe('speed');
  });

  it('draws no comparison without the option, nor for a frame without a period', () => {
    expect(chartData(frames(DAY_GRAPHS).production, {}).comparison).toBeNull();
    const { period: _period, ...withoutPeriod } = frames(DAY_GRAPHS).production;
    expect(chartData(withoutPeriod, PRODUCTION_OPTIONS).comparison).toBeNull();
  });

  it("reads the compared period from the frame's period, with a custom period's days", () => {
    expect(chartData(frames(DAY_GRAPHS).production, PRODUCTION_OPTIONS).comparison?.compared).toBe('day');
    expect(chartData(frames(WEEK_GRAPHS).production, PRODUCTION_OPTIONS).comparison?.compared).toBe('week');
    expect(chartData(frames(CUSTOM_GRAPHS).production, PRODUCTION_OPTIONS).comparison).toMatchObject({
      compared: 'period',
      basis: 'lastYear',
    });
    expect(chartData(frames(SHORT_CUSTOM_GRAPHS).production, PRODUCTION_OPTIONS).comparison).toMatchObject({
      basis: 'lastWeek',
    });
  });
});

describe("comparison chart in the user's length unit", () => {
  const toYards = (data: SeriesChartData) => inUserUnits(data, (quantity) => inLengthUnits(quantity, 'Yard'));

  it('converts DTF metres per hour to yards, keeps missing values missing and percentages as they are', () => {
    const metres = chartData(frames(DTF_DAY_GRAPHS).speedAndUtilization, SPEED_OR_UTILIZATION_OPTIONS);
    const yards = toYards(metres);
    const [speed, utilization] = metres.series;
    expect(yards.series.map((series) => series.units)).toEqual(['yd/h', '%']);
    expect(yards.series[0]?.values[0]).toBe((speed?.values[0] ?? 0) * YARDS_PER_METRE);
    expect(yards.series[0]?.previous?.[0]).toBe((speed?.previous?.[0] ?? 0) * YARDS_PER_METRE);
    expect(yards.series[0]?.values[20]).toBeNull();
    expect(yards.series[1]).toEqual(utilization);
  });

  it('leaves impressions as they are for a Yard user', () => {
    const impressions = chartData(frames(DAY_GRAPHS).production, PRODUCTION_OPTIONS);
    expect(toYards(impressions)).toEqual(impressions);
  });
});

describe('comparison chart option', () => {
  const drawing = (frame: SeriesFrame, index = 0) => {
    const series = frame.series[index];
    if (series === undefined) throw new Error('no series');
    return {
      buckets: frame.buckets,
      values: series.values,
      ...(series.previous === undefined ? {} : { previous: series.previous }),
      units: series.units ?? frame.units,
      compared: 'day' as const,
      thresholdColours: false,
    };
  };
  const day = frames(DAY_GRAPHS);

  it('draws the selected period as bars 6 px wide for a day and the previous one as a line', () => {
    const option = buildComparisonOption(drawing(day.speedAndUtilization), t);
    expect(option.series.map((series) => [series.type, series.name])).toEqual([
      ['bar', 'Selected day'],
      ['line', 'Previous same day'],
    ]);
    expect(option.series[0]).toMatchObject({ barWidth: 6 });
    expect(option.xAxis.data.slice(0, 5)).toEqual(['00:00', '01:00', '02:00', '03:00', '04:00']);
    expect(option.xAxis.axisLabel.interval).toBe(3);
  });

  it('draws 16 px bars with day labels for a week', () => {
    const option = buildComparisonOption({ ...drawing(frames(WEEK_GRAPHS).production), compared: 'week' }, t);
    expect(option.series[0]).toMatchObject({ barWidth: 16, name: 'Selected week' });
    expect(option.xAxis.data).toEqual(['Mar 4', 'Mar 5', 'Mar 6', 'Mar 7', 'Mar 8', 'Mar 9', 'Mar 10']);
    expect(option.series[0]?.data[0]).toEqual({ value: 9000, itemStyle: { color: CHART_COLOURS.selected } });
  });

  it('leaves future hours empty', () => {
    const option = buildComparisonOption(drawing(day.speedAndUtilization), t);
    const values = option.series[0]?.data.map((point) => (typeof point === 'object' ? point?.value : point));
    expect(values?.slice(17)).toEqual(Array(7).fill(null));
    expect(values?.slice(0, 17).every((value) => typeof value === 'number')).toBe(true);
  });

  it('colours availability bars by the thresholds of §9 on a 0–100 % axis', () => {
    const buckets = [0, 1, 2, 3, 4].map((hour) => ({
      date: `2024-03-05T0${hour}:00`,
      granularity: 'hour' as const,
      partialDays: null,
    }));
    const option = buildComparisonOption(
      { buckets, values: [0.4, 0.5, 0.6, 0.75, 0.9], units: '%', compared: 'day', thresholdColours: true },
      t,
    );
    const { red, yellow, green } = CHART_COLOURS.thresholds;
    const colours = option.series[0]?.data.map((point) => (typeof point === 'object' ? point?.itemStyle.color : point));
    expect(colours).toEqual([red, red, yellow, yellow, green]);
    expect(option.yAxis).toMatchObject({ min: 0, max: 1, interval: 0.25 });
    expect(option.series).toHaveLength(1);
  });

  it('names the unit on the value axis and in the tooltip', () => {
    const option = buildComparisonOption({ ...drawing(day.speedAndUtilization), units: 'yd/h' }, t);
    expect(option.yAxis).toMatchObject({ name: 'yd/h' });
    expect(option.tooltip.formatter([{ axisValueLabel: '08:00', seriesName: 'Selected day', value: 1234 }])).toBe(
      '08:00<br/>Selected day: 1.2k yd/h',
    );
    expect(buildComparisonOption(drawing(day.speedAndUtilization, 1), t).yAxis).not.toHaveProperty('name');
  });

  it('formats axis and tooltip values: abbreviated numbers, percentages, -- for nothing', () => {
    expect(formatChartValue(12_345, 'imp')).toBe('12.3k imp');
    expect(formatChartValue(1_500_000, '')).toBe('1.5M');
    expect(formatChartValue(0.8765, '%')).toBe('87.65%');
    expect(formatChartValue(null, '%')).toBe('--');
    const option = buildComparisonOption({ ...drawing(day.speedAndUtilization), units: '' }, t);
    expect(
      option.tooltip.formatter([
        { axisValueLabel: '08:00', seriesName: 'Selected day', value: 1234, marker: '' },
        { axisValueLabel: '08:00', seriesName: 'Previous same day', value: undefined, marker: '' },
      ]),
    ).toBe('08:00<br/>Selected day: 1.2k<br/>Previous same day: --');
  });
});
