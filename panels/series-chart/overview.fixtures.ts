import type { AnswerOf } from '../../src/shared/api-types.ts';
import type { SeriesFrame } from '../../src/shared/contract/frames.ts';
import { OVERVIEW_GRAPHS_FRAMES } from '../../src/shared/contract/overview.frames.ts';
import type { SeriesChartOptions } from './options.ts';

/** Options of the Overview layout's charts (layouts/overview.json). */
export const PRODUCTION_OPTIONS: SeriesChartOptions = { comparison: true };
export const SPEED_OR_UTILIZATION_OPTIONS: SeriesChartOptions = {
  comparison: true,
  toggle: [
    { series: 'speed', label: 'Speed' },
    { series: 'utilization', label: 'Utilization' },
  ],
  initialSeriesByGroup: { DTG: 'speed', DTF: 'speed', Apollo: 'utilization' },
};
export const AVAILABILITY_OPTIONS: SeriesChartOptions = { comparison: true, thresholdColours: true };

type Graphs = AnswerOf<'OverviewGraphs'>;
type Point = Graphs['productionChart'][number];
type Measure = Pick<Point, 'value' | 'previous'>;

/** A deterministic wave so stories and tests see the same shapes: 0…1 by bucket. */
function wave(index: number): number {
  return 0.5 + 0.45 * Math.sin(index / 2.2);
}

function hours(day: string, measure: (hour: number) => Measure, futureFrom = 24): Point[] {
  return Array.from({ length: 24 }, (_, hour) => ({
    date: `${day}T${String(hour).padStart(2, '0')}:00`,
    granularity: 'hour',
    isFuturePeriod: hour >= futureFrom,
    isNotReported: false,
    ...measure(hour),
  }));
}

function days(start: string, count: number, measure: (index: number) => Measure): Point[] {
  const first = Date.parse(`${start}T00:00:00Z`);
  return Array.from({ length: count }, (_, index) => ({
    date: new Date(first + index * 86_400_000).toISOString().slice(0, 10),
    granularity: 'day',
    isFuturePeriod: false,
    isNotReported: false,
    ...measure(index),
  }));
}

const production = (i: number) => ({ value: Math.round(800 * wave(i)), previous: Math.round(700 * wave(i + 3)) });
const speed = (i: number) => ({ value: Math.round(120 * wave(i + 1)), previous: Math.round(110 * wave(i + 2)) });
const utilization = (i: number) => ({ value: wave(i + 4), previous: wave(i + 6) });
const availability = (i: number) => ({ value: wave(i * 1.7), previous: wave(i + 5) });

function periodOf(timeframe: 'day' | 'week' | 'custom', startDay: string, endDay: string) {
  return { timeframe, startDay, endDay, startHour: 0, endHour: 23 };
}

/** An overview-graphs answer over the points `chart` gives each chart; impressions, or metres for DTF. */
function graphs(
  period: ReturnType<typeof periodOf>,
  chart: (measure: (index: number) => Measure) => Point[],
  lengths: 'imp' | 'm' = 'imp',
): Graphs {
  return {
    systemGroup: lengths === 'm' ? 'DTF' : 'DTG',
    period,
    previousPeriod: period,
    comparedUntil: null,
    granularity: period.timeframe === 'day' ? 'hour' : 'day',
    units: {
      productionChart: lengths,
      speedChart: `${lengths}/h`,
      utilizationChart: '%',
      availabilityChart: '%',
      productionByHourGraph: lengths,
    },
    productionChart: chart(production),
    speedChart: chart(speed),
    utilizationChart: chart(utilization),
    availabilityChart: chart(availability),
    productionByHourGraph: [],
  } as Graphs;
}

/** Overview graphs of a day (2024-03-05), with the hours from 17:00 still to come. */
export const DAY_GRAPHS = graphs(periodOf('day', '2024-03-05', '2024-03-05'), (m) => hours('2024-03-05', m, 17));
/** DTF's graphs of the same day: production in metres, speed in metres per hour. */
export const DTF_DAY_GRAPHS = graphs(
  periodOf('day', '2024-03-05', '2024-03-05'),
  (m) => hours('2024-03-05', m, 17),
  'm',
);
/** The week of Monday 2024-03-04 (daily buckets), production rising by 1,000 a day from 9,000. */
export const WEEK_GRAPHS: Graphs = {
  ...graphs(periodOf('week', '2024-03-04', '2024-03-10'), (m) => days('2024-03-04', 7, m)),
  productionChart: days('2024-03-04', 7, (i) => ({ value: 9_000 + 1_000 * i, previous: 8_500 + 700 * i })),
};
/** A custom period of 10 days (compared with last year). */
export const CUSTOM_GRAPHS = graphs(periodOf('custom', '2024-02-20', '2024-02-29'), (m) => days('2024-02-20', 10, m));
/** A custom period of 3 days (compared with last week). */
export const SHORT_CUSTOM_GRAPHS = graphs(periodOf('custom', '2024-02-27', '2024-02-29'), (m) =>
  days('2024-02-27', 3, m),
);

/** The frames the Overview's charts show, read by the answer's adapter. */
export const frames = (answer: Graphs) => ({
  production: OVERVIEW_GRAPHS_FRAMES.production.read(answer),
  speedAndUtilization: OVERVIEW_GRAPHS_FRAMES.speedAndUtilization.read(answer),
  availability: OVERVIEW_GRAPHS_FRAMES.availability.read(answer),
});

export const DAY_PRODUCTION: SeriesFrame = frames(DAY_GRAPHS).production;
