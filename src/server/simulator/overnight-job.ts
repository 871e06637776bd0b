import { addDays, isoDayOfWeek, localDayBounds } from '../../shared/time/local-time.ts';
import type { GroupBehaviour, JobDraft } from './group-behaviour.ts';
import type { SimulatedSystem } from './fleet-plan.ts';
import { chance, randomInt, type Rng } from './rng.ts';

/**
 * A job left printing across local midnight (issue 10): real printers finish jobs after midnight, so a job's day, week
 * and year can differ from its start's. Days are simulated independently, so the night is decided by its own generator
 * (keyed by the morning's day): the evening's day gives the job's first part its Printing status up to midnight, the
 * morning's day the rest and the job record itself, since a job counts where it ends.
 */

/** Chance of a job across an ordinary night, per printer. */
export const OVERNIGHT_CHANCE = 0.12;
/**
 * Chance on the nights into a Monday or a 1 January: higher, so that every simulated fleet of a few printers has jobs
 * crossing the week and the year boundary for the reports' tests to see.
 */
export const BOUNDARY_NIGHT_CHANCE = 0.5;

export interface OvernightJob {
  draft: JobDraft;
  start: number;
  end: number;
}

/** The job running across the local midnight that starts `morning`, if there is one that night. */
export function overnightJob(
  system: SimulatedSystem,
  behaviour: GroupBehaviour,
  morning: string,
  timeZone: string,
  rng: Rng,
): OvernightJob | null {
  if (addDays(morning, -1) < system.modelStartDate) return null;
  const boundary = isoDayOfWeek(morning) === 1 || morning.endsWith('-01-01');
  if (!chance(rng, boundary ? BOUNDARY_NIGHT_CHANCE : OVERNIGHT_CHANCE)) return null;
  const draft = behaviour.job(rng, system.profile.jobScale, system.profile.darkShare, 0);
  const seconds = Math.max(120, Math.round(draft.durationMs / 1000));
  const beforeMidnight = randomInt(rng, 1, seconds - 1) * 1000;
  const midnight = localDayBounds(morning, timeZone).start;
  return { draft, start: midnight - beforeMidnight, end: midnight - beforeMidnight + seconds * 1000 };
}
