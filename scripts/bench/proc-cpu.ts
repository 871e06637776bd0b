/**
 * CPU time read from Linux's /proc, for benchmarks that say what a run cost besides how long it took (wall-clock
 * figures move with whatever else the machine runs; CPU time far less).
 */
import fs from 'node:fs';

/** Clock ticks per second of /proc's times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/**
 * CPU seconds of process `pid` so far (utime + stime, all its threads); with `reapedChildren`, also of its children
 * that have ended and been waited for (cutime + cstime).
 */
export function processCpuSeconds(pid: number, { reapedChildren = false } = {}): number {
  return statCpuSeconds(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'), { reapedChildren });
}

/** The CPU seconds in a /proc/PID/stat line (user + system; with `reapedChildren`, its waited-for children's too). */
export function statCpuSeconds(stat: string, { reapedChildren = false } = {}): number {
  // The fields after the command name (which may hold spaces and parentheses) start after its last ') ': field 3 on.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime, stime, cutime, cstime: fields 14–17 of proc(5).
  const times = fields.slice(11, reapedChildren ? 15 : 13);
  return times.reduce((sum, value) => sum + Number(value), 0) / TICKS_PER_SECOND;
}

/** The machine's CPU seconds so far: busy (every state but idle and I/O wait) and in all, summed over its cores. */
export interface MachineCpu {
  busySeconds: number;
  totalSeconds: number;
}

export function machineCpu(): MachineCpu {
  const line = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
  // cpu  user nice system idle iowait irq softirq steal guest guest_nice (guest times are inside user and nice)
  const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = line
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  const busy = user + nice + system + irq + softirq + steal;
  return { busySeconds: busy / TICKS_PER_SECOND, totalSeconds: (busy + idle + iowait) / TICKS_PER_SECOND };
}
