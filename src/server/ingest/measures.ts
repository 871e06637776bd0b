/**
 * The measure lists behind the fact and rollup columns (migration 002 writes the same lists out literally).
 * The ingest schema, the rollup SQL and the tests' reference computation all derive their columns from here.
 */

/** Ink colours; each is an integer-microlitre column `ink_<colour>_ul`. */
export const INK_COLOURS = ['cyan', 'magenta', 'yellow', 'black', 'white', 'fof', 'softener'] as const;
export type InkColour = (typeof INK_COLOURS)[number];

/** Printer statuses and the rollup column that sums their seconds. */
export const STATUSES = [
  { name: 'Printing', column: 'printing_seconds' },
  { name: 'Preparation', column: 'preparation_seconds' },
  { name: 'Idle', column: 'idle_seconds' },
  { name: 'Error', column: 'error_seconds' },
  { name: 'Maintenance', column: 'maintenance_seconds' },
  { name: 'NotReporting', column: 'not_reporting_seconds' },
] as const;
/**
 * Longest status interval ingest accepts (endedAt − startedAt), in hours; a gateway sends a longer stretch in parts.
 * The rollup SQL relies on it to bound its index scans from below; migration 005 checks it in the database.
 */
export const MAX_STATUS_INTERVAL_HOURS = 48;

export type PrinterStatus = (typeof STATUSES)[number]['name'];
export type StatusColumn = (typeof STATUSES)[number]['column'];

/** Impression size categories by image area (spec portal-reports §3): Small < 467 cm², Medium 467–935, Large above. */
export const SIZE_CATEGORIES = [
  { name: 'Small', key: 'small' },
  { name: 'Medium', key: 'medium' },
  { name: 'Large', key: 'large' },
] as const;
export type SizeKey = (typeof SIZE_CATEGORIES)[number]['key'];

/** The size category of an image area, as the generated column jobs.size_category computes it. */
export function sizeCategoryOf(imageAreaCm2: number): SizeKey {
  if (imageAreaCm2 < 467) return 'small';
  return imageAreaCm2 <= 935 ? 'medium' : 'large';
}

/** DTF print modes 0–3: Production, ProdSolid, Quality, QualitySolid. */
export const PRINT_MODES = [0, 1, 2, 3] as const;

/** Measures of system_hour and system_day besides status seconds and ink. */
export const ROLLUP_COUNT_COLUMNS = [
  'jobs',
  'impressions',
  'dark_impressions',
  'media_length_mm',
  'print_seconds',
  'bottles_loaded',
] as const;

/** Impressions and media length of the jobs the printer reported as rejected (OEE quality; added by migration 012). */
export const ROLLUP_REJECTED_COLUMNS = ['rejected_impressions', 'rejected_media_length_mm'] as const;

/** Every measure column of system_hour / system_day, in a stable order. */
export const ROLLUP_COLUMNS: readonly string[] = [
  ...ROLLUP_COUNT_COLUMNS,
  ...STATUSES.map((status) => status.column),
  ...INK_COLOURS.map((colour) => `ink_${colour}_ul`),
  ...ROLLUP_REJECTED_COLUMNS,
];

/**
 * Groups of job_day: size categories then print modes; each has jobs_, impressions_, ink_…_ul and print_seconds_
 * columns, and (migration 014) media_length_mm_ and media_width_max_mm_ (the widest film of its jobs).
 */
export const JOB_DAY_GROUPS: readonly string[] = [
  ...SIZE_CATEGORIES.map((size) => size.key),
  ...PRINT_MODES.map((mode) => `mode_${mode}`),
];

/** The job_day columns of a group that add up over jobs. */
export const jobDaySums = (group: string): string[] => [
  `jobs_${group}`,
  `impressions_${group}`,
  `ink_${group}_ul`,
  `print_seconds_${group}`,
];

/** The job_day columns of a group added by migration 014: summed media length, widest media. */
export const jobDayMedia = (group: string): { length: string; widest: string } => ({
  length: `media_length_mm_${group}`,
  widest: `media_width_max_mm_${group}`,
});

/** Every measure column of job_day, in table order (migration 014 appended the media columns). */
export const JOB_DAY_COLUMNS: readonly string[] = [
  ...JOB_DAY_GROUPS.flatMap(jobDaySums),
  ...JOB_DAY_GROUPS.flatMap((group) => Object.values(jobDayMedia(group))),
];
