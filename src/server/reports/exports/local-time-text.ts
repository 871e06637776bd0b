import { utcOffsetMs } from '../../../shared/time/local-time.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
const TWO_DIGITS = Array.from({ length: 60 }, (_, value) => String(value).padStart(2, '0'));

/**
 * Instants as the downloads show them: 'YYYY-MM-DD HH:MM:SS' on a site's clock, the seconds cut (PostgreSQL's
 * `to_char(… AT TIME ZONE zone, 'YYYY-MM-DD HH24:MI:SS')`, which the exports used before: on PGlite it cost the
 * database thread a quarter of a second for 200,000 jobs, while this thread waited). A zone's offset is looked up once
 * per UTC hour; an hour whose start and end have different offsets (a DST change) is looked up per instant.
 */
export class LocalTimeText {
  private readonly hourOffsets = new Map<string, Map<number, number | null>>();
  /** 'YYYY-MM-DD' of each day number (days since 1970) written so far. */
  private readonly dayTexts = new Map<number, string>();

  format(instantMs: number, timeZone: string): string {
    const wholeSecond = Math.floor(instantMs / 1000) * 1000;
    const local = wholeSecond + this.offsetAt(wholeSecond, timeZone);
    const day = Math.floor(local / DAY_MS);
    const seconds = (local - day * DAY_MS) / 1000;
    const hours = Math.floor(seconds / 3600);
    const minutes = Math.floor((seconds % 3600) / 60);
    return `${this.dayText(day)} ${TWO_DIGITS[hours]}:${TWO_DIGITS[minutes]}:${TWO_DIGITS[seconds % 60]}`;
  }

  private dayText(day: number): string {
    let text = this.dayTexts.get(day);
    if (text === undefined) {
      text = new Date(day * DAY_MS).toISOString().slice(0, 10);
      this.dayTexts.set(day, text);
    }
    return text;
  }

  private offsetAt(instantMs: number, timeZone: string): number {
    let offsets = this.hourOffsets.get(timeZone);
    if (offsets === undefined) {
      offsets = new Map();
      this.hourOffsets.set(timeZone, offsets);
    }
    const hour = Math.floor(instantMs / HOUR_MS);
    let offset = offsets.get(hour);
    if (offset === undefined) {
      const atStart = utcOffsetMs(hour * HOUR_MS, timeZone);
      offset = atStart === utcOffsetMs((hour + 1) * HOUR_MS - 1000, timeZone) ? atStart : null;
      offsets.set(hour, offset);
    }
    return offset ?? utcOffsetMs(instantMs, timeZone);
  }
}
