import { useState, type JSX } from 'react';
import { registerArea } from '../../src/i18n/i18n.ts';
import frameTexts from '../../src/i18n/locales/en-US/frames.json' with { type: 'json' };
import { EChart } from '../../src/runtime/panel-sdk-echart-bar.ts';
import { ChipMultiSelect } from '../../src/runtime/panel-sdk-multi-select.tsx';
import { useElementSize, useTranslation, type PanelProps } from '../../src/runtime/panel-sdk.ts';
import { formatSignedPercent } from '../../src/shared/format/percent.ts';
import { buildSeriesOption, DEFAULT_AXIS_STEPS } from './chart-option.ts';
import { formatQuantity, initialSelection, seriesWords, type SeriesChartData, type SeriesFigures } from './model.ts';
import type { SeriesChartOptions } from './options.ts';
import './SeriesChartPanel.css';

// The series' labels are frames' words (`frames.inkColours.*`): by key, in the user's language.
registerArea('frames', frameTexts);

/** What the frame's title, the panel's padding, the figures and the picker take from the cell (until the chart's box is measured). */
const FRAME_TITLE_PX = 36;
const PADDING_X_PX = 32;
const PADDING_Y_PX = 24;
const FIGURES_HEIGHT_PX = 64;
const PICKER_HEIGHT_PX = 52;
const MIN_CHART_PX = 100;

function Change({ stats, description }: { stats: number | null; description: string }): JSX.Element | null {
  if (stats === null) return null;
  return (
    <span className="series-chart__change">
      {formatSignedPercent(stats)} {description}
    </span>
  );
}

/** The period's total with its change, and the figure the answer gives beside it. */
function Figures({ figures }: { figures: SeriesFigures }): JSX.Element {
  const { t } = useTranslation();
  const { total, figure, statsDescription } = figures;
  return (
    <div className="series-chart__figures">
      <p className="series-chart__value">
        <span className="series-chart__total">{formatQuantity(total)}</span>
        <Change stats={total.stats} description={statsDescription} />
      </p>
      {figure !== null && (
        <p className="series-chart__figure">
          {t(`panels.seriesChart.figure.${figure.kind}`)} <strong>{formatQuantity(figure)}</strong>{' '}
          <Change stats={figure.stats} description={statsDescription} />
        </p>
      )}
    </div>
  );
}

/** The frame's series as bars, with the figures or the picker the options ask for; `data` in the user's units. */
export function BarsChart({
  options,
  data,
  title,
  width,
  height,
}: PanelProps<SeriesChartOptions, SeriesChartData>): JSX.Element {
  const { t } = useTranslation();
  const { picker } = options;
  const [chosen, setChosen] = useState<string[]>(() => initialSelection(options, data));
  const shown = picker === undefined ? data.series : data.series.filter((series) => chosen.includes(series.name));
  // The chart takes the space the figures and the picker leave: on a narrow cell the figures' changes wrap onto lines
  // of their own, and a chart sized for one line of figures lost its axis below the panel's edge (seen at 390 px wide).
  const { ref: boxRef, width: boxWidth, height: boxHeight } = useElementSize();
  const above = (data.figures === null ? 0 : FIGURES_HEIGHT_PX) + (picker === undefined ? 0 : PICKER_HEIGHT_PX);
  const chartWidth = boxWidth > 0 ? boxWidth : width - PADDING_X_PX;
  const chartHeight = boxHeight > 0 ? boxHeight : height - FRAME_TITLE_PX - PADDING_Y_PX - above;
  // A frame's only series is the chart's subject (no name); several are named, like the picker's choices.
  const named = picker !== undefined || data.series.length > 1;
  const words = new Map(data.series.map((series) => [series.name, seriesWords(series, t)]));
  const wordsOf = (name: string) => words.get(name) ?? name;
  const option = buildSeriesOption(
    {
      buckets: data.buckets,
      series: shown.map((series) => ({
        ...(named ? { name: wordsOf(series.name) } : {}),
        values: series.values,
        ...(options.colours?.[series.name] === undefined ? {} : { colour: options.colours[series.name] }),
      })),
      units: data.units,
      axisSteps: options.axisSteps ?? DEFAULT_AXIS_STEPS,
    },
    t,
  );
  const label =
    picker === undefined
      ? t(`panels.seriesChart.per.${data.buckets[0]?.granularity ?? 'day'}`, { title })
      : t('panels.chartOf', { title, content: chosen.map(wordsOf).join(', ') });
  return (
    <div className="series-chart panel-body panel-body--stack">
      {data.figures !== null && <Figures figures={data.figures} />}
      {picker !== undefined && (
        <ChipMultiSelect
          className="series-chart__picker"
          label={picker.label}
          options={data.series.map((series) => ({ label: wordsOf(series.name), value: series.name }))}
          value={chosen}
          onChange={setChosen}
          placeholder={picker.placeholder}
        />
      )}
      <div ref={boxRef} className="series-chart__canvas">
        <EChart
          className="series-chart__chart"
          option={option}
          width={Math.max(MIN_CHART_PX, chartWidth)}
          height={Math.max(MIN_CHART_PX, chartHeight)}
          label={label}
        />
      </div>
    </div>
  );
}
