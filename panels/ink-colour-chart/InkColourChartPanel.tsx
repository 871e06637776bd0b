import type { JSX } from 'react';
import { EChart } from '../../src/runtime/panel-sdk-echart.tsx';
import type { PanelProps } from '../../src/runtime/panel-sdk.ts';
import { barLabel, buildInkColourOption } from './chart-option.ts';
import type { InkColourChartData, InkColourChartOptions } from './model.ts';
import './InkColourChartPanel.css';

/**
 * Colour consumption or colour comparison (spec reports §2 Jobs Analysis): a horizontal bar per ink colour with its ml
 * and share, or beside the previous period's with the change. Screen readers get the bars' labels.
 */
export function InkColourChartPanel({
  data,
  title,
  width,
  height,
}: PanelProps<InkColourChartOptions, InkColourChartData>): JSX.Element {
  const summary = data.bars.map((bar) => `${bar.colour} ${barLabel(bar)}`).join('; ');
  return (
    <EChart
      className="ink-colour-chart"
      option={buildInkColourOption(data)}
      width={width}
      height={height}
      label={`${title}: ${summary}`}
    />
  );
}
