import type { PanelT } from '../../src/runtime/panel-sdk.ts';
import type { AnswerOf } from '../../src/shared/api-types.ts';
import type { SystemKpi } from '../../src/shared/contract/system-page.contract.ts';
import { abbreviateNumber } from '../../src/shared/format/abbreviate-number.ts';
import { comparedUntilPoint, type ComparedUntilPoint } from '../../src/shared/format/period-comparison.ts';
import { formatDuration } from '../../src/shared/format/duration.ts';
import { formatLastUpdate } from '../../src/shared/format/last-update.ts';
import { formatPercent, formatSignedPercent } from '../../src/shared/format/percent.ts';
import { AVAILABILITY_NOT_REPORTED } from '../../src/shared/kpi/availability.ts';
import { THRESHOLD_TEXT_COLOURS, TREND_TEXT_COLOURS, thresholdColour } from '../../src/shared/kpi/trend.ts';

/** The answers the kind shows (names of ANSWER_SCHEMAS): a layout may bind it only to a query answering one of them. */
export const SYSTEM_CARDS_ANSWERS = ['SystemPageCards'] as const;

export type SystemCardsAnswer = AnswerOf<(typeof SYSTEM_CARDS_ANSWERS)[number]>;

/** Which cards the panel shows: the printer's identity, or its KPIs against last week and the fleet. */
export type SystemCardsSection = 'identity' | 'kpis';

/** What the panel draws: the answer as the runtime checked it. */
export type SystemCardsData = SystemCardsAnswer;

export function selectSystemCards(answer: SystemCardsAnswer): SystemCardsData {
  return answer;
}

/** One line of the identity card. */
export interface IdentityLine {
  label: string;
  value: string;
}

/** The identity card's lines: model, serial, last status and update, app version, last software update. */
export function identityLines(cards: SystemCardsData, t: PanelT): IdentityLine[] {
  return [
    { label: t('panels.systemCards.model'), value: cards.systemModel },
    { label: t('panels.systemCards.serialNumber'), value: cards.systemSerialGk },
    { label: t('panels.systemCards.lastStatus'), value: t(`panels.status.${cards.lastStatus}`) },
    {
      label: t('panels.systemCards.lastUpdate'),
      value: formatLastUpdate(cards.lastUpdate) ?? t('panels.neverReported'),
    },
    { label: t('panels.systemCards.appVersion'), value: cards.appVersion ?? '--' },
    { label: t('panels.systemCards.lastSoftwareUpdate'), value: formatLastUpdate(cards.lastSoftwareUpdate) ?? '--' },
  ];
}

/** A change against last week or the fleet, as text with its trend colour (spec reports §4 trend). */
export interface ChangeText {
  label: string;
  text: string;
  colour?: string;
}

/** One KPI tile. */
export interface KpiTile {
  label: string;
  value: string;
  /** Text colour of the value (availability thresholds of spec reports §9). */
  colour?: string;
  changes: ChangeText[];
}

function changeOf(label: string, stats: number | null): ChangeText {
  if (stats === null || !Number.isFinite(stats)) return { label, text: '--' };
  return { label, text: formatSignedPercent(stats), colour: TREND_TEXT_COLOURS[stats < 0 ? 'negative' : 'positive'] };
}

function kpiValue(kpi: SystemKpi): string {
  if (kpi.units === '%') return formatPercent(kpi.value);
  return `${abbreviateNumber(kpi.value, 1)} ${kpi.units}`;
}

/** How far both periods are read, in words: 'to 11:29', 'to Sat 11:29', 'to day 14, 11:29', "to each site's time". */
export function comparedUntilWords(point: ComparedUntilPoint, t: PanelT): string {
  switch (point.kind) {
    case 'eachSite':
      return t('panels.comparedUntil.eachSite');
    case 'time':
      return t('panels.comparedUntil.time', { time: point.time });
    case 'weekday':
      return t('panels.comparedUntil.weekday', { time: point.time, weekday: weekdayName(point.weekday, t) });
    case 'day':
      return t('panels.comparedUntil.day', { time: point.time, day: point.day });
  }
}

const ISO_WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

function weekdayName(isoWeekday: number, t: PanelT): string {
  const weekday = ISO_WEEKDAYS.find((candidate) => candidate === isoWeekday);
  return weekday === undefined ? '' : t(`panels.weekdays.${weekday}`);
}

/**
 * 'vs last week', or while the period is in progress 'vs last week, both to 11:29': both are compared up to the same
 * local time (docs/kpi-glossary.md "Change and trend").
 */
export function lastWeekLabel(cards: Pick<SystemCardsData, 'period' | 'comparedUntil'>, t: PanelT): string {
  const until = comparedUntilPoint(cards.period, cards.comparedUntil);
  return until === null
    ? t('panels.systemCards.vsLastWeek')
    : t('panels.systemCards.vsLastWeekUntil', { until: comparedUntilWords(until, t) });
}

/**
 * The KPI tiles (spec reports §3 "System page cards"): achievement, production, production rate, availability (−1
 * '--', coloured by the thresholds), productivity (not for DTF), error and maintenance duration with their share.
 */
export function kpiTiles(cards: SystemCardsData, t: PanelT): KpiTile[] {
  const lastWeek = lastWeekLabel(cards, t);
  const changesOf = (kpi: SystemKpi): ChangeText[] => [
    changeOf(lastWeek, kpi.againstLastWeek.stats),
    changeOf(t('panels.systemCards.vsFleet'), kpi.againstFleet.stats),
  ];
  const ofReportedTime = t('panels.systemCards.ofReportedTime');
  const notReported = cards.availability.value === AVAILABILITY_NOT_REPORTED;
  const availabilityColour = notReported ? null : thresholdColour(cards.availability.value);
  const tiles: KpiTile[] = [
    {
      label: t('panels.systemCards.achievement'),
      value: cards.achievement === null ? '--' : formatPercent(cards.achievement),
      changes: [],
    },
    {
      label: t('panels.systemCards.production'),
      value: kpiValue(cards.production),
      changes: changesOf(cards.production),
    },
    {
      label: t('panels.systemCards.productionRate'),
      value: kpiValue(cards.productionRate),
      changes: changesOf(cards.productionRate),
    },
    {
      label: t('panels.systemCards.availability'),
      value: notReported ? '--' : formatPercent(cards.availability.value),
      ...(availabilityColour === null ? {} : { colour: THRESHOLD_TEXT_COLOURS[availabilityColour] }),
      changes: notReported ? [] : changesOf(cards.availability),
    },
  ];
  if (cards.productivity !== null) {
    tiles.push({
      label: t('panels.systemCards.productivity'),
      value: kpiValue(cards.productivity),
      changes: changesOf(cards.productivity),
    });
  }
  tiles.push(
    {
      label: t('panels.status.Error'),
      value: formatDuration(cards.errorDuration),
      changes: [{ label: ofReportedTime, text: formatPercent(cards.errorPercentage) }],
    },
    {
      label: t('panels.status.Maintenance'),
      value: formatDuration(cards.maintenanceDuration),
      changes: [{ label: ofReportedTime, text: formatPercent(cards.maintenancePercentage) }],
    },
  );
  return tiles;
}
