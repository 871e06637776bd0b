import { describe, expect, it } from 'vitest';
import { passTurns } from './pass-turns.ts';

/** The sender's steps one at a time, each after giving way (issue #27, report p95). */

describe('the e-mail pass’s turns', () => {
  it('runs one step at a time, in the order asked, and goes on after a failure', async () => {
    const turn = passTurns();
    const log: string[] = [];
    let running = 0;
    const step = (name: string, fail = false) =>
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
    const results = await Promise.allSettled([step('a'), step('b', true), step('c')]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
  });

  it('lets what is already waiting on the event loop (an arriving request) run before each step', async () => {
    const turn = passTurns();
    const log: string[] = [];
    const first = turn(async () => {
      log.push('sender 1');
      // A report request arrives while the sender's first step runs.
      setImmediate(() => log.push('request'));
    });
    const second = turn(async () => {
      log.push('sender 2');
    });
    await Promise.all([first, second]);
    expect(log).toEqual(['sender 1', 'request', 'sender 2']);
  });

  it('starts no step before giving way is over (requests in flight)', async () => {
    let giveWayOver = () => {};
    const requestsInFlight = new Promise<void>((resolve) => (giveWayOver = resolve));
    const turn = passTurns(() => requestsInFlight);
    let ran = false;
    const step = turn(async () => {
      ran = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(ran).toBe(false);
    giveWayOver();
    await step;
    expect(ran).toBe(true);
  });
});
