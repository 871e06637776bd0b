import type { SystemGroup } from '../system-group.ts';
import { DAY_END, DAY_START, toHourOfDay, type ClockHour } from './clock-hours.ts';
import { daysBetween } from '../time/local-time.ts';
import type { IsoDate } from './timeframe-dates.ts';

/** Longest custom range in days (spec reports §5, §9). */
export const CUSTOM_RANGE_MAX_DAYS = 365;
/** Above this many days hours cannot be chosen; full days count (spec reports §5, §9). */
export const CUSTOM_RANGE_MAX_HOURLY_DAYS = 182;
/** DTF has per-job data only from this day (spec reports §5, §9). */
export const DTF_JOB_DATA_START: IsoDate = '2024-01-31';

/** The exact texts of spec reports §5. */
export const CUSTOM_RANGE_MESSAGES = {
  tooLong: 'Date range of more than 12 months is not supported',
  hoursIgnored: 'Date range of more than 6 months does not support hour range selection. Full days will be considered',
  fromTimeAfterToTime: '"From" time value should not be greater than "To" time value if dates are same',
  dtfJobData: 'The data available starting from January 31, 2024',
} as const;

/** An applied custom range (spec reports §3 customTimeFrameStartDate … customEndTimeModificator). */
export interface CustomRange {
  startDate: IsoDate;
  endDate: IsoDate;
  startTime: ClockHour;
  endTime: ClockHour;
}

/** The range as the picker holds it while editing: either date may still be empty. */
export interface CustomRangeDraft {
  from: IsoDate | null;
  to: IsoDate | null;
  fromTime: ClockHour;
  toTime: ClockHour;
}

/** What the picker shows about a draft. */
export interface CustomRangeCheck {
  /** Whole days from the start to the end date; null while a date is empty. */
  days: number | null;
  /** Blocks Submit. */
  error: string | null;
  /** Shown under the pickers; the same-day time warning also blocks Submit. */
  warning: string | null;
  /** Over 182 days: hours are 12:00 AM to 11:00 PM and cannot be changed. */
  fullDaysOnly: boolean;
  canSubmit: boolean;
}

/** Spec reports §5 for one draft. Days count as whole days between the dates (a year from 2025-01-01 is 2026-01-01, 365). */
export function checkCustomRange(draft: CustomRangeDraft): CustomRangeCheck {
  if (draft.from === null || draft.to === null) {
    return { days: null, error: null, warning: null, fullDaysOnly: false, canSubmit: false };
  }
  const days = daysBetween(draft.from, draft.to);
  if (days > CUSTOM_RANGE_MAX_DAYS) {
    return { days, error: CUSTOM_RANGE_MESSAGES.tooLong, warning: null, fullDaysOnly: true, canSubmit: false };
  }
  if (days > CUSTOM_RANGE_MAX_HOURLY_DAYS) {
    return { days, error: null, warning: CUSTOM_RANGE_MESSAGES.hoursIgnored, fullDaysOnly: true, canSubmit: true };
  }
  if (days === 0 && toHourOfDay(draft.fromTime) > toHourOfDay(draft.toTime)) {
    const warning = CUSTOM_RANGE_MESSAGES.fromTimeAfterToTime;
    return { days, error: null, warning, fullDaysOnly: false, canSubmit: false };
  }
  return { days, error: null, warning: null, fullDaysOnly: false, canSubmit: true };
}

/** Tooltip on calendar days without per-job data: DTF before 2024-01-31. */
export function jobDataTooltip(group: SystemGroup, date: IsoDate): string | null {
  return group === 'DTF' && date < DTF_JOB_DATA_START ? CUSTOM_RANGE_MESSAGES.dtfJobData : null;
}

/** Hours used when a report has no hour picker (Jobs) or the range is over 182 days. */
export const FULL_DAY_HOURS = { fromTime: DAY_START, toTime: DAY_END } as const;
