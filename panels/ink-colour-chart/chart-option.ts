import type { PanelT } from '../../src/runtime/panel-sdk.ts';
import { COMPARISON_COLOURS } from '../../src/shared/format/period-comparison.ts';
import { abbreviateNumber } from '../../src/shared/format/abbreviate-number.ts';
import { formatSignedPercent } from '../../src/shared/format/percent.ts';
import { inkColourText } from '../../src/shared/contract/ink-colour-words.ts';
import type { ColourBar, InkColourChartData } from './model.ts';

/** A bar's colour as people read it ('Black'): our word for it, in the user's language. */
export function colourWords(bar: ColourBar, t: PanelT): string {
  return t(inkColourText(bar.colour).key);
}

/** A bar's label: '5.9k ml · 50%' for consumption, '5.9k ml · +18.00%' for comparison (no change: the ml alone). */
export function barLabel(bar: ColourBar, t: PanelT): string {
  const ml = `${abbreviateNumber(bar.ml)} ${t('panels.units.ml')}`;
  if (bar.percent !== null) return `${ml} · ${bar.percent}%`;
  return bar.stats === null ? ml : `${ml} · ${formatSignedPercent(bar.stats)}`;
}

/**
 * The ECharts option: horizontal bars per colour (the period, and for the comparison the previous period beside it,
 * named as the panel's legend names them),
 * labelled with ml and share or change. Pure, so it is tested without a canvas.
 */
export function buildInkColourOption(data: InkColourChartData, t: PanelT) {
  const comparison = data.chart === 'comparison';
  const { compared } = data.comparison;
  const labelOf = (index: number) => {
    const bar = data.bars[index];
    return bar === undefined ? '' : barLabel(bar, t);
  };
  return {
    animation: false,
    grid: {
      left: 8,
      right: 96,
      top: 8,
      bottom: 8,
      outerBoundsMode: 'same',
      outerBoundsContain: 'axisLabel',
    },
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'value', axisLabel: { formatter: (value: number) => abbreviateNumber(value), fontSize: 11 } },
    yAxis: {
      type: 'category',
      inverse: true,
      data: data.bars.map((bar) => colourWords(bar, t)),
      axisLabel: { fontSize: 11 },
    },
    series: [
      {
        name: t(`report.legendLabels.${compared}.selected`),
        type: 'bar',
        barMaxWidth: 16,
        itemStyle: { color: COMPARISON_COLOURS.selected },
        label: {
          show: true,
          position: 'right',
          fontSize: 11,
          formatter: ({ dataIndex }: { dataIndex: number }) => labelOf(dataIndex),
        },
        data: data.bars.map((bar) => bar.ml),
      },
      ...(comparison
        ? [
            {
              name: t(`report.legendLabels.${compared}.previous`),
              type: 'bar',
              barMaxWidth: 16,
              itemStyle: { color: COMPARISON_COLOURS.previous },
              data: data.bars.map((bar) => bar.previous ?? 0),
            },
          ]
        : []),
    ],
  };
}
