import { useState, type JSX } from 'react';
import { MultiSelect } from 'primereact/multiselect';
import { EChart } from '../../src/runtime/panel-sdk-echart-bar.ts';
import { useTranslation, type PanelProps } from '../../src/runtime/panel-sdk.ts';
import { buildInkTrendOption } from './chart-option.ts';
import { initialSelection, type InkColour, type InkTrendChartData } from './model.ts';
import type { InkTrendChartOptions } from './options.ts';
import './InkTrendChartPanel.css';

/** What the frame's title, the panel's padding and the colour select take from the cell. */
const FRAME_TITLE_PX = 36;
const PADDING_X_PX = 32;
const PADDING_Y_PX = 24;
const CONTROLS_HEIGHT_PX = 52;
const MIN_CHART_PX = 120;

/**
 * Ink consumption per bucket (spec reports §2 Jobs Analysis): a colour multi-select starting at Total and a bar per
 * selected colour; buckets the period cuts show their count of days in orange under the axis label.
 */
export function InkTrendChartPanel({
  options,
  data,
  title,
  width,
  height,
}: PanelProps<InkTrendChartOptions, InkTrendChartData>): JSX.Element {
  const { t } = useTranslation();
  const [colours, setColours] = useState<InkColour[]>(() => initialSelection(options, data));
  return (
    <div className="ink-trend-chart">
      <MultiSelect
        className="ink-trend-chart__colours"
        value={colours}
        options={data.colours.map((colour) => ({ label: colour, value: colour }))}
        onChange={(event) => setColours(event.value as InkColour[])}
        aria-label={t('panels.inkTrendChart.colours')}
        // Each option (role option, aria-selected) says whether it is chosen; its checkbox box only draws that, and its
        // input (a control nested in the option, without a label) is left out.
        pt={{ checkbox: { input: { hidden: true } } }}
        placeholder={t('panels.inkTrendChart.selectColours')}
        display="chip"
        showSelectAll={false}
      />
      <EChart
        className="ink-trend-chart__canvas"
        option={buildInkTrendOption(data.buckets, colours, t)}
        width={Math.max(MIN_CHART_PX, width - PADDING_X_PX)}
        height={Math.max(MIN_CHART_PX, height - FRAME_TITLE_PX - PADDING_Y_PX - CONTROLS_HEIGHT_PX)}
        label={t('panels.chartOf', { title, content: colours.join(', ') })}
      />
    </div>
  );
}
