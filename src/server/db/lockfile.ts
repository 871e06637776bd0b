import fs from 'node:fs';

/** An exclusive claim on a data folder, held for the life of the process. */
export interface Lockfile {
  readonly path: string;
  release(): void;
}

export class LockfileBusyError extends Error {
  override name = 'LockfileBusyError';
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readPid(lockPath: string): number | null {
  try {
    const pid = Number.parseInt(fs.readFileSync(lockPath, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function tryCreate(lockPath: string): boolean {
  try {
    const fd = fs.openSync(lockPath, 'wx', 0o644);
    fs.writeSync(fd, `${process.pid}\n`);
    fs.closeSync(fd);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

function busyMessage(lockPath: string, dataDir: string, pid: number | null): string {
  const who = pid === null ? 'Another portal process' : `Another portal process (pid ${pid})`;
  return [
    `${who} is using the data folder ${dataDir}; its embedded database cannot be shared between processes.`,
    `Stop that process first (for example: kill ${pid ?? '<pid>'}), or start this one with another PORTAL_DATA_DIR.`,
    `If no such process is running any more, delete ${lockPath} and start again.`,
  ].join('\n');
}

/**
 * Takes `lockPath` exclusively (created with 'wx', holding our pid). PGlite has no lock of its own, and two processes on
 * one data folder silently lose writes. A lock left by a process that no longer runs is taken over.
 */
export function acquireLockfile(lockPath: string, dataDir: string): Lockfile {
  if (!tryCreate(lockPath)) {
    const pid = readPid(lockPath);
    if (pid !== null && isAlive(pid)) throw new LockfileBusyError(busyMessage(lockPath, dataDir, pid));
    // Stale: its owner is gone. If a third process wins the race to re-create it, that one owns the folder.
    fs.rmSync(lockPath, { force: true });
    if (!tryCreate(lockPath)) throw new LockfileBusyError(busyMessage(lockPath, dataDir, readPid(lockPath)));
  }
  let released = false;
  return {
    path: lockPath,
    release() {
      if (released) return;
      released = true;
      if (readPid(lockPath) === process.pid) fs.rmSync(lockPath, { force: true });
    },
  };
}
