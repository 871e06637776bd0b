import { describe, expect, it } from 'vitest';
import { dbTurns } from './db-turns.ts';

/** The sender's database work one piece at a time, each after a turn of the event loop (issue #27, report p95). */

describe('the sender’s database turns', () => {
  it('runs one piece of work at a time, in the order asked, and goes on after a failure', async () => {
    const turn = dbTurns();
    const log: string[] = [];
    let running = 0;
    const work = (name: string, fail = false) =>
      turn(async () => {
        running += 1;
        expect(running).toBe(1);
        log.push(`start ${name}`);
        await new Promise((resolve) => setTimeout(resolve, 5));
        log.push(`end ${name}`);
        running -= 1;
        if (fail) throw new Error(`${name} failed`);
        return name;
      });
    const results = await Promise.allSettled([work('a'), work('b', true), work('c')]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
  });

  it('lets what is already waiting on the event loop (an arriving request) run before each piece of work', async () => {
    const turn = dbTurns();
    const log: string[] = [];
    const first = turn(async () => {
      log.push('sender 1');
      // A report request arrives while the sender's first transaction runs.
      setImmediate(() => log.push('request'));
    });
    const second = turn(async () => {
      log.push('sender 2');
    });
    await Promise.all([first, second]);
    expect(log).toEqual(['sender 1', 'request', 'sender 2']);
  });
});
