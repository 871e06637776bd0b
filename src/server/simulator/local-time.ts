/**
 * The simulator's names for the shared local-time arithmetic (src/shared/time/local-time.ts), which the simulator's
 * own modules import directly. `daysBetween` here lists the days from `from` to `to`, both included.
 */
export {
  addDays,
  daysFromTo as daysBetween,
  isoDayOfWeek as isoWeekday,
  localDayBounds,
  localDayOf,
  localTimeToInstant,
} from '../../shared/time/local-time.ts';
