import type { ReportPeriod } from './report.contract.ts';
import type { SoftwareVersionsResponse } from './system-data.contract.ts';
import type {
  MachineSettings,
  SystemAchievement,
  SystemAvailabilityTimeline,
  SystemImpressionsCards,
  SystemInkTable,
  SystemMessages,
  SystemPageCards,
  SystemQualiset,
  SystemTimeline,
  TimelinePoint,
} from './system-page.contract.ts';

/**
 * Answers of the system page's calls for one DTG printer on Wednesday 2026-11-18 (and its week), written by hand for
 * the panels' stories and tests: the figures are chosen to be told apart, not computed.
 */
export const FIXTURE_SERIAL = 'SN 4711';
const DAY: ReportPeriod = { timeframe: 'day', startDay: '2026-11-18', endDay: '2026-11-18', startHour: 0, endHour: 23 };
const WEEK: ReportPeriod = {
  timeframe: 'week',
  startDay: '2026-11-16',
  endDay: '2026-11-22',
  startHour: 0,
  endHour: 23,
};
const header = { systemGroup: 'DTG', systemSerialGk: FIXTURE_SERIAL, period: DAY } as const;

const shares = (error: number, maintenance: number, idle: number, printing: number, notReporting: number) => [
  { status: 'Error' as const, percentage: error },
  { status: 'Maintenance' as const, percentage: maintenance },
  { status: 'Idle' as const, percentage: idle },
  { status: 'Printing' as const, percentage: printing },
  { status: 'Not Reporting' as const, percentage: notReporting },
];

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * The 288 five-minute points of the day: not reported until 06:00, printing from 06:00 with an error 08:00–08:25
 * and maintenance 12:00–12:55, idle from 18:00, nothing after 22:00 (the rest of today).
 */
function dayPoints(): TimelinePoint[] {
  return Array.from({ length: 288 }, (_, index) => {
    const hour = Math.floor(index / 12);
    const minute = (index % 12) * 5;
    const status: TimelinePoint['status'] =
      hour < 6
        ? 'Not Reporting'
        : hour === 8 && minute < 30
          ? 'Error'
          : hour === 12
            ? 'Maintenance'
            : hour < 18
              ? 'Printing'
              : hour < 22
                ? 'Idle'
                : null;
    return { start: `2026-11-18T${pad(hour)}:${pad(minute)}:00Z`, time: `${pad(hour)}:${pad(minute)}`, hour, status };
  });
}

export const SYSTEM_TIMELINE_DAY: SystemTimeline = {
  ...header,
  systemTimeLineGraphResponse: {
    systemTimeLineGraphData: [{ date: '20261118', statuses: shares(2, 4, 17, 40, 37), isNotReported: false }],
  },
  systemTimeLineSummeryResponse: {
    systemTimeLineSummeryData: [
      { status: 'Error', seconds: 1_800, percentage: 2, colour: '#FF404F' },
      { status: 'Maintenance', seconds: 3_600, percentage: 4, colour: '#FFAB2B' },
      { status: 'Idle', seconds: 14_400, percentage: 17, colour: '#5E7EBF' },
      { status: 'Printing', seconds: 34_200, percentage: 40, colour: '#1BB934' },
      { status: 'Not Reporting', seconds: 32_400, percentage: 37, colour: '#C5D0DE' },
    ],
  },
  systemTimeLineDayResponse: { granularityMinutes: 5, timeLineData: dayPoints() },
};

const WEEK_DATES = ['20261116', '20261117', '20261118', '20261119', '20261120', '20261121', '20261122'];

export const SYSTEM_TIMELINE_WEEK: SystemTimeline = {
  ...header,
  period: WEEK,
  systemTimeLineGraphResponse: {
    systemTimeLineGraphData: WEEK_DATES.map((date, index) =>
      index >= 5
        ? { date, statuses: shares(0, 0, 0, 0, 0), isNotReported: true }
        : { date, statuses: shares(index, 3, 20 + index, 60 - 2 * index, 17), isNotReported: false },
    ),
  },
  systemTimeLineSummeryResponse: SYSTEM_TIMELINE_DAY.systemTimeLineSummeryResponse,
  systemTimeLineDayResponse: null,
};

const kpi = (value: number, units: 'imp' | 'imp/h' | '%', lastWeek: number, fleet: number) => ({
  value,
  units,
  againstLastWeek: { value, previous: lastWeek, units, stats: (value - lastWeek) / lastWeek, trend: null },
  againstFleet: { value, previous: fleet, units, stats: (value - fleet) / fleet, trend: null },
});

export const SYSTEM_PAGE_CARDS: SystemPageCards = {
  ...header,
  lastWeekPeriod: { ...DAY, startDay: '2026-11-11', endDay: '2026-11-11' },
  comparedUntil: null,
  systemModel: 'Storm Hybrid',
  modelStartDate: '2021-03-01',
  modelEndDate: null,
  printerImage: '/images/printers/dtg.svg',
  lastStatus: 'Printing',
  lastUpdate: '2026-11-18T21:55:00Z',
  lastSoftwareUpdate: '2026-11-02T09:12:00Z',
  appVersion: '5.4.2',
  achievement: 0.874,
  production: kpi(1_240, 'imp', 1_100, 1_400),
  productionRate: kpi(92.5, 'imp/h', 88, 101),
  availability: kpi(0.913, '%', 0.95, 0.9),
  productivity: kpi(0.62, '%', 0.6, 0.65),
  errorDuration: 1_800,
  errorPercentage: 0.033,
  maintenanceDuration: 3_600,
  maintenancePercentage: 0.066,
  isNotReportingPeriod: false,
  availabilityTotalDurationReported: 54_000,
};

