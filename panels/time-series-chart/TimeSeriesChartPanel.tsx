import { useId, useMemo, type JSX } from 'react';
import {
  ComparisonLegend,
  LoadingPlaceholder,
  useLengthUnits,
  useTranslation,
  type PanelProps,
} from '../../src/runtime/panel-sdk.ts';
import { buildChartOption } from './chart-option.ts';
import { useChartChoice } from './chart-choice.ts';
import { EChart } from '../../src/runtime/panel-sdk-echart-bar-line.ts';
import {
  chartDataInUnits,
  defaultSeriesId,
  isDrawn,
  type ChartSeriesOptions,
  type TimeSeriesChartData,
} from './model.ts';
import type { TimeSeriesChartOptions } from './options.ts';
import './TimeSeriesChartPanel.css';

/** Height of the header row (title, toggle, legend) above the chart. */
const HEADER_PX = 64;
/** Horizontal padding of the panel around the chart. */
const PADDING_X_PX = 32;
/** Smallest chart drawn, whatever the cell. */
const MIN_CHART_PX = 120;

function SeriesToggle({
  series,
  shown,
  onChoose,
}: {
  series: readonly ChartSeriesOptions[];
  shown: string;
  onChoose: (id: string) => void;
}): JSX.Element {
  const { t } = useTranslation();
  return (
    <div className="time-series-chart__toggle" role="group" aria-label={t('panels.timeSeriesChart.toggle')}>
      {series.map((option) => (
        <button
          key={option.id}
          type="button"
          aria-pressed={option.id === shown}
          className={option.id === shown ? 'is-active' : undefined}
          onClick={() => onChoose(option.id)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}

/**
 * A chart over time (spec reports §2 Overview): production by hour or day, speed or utilization with a two-way toggle
 * kept per group, availability by hour. Bars are the selected period, a line the previous one, with the legend labels
 * of the compared period. Month, quarter and year slots are not drawn: a placeholder shows instead.
 */
export function TimeSeriesChartPanel({
  options,
  data: answer,
  title,
  systemGroup,
  width,
  height,
}: PanelProps<TimeSeriesChartOptions, TimeSeriesChartData>): JSX.Element {
  const { t } = useTranslation();
  const titleId = useId();
  const toUserUnits = useLengthUnits();
  const data = useMemo(() => chartDataInUnits(answer, toUserUnits), [answer, toUserUnits]);
  const ids = options.series.map((series) => series.id);
  const [shownId, choose] = useChartChoice(ids, systemGroup, defaultSeriesId(options, systemGroup));
  const series = options.series.find((option) => option.id === shownId);
  const points = data.series[shownId] ?? [];
  const chartHeight = Math.max(MIN_CHART_PX, height - HEADER_PX);
  const chartWidth = Math.max(MIN_CHART_PX, width - PADDING_X_PX);
  return (
    <section className="time-series-chart" aria-labelledby={titleId}>
      <header className="time-series-chart__header">
        <h2 id={titleId} className="time-series-chart__title">
          {title}
        </h2>
        {options.series.length > 1 && <SeriesToggle series={options.series} shown={shownId} onChoose={choose} />}
        <ComparisonLegend
          comparison={data}
          withPrevious={series?.previous !== undefined}
          className="time-series-chart__legend"
        />
      </header>
      {series === undefined || points.length === 0 ? (
        <p className="time-series-chart__message">{t('panels.noDataForPeriod')}</p>
      ) : isDrawn(points) ? (
        <EChart
          className="time-series-chart__canvas"
          option={buildChartOption(points, { ...series, unit: data.units[shownId] ?? '' }, data.compared, t)}
          width={chartWidth}
          height={chartHeight}
          label={t('panels.timeSeriesChart.chartLabel', { title })}
        />
      ) : (
        <div className="time-series-chart__placeholder" style={{ height: chartHeight }}>
          <LoadingPlaceholder title={title} shape="chart" />
        </div>
      )}
    </section>
  );
}
