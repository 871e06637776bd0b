import type { TelemetryRecord } from '../ingest/telemetry.schema.ts';
import type { PrinterStatus } from '../ingest/measures.ts';
import type { FleetPlan, PlannedSystem, SimulatedSystem } from './fleet-plan.ts';
import { siteOf } from './fleet-plan.ts';
import { behaviourOf, drawEvent, type EventSpec, type GroupBehaviour, type JobDraft } from './group-behaviour.ts';
import {
  addDays,
  daysBetween,
  isoDayOfWeek,
  localDayBounds,
  localTimeToInstant,
} from '../../shared/time/local-time.ts';
import { overnightJob, type OvernightJob } from './overnight-job.ts';
import { between, chance, hashText, randomInt, type Rng } from './rng.ts';

/**
 * One printer's day as telemetry records, the way a gateway would send them: status intervals tiling the local day,
 * jobs inside printing intervals, error and maintenance events matching their status intervals, ink bottle loads and
 * software updates. Pure: the same system, day and generator state give deep-equal records.
 */

export interface SimulateDayOptions {
  /** Report the current software versions even without an update (the first simulated day). */
  reportSoftware?: boolean;
  /**
   * The generator of the night that ends at the local midnight starting `morning` (overnight-job.ts). Without it no job
   * crosses midnight; with it the day before and the day after agree on the job that does.
   */
  nightRng?: (morning: string) => Rng;
}

type StatusRecord = Extract<TelemetryRecord, { kind: 'status' }>;
type JobRecord = Extract<TelemetryRecord, { kind: 'job' }>;

interface Segment {
  status: PrinterStatus;
  start: number;
  end: number;
  code?: string;
}

interface Window {
  start: number;
  end: number;
  type: 'work' | 'off' | 'gap';
}

const MINUTE_MS = 60_000;

/** Share of jobs whose output the operator rejects (misprint, reprinted): OEE quality's losses. */
export const REJECTED_JOB_SHARE = 0.03;

/**
 * Whether a job is rejected, decided by a hash of its id rather than the day's random generator, so marking jobs
 * leaves every other simulated value as it was.
 */
export function isRejected(jobId: string): boolean {
  return hashText(`rejected|${jobId}`) / 2 ** 32 < REJECTED_JOB_SHARE;
}
const HOUR_MS = 3_600_000;

/** The printer model's input for a planned system. */
export function simulatedSystemOf(plan: FleetPlan, system: PlannedSystem): SimulatedSystem & { timeZone: string } {
  const site = siteOf(plan, system);
  return {
    serialNumber: system.serialNumber,
    group: system.group,
    modelId: system.modelId,
    modelStartDate: system.modelStartDate,
    profile: system.profile,
    shifts: site.shifts.filter((shift) => system.shiftIds.includes(shift.id)),
    timeZone: site.timeZone,
  };
}

const iso = (instant: number) => new Date(instant).toISOString();
const pad = (value: number) => String(value).padStart(3, '0');

/** Worked local-time windows of a day in minutes after midnight, merged and sorted. */
function workedMinutes(system: SimulatedSystem, day: string): [number, number][] {
  const today = isoDayOfWeek(day);
  const yesterday = isoDayOfWeek(addDays(day, -1));
  const spans: [number, number][] = [];
  for (const shift of system.shifts) {
    if (shift.endMinute > shift.startMinute) {
      if (shift.weekdays.includes(today)) spans.push([shift.startMinute, shift.endMinute]);
    } else {
      // Past midnight: the morning part belongs to the shift that started yesterday.
      if (shift.weekdays.includes(yesterday) && shift.endMinute > 0) spans.push([0, shift.endMinute]);
      if (shift.weekdays.includes(today)) spans.push([shift.startMinute, 24 * 60]);
    }
  }
  spans.sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const span of spans) {
    const last = merged[merged.length - 1];
    if (last !== undefined && span[0] <= last[1]) last[1] = Math.max(last[1], span[1]);
    else merged.push([span[0], span[1]]);
  }
  return merged;
}

