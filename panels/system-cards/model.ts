import type { AnswerOf } from '../../src/shared/api-types.ts';
import type { SystemKpi } from '../../src/shared/contract/system-page.contract.ts';
import { abbreviateNumber } from '../../src/shared/format/abbreviate-number.ts';
import { comparedUntilText } from '../../src/shared/format/period-comparison.ts';
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

/** Printer statuses as people read them. */
export const STATUS_TEXT: Record<SystemCardsAnswer['lastStatus'], string> = {
  Printing: 'Printing',
  Preparation: 'Preparation',
  Idle: 'Idle',
  Error: 'Error',
  Maintenance: 'Maintenance',
  NotReporting: 'Not Reporting',
};

/** One line of the identity card. */
export interface IdentityLine {
  label: string;
  value: string;
}

/** The identity card's lines: model, serial, last status and update, app version, last software update. */
export function identityLines(cards: SystemCardsData): IdentityLine[] {
  return [
    { label: 'Model', value: cards.systemModel },
    { label: 'Serial number', value: cards.systemSerialGk },
    { label: 'Last status', value: STATUS_TEXT[cards.lastStatus] },
    { label: 'Last update', value: formatLastUpdate(cards.lastUpdate) ?? 'Never reported' },
    { label: 'App version', value: cards.appVersion ?? '--' },
    { label: 'Last software update', value: formatLastUpdate(cards.lastSoftwareUpdate) ?? '--' },
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

/**
 * 'vs last week', or while the period is in progress 'vs last week, both to 11:29': both are compared up to the same
 * local time (docs/kpi-glossary.md "Change and trend").
 */
export function lastWeekLabel(cards: Pick<SystemCardsData, 'period' | 'comparedUntil'>): string {
  const until = comparedUntilText(cards.period, cards.comparedUntil);
  return until === null ? 'vs last week' : `vs last week, both ${until}`;
}

/**
 * The KPI tiles (spec reports §3 "System page cards"): achievement, production, production rate, availability (−1
 * '--', coloured by the thresholds), productivity (not for DTF), error and maintenance duration with their share.
 */
export function kpiTiles(cards: SystemCardsData): KpiTile[] {
  const lastWeek = lastWeekLabel(cards);
  const changesOf = (kpi: SystemKpi): ChangeText[] => [
    changeOf(lastWeek, kpi.againstLastWeek.stats),
    changeOf('vs fleet', kpi.againstFleet.stats),
  ];
  const notReported = cards.availability.value === AVAILABILITY_NOT_REPORTED;
  const availabilityColour = notReported ? null : thresholdColour(cards.availability.value);
  const tiles: KpiTile[] = [
    {
      label: 'Achievement',
      value: cards.achievement === null ? '--' : formatPercent(cards.achievement),
      changes: [],
    },
    { label: 'Production', value: kpiValue(cards.production), changes: changesOf(cards.production) },
    { label: 'Production rate', value: kpiValue(cards.productionRate), changes: changesOf(cards.productionRate) },
    {
      label: 'Availability',
      value: notReported ? '--' : formatPercent(cards.availability.value),
      ...(availabilityColour === null ? {} : { colour: THRESHOLD_TEXT_COLOURS[availabilityColour] }),
      changes: notReported ? [] : changesOf(cards.availability),
    },
  ];
  if (cards.productivity !== null) {
    tiles.push({ label: 'Productivity', value: kpiValue(cards.productivity), changes: changesOf(cards.productivity) });
  }
  tiles.push(
    {
      label: 'Error',
      value: formatDuration(cards.errorDuration),
      changes: [{ label: 'of reported time', text: formatPercent(cards.errorPercentage) }],
    },
    {
      label: 'Maintenance',
      value: formatDuration(cards.maintenanceDuration),
      changes: [{ label: 'of reported time', text: formatPercent(cards.maintenancePercentage) }],
    },
  );
  return tiles;
}
