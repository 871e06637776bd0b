import type { KpiFrame, KpiLine } from '../../src/shared/contract/frames.ts';
import { abbreviateNumber } from '../../src/shared/format/abbreviate-number.ts';
import { formatDuration } from '../../src/shared/format/duration.ts';
import { formatPercent } from '../../src/shared/format/percent.ts';
import { AVAILABILITY_NOT_REPORTED } from '../../src/shared/kpi/availability.ts';
import { THRESHOLD_TEXT_COLOURS, thresholdColour } from '../../src/shared/kpi/trend.ts';
import type { SystemGroup } from '../../src/shared/system-group.ts';
import type { ToUserUnits } from '../../src/shared/units/length-units.ts';
import type { KpiCardOptions } from './options.ts';

export { formatDuration } from '../../src/shared/format/duration.ts';
export { TREND_COLOURS, TREND_TEXT_COLOURS, trend as trendOf, type Trend } from '../../src/shared/kpi/trend.ts';

/** Label per system group. */
export type GroupLabels = Partial<Record<SystemGroup, string>>;

/**
 * How a value is shown: `number` abbreviated (12.3k) with the data's units; `percent` a fraction × 100 with 2 decimals
 * (spec reports §5); `availability` like percent, coloured by the thresholds of §9, and −1 shown as '--';
 * `duration` seconds as days, hours, minutes, seconds.
 */
export type ValueFormat = 'number' | 'percent' | 'availability' | 'duration';

export type { KpiLine } from '../../src/shared/contract/frames.ts';

/** What a card shows of its KPI frame: all but the previous value (the change already compares with it). */
export type KpiCard = Omit<KpiFrame, 'type' | 'previous'>;

export const KPI_CARD_DEFAULTS = { decimals: 1 } satisfies Partial<KpiCardOptions>;

/** Top cards are 144 px high (spec reports §2 Overview, §9). */
export const KPI_CARD_HEIGHT_PX = 144;

/**
 * A change description in the parts a card keeps whole on a line: what the previous period is ('From previous same
 * day,') and, while the period is in progress, how far both are read ('both to 11:29'); one part otherwise. Joined
 * with a space they are the description (src/server/reports/common/report-period.ts changeDescription).
 */
export function changeDescriptionParts(description: string): string[] {
  return description.split(/(?<=,) (?=both )/);
}

/** The group's label; while the period holds the last update, its live label ('Current prod. rate', spec reports §4). */
export function kpiCardLabel(options: KpiCardOptions, group: SystemGroup, live = false): string | undefined {
  return (live ? options.labelKeys?.live[group] : undefined) ?? options.labels[group];
}

/** The format a value's units call for: '%' a percentage, 's' a duration, anything else a number. */
export function formatOfUnits(units: string): ValueFormat {
  if (units === '%') return 'percent';
  if (units === 's') return 'duration';
  return 'number';
}

/** The value as text and its units, by format. Availability −1 (not reported) and non-finite values are '--'. */
export function formatValue(
  value: number | null,
  format: ValueFormat,
  units: string,
  decimals: number = KPI_CARD_DEFAULTS.decimals,
): { text: string; units: string } {
  if (value === null || !Number.isFinite(value) || (format === 'availability' && value === AVAILABILITY_NOT_REPORTED)) {
    return { text: '--', units: format === 'number' ? units : '' };
  }
  switch (format) {
    case 'number':
      return { text: abbreviateNumber(value, decimals), units };
    case 'percent':
    case 'availability':
      return { text: formatPercent(value).slice(0, -1), units: '%' };
    case 'duration':
      return { text: formatDuration(value), units: '' };
  }
}

/** Text colour of an availability by the §9 thresholds (their text tones); undefined for other formats and for '--'. */
export function valueColour(value: number | null, format: ValueFormat): string | undefined {
  if (format !== 'availability' || value === null) return undefined;
  const colour = thresholdColour(value);
  return colour === null ? undefined : THRESHOLD_TEXT_COLOURS[colour];
}

/**
 * The card in the user's units (DTF lengths in yards or metres): its value and its upper and lower values. Changes
 * (stats) are ratios and stay as they are.
 */
export function kpiCardInUnits(card: KpiCard, toUserUnits: ToUserUnits): KpiCard {
  const lineInUnits = (line: KpiLine | undefined) => line && { ...line, ...toUserUnits(line) };
  const upper = lineInUnits(card.upper);
  const lower = lineInUnits(card.lower);
  return {
    ...card,
    ...toUserUnits(card),
    ...(upper === undefined ? {} : { upper }),
    ...(lower === undefined ? {} : { lower }),
  };
}

/**
 * The card of the panel's KPI frame, or null when there is no value to show (a null value without `showMissing`, e.g.
 * productivity for DTF, which the answer does not hold).
 */
export function selectKpiCard(frame: KpiFrame, options: KpiCardOptions): KpiCard | null {
  if (frame.value === null && options.showMissing !== true) return null;
  const { type: _type, previous: _previous, ...card } = frame;
  return card;
}
