import type { JSX } from 'react';
import type { PanelProps } from '../../src/runtime/panel-sdk.ts';
import { formatInkTrendChartValue, type InkTrendChartData, type InkTrendChartOptions } from './model.ts';
import './InkTrendChartPanel.css';

/** Ink trend chart: draws the selected data and never fetches (the runtime's frame shows the title, loading, empty and error states). */
export function InkTrendChartPanel({
  options,
  data,
}: PanelProps<InkTrendChartOptions, InkTrendChartData>): JSX.Element {
  return (
    <div className="ink-trend-chart-panel">
      <p className="ink-trend-chart-panel__value">{formatInkTrendChartValue(data, options)}</p>
    </div>
  );
}
