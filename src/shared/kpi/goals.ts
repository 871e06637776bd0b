import { addDays, isoDayOfWeek } from '../time/local-time.ts';
import type { LocalDay } from './periods.ts';
import { weekOf } from './periods.ts';

/** Segments of the goal progress bars: one per weekday, one per month (spec reports §2 Overview). */
export const WEEK_SEGMENTS = 7;
export const YEAR_SEGMENTS = 12;

/** Production of one local day (impressions, or metres for DTF). */
export interface DailyTotal {
  day: LocalDay;
  value: number;
}

export interface GoalCompletion {
  completed: number;
  goal: number;
  /** `completed / goal` (1 = goal reached; may exceed 1); 0 when no goal is set. Shown × 100 as a percentage. */
  fraction: number;
  /** Filled segments of the progress bar: `floor(min(fraction, 1) × segments)`. */
  completedSegments: number;
}

/**
 * Goal completion: `completed / goal` as a fraction, and how many of the progress bar's `segments` are filled
 * (7 for the weekly goal, 12 for the yearly one). A goal of 0 or less counts as not set: fraction 0.
 */
export function goalCompletion(completed: number, goal: number, segments: number): GoalCompletion {
  const fraction = goal > 0 ? completed / goal : 0;
  return { completed, goal, fraction, completedSegments: completedSegments(fraction, segments) };
}

/** Filled segments for a completion fraction: `floor(clamp(fraction, 0, 1) × segments)`. */
export function completedSegments(fraction: number, segments: number): number {
  const clamped = Math.min(Math.max(fraction, 0), 1);
  return Math.floor(clamped * segments + 1e-9);
}

/** Production of the whole Monday-to-Sunday week containing `day` (the weekly goal is never split). */
export function weekCompleted(daily: readonly DailyTotal[], day: LocalDay): number {
  const week = weekOf(day);
  return sumBetween(daily, week.start, week.end);
}

/**
 * Production of a calendar year. A week crossing the year end contributes only its days inside the year
 * (spec reports §9 "Week is split at the end of the year").
 */
export function yearCompleted(daily: readonly DailyTotal[], year: number): number {
  return sumBetween(daily, `${year}-01-01`, `${year}-12-31`);
}

/**
 * Weekly totals of a year, keyed by the Monday that starts each week. The weeks at both ends of the year are split
 * at the year end: only their days inside `year` count.
 */
export function weeklyTotalsOfYear(daily: readonly DailyTotal[], year: number): Map<LocalDay, number> {
  const totals = new Map<LocalDay, number>();
  for (const { day, value } of daily) {
    if (!day.startsWith(`${year}-`)) continue;
    const monday = addDays(day, 1 - isoDayOfWeek(day));
    totals.set(monday, (totals.get(monday) ?? 0) + value);
  }
  return totals;
}

/** Week record: the highest weekly total of a year (weeks split at the year end); 0 without data. */
export function weekRecord(daily: readonly DailyTotal[], year: number): number {
  return Math.max(0, ...weeklyTotalsOfYear(daily, year).values());
}

function sumBetween(daily: readonly DailyTotal[], start: LocalDay, end: LocalDay): number {
  let sum = 0;
  for (const { day, value } of daily) if (day >= start && day <= end) sum += value;
  return sum;
}
