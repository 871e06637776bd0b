import type { JSX } from 'react';
import { EChart } from '../../src/runtime/panel-sdk-echart.tsx';
import type { PanelProps } from '../../src/runtime/panel-sdk.ts';
import { buildXmrOption } from './chart-option.ts';
import type { XmrChartData, XmrChartOptions } from './model.ts';
import './XmrChartPanel.css';

const FRAME_TITLE_PX = 36;
const LEGEND_PX = 48;
const PADDING_PX = 24;
const MIN_CHART_PX = 120;

/**
 * The shift's XMR chart (docs/kpi-glossary.md "Shift XMR chart"): impressions per 15 minutes against the centre line
 * and natural process limits of the baseline, the moving ranges against their limit; flagged points red, the running
 * interval grey. Text scales with the panel for a screen read from across the room.
 */
export function XmrChartPanel({
  options,
  data,
  title,
  width,
  height,
}: PanelProps<XmrChartOptions, XmrChartData>): JSX.Element {
  const fontSize = Math.max(12, Math.min(40, Math.round(height / 28)));
  const limits =
    data.upperNaturalLimit === null
      ? 'No limits yet: the baseline needs two intervals of an earlier shift'
      : `Centre ${Math.round(data.centreLine ?? 0)} · limits ${Math.round(data.lowerNaturalLimit ?? 0)}–${Math.round(data.upperNaturalLimit)} · ${data.flagged} flagged`;
  return (
    <div className="xmr-chart" style={{ fontSize }}>
      <p className="xmr-chart__legend">
        <span className="xmr-chart__key xmr-chart__key--series">Impressions / 15 min</span>
        <span className="xmr-chart__key xmr-chart__key--centre">Centre line</span>
        <span className="xmr-chart__key xmr-chart__key--limit">Limits</span>
        <span className="xmr-chart__key xmr-chart__key--flagged">Outside</span>
        <span className="xmr-chart__summary">{limits}</span>
      </p>
      <EChart
        className="xmr-chart__canvas"
        option={buildXmrOption(data, options, fontSize)}
        width={Math.max(MIN_CHART_PX, width - PADDING_PX)}
        height={Math.max(MIN_CHART_PX, height - FRAME_TITLE_PX - LEGEND_PX - PADDING_PX - fontSize)}
        label={`${title}: ${data.points.length} intervals, ${limits}`}
      />
    </div>
  );
}
