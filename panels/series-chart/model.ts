import type {
  KpiFrame,
  Series,
  SeriesBucket,
  SeriesFigureKind,
  SeriesFrame,
} from '../../src/shared/contract/frames.ts';
import type { PanelT } from '../../src/runtime/panel-sdk.ts';
import { abbreviateNumber } from '../../src/shared/format/abbreviate-number.ts';
import { formatDuration } from '../../src/shared/format/duration.ts';
import { comparisonOf, type PeriodComparison } from '../../src/shared/format/period-comparison.ts';
import { seriesChartDrawing } from './drawing.ts';
import type { SystemGroup } from '../../src/shared/system-group.ts';
import type { ToUserUnits } from '../../src/shared/units/length-units.ts';
import type { SeriesChartOptions } from './options.ts';

/** A value with its units ('imp', 'm', 's', 'ml', 'bottles', 's/imp', 'ml/m', …) and its change against the previous period. */
export interface SeriesQuantity {
  value: number;
  units: string;
  /** Fractional change against the previous period; null when the previous period had nothing. */
  stats: number | null;
}

/** The period's total with its change and the figure beside it (the Jobs KPIs' header). */
export interface SeriesFigures {
  total: SeriesQuantity;
  /** 'From last week', 'From last month', … (the answer's description of the compared period). */
  statsDescription: string;
  /** The figure the answer gives beside the series (per impression or metre; Apollo: per job); null when none. */
  figure: (SeriesQuantity & { kind: SeriesFigureKind }) | null;
}

/** What the panel draws. */
export interface SeriesChartData {
  units: string;
  buckets: SeriesBucket[];
  /** The frame's series by name, in the frame's order (with their previous-period values and own units, if any). */
  series: Series[];
  /** The total and figure, when the options ask for them and the frame has a total; else null. */
  figures: SeriesFigures | null;
  /** The compared periods (the legend's words), when the options draw the comparison and the frame has a period; else null. */
  comparison: PeriodComparison | null;
}

/** A KPI frame's value (a Jobs total always has one), units and change. */
const quantityOf = ({ value, units, stats }: KpiFrame): SeriesQuantity => ({ value: value ?? 0, units, stats });

function figuresOf({ total, figure }: SeriesFrame): SeriesFigures | null {
  if (total === undefined) return null;
  return {
    total: quantityOf(total),
    statsDescription: total.statsDescription,
    figure: figure === undefined ? null : { ...quantityOf(figure), kind: figure.kind },
  };
}

/** The frame's buckets and series (with the figures if the options show them), or null (the empty state) without buckets. */
export function selectSeriesChart(frame: SeriesFrame, options: SeriesChartOptions): SeriesChartData | null {
  if (frame.buckets.length === 0 || frame.series.length === 0) return null;
  return {
    units: frame.units,
    buckets: frame.buckets,
    series: frame.series,
    figures: options.figures === true ? figuresOf(frame) : null,
    comparison:
      seriesChartDrawing(options) === 'comparison' && frame.period !== undefined
        ? comparisonOf(frame.period.period, frame.period.comparedUntil)
        : null,
  };
}

/** The series a toggle shows first for a group: the options' for the group if the toggle has it, else the toggle's first. */
export function initialToggleSeries(options: SeriesChartOptions, group: SystemGroup): string {
  const names = (options.toggle ?? []).map((button) => button.series);
  const wanted = options.initialSeriesByGroup?.[group];
  return wanted !== undefined && names.includes(wanted) ? wanted : (names[0] ?? '');
}

/** The series chosen first in a picker: the options' (those the frame has), else the frame's first. */
export function initialSelection(options: SeriesChartOptions, data: SeriesChartData): string[] {
  const names = data.series.map((series) => series.name);
  const wanted = options.initialSeries ?? names.slice(0, 1);
  return wanted.filter((name) => names.includes(name));
}

/** A series as the picker and the tooltip name it: its label in the user's language ('Black'), else its name. */
export function seriesWords(series: Series, t: PanelT): string {
  return series.label === undefined ? series.name : t(series.label.key, series.label.values ?? {});
}

/** A quantity as text: seconds as a duration ('1d 2h', spec reports §9), anything else abbreviated with its units. */
export function formatQuantity(quantity: Pick<SeriesQuantity, 'value' | 'units'>): string {
  if (quantity.units === 's') return formatDuration(quantity.value);
  const decimals = quantity.units.includes('/') ? 2 : 1;
  return `${abbreviateNumber(quantity.value, decimals)} ${quantity.units}`;
}

/** The data in the user's length unit (DTF metres of film as yards for yard users); changes are ratios and stay. */
export function inUserUnits(data: SeriesChartData, toUserUnits: ToUserUnits): SeriesChartData {
  const convert = <Quantity extends SeriesQuantity>(quantity: Quantity): Quantity => ({
    ...quantity,
    ...toUserUnits(quantity),
  });
  const { figures } = data;
  return {
    ...data,
    units: toUserUnits({ value: null, units: data.units }).units,
    series: data.series.map((series) => {
      const units = series.units ?? data.units;
      const convert = (value: number | null) => toUserUnits({ value, units }).value;
      return {
        ...series,
        values: series.values.map(convert),
        ...(series.previous === undefined ? {} : { previous: series.previous.map(convert) }),
        ...(series.units === undefined ? {} : { units: toUserUnits({ value: null, units }).units }),
      };
    }),
    figures:
      figures === null
        ? null
        : {
            ...figures,
            total: convert(figures.total),
            figure: figures.figure === null ? null : convert(figures.figure),
          },
  };
}
