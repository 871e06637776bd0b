import type { JSX } from 'react';
import { EChart } from '../../src/runtime/panel-sdk-echart-line.ts';
import { useTranslation, type PanelProps, type PanelT } from '../../src/runtime/panel-sdk.ts';
import { buildXmrOption } from './chart-option.ts';
import type { XmrChartData } from './model.ts';
import type { XmrChartOptions } from './options.ts';
import './XmrChartPanel.css';

const FRAME_TITLE_PX = 36;
const LEGEND_PX = 48;
const PADDING_PX = 24;
const MIN_CHART_PX = 120;

/** The limits in words: 'Centre 100 · limits 47–153 · 2 flagged', or what is missing. */
function limitsText(data: XmrChartData, t: PanelT): string {
  if (data.upperNaturalLimit === null) {
    return t(data.per.kind === 'shift' ? 'panels.xmrChart.noLimits.shift' : 'panels.xmrChart.noLimits.interval');
  }
  const values = {
    centre: Math.round(data.centreLine ?? 0),
    upper: Math.round(data.upperNaturalLimit),
    flagged: data.flagged,
  };
  return data.lowerNaturalLimit === null
    ? t('panels.xmrChart.limits.upperOnly', values)
    : t('panels.xmrChart.limits.both', { ...values, lower: Math.round(data.lowerNaturalLimit) });
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
  const { t } = useTranslation();
  const limits = limitsText(data, t);
  const count = data.points.length;
  const points = t(data.per.kind === 'shift' ? 'panels.xmrChart.shifts' : 'panels.xmrChart.intervals', { count });
  return (
    <div className="xmr-chart" style={{ fontSize }}>
      <p className="xmr-chart__legend">
        <span className="xmr-chart__key xmr-chart__key--series">
          {data.per.kind === 'shift'
            ? t('panels.xmrChart.perShift')
            : t('panels.xmrChart.perInterval', { minutes: data.per.minutes })}
        </span>
        {data.points.some((point) => point.target !== null) ? (
          <span className="xmr-chart__key xmr-chart__key--target">{t('panels.xmrChart.series.target')}</span>
        ) : null}
        <span className="xmr-chart__key xmr-chart__key--centre">{t('panels.xmrChart.series.centreLine')}</span>
        <span className="xmr-chart__key xmr-chart__key--limit">{t('panels.xmrChart.key.limits')}</span>
        <span className="xmr-chart__key xmr-chart__key--flagged">{t('panels.xmrChart.key.outside')}</span>
        <span className="xmr-chart__summary">{limits}</span>
      </p>
      <EChart
        className="xmr-chart__canvas"
        option={buildXmrOption(data, options, fontSize, t)}
        width={Math.max(MIN_CHART_PX, width - PADDING_PX)}
        height={Math.max(MIN_CHART_PX, height - FRAME_TITLE_PX - LEGEND_PX - PADDING_PX - fontSize)}
        label={t('panels.chartOf', { title, content: `${points}, ${limits}` })}
      />
    </div>
  );
}