/** The day split into worked, off and not-reporting windows, tiling [start, end). */
function dayWindows(system: SimulatedSystem, day: string, timeZone: string, rng: Rng): Window[] {
  const { start, end } = localDayBounds(day, timeZone);
  const atMinute = (minute: number) => (minute >= 24 * 60 ? end : localTimeToInstant(day, minute, timeZone));
  const windows: Window[] = [];
  let cursor = start;
  for (const [from, to] of workedMinutes(system, day)) {
    const workStart = atMinute(from);
    const workEnd = atMinute(to);
    if (workStart > cursor) windows.push({ start: cursor, end: workStart, type: 'off' });
    if (workEnd > workStart) windows.push({ start: workStart, end: workEnd, type: 'work' });
    cursor = Math.max(cursor, workEnd);
  }
  if (cursor < end) windows.push({ start: cursor, end, type: 'off' });

  if (!chance(rng, system.profile.gapChance)) return windows;
  // A multi-hour gap (gateway offline): cut it out of whatever windows it overlaps.
  const length = Math.round(between(rng, 2, 9) * 60) * MINUTE_MS;
  const gapStart = start + Math.floor(rng() * Math.max(1, (end - start - length) / MINUTE_MS)) * MINUTE_MS;
  const gapEnd = Math.min(end, gapStart + length);
  const result: Window[] = [];
  for (const window of windows) {
    if (window.end <= gapStart || window.start >= gapEnd) {
      result.push(window);
      continue;
    }
    if (window.start < gapStart) result.push({ ...window, end: gapStart });
    if (window.end > gapEnd) result.push({ ...window, start: gapEnd });
  }
  result.push({ start: gapStart, end: gapEnd, type: 'gap' });
  return result.sort((a, b) => a.start - b.start);
}

/** The windows with [from, to) cut out: the part of the day an overnight job prints in. */
function cutWindows(windows: readonly Window[], from: number, to: number): Window[] {
  return windows.flatMap((window) => {
    if (window.end <= from || window.start >= to) return [window];
    return [
      ...(window.start < from ? [{ ...window, end: from }] : []),
      ...(window.end > to ? [{ ...window, start: to }] : []),
    ];
  });
}

interface DayBuilder {
  segments: Segment[];
  jobs: { draft: JobDraft; start: number; end: number }[];
  events: { type: 'error' | 'maintenance'; spec: EventSpec; start: number; end: number }[];
}

function push(builder: DayBuilder, segment: Segment): void {
  if (segment.end <= segment.start) return;
  const last = builder.segments[builder.segments.length - 1];
  if (last !== undefined && last.status === segment.status && last.code === undefined && segment.code === undefined) {
    last.end = segment.end;
  } else {
    builder.segments.push(segment);
  }
}

function addEvent(
  builder: DayBuilder,
  type: 'error' | 'maintenance',
  drawn: { spec: EventSpec; durationMs: number },
  start: number,
  limit: number,
): number {
  const end = Math.min(limit, start + drawn.durationMs);
  if (end <= start) return start;
  push(builder, { status: type === 'error' ? 'Error' : 'Maintenance', start, end, code: drawn.spec.code });
  builder.events.push({ type, spec: drawn.spec, start, end });
  return end;
}

