import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { localDayOf } from '../../shared/time/local-time.ts';

/**
 * Test-only reference for Jobs Analysis, computed in plain TypeScript from the raw `jobs` and `ink_loads` rows (never
 * from the rollups), following docs/kpi-glossary.md: a job belongs, whole, to the local day (on its site's clock) in
 * which it ENDED; a bottle to the local day it was loaded; a job's size is Small under 467 cm² of image area, Medium
 * up to 935 cm², Large above (spec reports §3); its printing time is its end minus its start; ink is in ml (µl ÷ 1000).
 */

export interface RawJob {
  serial: string;
  site: string;
  model: string;
  /** Start and end as wall-clock texts on the site's clock, 'YYYY-MM-DD HH:MM:SS' (the downloads' times). */
  startedLocal: string;
  endedLocal: string;
  /** The site's UTC offsets at the start and the end, '+01:00' (the downloads' UTC offset columns). */
  startedOffset: string;
  endedOffset: string;
  /** Local day of the job's end on its site's clock. */
  endDay: string;
  endedAt: Date;
  impressions: number;
  size: 'Small' | 'Medium' | 'Large';
  printMode: number | null;
  mediaLengthM: number;
  mediaWidthMm: number | null;
  printSeconds: number;
  inkMl: Record<string, number>;
}

export interface RawBottle {
  serial: string;
  day: string;
}

/** An instant as 'YYYY-MM-DD HH:MM:SS' on `timeZone`'s clock, by the runtime's own zone data (Swedish dates are ISO). */
export function wallClockText(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('sv-SE', { timeZone, dateStyle: 'short', timeStyle: 'medium' }).format(instant);
}

/** The UTC offset of `timeZone`'s clock at an instant, '+02:00', by the runtime's own zone data. */
export function wallClockOffset(instant: Date, timeZone: string): string {
  const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(instant)
    .find((part) => part.type === 'timeZoneName')?.value;
  return name === undefined || name === 'GMT' ? '+00:00' : name.replace('GMT', '');
}

const COLOURS = ['cyan', 'magenta', 'yellow', 'black', 'white', 'fof', 'softener'] as const;

function sizeOf(areaCm2: number): RawJob['size'] {
  if (areaCm2 < 467) return 'Small';
  return areaCm2 <= 935 ? 'Medium' : 'Large';
}

export async function rawJobs(db: Kysely<Database>, tenantId: string): Promise<RawJob[]> {
  const rows = await db
    .selectFrom('jobs')
    .innerJoin('systems', (join) =>
      join.onRef('systems.tenant_id', '=', 'jobs.tenant_id').onRef('systems.id', '=', 'jobs.system_id'),
    )
    .innerJoin('sites', (join) =>
      join.onRef('sites.tenant_id', '=', 'systems.tenant_id').onRef('sites.id', '=', 'systems.site_id'),
    )
    .innerJoin('models', (join) =>
      join.onRef('models.tenant_id', '=', 'systems.tenant_id').onRef('models.id', '=', 'systems.model_id'),
    )
    .where('jobs.tenant_id', '=', tenantId)
    .selectAll('jobs')
    .select(['systems.serial_number', 'sites.time_zone', 'sites.name as site', 'models.name as model'])
    .execute();
  return rows.map((row) => ({
    serial: row.serial_number,
    site: row.site,
    model: row.model,
    startedLocal: wallClockText(row.started_at, row.time_zone),
    endedLocal: wallClockText(row.ended_at, row.time_zone),
    startedOffset: wallClockOffset(row.started_at, row.time_zone),
    endedOffset: wallClockOffset(row.ended_at, row.time_zone),
    endDay: localDayOf(row.ended_at, row.time_zone),
    endedAt: row.ended_at,
    impressions: row.impressions,
    size: sizeOf(Number(row.image_area_cm2)),
    printMode: row.print_mode,
    mediaLengthM: Number(row.media_length_mm) / 1000,
    mediaWidthMm: row.media_width_mm,
    printSeconds: (row.ended_at.getTime() - row.started_at.getTime()) / 1000,
    inkMl: Object.fromEntries(COLOURS.map((colour) => [colour, Number(row[`ink_${colour}_ul`]) / 1000])),
  }));
}

export async function rawBottles(db: Kysely<Database>, tenantId: string): Promise<RawBottle[]> {
  const rows = await db
    .selectFrom('ink_loads')
    .innerJoin('systems', (join) =>
      join.onRef('systems.tenant_id', '=', 'ink_loads.tenant_id').onRef('systems.id', '=', 'ink_loads.system_id'),
    )
    .innerJoin('sites', (join) =>
      join.onRef('sites.tenant_id', '=', 'systems.tenant_id').onRef('sites.id', '=', 'systems.site_id'),
    )
    .where('ink_loads.tenant_id', '=', tenantId)
    .select(['systems.serial_number', 'sites.time_zone', 'ink_loads.loaded_at'])
    .execute();
  return rows.map((row) => ({ serial: row.serial_number, day: localDayOf(row.loaded_at, row.time_zone) }));
}

/** The jobs of `serials` that ended in the local days `from` … `to`. */
export function jobsIn(jobs: readonly RawJob[], serials: readonly string[], from: string, to: string): RawJob[] {
  return jobs.filter((job) => serials.includes(job.serial) && job.endDay >= from && job.endDay <= to);
}

/** Total ink of a job in ml. */
export function totalInk(job: RawJob): number {
  return Object.values(job.inkMl).reduce((sum, value) => sum + value, 0);
}

export function sum<T>(items: readonly T[], value: (item: T) => number): number {
  return items.reduce((total, item) => total + value(item), 0);
}

/** Error and maintenance events with the local day they STARTED on (the errors-and-maintenance download's rule). */
export interface RawEvent {
  serial: string;
  site: string;
  model: string;
  /** Local day of the event's start on its site's clock. */
  day: string;
  kind: string;
  startedLocal: string;
  endedLocal: string | null;
  startedOffset: string;
  endedOffset: string | null;
}

export async function rawEvents(db: Kysely<Database>, tenantId: string): Promise<RawEvent[]> {
  const rows = await db
    .selectFrom('events')
    .innerJoin('systems', (join) =>
      join.onRef('systems.tenant_id', '=', 'events.tenant_id').onRef('systems.id', '=', 'events.system_id'),
    )
    .innerJoin('sites', (join) =>
      join.onRef('sites.tenant_id', '=', 'systems.tenant_id').onRef('sites.id', '=', 'systems.site_id'),
    )
    .innerJoin('models', (join) =>
      join.onRef('models.tenant_id', '=', 'systems.tenant_id').onRef('models.id', '=', 'systems.model_id'),
    )
    .where('events.tenant_id', '=', tenantId)
    .select([
      'systems.serial_number',
      'sites.time_zone',
      'sites.name as site',
      'models.name as model',
      'events.started_at',
      'events.ended_at',
      'events.kind',
    ])
    .execute();
  return rows.map((row) => ({
    serial: row.serial_number,
    site: row.site,
    model: row.model,
    day: localDayOf(row.started_at, row.time_zone),
    kind: row.kind,
    startedLocal: wallClockText(row.started_at, row.time_zone),
    endedLocal: row.ended_at === null ? null : wallClockText(row.ended_at, row.time_zone),
    startedOffset: wallClockOffset(row.started_at, row.time_zone),
    endedOffset: row.ended_at === null ? null : wallClockOffset(row.ended_at, row.time_zone),
  }));
}
