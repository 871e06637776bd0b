import { useId, type JSX } from 'react';
import { EChart } from '../../src/runtime/panel-sdk-echart-bar-line.ts';
import { ComparisonLegend, useTranslation } from '../../src/runtime/panel-sdk.ts';
import type { PeriodComparison } from '../../src/shared/format/period-comparison.ts';
import type { SystemGroup } from '../../src/shared/system-group.ts';
import { buildComparisonOption } from './comparison-option.ts';
import { initialToggleSeries, type SeriesChartData } from './model.ts';
import type { SeriesChartOptions } from './options.ts';
import { useChartChoice } from './series-choice.ts';
import './ComparisonChart.css';

/** Height of the header row (title, toggle, legend) above the chart. */
const HEADER_PX = 64;
/** Horizontal padding of the panel around the chart. */
const PADDING_X_PX = 32;
/** Smallest chart drawn, whatever the cell. */
const MIN_CHART_PX = 120;

type Toggle = NonNullable<SeriesChartOptions['toggle']>;

function SeriesToggle({
  toggle,
  shown,
  onChoose,
}: {
  toggle: Toggle;
  shown: string;
  onChoose: (series: string) => void;
}): JSX.Element {
  const { t } = useTranslation();
  return (
    <div className="series-comparison__toggle" role="group" aria-label={t('panels.seriesChart.toggle')}>
      {toggle.map((button) => (
        <button
          key={button.series}
          type="button"
          aria-pressed={button.series === shown}
          className={button.series === shown ? 'is-active' : undefined}
          onClick={() => onChoose(button.series)}
        >
          {button.label}
        </button>
      ))}
    </div>
  );
}

export interface ComparisonChartProps {
  options: SeriesChartOptions;
  /** The frame's data in the user's units. */
  data: SeriesChartData;
  comparison: PeriodComparison;
  title: string;
  systemGroup: SystemGroup;
  width: number;
  height: number;
}

/**
 * One series of the frame against the previous period (spec reports §2 Overview): bars of the selected period, a line
 * of the previous one, the legend of the compared periods beside the title; a toggle between series (speed or
 * utilization) kept per group. Its own chunk, as it registers ECharts' line series, which the Jobs charts do not load.
 */
export function ComparisonChart({
  options,
  data,
  comparison,
  title,
  systemGroup,
  width,
  height,
}: ComparisonChartProps): JSX.Element {
  const { t } = useTranslation();
  const titleId = useId();
  const toggle = options.toggle ?? [];
  const names = toggle.map((button) => button.series);
  const [chosen, choose] = useChartChoice(names, systemGroup, initialToggleSeries(options, systemGroup));
  const series = data.series.find((one) => one.name === chosen) ?? data.series[0];
  const option =
    series === undefined
      ? null
      : buildComparisonOption(
          {
            buckets: data.buckets,
            values: series.values,
            ...(series.previous === undefined ? {} : { previous: series.previous }),
            units: series.units ?? data.units,
            compared: comparison.compared,
            thresholdColours: options.thresholdColours === true,
          },
          t,
        );
  return (
    <section className="series-comparison" aria-labelledby={titleId}>
      <header className="series-comparison__header">
        <h2 id={titleId} className="series-comparison__title">
          {title}
        </h2>
        {toggle.length > 1 && <SeriesToggle toggle={toggle} shown={chosen} onChoose={choose} />}
        <ComparisonLegend
          comparison={comparison}
          withPrevious={series?.previous !== undefined}
          className="series-comparison__legend"
        />
      </header>
      {option !== null && (
        <EChart
          className="series-comparison__canvas"
          option={option}
          width={Math.max(MIN_CHART_PX, width - PADDING_X_PX)}
          height={Math.max(MIN_CHART_PX, height - HEADER_PX)}
          label={t('panels.seriesChart.chartLabel', { title })}
        />
      )}
    </section>
  );
}
