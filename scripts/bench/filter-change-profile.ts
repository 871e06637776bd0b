/**
 * Where a filter change spends its time (issue #30): a Chromium CPU profile (CDP Profiler, 100 µs samples) of the change,
 * each sample's function mapped through the build's source maps (dist/assets/*.js.map) to the package or source folder
 * it comes from, plus Chromium's own style and layout time (CDP Performance.getMetrics). The network wait comes from the
 * page's Resource Timing (filter-change.ts).
 */
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
import type { CDPSession } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The parts of a change's main-thread time, in the order the breakdown table shows them. */
export const PROFILE_PARTS = [
  'answer check',
  'React',
  'ECharts',
  'React Query',
  'app + panels',
  'other script',
  'style + layout',
  'GC',
  'browser other',
] as const;
export type ProfilePart = (typeof PROFILE_PARTS)[number];

/** The part a source file (as its source map names it) belongs to. */
export function partOfSource(source: string): ProfilePart {
  if (/json-schema-check|answer-check|\/ajv\//.test(source)) return 'answer check';
  if (/node_modules\/(react-dom|react|scheduler)\//.test(source)) return 'React';
  if (/node_modules\/(echarts|zrender|echarts-for-react|size-sensor)\//.test(source)) return 'ECharts';
  if (/node_modules\/@tanstack\//.test(source)) return 'React Query';
  if (/(^|\/)(src|panels)\//.test(source) && !source.includes('node_modules')) return 'app + panels';
  return 'other script';
}

interface ProfileNode {
  id: number;
  children?: number[];
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples?: number[];
  timeDeltas?: number[];
}

/** Source maps of the built assets, read once each. */
const MAPS = new Map<string, TraceMap | null>();

function mapOf(distRoot: string, url: string): TraceMap | null {
  const pathname = URL.canParse(url) ? new URL(url).pathname : '';
  if (!pathname.endsWith('.js')) return null;
  let map = MAPS.get(pathname);
  if (map === undefined) {
    try {
      map = new TraceMap(readFileSync(path.join(distRoot, `${pathname}.map`), 'utf8'));
    } catch {
      map = null;
    }
    MAPS.set(pathname, map);
  }
  return map;
}

function partOfNode(distRoot: string, node: ProfileNode): ProfilePart {
  const { functionName, url, lineNumber, columnNumber } = node.callFrame;
  if (functionName === '(garbage collector)') return 'GC';
  if (url === '') return 'browser other';
  const map = mapOf(distRoot, url);
  if (map === null) return 'other script';
  const position = originalPositionFor(map, { line: lineNumber + 1, column: columnNumber });
  return partOfSource(position.source ?? '');
}

/** Self time per part of a CPU profile, in ms ('(idle)' samples are left out: waiting is the network's column). */
export function profileParts(distRoot: string, profile: CpuProfile): Map<ProfilePart, number> {
  const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const partOfId = new Map<number, ProfilePart | null>();
  const partOf = (id: number): ProfilePart | null => {
    const known = partOfId.get(id);
    if (known !== undefined) return known;
    const node = byNode.get(id);
    const name = node?.callFrame.functionName ?? '(root)';
    const parent = parentOf.get(id);
    let part: ProfilePart | null;
    if (node === undefined || name === '(idle)' || name === '(root)') part = null;
    // A built-in (no script URL) works for the script that called it.
    else if (node.callFrame.url === '' && !name.startsWith('(') && parent !== undefined)
      part = partOf(parent) ?? 'browser other';
    else part = partOfNode(distRoot, node);
    partOfId.set(id, part);
    return part;
  };
  const parts = new Map<ProfilePart, number>();
  const deltas = profile.timeDeltas ?? [];
  (profile.samples ?? []).forEach((id, index) => {
    // A sample's time is the gap to the next sample.
    const part = partOf(id);
    if (part !== null) parts.set(part, (parts.get(part) ?? 0) + (deltas[index + 1] ?? 0) / 1000);
  });
  return parts;
}

type Metrics = Map<string, number>;

async function metrics(cdp: CDPSession): Promise<Metrics> {
  const { metrics: list } = await cdp.send('Performance.getMetrics');
  return new Map(list.map(({ name, value }) => [name, value]));
}

/** Starts profiling; `stop` returns the change's parts in ms, style + layout from Chromium's counters. */
export async function startProfile(
  cdp: CDPSession,
  distRoot: string,
): Promise<{ stop: () => Promise<Map<ProfilePart, number>> }> {
  const before = await metrics(cdp);
  await cdp.send('Profiler.start');
  return {
    stop: async () => {
      const { profile } = await cdp.send('Profiler.stop');
      const after = await metrics(cdp);
      const parts = profileParts(distRoot, profile as CpuProfile);
      const seconds = (name: string) => (after.get(name) ?? 0) - (before.get(name) ?? 0);
      const styleAndLayout = (seconds('RecalcStyleDuration') + seconds('LayoutDuration')) * 1000;
      parts.set('style + layout', styleAndLayout);
      // Style and layout run outside script, so the profile counts them as '(program)' with the rest of the browser's work.
      parts.set('browser other', Math.max(0, (parts.get('browser other') ?? 0) - styleAndLayout));
      return parts;
    },
  };
}

/** Turns profiling on for a page's CDP session (100 µs samples). */
export async function enableProfiling(cdp: CDPSession): Promise<void> {
  await cdp.send('Performance.enable');
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
}