export const SYSTEM_MESSAGES: SystemMessages = {
  ...header,
  errorTableData: {
    messageTableData: [
      { message: 'Head temperature high', codes: ['E-104'], count: 3, durationSeconds: 1_200, durationShare: 0.6 },
      { message: 'Other', codes: ['E-999'], count: 4, durationSeconds: 300, durationShare: 0.15 },
      { message: 'Ink pressure low', codes: ['E-201', 'E-202'], count: 1, durationSeconds: 500, durationShare: 0.25 },
    ],
  },
  maintenanceTableData: {
    messageTableData: [
      { message: 'Daily cleaning', codes: ['M-10'], count: 1, durationSeconds: 2_400, durationShare: 0.667 },
      { message: 'Wiper change', codes: ['M-22'], count: 1, durationSeconds: 1_200, durationShare: 0.333 },
    ],
  },
  openErrors: {
    at: '2026-11-18T23:00:00.000Z',
    atPeriodEnd: true,
    events: [
      {
        code: 'E-104',
        message: 'Head temperature high',
        startedAt: '2026-11-18T22:40:00.000Z',
        endedAt: '2026-11-19T00:10:00.000Z',
      },
      { code: 'E-201', message: 'Ink pressure low', startedAt: '2026-11-17T16:05:00.000Z', endedAt: null },
    ],
  },
};

export const SYSTEM_INK_TABLE: SystemInkTable = {
  ...header,
  isToday: false,
  perUnit: 'ml/imp',
  colorData: [
    { colorName: 'black', consumedMl: 512.25, loadedMl: 1_000, bottlesLoaded: 1, perUnitMl: 0.41 },
    { colorName: 'Color', consumedMl: 230.5, loadedMl: 0, bottlesLoaded: 0, perUnitMl: 0.19 },
    { colorName: 'white', consumedMl: -4, loadedMl: 2_000, bottlesLoaded: 2, perUnitMl: Number.POSITIVE_INFINITY },
  ],
};

export const SYSTEM_QUALISET: SystemQualiset = {
  ...header,
  tests: 3,
  passed: 2,
  passRate: 2 / 3,
  results: [
    { measuredAt: '2026-11-18T14:00:00Z', testName: 'Colour density', passed: true, score: 97.5 },
    { measuredAt: '2026-11-18T10:00:00Z', testName: 'Nozzle check', passed: false, score: 61 },
    { measuredAt: '2026-11-18T07:00:00Z', testName: 'Registration', passed: true, score: null },
  ],
};

const card = (label: string, value: number, units: string, previous: number) => ({
  label,
  value,
  units,
  previous,
  stats: (value - previous) / previous,
  trend: value < previous ? ('negative' as const) : ('positive' as const),
  statsDescription: 'From last week',
  upper: null,
  lower: null,
});

export const SYSTEM_IMPRESSIONS_CARDS: SystemImpressionsCards = {
  ...header,
  totalProduction: card('Total Impressions', 1_240, 'imp', 1_100),
  productionRate: card('Average prod. rate', 92.5, 'imp/h', 88),
};

export const SYSTEM_AVAILABILITY_TIMELINE: SystemAvailabilityTimeline = {
  ...header,
  timeLineGranularity: 'hour',
  availability: card('Average Availability', 0.913, '%', 0.95),
  records: Array.from({ length: 24 }, (_, hour) => ({
    date: `2026-11-18T${pad(hour)}:00`,
    availability: hour < 6 || hour >= 22 ? -1 : hour === 8 ? 0.5 : hour === 12 ? 0 : 1,
    statuses: hour < 6 ? shares(0, 0, 0, 0, 100) : hour === 12 ? shares(0, 100, 0, 0, 0) : shares(0, 0, 10, 90, 0),
  })),
};

export const SYSTEM_ACHIEVEMENT: SystemAchievement = {
  ...header,
  timeLineGranularity: 'hour',
  impressions: 1_240,
  target: 1_419,
  achievement: 1_240 / 1_419,
  records: Array.from({ length: 24 }, (_, hour) => {
    const target = hour >= 6 && hour < 22 ? 88.7 : 0;
    const impressions = hour >= 6 && hour < 18 && hour !== 12 ? 112 : 0;
    return {
      date: `2026-11-18T${pad(hour)}:00`,
      impressions,
      target,
      achievement: target === 0 ? null : impressions / target,
    };
  }),
};

export const SYSTEM_SOFTWARE_VERSIONS: SoftwareVersionsResponse = {
  systemSerialGk: FIXTURE_SERIAL,
  appName: 'Storm Hybrid',
  componentVersions: [
    { component: 'Print engine', version: '5.4.2', reportedAt: '2026-11-02T09:12:00Z' },
    { component: 'RIP', version: '12.1.0', reportedAt: '2026-10-20T08:00:00Z' },
  ],
  globalSoftwareLastUpdate: '2026-11-02T09:12:00Z',
  globalSoftwareVersion: '5.4.2',
};

export const MACHINE_SETTINGS: MachineSettings = {
  period: DAY,
  device: {
    id: '42',
    name: FIXTURE_SERIAL,
    nickname: 'Line 3',
    systemGroup: 'DTG',
    model: 'Storm Hybrid',
    image: '/images/printers/dtg.svg',
  },
  params: [
    { name: 'Head temperature', value: 41.5, min: 30, max: 45, recordedAt: '2026-11-18T06:00:00Z' },
    { name: 'Ink pressure', value: 2.9, min: 3, max: 5, recordedAt: '2026-11-18T06:00:00Z' },
    { name: 'Firmware channel', value: 'stable', recordedAt: '2026-11-18T06:00:00Z' },
    { name: 'Platen height', value: 12, min: 0, recordedAt: '2026-11-17T06:00:00Z' },
  ],
};
