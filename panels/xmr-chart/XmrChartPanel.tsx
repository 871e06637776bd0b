import type { JSX } from 'react';
import { EChart } from '../../src/runtime/panel-sdk-echart.tsx';
import type { PanelProps } from '../../src/runtime/panel-sdk.ts';
import { buildXmrOption } from './chart-option.ts';
import type { XmrChartData } from './model.ts';
import type { XmrChartOptions } from './options.ts';
import './XmrChartPanel.css';

const FRAME_TITLE_PX = 36;
const LEGEND_PX = 48;
const PADDING_PX = 24;
const MIN_CHART_PX = 120;

/** The limits in words: 'Centre 100 · limits 47–153 · 2 flagged', or what is missing. */
function limitsText(data: XmrChartData): string {
  if (data.upperNaturalLimit === null) {
    return data.per.kind === 'shift'
      ? 'No limits yet: the baseline needs two earlier shifts'
      : 'No limits yet: the baseline needs two intervals of an earlier shift';
  }
  const centre = `Centre ${Math.round(data.centreLine ?? 0)}`;
  const limits =
    data.lowerNaturalLimit === null
      ? `upper limit ${Math.round(data.upperNaturalLimit)} · no lower limit`
      : `limits ${Math.round(data.lowerNaturalLimit)}–${Math.round(data.upperNaturalLimit)}`;
  return `${centre} · ${limits} · ${data.flagged} flagged`;
}

/**
 * The XMR chart (docs/kpi-glossary.md "Shift XMR chart"): impressions per 20 minutes of the shift (Day) or per shift
 * against its target (Week, Custom), against the centre line and natural process limits of the baseline, the moving
 * ranges against their limit; flagged points red, partial ones grey. Text scales with the panel for a screen read from
 * across the room.
 */
export function XmrChartPanel({
  options,
  data,
  title,
  width,
  height,
}: PanelProps<XmrChartOptions, XmrChartData>): JSX.Element {
  const fontSize = Math.max(12, Math.min(40, Math.round(height / 28)));
  const limits = limitsText(data);
  const points = `${data.points.length} ${data.per.kind === 'shift' ? 'shifts' : 'intervals'}`;
  return (
    <div className="xmr-chart" style={{ fontSize }}>
      <p className="xmr-chart__legend">
        <span className="xmr-chart__key xmr-chart__key--series">
          {data.per.kind === 'shift' ? 'Impressions / shift' : `Impressions / ${data.per.minutes} min`}
        </span>
        {data.points.some((point) => point.target !== null) ? (
          <span className="xmr-chart__key xmr-chart__key--target">Target</span>
        ) : null}
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
        label={`${title}: ${points}, ${limits}`}
      />
    </div>
  );
}
