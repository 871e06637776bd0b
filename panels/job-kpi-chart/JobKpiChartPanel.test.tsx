import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LengthUnitsProvider } from '../../src/runtime/panel-sdk.ts';
import { t } from '../../src/runtime/panel-sdk-text.ts';
import { readFrame } from '../../src/shared/contract/answer-frames.ts';
import { PARTIAL_COLOUR } from '../../src/shared/jobs/job-buckets.ts';
import type { LengthUnits } from '../../src/shared/units/length-units.ts';
import { buildJobKpiOption } from './chart-option.ts';
import {
  CYCLE_TIME_SERIES,
  JOB_KPI_CHART_OPTIONS,
  DTF_PRODUCTION_SERIES,
  EMPTY_PRINT_TIME_SERIES,
  PRINT_TIME_ANSWER,
  PRINT_TIME_SERIES,
} from './fixtures.ts';
import { formatQuantity, selectJobKpiChart, type JobKpiChartData } from './model.ts';
import type { JobKpiChartOptions } from './options.ts';
import { JobKpiChartPanel } from './JobKpiChartPanel.tsx';

function renderPanel(options: JobKpiChartOptions, data: JobKpiChartData, lengthUnits: LengthUnits = 'Meter') {
  render(
    <LengthUnitsProvider lengthUnits={lengthUnits}>
      <JobKpiChartPanel options={options} data={data} title="KPI" systemGroup="DTG" width={480} height={320} />
    </LengthUnitsProvider>,
  );
}

describe('job-kpi-chart model', () => {
  it('selects the print-time trend with its per-impression figure', () => {
    const data = selectJobKpiChart(PRINT_TIME_SERIES);
    expect(data?.total).toEqual({ value: 91_800, units: 's', stats: (91_800 - 80_000) / 80_000 });
    expect(data?.perUnit).toEqual({ value: 1.32, units: 's/imp', stats: -0.0571, kind: 'perUnit' });
    expect(data?.buckets.map((bucket) => bucket.value)).toEqual([
      14_400, 16_200, 12_600, 18_000, 10_800, 7_200, 12_600,
    ]);
    expect(data?.statsDescription).toBe('From last week');
  });

  it("selects Apollo's cycle time with the average process time per job", () => {
    const data = selectJobKpiChart(CYCLE_TIME_SERIES);
    expect(data?.total.units).toBe('s/imp');
    expect(data?.perUnit).toEqual({ value: 95, units: 's', stats: -0.05, kind: 'averageProcessTime' });
  });

  it('keeps the days of a bucket the period cuts', () => {
    const data = selectJobKpiChart(DTF_PRODUCTION_SERIES);
    expect(data?.buckets.map((bucket) => bucket.partialDays)).toEqual([3, null]);
    expect(data?.perUnit).toBeNull();
  });

  it('is empty for a period without buckets; a frame the answer does not offer is not read at all', () => {
    expect(selectJobKpiChart(EMPTY_PRINT_TIME_SERIES)).toBeNull();
    expect(() => readFrame('JobPrintTimeKpis', 'cycleTimePerImpression', PRINT_TIME_ANSWER)).toThrow(
      "the answer 'JobPrintTimeKpis' offers no frame 'cycleTimePerImpression'",
    );
  });

  it('shows seconds as a duration, rates with two decimals and counts abbreviated', () => {
    expect(formatQuantity({ value: 91_800, units: 's' })).toBe('1d 1h');
    expect(formatQuantity({ value: 1.3249, units: 's/imp' })).toBe('1.32 s/imp');
    expect(formatQuantity({ value: 12_345, units: 'imp' })).toBe('12.3k imp');
    expect(formatQuantity({ value: 42, units: 'bottles' })).toBe('42 bottles');
  });
});

describe('job-kpi-chart option', () => {
  it('draws a bar per bucket, with the orange count of days under a cut bucket', () => {
    const data = selectJobKpiChart(DTF_PRODUCTION_SERIES)!;
    const option = buildJobKpiOption(data.buckets, 'm', t);
    expect(option.series[0]?.data).toEqual([300, 500]);
    expect(option.xAxis.data).toEqual(['Wk Feb 26\n{partial|3 days}', 'Wk Mar 4']);
    expect(option.xAxis.axisLabel.rich.partial.color).toBe(PARTIAL_COLOUR);
    expect(option.yAxis.name).toBe('m');
  });

  it('labels a duration axis as durations', () => {
    const option = buildJobKpiOption(
      [{ date: '2024-03-04', granularity: 'day', partialDays: null, value: 7_200 }],
      's',
      t,
    );
    expect(option.yAxis.axisLabel.formatter(7_200)).toBe('2h');
    expect(option.yAxis.name).toBe('');
  });

  it('asks for about four value steps, so a short chart does not pack its labels', () => {
    expect(buildJobKpiOption([], 'imp', t).yAxis.splitNumber).toBe(4);
  });
});

describe('JobKpiChartPanel', () => {
  it('shows the total, its change against the previous period and the per-unit figure', () => {
    renderPanel(JOB_KPI_CHART_OPTIONS, selectJobKpiChart(PRINT_TIME_SERIES)!);
    expect(screen.getByText('1d 1h')).toBeDefined();
    expect(screen.getByText('+14.75% From last week')).toBeDefined();
    expect(screen.getByText('1.32 s/imp')).toBeDefined();
    expect(screen.getByRole('img', { name: 'KPI per day' })).toBeDefined();
  });

  it("shows DTF film in the user's length unit", () => {
    renderPanel(JOB_KPI_CHART_OPTIONS, selectJobKpiChart(DTF_PRODUCTION_SERIES)!, 'Yard');
    expect(screen.getByText('874.9 yd')).toBeDefined();
  });
});
