/** AM or PM of the custom range's hour pickers (spec field names customStartTimeModificator / customEndTimeModificator). */
export type ClockPeriod = 'AM' | 'PM';

/** An hour as the custom range picker shows it: 12:00 and 01:00 to 11:00, with AM or PM (spec reports §2). */
export interface ClockHour {
  /** 12, 1, 2, … 11. */
  hour: number;
  period: ClockPeriod;
}

/** The hours offered by the picker, in its order. */
export const CLOCK_HOURS = [12, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] as const;

/** Custom hours default to 0 to 23, i.e. 12:00 AM to 11:00 PM (spec reports §9). */
export const DAY_START: ClockHour = { hour: 12, period: 'AM' };
export const DAY_END: ClockHour = { hour: 11, period: 'PM' };

/** 12 AM → 0, 1 AM → 1, 12 PM → 12, 11 PM → 23. */
export function toHourOfDay({ hour, period }: ClockHour): number {
  return (hour % 12) + (period === 'PM' ? 12 : 0);
}

export function fromHourOfDay(hourOfDay: number): ClockHour {
  const hour = hourOfDay % 12 === 0 ? 12 : hourOfDay % 12;
  return { hour, period: hourOfDay < 12 ? 'AM' : 'PM' };
}

export function isClockHour(value: ClockHour): boolean {
  return Number.isInteger(value.hour) && value.hour >= 1 && value.hour <= 12 && ['AM', 'PM'].includes(value.period);
}
