import type { AcceptedAnswer } from '../../src/runtime/panel-definition.ts';
import type { KpiCardData, KpiCardLineWithoutValue, OverviewKpiCardWithoutValue } from '../../src/shared/api-types.ts';
import { abbreviateNumber } from '../../src/shared/format/abbreviate-number.ts';
import { formatDuration } from '../../src/shared/format/duration.ts';
import { formatPercent } from '../../src/shared/format/percent.ts';
import { AVAILABILITY_NOT_REPORTED } from '../../src/shared/kpi/availability.ts';
import { THRESHOLD_TEXT_COLOURS, thresholdColour } from '../../src/shared/kpi/trend.ts';
import type { SystemGroup } from '../../src/shared/system-group.ts';
import type { ToUserUnits } from '../../src/shared/units/length-units.ts';
import {
  JOB_CARD_ANSWERS,
  isJobCardAnswer,
  isJobCardField,
  jobCardOf,
  type JobCardAnswer,
  type JobCardField,
} from './job-cards.ts';
import type { KpiCardOptions } from './options.ts';

export { formatDuration } from '../../src/shared/format/duration.ts';
export { TREND_COLOURS, TREND_TEXT_COLOURS, trend as trendOf, type Trend } from '../../src/shared/kpi/trend.ts';

/** The Overview answers whose cards a kpi-card shows, and the system page's impressions and availability cards. */
const OVERVIEW_CARD_ANSWERS = [
  'OverviewCards',
  'OverviewOee',
  'SystemImpressionsCards',
  'SystemAvailabilityTimeline',
] as const;

/** The answers a kpi-card shows: the Overview's cards and the Jobs Analysis total and per-unit cards. */
export const KPI_CARD_ANSWERS = [...OVERVIEW_CARD_ANSWERS, ...JOB_CARD_ANSWERS] as const;

type OverviewCardAnswer = AcceptedAnswer<(typeof OVERVIEW_CARD_ANSWERS)[number]>;
export type KpiCardAnswer = AcceptedAnswer<(typeof KPI_CARD_ANSWERS)[number]>;

type CardFieldOf<Answer> = Answer extends unknown
  ? { [Key in keyof Answer]-?: Answer[Key] extends OverviewKpiCardWithoutValue | null ? Key : never }[keyof Answer]
  : never;

type OverviewCardField = CardFieldOf<OverviewCardAnswer>;

/** The properties of the accepted answers that hold a card: options.ts's `field` enum lists them. */
export type KpiCardField = OverviewCardField | JobCardField;

/** What a kpi-card reads of an Overview answer: the cards, and whether the period holds the last update. */
export type KpiCardCards = Partial<Record<OverviewCardField, OverviewKpiCardWithoutValue | null>> & {
  isLastUpdatePeriod?: boolean;
};

/** Label per system group. */
export type GroupLabels = Partial<Record<SystemGroup, string>>;

/**
 * How a value is shown: `number` abbreviated (12.3k) with the data's units; `percent` a fraction × 100 with 2 decimals
 * (spec reports §5); `availability` like percent, coloured by the thresholds of §9, and −1 shown as '--';
 * `duration` seconds as days, hours, minutes, seconds.
 */
export type ValueFormat = 'number' | 'percent' | 'availability' | 'duration';

/** An upper or lower value of a card (spec reports §3 Card data: value, unit, description and trend). */
export interface KpiLine {
  /** e.g. 'Avg. Utilization', 'Preparation', 'Avg. Handling Time', 'Dark Impressions', 'Error Dur.'. */
  description: string;
  value: number | null;
  units: string;
  /** Fractional change against the previous period; null when there is nothing to compare. */
  stats: number | null;
}

/** Card data with a value to show; null only for a card with `showMissing` (shown as '--'). */
export type KpiCard = Omit<KpiCardData, 'value' | 'units'> & {
  value: number | null;
  /** 'imp', 'm', 's', '%', … and the Jobs units ('bottles', 'ml/imp', 's/m', …). */
  units: string;
  upper?: KpiLine;
  lower?: KpiLine;
  /** The period holds the last update: 'Average …' labels read 'Current …'. */
  live?: boolean;
};

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

/** 'Average prod. rate' → 'Current prod. rate' when the period holds the last update (spec reports §4). */
export function periodLabel(label: string, live: boolean): string {
  return live ? label.replace(/\bAverage\b/, 'Current') : label;
}

export function kpiCardLabel(options: KpiCardOptions, group: SystemGroup): string | undefined {
  return options.labels[group];
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

function lineOf(line: KpiCardLineWithoutValue): KpiLine {
  return { description: line.description, value: line.value, units: line.units, stats: line.stats };
}

/**
 * The card at `options.field` of the answer with its upper and lower values, or null when there is no value to show
 * (a missing card, e.g. productivity for DTF, or a null value without `showMissing`).
 */
export function selectKpiCard(answer: KpiCardCards | JobCardAnswer, options: KpiCardOptions): KpiCard | null {
  const { field } = options;
  if (isJobCardAnswer(answer)) return isJobCardField(field) ? jobCardOf(answer, field) : null;
  if (isJobCardField(field)) return null;
  const main = answer[field];
  if (main === undefined || main === null || (main.value === null && options.showMissing !== true)) return null;
  const card: KpiCard = {
    value: main.value,
    units: main.units,
    stats: main.stats,
    statsDescription: main.statsDescription,
  };
  if (main.upper !== null) card.upper = lineOf(main.upper);
  if (main.lower !== null) card.lower = lineOf(main.lower);
  if (answer.isLastUpdatePeriod === true) card.live = true;
  return card;
}
