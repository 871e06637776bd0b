import { utcOffsetMs } from '../../../shared/time/local-time.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** Excel's date-times count days from 1899-12-30: 1970-01-01 is its day 25,569. */
const EXCEL_DAY_OF_1970 = 25_569;

/**
 * Instants as the XLSX downloads write them: an Excel date-time on a site's clock (days since 1899-12-30, whole
 * seconds, the fraction cut), which Excel sorts, sums and formats, and that clock's UTC offset ('+02:00'), which tells
 * the two 02:30 of an autumn DST change apart. Computed here, not by PostgreSQL (`… AT TIME ZONE zone`, used before:
 * on PGlite it cost the database thread a quarter of a second for 200,000 jobs, while this thread waited). A zone's
 * offset is looked up once per UTC hour; an hour whose start and end have different offsets (a DST change) is looked
 * up per instant.
 */
export class LocalTimeCells {
  private readonly hourOffsets = new Map<string, Map<number, number | null>>();
  /** '+02:00' of each offset (ms) written so far. */
  private readonly offsetTexts = new Map<number, string>();

  /** The instant's two cells on `timeZone`'s clock: its Excel date-time and its UTC offset. */
  cells(instantMs: number, timeZone: string): [dateTime: number, utcOffset: string] {
    const wholeSecond = Math.floor(instantMs / 1000) * 1000;
    const offset = this.offsetAt(wholeSecond, timeZone);
    return [(wholeSecond + offset) / DAY_MS + EXCEL_DAY_OF_1970, this.offsetText(offset)];
  }

  private offsetText(offsetMs: number): string {
    let text = this.offsetTexts.get(offsetMs);
    if (text === undefined) {
      const minutes = Math.abs(offsetMs) / 60_000;
      const twoDigits = (value: number) => String(value).padStart(2, '0');
      text = `${offsetMs < 0 ? '-' : '+'}${twoDigits(Math.floor(minutes / 60))}:${twoDigits(minutes % 60)}`;
      this.offsetTexts.set(offsetMs, text);
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
