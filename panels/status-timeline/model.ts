import type { PanelT } from '../../src/runtime/panel-sdk.ts';
import type { AnswerOf } from '../../src/shared/api-types.ts';
import type { TimelinePoint } from '../../src/shared/contract/system-page.contract.ts';
import { TIMELINE_COLOURS, TIMELINE_STATUSES, type TimelineStatus } from '../../src/shared/kpi/percentages.ts';

/** The answers the kind shows (names of ANSWER_SCHEMAS): a layout may bind it only to a query answering one of them. */
export const STATUS_TIMELINE_ANSWERS = ['SystemTimeline'] as const;

export type StatusTimelineAnswer = AnswerOf<(typeof STATUS_TIMELINE_ANSWERS)[number]>;

/** The day view's two modes (spec reports §2 System page): the whole day, or one hour of it. */
export type DayView = 'day' | 'hour';

export { TIMELINE_COLOURS, TIMELINE_STATUSES, type TimelineStatus };

/** A status' share of a stretch of time, whole percent. */
export interface StatusShare {
  status: TimelineStatus;
  percentage: number;
}

/** One day of the week view. */
export interface TimelineDay {
  /** yyyyMMdd as the answer gives it. */
  date: string;
  /** 'Mon, Nov 16'. */
  label: string;
  /** In the order of spec reports §4: Error, Maintenance, Idle, Printing, Not Reporting. */
  statuses: StatusShare[];
  isNotReported: boolean;
}

/** What the panel draws. */
export interface StatusTimelineData {
  /** The period's shares in the order of spec reports §4. */
  summary: StatusShare[];
  /** Per local day (7 for a week, spec reports §9). */
  days: TimelineDay[];
  /** The day's five-minute points (288, or 276/300 on a DST day); null for a week. */
  points: TimelinePoint[] | null;
}

const order = (status: TimelineStatus) => TIMELINE_STATUSES.indexOf(status);

/** Shares in the order of spec reports §4 whatever order the answer lists them in. */
export function inStatusOrder<T extends { status: TimelineStatus }>(shares: readonly T[]): T[] {
  return [...shares].sort((a, b) => order(a.status) - order(b.status));
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '20261116' → 'Mon, Nov 16' (a calendar day, no time zone involved). */
export function dayLabel(yyyymmdd: string): string {
  const date = new Date(
    Date.UTC(Number(yyyymmdd.slice(0, 4)), Number(yyyymmdd.slice(4, 6)) - 1, Number(yyyymmdd.slice(6, 8))),
  );
  return `${WEEKDAYS[date.getUTCDay()]}, ${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}`;
}

/**
 * The timeline of the answer; null (the empty state) when the system reported no status on any day of the period.
 */
export function selectStatusTimeline(answer: StatusTimelineAnswer): StatusTimelineData | null {
  const days = answer.systemTimeLineGraphResponse.systemTimeLineGraphData.map((day) => ({
    date: day.date,
    label: dayLabel(day.date),
    statuses: inStatusOrder(day.statuses),
    isNotReported: day.isNotReported,
  }));
  if (days.every((day) => day.isNotReported)) return null;
  return {
    summary: inStatusOrder(answer.systemTimeLineSummeryResponse.systemTimeLineSummeryData).map(
      ({ status, percentage }) => ({ status, percentage }),
    ),
    days,
    points: answer.systemTimeLineDayResponse?.timeLineData ?? null,
  };
}

/** Hour of day 0–23 as the hour picker shows it, with its AM/PM flag (spec reports §2): 0 → '12 AM', 13 → '1 PM'. */
export function hourLabel(hour: number): string {
  const flag = hour < 12 ? 'AM' : 'PM';
  const twelve = hour % 12 === 0 ? 12 : hour % 12;
  return `${twelve} ${flag}`;
}

/** 'HH:mm' → '8:05 AM'. */
export function clockLabel(time: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const flag = hours < 12 ? 'AM' : 'PM';
  return `${hours % 12 === 0 ? 12 : hours % 12}:${String(minutes).padStart(2, '0')} ${flag}`;
}

/** Consecutive points of one status: drawn as one segment of the day strip. */
export interface TimelineRun {
  status: TimelineStatus | null;
  /** Index of its first point and number of points. */
  from: number;
  count: number;
  /** Local 'HH:mm' of its first point and of the point after its last (its end). */
  startTime: string;
  endTime: string;
}

/** Five minutes after 'HH:mm' ('23:55' → '24:00'). */
function fiveMinutesAfter(time: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const total = hours * 60 + minutes + 5;
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

/** The points as runs of one status each, in time order. */
export function runsOf(points: readonly TimelinePoint[]): TimelineRun[] {
  const runs: TimelineRun[] = [];
  points.forEach((point, index) => {
    const last = runs.at(-1);
    if (last !== undefined && last.status === point.status) {
      last.count += 1;
      last.endTime = fiveMinutesAfter(point.time);
    } else {
      runs.push({
        status: point.status,
        from: index,
        count: 1,
        startTime: point.time,
        endTime: fiveMinutesAfter(point.time),
      });
    }
  });
  return runs;
}

/** The points of one local hour (12; 24 for the hour the autumn DST change repeats). */
export function pointsOfHour(points: readonly TimelinePoint[], hour: number): TimelinePoint[] {
  return points.filter((point) => point.hour === hour);
}

/** The hour the hour view opens at: the hour of the latest point with a status, else midnight. */
export function latestReportedHour(points: readonly TimelinePoint[]): number {
  return points.findLast((point) => point.status !== null)?.hour ?? 0;
}

/** Axis ticks of the day strip every 4 hours (spec reports §9): the index of each such hour's first point. */
export function dayTicks(points: readonly TimelinePoint[]): { index: number; label: string }[] {
  const ticks: { index: number; label: string }[] = [];
  points.forEach((point, index) => {
    if (
      point.hour % 4 === 0 &&
      point.time.endsWith(':00') &&
      !ticks.some((tick) => tick.label === hourLabel(point.hour))
    ) {
      ticks.push({ index, label: hourLabel(point.hour) });
    }
  });
  return ticks;
}

/** Text of a status or of a point without one ('No data'). */
export function statusText(status: TimelineStatus | null, t: PanelT): string {
  return status === null ? t('panels.statusTimeline.noData') : t(`panels.statusTimeline.status.${status}`);
}

/** A status' share: 'Error 2%'. */
export function shareText({ status, percentage }: StatusShare, t: PanelT): string {
  return t('panels.statusTimeline.share', { status: statusText(status, t), percentage });
}

/** The accessible description of a list of shares: 'Error 2%, Maintenance 4%, …'. */
export function sharesText(shares: readonly StatusShare[], t: PanelT): string {
  return shares.map((share) => shareText(share, t)).join(', ');
}
