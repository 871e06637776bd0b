import type { JSX } from 'react';
import { registerArea } from '../../src/i18n/i18n.ts';
import frameTexts from '../../src/i18n/locales/en-US/frames.json' with { type: 'json' };
import { EChart } from '../../src/runtime/panel-sdk-echart-bar.ts';
import { ComparisonLegend, useTranslation, type PanelProps } from '../../src/runtime/panel-sdk.ts';
import { barLabel, buildInkColourOption, colourWords } from './chart-option.ts';
import type { InkColourChartData } from './model.ts';
import type { InkColourChartOptions } from './options.ts';
import './InkColourChartPanel.css';

// The colours' names are frames' words (`frames.inkColours.*`): by key, in the user's language.
registerArea('frames', frameTexts);

/** What the frame's title, the panel's padding and the comparison's legend take from the cell. */
const FRAME_TITLE_PX = 36;
const PADDING_X_PX = 32;
const PADDING_Y_PX = 24;
const LEGEND_HEIGHT_PX = 24;
const MIN_CHART_PX = 120;

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
  const { t } = useTranslation();
  const summary = data.bars.map((bar) => `${colourWords(bar, t)} ${barLabel(bar, t)}`).join('; ');
  const comparison = data.chart === 'comparison';
  return (
    <div className="ink-colour-chart panel-body panel-body--stack">
      {comparison && <ComparisonLegend comparison={data.comparison} className="ink-colour-chart__legend" />}
      <EChart
        className="ink-colour-chart__canvas"
        option={buildInkColourOption(data, t)}
        width={Math.max(MIN_CHART_PX, width - PADDING_X_PX)}
        height={Math.max(MIN_CHART_PX, height - FRAME_TITLE_PX - PADDING_Y_PX - (comparison ? LEGEND_HEIGHT_PX : 0))}
        label={t('panels.chartOf', { title, content: summary })}
      />
    </div>
  );
}
