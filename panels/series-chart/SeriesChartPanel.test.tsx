import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LengthUnitsProvider } from '../../src/runtime/panel-sdk.ts';
import { t } from '../../src/runtime/panel-sdk-text.ts';
import { readFrame } from '../../src/shared/contract/answer-frames.ts';
import { PARTIAL_COLOUR, bucketAxisText, bucketLabel, partialCount } from '../../src/shared/jobs/job-buckets.ts';
import type { LengthUnits } from '../../src/shared/units/length-units.ts';
import { buildSeriesOption, bucketWordsOf, DEFAULT_AXIS_STEPS } from './chart-option.ts';
import {
  CYCLE_TIME_SERIES,
  DAY_INK_SERIES,
  DTF_PRODUCTION_SERIES,
  EMPTY_INK_SERIES,
  EMPTY_PRINT_TIME_SERIES,
  INK_OPTIONS,
  KPI_OPTIONS,
  PRINT_TIME_ANSWER,
  PRINT_TIME_SERIES,
  QUARTER_INK_SERIES,
} from './fixtures.ts';
import { formatQuantity, initialSelection, selectSeriesChart, type SeriesChartData } from './model.ts';
import type { SeriesChartOptions } from './options.ts';
import { SeriesChartPanel } from './SeriesChartPanel.tsx';

/** Renders the panel and waits for its drawing's chunk (the bars load on their own). */
async function renderPanel(options: SeriesChartOptions, data: SeriesChartData, lengthUnits: LengthUnits = 'Meter') {
  const view = render(
    <LengthUnitsProvider lengthUnits={lengthUnits}>
      <SeriesChartPanel options={options} data={data} title="KPI" systemGroup="DTG" width={480} height={320} />
    </LengthUnitsProvider>,
  );
  await waitFor(() => expect(view.container.querySelector('.series-chart')).not.toBeNull());
}

const kpi = (frame: typeof PRINT_TIME_SERIES) => selectSeriesChart(frame, KPI_OPTIONS);
const words = bucketWordsOf(t);
const quarter = selectSeriesChart(QUARTER_INK_SERIES, INK_OPTIONS);
/** The option of a frame's chart as the panel draws it: every series, unnamed when alone. */
const optionOf = (data: SeriesChartData, names: readonly string[] = [], colours: Record<string, string> = {}) =>
  buildSeriesOption(
    {
      buckets: data.buckets,
      series: data.series
        .filter((series) => names.length === 0 || names.includes(series.name))
        .map((series) => ({ name: series.name, values: series.values, colour: colours[series.name] })),
      units: data.units,
      axisSteps: DEFAULT_AXIS_STEPS,
    },
    t,
  );

describe('series-chart model: a KPI call (figures)', () => {
  it('selects the print-time trend with its per-impression figure', () => {
    const data = kpi(PRINT_TIME_SERIES);
    expect(data?.figures?.total).toEqual({ value: 91_800, units: 's', stats: (91_800 - 80_000) / 80_000 });
    expect(data?.figures?.figure).toEqual({ value: 1.32, units: 's/imp', stats: -0.0571, kind: 'perUnit' });
    expect(data?.series[0]?.values).toEqual([14_400, 16_200, 12_600, 18_000, 10_800, 7_200, 12_600]);
    expect(data?.figures?.statsDescription).toBe('From last week');
  });

  it("selects Apollo's cycle time with the average process time per job", () => {
    const data = kpi(CYCLE_TIME_SERIES);
    expect(data?.figures?.total.units).toBe('s/imp');
    expect(data?.figures?.figure).toEqual({ value: 95, units: 's', stats: -0.05, kind: 'averageProcessTime' });
  });

  it('keeps the days of a bucket the period cuts', () => {
    const data = kpi(DTF_PRODUCTION_SERIES);
    expect(data?.buckets.map((bucket) => bucket.partialDays)).toEqual([3, null]);
    expect(data?.figures?.figure).toBeNull();
  });

  it('is empty for a period without buckets; a frame the answer does not offer is not read at all', () => {
    expect(kpi(EMPTY_PRINT_TIME_SERIES)).toBeNull();
    expect(() => readFrame('JobPrintTimeKpis', 'cycleTimePerImpression', PRINT_TIME_ANSWER)).toThrow(
      "the answer 'JobPrintTimeKpis' offers no frame 'cycleTimePerImpression'",
    );
  });

  it('shows no figures unless the options ask for them, nor for a frame without a total', () => {
    expect(selectSeriesChart(PRINT_TIME_SERIES, {})?.figures).toBeNull();
    expect(selectSeriesChart(QUARTER_INK_SERIES, KPI_OPTIONS)?.figures).toBeNull();
  });

  it('shows seconds as a duration, rates with two decimals and counts abbreviated', () => {
    expect(formatQuantity({ value: 91_800, units: 's' })).toBe('1d 1h');
    expect(formatQuantity({ value: 1.3249, units: 's/imp' })).toBe('1.32 s/imp');
    expect(formatQuantity({ value: 12_345, units: 'imp' })).toBe('12.3k imp');
    expect(formatQuantity({ value: 42, units: 'bottles' })).toBe('42 bottles');
  });
});

