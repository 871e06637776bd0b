import type { AnswerOf } from '../../src/shared/api-types.ts';
import { formatPercent, formatSignedPercent } from '../../src/shared/format/percent.ts';
import { AVAILABILITY_NOT_REPORTED } from '../../src/shared/kpi/availability.ts';
import { TIMELINE_STATUSES, type TimelineStatus } from '../../src/shared/kpi/percentages.ts';
import {
  THRESHOLD_TEXT_COLOURS,
  TREND_TEXT_COLOURS,
  thresholdColour,
  type ThresholdColour,
} from '../../src/shared/kpi/trend.ts';

/** The answers the kind shows (names of ANSWER_SCHEMAS): a layout may bind it only to a query answering one of them. */
export const AVAILABILITY_TIMELINE_ANSWERS = ['SystemAvailabilityTimeline'] as const;

export type AvailabilityTimelineAnswer = AnswerOf<(typeof AVAILABILITY_TIMELINE_ANSWERS)[number]>;

/** Bar colours of the availability thresholds (spec reports §9: 0–50 red, over 50–75 yellow, above 75 green). */
export const THRESHOLD_MARK_COLOURS: Record<ThresholdColour, string> = {
  red: '#FF404F',
  yellow: '#FFAB2B',
  green: '#1BB934',
};

/** One hour or day of the series. */
export interface AvailabilityBar {
  key: string;
  /** '8 AM' or 'Mon 16'; shown on the axis every 4 hours or every day. */
  label: string;
  showLabel: boolean;
  /** 0–100; null where nothing was reported ('--'). */
  percent: number | null;
  colour: string | null;
  /** The statuses' shares in the order of spec reports §4. */
  statuses: { status: TimelineStatus; percentage: number }[];
  /** 'Mon 16: 91.30%' or '8 AM: --'. */
  description: string;
}

/** What the panel draws. */
export interface AvailabilityTimelineData {
  /** The period's availability ('--' for −1, spec reports §5) and its text colour. */
  availability: string;
  colour?: string;
  change: { text: string; colour?: string; description: string } | null;
  bars: AvailabilityBar[];
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** 'yyyy-MM-ddTHH:00' → '8 AM'; 'yyyy-MM-dd' → 'Mon 16'. */
export function bucketLabel(date: string): string {
  if (date.includes('T')) {
    const hour = Number(date.slice(11, 13));
    return `${hour % 12 === 0 ? 12 : hour % 12} ${hour < 12 ? 'AM' : 'PM'}`;
  }
  const day = new Date(`${date}T00:00:00Z`);
  return `${WEEKDAYS[day.getUTCDay()]} ${day.getUTCDate()}`;
}

/** The availability and its series; null (the empty state) when nothing was reported in any bucket. */
export function selectAvailabilityTimeline(answer: AvailabilityTimelineAnswer): AvailabilityTimelineData | null {
  if (answer.records.every((record) => record.availability === AVAILABILITY_NOT_REPORTED)) return null;
  const hourly = answer.timeLineGranularity === 'hour';
  const card = answer.availability;
  const notReported = card.value === AVAILABILITY_NOT_REPORTED;
  const cardColour = notReported ? null : thresholdColour(card.value);
  return {
    availability: notReported ? '--' : formatPercent(card.value),
    ...(cardColour === null ? {} : { colour: THRESHOLD_TEXT_COLOURS[cardColour] }),
    change:
      card.stats === null || notReported
        ? null
        : {
            text: formatSignedPercent(card.stats),
            colour: TREND_TEXT_COLOURS[card.stats < 0 ? 'negative' : 'positive'],
            description: card.statsDescription,
          },
    bars: answer.records.map((record, index) => {
      const reported = record.availability !== AVAILABILITY_NOT_REPORTED;
      const colour = reported ? thresholdColour(record.availability) : null;
      const label = bucketLabel(record.date);
      return {
        key: record.date,
        label,
        showLabel: !hourly || index % 4 === 0,
        percent: reported ? Math.round(record.availability * 10_000) / 100 : null,
        colour: colour === null ? null : THRESHOLD_MARK_COLOURS[colour],
        statuses: [...record.statuses].sort(
          (a, b) => TIMELINE_STATUSES.indexOf(a.status) - TIMELINE_STATUSES.indexOf(b.status),
        ),
        description: `${label}: ${reported ? formatPercent(record.availability) : '--'}`,
      };
    }),
  };
}
