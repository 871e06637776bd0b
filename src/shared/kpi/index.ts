/** KPI definitions shared by the server's reports and the browser; docs/kpi-glossary.md explains each one. */
export type { KpiMeasures } from './inputs.ts';
export { emptyMeasures, reportedSeconds, sumMeasures, totalInkMicrolitres, unaccountedSeconds } from './inputs.ts';
export type { LocalDay, LocalHour, LocalPeriod, PeriodBounds, Timeframe, Week } from './periods.ts';
export {
  addDays,
  dayBounds,
  daysBetween,
  daysOf,
  hoursOf,
  isoDayOfWeek,
  localDayOf,
  localPeriodBounds,
  periodBounds,
  periodOf,
  previousPeriod,
  utcOffsetMs,
  weekOf,
} from './periods.ts';
export {
  AVAILABILITY_NOT_REPORTED,
  availability,
  availableSeconds,
  errorDuration,
  errorShare,
  maintenanceDuration,
  maintenanceShare,
} from './availability.ts';
export { preparationShare, productiveUtilization, utilization } from './utilization.ts';
export type { LengthUnit } from './production.ts';
export {
  averageHandlingSeconds,
  darkImpressionsShare,
  lengthIn,
  production,
  productionRate,
  productivity,
} from './production.ts';
export type { DailyTotal, GoalCompletion } from './goals.ts';
export {
  WEEK_SEGMENTS,
  YEAR_SEGMENTS,
  completedSegments,
  goalCompletion,
  weekCompleted,
  weekRecord,
  weeklyTotalsOfYear,
  yearCompleted,
} from './goals.ts';
export type { Oee, OeeInputs } from './oee.ts';
export { fleetOee, fleetShiftAvailability, oee } from './oee.ts';
export type { LocalWindow, Stretch, WorkedShift } from './planned-time.ts';
export { hourStartsIn, plannedSeconds, shiftStretches } from './planned-time.ts';
export type { ThresholdColour, Trend } from './trend.ts';
export {
  THRESHOLD_TEXT_COLOURS,
  TREND_COLOURS,
  TREND_TEXT_COLOURS,
  change,
  thresholdColour,
  trend,
  trendColour,
} from './trend.ts';
export type { TimelineStatus } from './percentages.ts';
export { TIMELINE_COLOURS, TIMELINE_STATUSES, roundPercentagesTo100, statusPercentages } from './percentages.ts';
