import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { currentThreadId } from './thread-priority.ts';

/** Runs lowerThreadPriority(levels) on a thread of its own; answers that thread's id and what the call answered. */
function lowerOnThread(levels: number): Promise<{ id: number | null; niceness: number | null }> {
  const source = `
    const { parentPort, workerData } = require('node:worker_threads');
    import(workerData.module).then(({ currentThreadId, lowerThreadPriority }) => {
      const niceness = lowerThreadPriority(workerData.levels);
      parentPort.postMessage({ id: currentThreadId(), niceness });
      setTimeout(() => undefined, 500);
    });`;
  const module = new URL('./thread-priority.ts', import.meta.url).href;
  const worker = new Worker(source, { eval: true, workerData: { module, levels } });
  return new Promise((resolve, reject) => {
    worker.once('message', (answer: { id: number | null; niceness: number | null }) => {
      resolve(answer);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

describe.runIf(process.platform === 'linux')('a thread lowering its own priority (Linux)', () => {
  it('lowers that thread alone, by the levels asked, from the priority it started with', async () => {
    const processNiceness = os.getPriority();
    const mainThread = currentThreadId();
    const { id, niceness } = await lowerOnThread(3);
    expect(id).not.toBeNull();
    expect(id).not.toBe(mainThread);
    expect(niceness).toBe(Math.min(19, processNiceness + 3));
    expect(os.getPriority()).toBe(processNiceness);
    expect(os.getPriority(mainThread ?? 0)).toBe(processNiceness);
  });

  it('stops at 19, the lowest priority', async () => {
    expect((await lowerOnThread(40)).niceness).toBe(19);
  });
});
