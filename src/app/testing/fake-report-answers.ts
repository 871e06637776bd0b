import type {
  AchievementsResponse,
  KpiCardLine,
  KpiUnit,
  OverviewCardsReport,
  OverviewChartPoint,
  OverviewGraphsResponse,
  OverviewKpiCard,
  ReportPeriod,
  SystemsAnalysisResponse,
} from '../../shared/api-types.ts';
import type { SystemGroup } from '../../shared/system-group.ts';

/**
 * Whole report answers for the app's tests, typed by the answers' schemas: the runtime checks every answer against its
 * schema, so a fake answer must be a complete one (a partial answer shows the panel's error state).
 */

/** The day a request names (`day`, `week` or a custom range's start), as the period the answer covers. */
export function periodOf(url: URL): ReportPeriod {
  const day = url.searchParams.get('day') ?? url.searchParams.get('week') ?? '2024-03-05';
  return { timeframe: 'day', startDay: day, endDay: day, startHour: 0, endHour: 23 };
}

function groupOf(url: URL): SystemGroup {
  const group = url.searchParams.get('systemGroup');
  return group === 'DTF' || group === 'Apollo' ? group : 'DTG';
}

/** A KPI card that rose 10 % against the previous period, with no upper or lower line unless given. */
export function kpiCard(
  label: string,
  value: number,
  units: string,
  lines: Partial<Pick<OverviewKpiCard, 'upper' | 'lower'>> = {},
): OverviewKpiCard {
  return {
    label,
    value,
    units,
    previous: value,
    stats: 0.1,
    trend: 'positive',
    statsDescription: 'From previous day',
    upper: null,
    lower: null,
    ...lines,
  };
}

/** An upper or lower line of a KPI card that rose 10 %. */
export function kpiLine(description: string, value: number, units: KpiUnit): KpiCardLine {
  return { description, value, previous: value, units, stats: 0.1, trend: 'positive' };
}

/** overview-cards for the request's group and day; productivity only for DTG and Apollo (spec reports §2). */
export function overviewCardsAnswer(url: URL, cards: Partial<OverviewCardsReport> = {}): OverviewCardsReport {
  const group = groupOf(url);
  const period = periodOf(url);
  return {
    systemGroup: group,
    period,
    previousPeriod: period,
    comparedUntil: null,
    day: period.startDay,
    isLastUpdatePeriod: false,
    totalProduction: kpiCard(group === 'DTF' ? 'Total Production' : 'Total Impressions', 1234, 'imp'),
    productionRate: kpiCard('Average prod. rate', 84.6, 'imp/h'),
    productivity: group === 'DTF' ? null : kpiCard('Productivity', 60, 'imp/h'),
    availability: kpiCard('Average Availability', 0.9, '%'),
    ...cards,
  };
}

/** overview-graphs of a day: 24 hourly points in every chart. */
export function overviewGraphsAnswer(url: URL): OverviewGraphsResponse {
  const period = periodOf(url);
  const hourly: OverviewChartPoint[] = Array.from({ length: 24 }, (_, hour) => ({
    date: `${period.startDay}T${String(hour).padStart(2, '0')}:00`,
    granularity: 'hour',
    value: hour * 10,
    previous: hour * 8,
    isFuturePeriod: false,
    isNotReported: false,
  }));
  const group = groupOf(url);
  const production = group === 'DTF' ? 'm' : 'imp';
  return {
    systemGroup: group,
    period,
    previousPeriod: period,
    comparedUntil: null,
    granularity: 'hour',
    units: {
      productionChart: production,
      speedChart: group === 'DTF' ? 'm/h' : 'imp/h',
      utilizationChart: '%',
      availabilityChart: '%',
      productionByHourGraph: production,
    },
    productionChart: hourly,
    speedChart: hourly,
    utilizationChart: hourly,
    availabilityChart: hourly,
    productionByHourGraph: hourly.map((point, hour) => ({ hour, value: point.value, previous: point.previous })),
  };
}

/** achievements of the week of 2024-03-04 for the request's group. */
export function achievementsAnswer(url: URL, goals: Partial<AchievementsResponse> = {}): AchievementsResponse {
  return {
    systemGroup: groupOf(url),
    units: 'imp',
    weekStart: '2024-03-04',
    year: 2024,
    weeklyGoal: 1000,
    weeklyCompleted: 500,
    weeklyPercentage: 0.5,
    weeklySegments: 3,
    yearlyGoal: null,
    yearlyCompleted: 9000,
    yearlyPercentage: 0,
    yearlySegments: 0,
    weekRecord: 2000,
    weeklyForecast: null,
    yearlyForecast: null,
    ...goals,
  };
}

/** systems-analysis of the request's group and day with the given systems. */
export function systemsAnalysisAnswer(url: URL, systems: SystemsAnalysisResponse['systems']): SystemsAnalysisResponse {
  const period = periodOf(url);
  return { systemGroup: groupOf(url), period, previousPeriod: period, comparedUntil: null, systems };
}