/** Fills a worked window with maintenance, preparation, print runs, idle time and errors. */
function fillWork(
  builder: DayBuilder,
  system: SimulatedSystem,
  behaviour: GroupBehaviour,
  window: Window,
  firstOfDay: boolean,
  rng: Rng,
): void {
  const { profile } = system;
  let cursor = window.start;
  const end = window.end;
  if (firstOfDay && chance(rng, 0.9)) {
    cursor = addEvent(builder, 'maintenance', drawEvent(rng, [behaviour.dailyMaintenance]), cursor, end);
  }
  const errorChance = profile.errorRate * 0.6;
  const maintenanceChance = 0.025;
  while (end - cursor >= 2 * MINUTE_MS) {
    const roll = rng();
    if (roll < errorChance) {
      cursor = addEvent(builder, 'error', drawEvent(rng, behaviour.errors), cursor, end);
    } else if (roll < errorChance + maintenanceChance) {
      cursor = addEvent(builder, 'maintenance', drawEvent(rng, behaviour.maintenance), cursor, end);
    } else if (rng() < profile.utilization) {
      const preparation = randomInt(rng, behaviour.preparationMinutes[0] * 60, behaviour.preparationMinutes[1] * 60);
      const preparationEnd = Math.min(end, cursor + preparation * 1000);
      push(builder, { status: 'Preparation', start: cursor, end: preparationEnd });
      cursor = preparationEnd;
      const runLength = randomInt(rng, behaviour.jobsPerRun[0], behaviour.jobsPerRun[1]);
      for (let index = 0; index < runLength; index += 1) {
        const draft = behaviour.job(rng, profile.jobScale, profile.darkShare, builder.jobs.length + 1);
        const duration = Math.max(1000, Math.round(draft.durationMs / 1000) * 1000);
        if (cursor + duration > end) break;
        push(builder, { status: 'Printing', start: cursor, end: cursor + duration });
        builder.jobs.push({ draft, start: cursor, end: cursor + duration });
        cursor += duration;
      }
    } else {
      const idleEnd = Math.min(end, cursor + randomInt(rng, 5, 40) * MINUTE_MS);
      push(builder, { status: 'Idle', start: cursor, end: idleEnd });
      cursor = idleEnd;
    }
  }
  push(builder, { status: 'Idle', start: cursor, end });
}

const RELEASE_EPOCH = '2024-01-08';
const RELEASE_EVERY_DAYS = 49;

function dayNumber(day: string): number {
  return daysBetween('1970-01-01', day);
}

/** The day number on which `serial` installs software release `k` (releases every 7 weeks, rollout within 30 days). */
function adoptionDay(serial: string, group: string, release: number): number {
  return (
    dayNumber(RELEASE_EPOCH) +
    release * RELEASE_EVERY_DAYS +
    (hashText(`${group}|release|${release}`) % 10) +
    (hashText(`${serial}|adopt|${release}`) % 21)
  );
}

/** The release a printer runs on `day` (0 before the first rollout reached it). */
export function softwareReleaseOn(serial: string, group: string, day: string): number {
  const today = dayNumber(day);
  let release = Math.max(0, Math.floor((today - dayNumber(RELEASE_EPOCH)) / RELEASE_EVERY_DAYS) + 1);
  while (release > 0 && adoptionDay(serial, group, release) > today) release -= 1;
  return release;
}

function versionOf(component: { component: string; major: number }, release: number): string {
  const major = component.major + Math.floor(release / 6);
  return `${major}.${release % 6}.${hashText(`${component.component}|${release}`) % 40}`;
}

/**
 * The telemetry one printer sends for one local `day` (yyyy-MM-dd) at a site in `timeZone`.
 * Status intervals tile the local day exactly (23 or 25 hours on DST days); every record id starts with
 * `${serial}-${day}-` so a rerun sends the same ids. A day sends the jobs that END on it: with `options.nightRng` that
 * includes a job started before its midnight (id `…-job-night`), whose evening part is the day before's last Printing.
 */
