import type { JSX } from 'react';
import type { PanelProps } from '../../src/runtime/panel-sdk.ts';
import { formatInkColourChartValue, type InkColourChartData, type InkColourChartOptions } from './model.ts';
import './InkColourChartPanel.css';

/** Ink colour chart: draws the selected data and never fetches (the runtime's frame shows the title, loading, empty and error states). */
export function InkColourChartPanel({
  options,
  data,
}: PanelProps<InkColourChartOptions, InkColourChartData>): JSX.Element {
  return (
    <div className="ink-colour-chart-panel">
      <p className="ink-colour-chart-panel__value">{formatInkColourChartValue(data, options)}</p>
    </div>
  );
}
