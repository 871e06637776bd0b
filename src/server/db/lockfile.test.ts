import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireLockfile, LockfileBusyError } from './lockfile.ts';

describe('acquireLockfile', () => {
  let dir: string;
  let lockPath: string;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-lock-'));
    lockPath = path.join(dir, 'portal.lock');
  });

  afterEach(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('writes our pid and removes the file on release', () => {
    const lock = acquireLockfile(lockPath, dir);
    expect(fs.readFileSync(lockPath, 'utf8').trim()).toBe(String(process.pid));
    lock.release();
    expect(fs.existsSync(lockPath)).toBe(false);
  });

  it('refuses a second holder while the first one lives, naming its pid and the way out', () => {
    const lock = acquireLockfile(lockPath, dir);
    let failure: unknown;
    try {
      acquireLockfile(lockPath, dir);
    } catch (error) {
      failure = error;
    }
    expect(failure).toBeInstanceOf(LockfileBusyError);
    const message = (failure as Error).message;
    expect(message).toContain(`Another portal process (pid ${process.pid}) is using the data folder ${dir}`);
    expect(message).toContain('PORTAL_DATA_DIR');
    expect(message).toContain(lockPath);
    lock.release();
  });

  it('takes over a lock left behind by a process that has exited', () => {
    const exited = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
      encoding: 'utf8',
    });
    const deadPid = Number(exited.stdout);
    fs.writeFileSync(lockPath, `${deadPid}\n`);

    const lock = acquireLockfile(lockPath, dir);
    expect(fs.readFileSync(lockPath, 'utf8').trim()).toBe(String(process.pid));
    lock.release();
  });

  it('does not delete a lock that another process has taken since', () => {
    const lock = acquireLockfile(lockPath, dir);
    fs.writeFileSync(lockPath, '1\n');
    lock.release();
    expect(fs.readFileSync(lockPath, 'utf8')).toBe('1\n');
  });
});