export function simulateSystemDay(
  system: SimulatedSystem,
  day: string,
  timeZone: string,
  rng: Rng,
  options: SimulateDayOptions = {},
): TelemetryRecord[] {
  const serial = system.serialNumber;
  const behaviour = behaviourOf(system.group, system.modelId);
  const prefix = `${serial}-${day}`;
  const builder: DayBuilder = { segments: [], jobs: [], events: [] };
  const bounds = localDayBounds(day, timeZone);

  let carryIn: OvernightJob | null = null;
  if (day < system.modelStartDate) {
    push(builder, { status: 'NotReporting', start: bounds.start, end: bounds.end });
  } else {
    const night = (morning: string) =>
      options.nightRng === undefined
        ? null
        : overnightJob(system, behaviour, morning, timeZone, options.nightRng(morning));
    carryIn = night(day);
    const carryOut = night(addDays(day, 1));
    let windows = dayWindows(system, day, timeZone, rng);
    if (carryIn !== null) windows = cutWindows(windows, bounds.start, carryIn.end);
    if (carryOut !== null) windows = cutWindows(windows, carryOut.start, bounds.end);
    if (carryIn !== null) push(builder, { status: 'Printing', start: bounds.start, end: carryIn.end });
    let firstWork = true;
    const offStatus: PrinterStatus = system.profile.offOutsideShifts ? 'NotReporting' : 'Idle';
    for (const window of windows) {
      if (window.type === 'work') {
        fillWork(builder, system, behaviour, window, firstWork, rng);
        firstWork = false;
      } else {
        push(builder, {
          status: window.type === 'gap' ? 'NotReporting' : offStatus,
          start: window.start,
          end: window.end,
        });
      }
    }
    if (carryOut !== null) push(builder, { status: 'Printing', start: carryOut.start, end: bounds.end });
  }

  const records: TelemetryRecord[] = builder.segments.map((segment, index): StatusRecord => {
    const record: StatusRecord = {
      kind: 'status',
      id: `${prefix}-st-${pad(index + 1)}`,
      serial,
      status: segment.status,
      startedAt: iso(segment.start),
      endedAt: iso(segment.end),
    };
    if (segment.code !== undefined) record.code = segment.code;
    return record;
  });

  const jobRecord = ({ draft, start, end }: { draft: JobDraft; start: number; end: number }, id: string) => {
    const job: JobRecord = {
      kind: 'job',
      id,
      serial,
      startedAt: iso(start),
      endedAt: iso(end),
      impressions: draft.impressions,
      imageAreaCm2: draft.imageAreaCm2,
      imageName: draft.imageName,
      inkUl: draft.inkUl,
    };
    if (draft.printMode !== undefined) job.printMode = draft.printMode;
    if (draft.mediaLengthMm !== undefined) job.mediaLengthMm = draft.mediaLengthMm;
    if (draft.mediaWidthMm !== undefined) job.mediaWidthMm = draft.mediaWidthMm;
    if (draft.darkGarment !== undefined) job.darkGarment = draft.darkGarment;
    if (draft.pretreatment !== undefined) job.pretreatment = draft.pretreatment;
    if (isRejected(job.id)) job.rejected = true;
    return job;
  };
  if (carryIn !== null) records.push(jobRecord(carryIn, `${prefix}-job-night`));
  builder.jobs.forEach((job, index) => records.push(jobRecord(job, `${prefix}-job-${pad(index + 1)}`)));

  builder.events.forEach((event, index) => {
    records.push({
      kind: 'event',
      id: `${prefix}-ev-${pad(index + 1)}`,
      serial,
      type: event.type,
      code: event.spec.code,
      message: event.spec.message,
      startedAt: iso(event.start),
      endedAt: iso(event.end),
    });
  });

  // Ink bottles: each colour's current bottle is part-used at the start of the day; a new one goes in when it runs dry.
  let loads = 0;
  for (const colour of behaviour.inks) {
    const bottle = behaviour.bottleUl[colour];
    let used = Math.floor(rng() * bottle);
    for (const { draft, end } of carryIn === null ? builder.jobs : [carryIn, ...builder.jobs]) {
      used += draft.inkUl[colour] ?? 0;
      while (used >= bottle) {
        used -= bottle;
        loads += 1;
        records.push({
          kind: 'ink_load',
          id: `${prefix}-ink-${pad(loads)}`,
          serial,
          loadedAt: iso(end),
          colour,
          volumeUl: bottle,
          bottleId: `${colour.toUpperCase()}-${hashText(`${prefix}|${colour}|${loads}`).toString(16).padStart(8, '0')}`,
        });
      }
    }
  }

  // Software: a new release installed today (or the current one on request), reported early in the day.
  const release = softwareReleaseOn(serial, system.group, day);
  const updatedToday = release > 0 && adoptionDay(serial, system.group, release) === dayNumber(day);
  if ((updatedToday || options.reportSoftware === true) && day >= system.modelStartDate) {
    const reportedAt = bounds.start + HOUR_MS + Math.floor(rng() * 4 * 60) * MINUTE_MS;
    for (const component of behaviour.softwareComponents) {
      records.push({
        kind: 'software_version',
        id: `${prefix}-sw-${component.component.toLowerCase()}`,
        serial,
        reportedAt: iso(reportedAt),
        component: component.component,
        version: versionOf(component, release),
      });
    }
  }

  // Machine parameters (machine config): the day's settings, reported an hour after midnight. Values come from a hash
  // of the printer, the day and the name, not from `rng`, so every other record of the day stays as it was.
  if (day >= system.modelStartDate) {
    const recordedAt = iso(bounds.start + HOUR_MS);
    for (const parameter of MACHINE_PARAMETERS) {
      records.push({
        kind: 'parameter',
        id: `${prefix}-param-${parameter.id}`,
        serial,
        recordedAt,
        name: parameter.name,
        value: parameterValue(parameter, `${prefix}|${parameter.id}`),
        ...(parameter.min === undefined ? {} : { min: parameter.min }),
        ...(parameter.max === undefined ? {} : { max: parameter.max }),
      });
    }
  }

  // Qualiset: on a day it prints, the printer runs its print-quality tests a quarter of an hour before its first job.
  // Scores come from a hash (not `rng`), like the parameters; a test below QUALISET_PASS_SCORE fails.
  // (A job carried over from the night before is not the day's first.)
  const firstStart = Math.min(
    ...records.flatMap((record) =>
      record.kind === 'job' && Date.parse(record.startedAt) >= bounds.start ? [Date.parse(record.startedAt)] : [],
    ),
  );
  if (Number.isFinite(firstStart) && day >= system.modelStartDate) {
    const measuredAt = iso(Math.max(bounds.start, firstStart - 15 * MINUTE_MS));
    for (const test of QUALISET_TESTS) {
      const score = QUALISET_LOWEST_SCORE + (hashText(`${prefix}|qualiset|${test.id}`) % (101 - QUALISET_LOWEST_SCORE));
      records.push({
        kind: 'qualiset',
        id: `${prefix}-qualiset-${test.id}`,
        serial,
        measuredAt,
        testName: test.name,
        passed: score >= QUALISET_PASS_SCORE,
        score,
      });
    }
  }
  return records;
}

