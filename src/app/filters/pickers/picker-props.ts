import type { DateBounds, IsoDate } from '../../../shared/timeframes/timeframe-dates.ts';

/** What every date picker of the filter bar gets (spec reports §2 "Date pickers"). */
export interface PickerProps {
  /** The selected date (for week its Monday, or the first available day). */
  value: IsoDate;
  /** First and last available dates; everything outside is disabled. */
  bounds: DateBounds;
  /** A date was chosen: the day itself, or the first day of the chosen month, quarter or year. */
  onSelect: (date: IsoDate) => void;
}
