import { describe, expect, it, vi } from 'vitest';
import { loadOnce } from './load-once.ts';

describe('loadOnce', () => {
  it('loads each key once, the same promise for every caller, and remembers the value once it has arrived', async () => {
    const load = vi.fn(async (key: string) => `${key}!`);
    const values = loadOnce(load);
    const first = values.load('a');
    expect(values.load('a')).toBe(first);
    expect(values.loaded('a')).toBeUndefined();
    expect(await first).toBe('a!');
    expect(values.loaded('a')).toBe('a!');
    expect(values.loaded('b')).toBeUndefined();
    await values.load('b');
    expect(load.mock.calls).toEqual([['a'], ['b']]);
  });
});

describe('loadOnce after a failure', () => {
  it('does not keep a failed load: the next call loads again', async () => {
    let calls = 0;
    const values = loadOnce(async (key: string) => {
      calls += 1;
      if (calls === 1) throw new TypeError('Failed to fetch dynamically imported module');
      return `${key}!`;
    });
    await expect(values.load('a')).rejects.toThrow('Failed to fetch');
    expect(values.loaded('a')).toBeUndefined();
    expect(await values.load('a')).toBe('a!');
    expect(values.loaded('a')).toBe('a!');
    expect(calls).toBe(2);
  });
});
