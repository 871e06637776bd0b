/** One touched system-hour (hourStart is a whole UTC hour). */
export interface HourKey {
  systemId: string;
  hourStart: Date;
}

/** One touched system-day (localDay is yyyy-MM-dd in the site's time zone). */
export interface DayKey {
  systemId: string;
  localDay: string;
}

const HOUR_MS = 3_600_000;
const floorHour = (ms: number) => Math.floor(ms / HOUR_MS) * HOUR_MS;

const dayFormatters = new Map<string, Intl.DateTimeFormat>();

/** The local calendar day (yyyy-MM-dd) of an instant in an IANA time zone. */
export function localDayOf(instant: Date | number, timeZone: string): string {
  let formatter = dayFormatters.get(timeZone);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormatters.set(timeZone, formatter);
  }
  return formatter.format(instant);
}

/**
 * Collects the rollup keys raw rows contribute to: the system-hours and the system's local days. A span (status
 * interval) touches every hour it overlaps for a positive time — a zero-length one touches nothing; an instant (job
 * end, ink load) touches its hour and day. The rollup SQL turns exactly these keys into rows.
 */
export class TouchedKeys {
  readonly #hours = new Map<string, HourKey>();
  readonly #days = new Map<string, DayKey>();

  addSpan(systemId: string, timeZone: string, start: number, end: number): void {
    if (!(start < end)) return;
    for (let hour = floorHour(start); hour < end; hour += HOUR_MS) {
      this.#addHour(systemId, hour);
      // A UTC hour holds at most one local midnight, so the first and last instant of its share cover its days.
      this.#addDay(systemId, localDayOf(Math.max(hour, start), timeZone));
      this.#addDay(systemId, localDayOf(Math.min(hour + HOUR_MS, end) - 1, timeZone));
    }
  }

  addInstant(systemId: string, timeZone: string, instant: number): void {
    this.#addHour(systemId, floorHour(instant));
    this.#addDay(systemId, localDayOf(instant, timeZone));
  }

  get hours(): HourKey[] {
    return [...this.#hours.values()];
  }

  get days(): DayKey[] {
    return [...this.#days.values()];
  }

  #addHour(systemId: string, hour: number): void {
    this.#hours.set(`${systemId}|${hour}`, { systemId, hourStart: new Date(hour) });
  }

  #addDay(systemId: string, localDay: string): void {
    this.#days.set(`${systemId}|${localDay}`, { systemId, localDay });
  }
}
