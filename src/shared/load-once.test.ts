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
