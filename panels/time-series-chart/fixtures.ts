import type { AnswerChartPoint, Granularity, TimeSeriesChartInput } from './model.ts';
import type { TimeSeriesChartOptions } from './options.ts';

/** Production by hour or day, as layouts/overview.json binds it. */
export const PRODUCTION_OPTIONS: TimeSeriesChartOptions = {
  series: [
    {
      id: 'production',
      label: 'Production',
      field: 'productionChart',
      value: 'value',
      previous: 'previous',
      format: 'number',
    },
  ],
};

/** Speed (production rate) or utilization with a toggle; Speed first for DTG and DTF, Utilization for Apollo. */
export const SPEED_OR_UTILIZATION_OPTIONS: TimeSeriesChartOptions = {
  series: [
    { id: 'speed', label: 'Speed', field: 'speedChart', value: 'value', previous: 'previous', format: 'number' },
    {
      id: 'utilization',
      label: 'Utilization',
      field: 'utilizationChart',
      value: 'value',
      previous: 'previous',
      format: 'percent',
    },
  ],
  defaultSeries: { DTG: 'speed', DTF: 'speed', Apollo: 'utilization' },
};

/** Availability by hour, bars coloured by the §9 thresholds. */
export const AVAILABILITY_OPTIONS: TimeSeriesChartOptions = {
  series: [
    {
      id: 'availability',
      label: 'Availability',
      field: 'availabilityChart',
      value: 'value',
      previous: 'previous',
      format: 'percent',
      thresholdColours: true,
    },
  ],
};

type RawPoint = AnswerChartPoint;

/** The numbers of a point: the selected period's and the previous one's. */
type Measure = Pick<RawPoint, 'value' | 'previous'>;

/** A deterministic wave so stories and tests see the same shapes: 0…1 by slot. */
function wave(index: number): number {
  return 0.5 + 0.45 * Math.sin(index / 2.2);
}

function hours(day: string, measure: (hour: number) => Measure, futureFrom = 24): RawPoint[] {
  return Array.from({ length: 24 }, (_, hour) => ({
    date: `${day}T${String(hour).padStart(2, '0')}:00:00`,
    granularity: 'hour',
    isFuturePeriod: hour >= futureFrom,
    isNotReported: false,
    ...measure(hour),
  }));
}

function days(start: string, count: number, granularity: Granularity, measure: (index: number) => Measure): RawPoint[] {
  const first = Date.parse(`${start}T00:00:00Z`);
  return Array.from({ length: count }, (_, index) => ({
    date: new Date(first + index * 86_400_000).toISOString().slice(0, 10),
    granularity,
    isFuturePeriod: false,
    isNotReported: false,
    ...measure(index),
  }));
}

const production = (i: number) => ({ value: Math.round(800 * wave(i)), previous: Math.round(700 * wave(i + 3)) });
const speed = (i: number) => ({ value: Math.round(120 * wave(i + 1)), previous: Math.round(110 * wave(i + 2)) });
const utilization = (i: number) => ({ value: wave(i + 4), previous: wave(i + 6) });
const availability = (i: number) => ({ value: wave(i * 1.7), previous: wave(i + 5) });

/** The `period` of an OverviewGraphsResponse. */
function period(timeframe: 'day' | 'week' | 'custom', startDay: string, endDay: string) {
  return { timeframe, startDay, endDay, startHour: 0, endHour: 23 };
}

/** The `units` of an OverviewGraphsResponse: impressions, or metres for DTF. */
function units(production: 'imp' | 'm') {
  return {
    productionChart: production,
    speedChart: `${production}/h`,
    utilizationChart: '%',
    availabilityChart: '%',
    productionByHourGraph: production,
  };
}

/** Overview graphs of a day (2024-03-05), with the hours after 17:00 still to come. */
export const DAY_GRAPHS: TimeSeriesChartInput = {
  period: period('day', '2024-03-05', '2024-03-05'),
  comparedUntil: null,
  units: units('imp'),
  productionChart: hours('2024-03-05', production, 17),
  speedChart: hours('2024-03-05', speed, 17),
  utilizationChart: hours('2024-03-05', utilization, 17),
  availabilityChart: hours('2024-03-05', availability, 17),
};

/** DTF's graphs of the same day: production in metres, speed in metres per hour. */
export const DTF_DAY_GRAPHS: TimeSeriesChartInput = { ...DAY_GRAPHS, units: units('m') };

/** Overview graphs of the week of Monday 2024-03-04 (daily points). */
export const WEEK_GRAPHS: TimeSeriesChartInput = {
  period: period('week', '2024-03-04', '2024-03-10'),
  comparedUntil: null,
  units: units('imp'),
  productionChart: days('2024-03-04', 7, 'day', (i) => ({ value: 9_000 + 1_000 * i, previous: 8_500 + 700 * i })),
  speedChart: days('2024-03-04', 7, 'day', speed),
  utilizationChart: days('2024-03-04', 7, 'day', utilization),
  availabilityChart: days('2024-03-04', 7, 'day', availability),
};

/** A custom period of 10 days (compared with last year). */
export const CUSTOM_GRAPHS: TimeSeriesChartInput = {
  period: period('custom', '2024-02-20', '2024-02-29'),
  comparedUntil: null,
  productionChart: days('2024-02-20', 10, 'day', production),
};

/** Monthly slots: charts are not drawn for month, quarter or year. */
export const MONTH_GRAPHS: TimeSeriesChartInput = {
  period: period('custom', '2024-01-01', '2024-03-31'),
  comparedUntil: null,
  productionChart: days('2024-01-01', 3, 'month', production),
};

/** A custom period of 3 days (compared with last week). */
export const SHORT_CUSTOM_GRAPHS: TimeSeriesChartInput = {
  period: period('custom', '2024-02-27', '2024-02-29'),
  comparedUntil: null,
  productionChart: days('2024-02-27', 3, 'day', production),
};

/** A day with utilization points only (the speed chart is empty). */
export const UTILIZATION_ONLY_GRAPHS: TimeSeriesChartInput = {
  period: period('day', '2024-03-05', '2024-03-05'),
  comparedUntil: null,
  utilizationChart: hours('2024-03-05', utilization),
};