describe('series-chart model: the ink colours (picker)', () => {
  it('is empty without buckets, and lists the colours the answer has in the charts’ order', () => {
    expect(selectSeriesChart(EMPTY_INK_SERIES, INK_OPTIONS)).toBeNull();
    expect(quarter?.series.map((series) => series.name)).toEqual(['Total', 'Color', 'black', 'white']);
  });

  it('starts at Total, or at the colours the layout names that the data has', () => {
    if (quarter === null) throw new Error('fixture without data');
    expect(initialSelection({}, quarter)).toEqual(['Total']);
    expect(initialSelection({ initialSeries: ['black', 'FOF'] }, quarter)).toEqual(['black']);
  });

  it('labels buckets by hour, day, week or month', () => {
    expect(bucketLabel({ date: '2024-03-05T08:00', granularity: 'hour' }, words)).toBe('08:00');
    expect(bucketLabel({ date: '2024-03-05', granularity: 'day' }, words)).toBe('Mar 5');
    expect(bucketLabel({ date: '2024-03-04', granularity: 'week' }, words)).toBe('Wk Mar 4');
    expect(bucketLabel({ date: '2024-03-01', granularity: 'month' }, words)).toBe('Mar 2024');
  });

  it('counts the days of a cut bucket in orange under its label', () => {
    expect(partialCount({ partialDays: 3 }, words)).toBe('3 days');
    expect(partialCount({ partialDays: 1 }, words)).toBe('1 day');
    expect(partialCount({ partialDays: null }, words)).toBeNull();
    const [first, second] = quarter?.buckets ?? [];
    if (first === undefined || second === undefined) throw new Error('fixture without buckets');
    expect(bucketAxisText(first, words)).toBe('Wk Dec 25\n{partial|3 days}');
    expect(bucketAxisText(second, words)).toBe('Wk Jan 1');
    expect(optionOf(quarter!, ['Total']).xAxis.axisLabel.rich.partial.color).toBe(PARTIAL_COLOUR);
  });

  it('draws a bar series per selected colour in its colour, 6 px bars for hours', () => {
    const colours = INK_OPTIONS.colours ?? {};
    const option = optionOf(quarter!, ['Total', 'black'], colours);
    expect(option.series.map((series) => [series.name, series.itemStyle.color, series.data])).toEqual([
      ['Total', colours['Total'], [1_200, 4_800, 5_100, 700]],
      ['black', colours['black'], [360, 1_440, 1_530, 210]],
    ]);
    expect(option.series[0]?.barMaxWidth).toBe(16);
    const day = selectSeriesChart(DAY_INK_SERIES, INK_OPTIONS);
    expect(optionOf(day!, ['Total']).series[0]?.barMaxWidth).toBe(6);
  });
});

describe('series-chart option', () => {
  it('draws a bar per bucket, with the orange count of days under a cut bucket', () => {
    const option = optionOf(kpi(DTF_PRODUCTION_SERIES)!);
    expect(option.series[0]?.data).toEqual([300, 500]);
    expect(option.xAxis.data).toEqual(['Wk Feb 26\n{partial|3 days}', 'Wk Mar 4']);
    expect(option.xAxis.axisLabel.rich.partial.color).toBe(PARTIAL_COLOUR);
    expect(option.yAxis.name).toBe('m');
  });

  it('labels a duration axis as durations', () => {
    const option = buildSeriesOption(
      {
        buckets: [{ date: '2024-03-04', granularity: 'day', partialDays: null }],
        series: [{ values: [7_200] }],
        units: 's',
        axisSteps: DEFAULT_AXIS_STEPS,
      },
      t,
    );
    expect(option.yAxis.axisLabel.formatter(7_200)).toBe('2h');
    expect(option.yAxis.name).toBe('');
  });

  it('asks for about four value steps, so a short chart does not pack its labels, unless the options say otherwise', () => {
    const drawing = { buckets: [], series: [], units: 'imp' };
    expect(buildSeriesOption({ ...drawing, axisSteps: DEFAULT_AXIS_STEPS }, t).yAxis.splitNumber).toBe(4);
    expect(buildSeriesOption({ ...drawing, axisSteps: 5 }, t).yAxis.splitNumber).toBe(5);
  });

  it('draws a series without a colour in the selected-period blue, and leaves a lone series unnamed', () => {
    const option = buildSeriesOption(
      {
        buckets: [{ date: '2024-03-04', granularity: 'day', partialDays: null }],
        series: [{ values: [1] }],
        units: 'imp',
        axisSteps: 4,
      },
      t,
    );
    expect(option.series[0]).not.toHaveProperty('name');
    expect(option.series[0]?.itemStyle.color).toBe('#5E7EBF');
  });
});

describe('SeriesChartPanel', () => {
  it('shows the total, its change against the previous period and the per-unit figure', async () => {
    await renderPanel(KPI_OPTIONS, kpi(PRINT_TIME_SERIES)!);
    expect(screen.getByText('1d 1h')).toBeDefined();
    expect(screen.getByText('+14.75% From last week')).toBeDefined();
    expect(screen.getByText('1.32 s/imp')).toBeDefined();
    expect(screen.getByRole('img', { name: 'KPI per day' })).toBeDefined();
  });

  it("shows DTF film in the user's length unit", async () => {
    await renderPanel(KPI_OPTIONS, kpi(DTF_PRODUCTION_SERIES)!, 'Yard');
    expect(screen.getByText('874.9 yd')).toBeDefined();
  });

  it('offers the series in a picker named by the options, and names the chart after the chosen ones', async () => {
    await renderPanel(INK_OPTIONS, quarter!);
    expect(screen.getByRole('combobox', { name: 'Colours' })).toBeDefined();
    expect(screen.getByRole('img', { name: 'KPI: Total' })).toBeDefined();
  });

  it("names the ink colours by their words in the picker's chips and the chart's name (the answer's black: Black)", async () => {
    await renderPanel({ ...INK_OPTIONS, initialSeries: ['Total', 'black'] }, quarter!);
    expect(screen.getByText('Black', { selector: '.p-multiselect-token-label' })).toBeDefined();
    expect(screen.getByRole('img', { name: 'KPI: Total, Black' })).toBeDefined();
  });
});
