import { lazy, Suspense, type JSX } from 'react';
import { useLengthUnits, type PanelProps } from '../../src/runtime/panel-sdk.ts';
import { inUserUnits, type SeriesChartData } from './model.ts';
import type { SeriesChartOptions } from './options.ts';

/**
 * The two drawings load on their own, so a report loads only the one its panels draw: the bars with the picker
 * (PrimeReact's MultiSelect) for the Jobs charts, the comparison (ECharts' line series) for the Overview's.
 */
const BarsChart = lazy(() => import('./BarsChart.tsx').then((module) => ({ default: module.BarsChart })));
const ComparisonChart = lazy(() =>
  import('./ComparisonChart.tsx').then((module) => ({ default: module.ComparisonChart })),
);

/**
 * Any answer's series frame as bars per hour, day, week or month bucket (spec reports §2 Jobs Analysis: the KPI
 * charts and the ink consumption; §2 Overview: the charts against the previous period); buckets the period cuts show
 * their count of days in orange. Options add the period's total and figure above the chart, a multi-select of the
 * frame's series (the ink colours), or the previous period's line with its legend and a toggle between series.
 */
export function SeriesChartPanel(props: PanelProps<SeriesChartOptions, SeriesChartData>): JSX.Element {
  const data = inUserUnits(props.data, useLengthUnits());
  const { comparison } = data;
  if (comparison === null) {
    return (
      <Suspense fallback={null}>
        <BarsChart {...props} data={data} />
      </Suspense>
    );
  }
  const { options, title, systemGroup, width, height } = props;
  return (
    <Suspense fallback={null}>
      <ComparisonChart {...{ options, data, comparison, title, systemGroup, width, height }} />
    </Suspense>
  );
}