/** The Qualiset print-quality tests a simulated printer runs on the days it prints. */
export const QUALISET_TESTS = [
  { id: 'nozzles', name: 'Nozzle check' },
  { id: 'density', name: 'Colour density' },
  { id: 'registration', name: 'Registration' },
] as const;
/** Scores run from this to 100; one test in about seven scores below the pass mark. */
const QUALISET_LOWEST_SCORE = 72;
export const QUALISET_PASS_SCORE = 76;

/**
 * The machine parameters a simulated printer reports each day: numbers drawn between `low` and `high` in steps of `step`
 * (a few days a month slightly outside their range, as real printers drift), with their allowed range where they have
 * one, and a text setting.
 */
interface SimulatedParameter {
  id: string;
  name: string;
  low?: number;
  high?: number;
  step?: number;
  text?: string;
  min?: number;
  max?: number;
}

export const MACHINE_PARAMETERS: readonly SimulatedParameter[] = [
  { id: 'head-temp', name: 'Head temperature (°C)', low: 36, high: 46, step: 0.5, min: 30, max: 45 },
  { id: 'ink-pressure', name: 'Ink pressure (bar)', low: 2.9, high: 4.6, step: 0.1, min: 3, max: 5 },
  { id: 'humidity', name: 'Ambient humidity (%)', low: 35, high: 62, step: 1, min: 30, max: 70 },
  { id: 'platen-height', name: 'Platen height (mm)', low: 8, high: 14, step: 1, min: 0, max: 20 },
  { id: 'cleaning-interval', name: 'Cleaning interval (jobs)', low: 150, high: 250, step: 50, min: 50 },
  { id: 'print-queue', name: 'Print queue mode', text: 'FIFO' },
];

/** A parameter's value on one day: its text, or a number of its range chosen by `key`'s hash. */
function parameterValue(parameter: SimulatedParameter, key: string): number | string {
  if (parameter.text !== undefined) return parameter.text;
  const { low = 0, high = 0, step = 1 } = parameter;
  const steps = Math.round((high - low) / step);
  const value = low + (hashText(key) % (steps + 1)) * step;
  return Math.round(value * 1000) / 1000;
}
