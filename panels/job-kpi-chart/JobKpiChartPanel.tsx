import type { JSX } from 'react';
import { EChart } from '../../src/runtime/panel-sdk-echart-bar.ts';
import { useElementSize, useLengthUnits, useTranslation, type PanelProps } from '../../src/runtime/panel-sdk.ts';
import { formatSignedPercent } from '../../src/shared/format/percent.ts';
import type { ToUserUnits } from '../../src/shared/units/length-units.ts';
import { buildJobKpiOption } from './chart-option.ts';
import { formatQuantity, type JobKpiChartData, type JobKpiQuantity } from './model.ts';
import type { JobKpiChartOptions } from './options.ts';
import './JobKpiChartPanel.css';

/** What the frame's title, the panel's padding and the figures take from the cell (until the chart's box is measured). */
const FRAME_TITLE_PX = 36;
const PADDING_X_PX = 32;
const PADDING_Y_PX = 24;
const FIGURES_HEIGHT_PX = 64;
const MIN_CHART_PX = 100;

/** The data in the user's length unit (DTF metres of film as yards for yard users); changes are ratios and stay. */
function inUserUnits(data: JobKpiChartData, toUserUnits: ToUserUnits): JobKpiChartData {
  const convert = <Quantity extends JobKpiQuantity>(quantity: Quantity): Quantity => ({
    ...quantity,
    ...toUserUnits(quantity),
  });
  return {
    ...data,
    total: convert(data.total),
    perUnit: data.perUnit === null ? null : convert(data.perUnit),
    buckets: data.buckets.map((bucket) => ({
      ...bucket,
      value: toUserUnits({ value: bucket.value, units: data.total.units }).value,
    })),
  };
}

function Change({ stats, description }: { stats: number | null; description: string }): JSX.Element | null {
  if (stats === null) return null;
  return (
    <span className="job-kpi-chart__change">
      {formatSignedPercent(stats)} {description}
    </span>
  );
}

/**
 * A Jobs Analysis KPI (spec reports §2 "KPIs"): the period's value with its change, the call's per-unit figure, and a bar
 * per hour, day, week or month bucket; buckets the period cuts show their count of days in orange.
 */
export function JobKpiChartPanel({
  data: answerData,
  title,
  width,
  height,
}: PanelProps<JobKpiChartOptions, JobKpiChartData>): JSX.Element {
  const { t } = useTranslation();
  const data = inUserUnits(answerData, useLengthUnits());
  const { total, perUnit } = data;
  // The chart takes the space the figures leave: on a narrow cell their changes wrap onto lines of their own, and a
  // chart sized for one line of figures lost its axis below the panel's edge (seen at 390 px wide).
  const { ref: boxRef, width: boxWidth, height: boxHeight } = useElementSize();
  const chartWidth = boxWidth > 0 ? boxWidth : width - PADDING_X_PX;
  const chartHeight = boxHeight > 0 ? boxHeight : height - FRAME_TITLE_PX - PADDING_Y_PX - FIGURES_HEIGHT_PX;
  return (
    <div className="job-kpi-chart">
      <div className="job-kpi-chart__figures">
        <p className="job-kpi-chart__value">
          <span className="job-kpi-chart__total">{formatQuantity(total)}</span>
          <Change stats={total.stats} description={data.statsDescription} />
        </p>
        {perUnit !== null && (
          <p className="job-kpi-chart__per-unit">
            {t(`panels.jobKpiChart.perUnit.${perUnit.kind}`)} <strong>{formatQuantity(perUnit)}</strong>{' '}
            <Change stats={perUnit.stats} description={data.statsDescription} />
          </p>
        )}
      </div>
      <div ref={boxRef} className="job-kpi-chart__canvas">
        <EChart
          className="job-kpi-chart__chart"
          option={buildJobKpiOption(data.buckets, total.units, t)}
          width={Math.max(MIN_CHART_PX, chartWidth)}
          height={Math.max(MIN_CHART_PX, chartHeight)}
          label={t(`panels.jobKpiChart.per.${data.buckets[0]?.granularity ?? 'day'}`, { title })}
        />
      </div>
    </div>
  );
}
