import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { importBackoffMs, isChunkLoadError, retryImport } from './retry-import.ts';

const chunkError = () => new TypeError('Failed to fetch dynamically imported module: https://portal.test/assets/X.js');

describe('retryImport', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('backs off 1 s, 2 s, 4 s … up to 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 12].map(importBackoffMs)).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });

  it('asks again after each failure, with back-off, until the chunk arrives', async () => {
    let calls = 0;
    const load = vi.fn(async () => {
      calls += 1;
      if (calls < 3) throw chunkError();
      return 'module';
    });
    const loaded = retryImport(load);
    await vi.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(2000);
    await expect(loaded).resolves.toBe('module');
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('throws an error that is not a failed fetch at once: asking again would fail the same way', async () => {
    const load = vi.fn(async () => Promise.reject(new SyntaxError('Unexpected token in the module')));
    await expect(retryImport(load)).rejects.toThrow('Unexpected token');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("rejects with the last error past its bound; 'retries: 0' asks once", async () => {
    const load = vi.fn(async () => Promise.reject(chunkError()));
    const bounded = retryImport(load, { retries: 2, backoffMs: () => 10 });
    const settled = bounded.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(100);
    expect(await settled).toBeInstanceOf(TypeError);
    expect(load).toHaveBeenCalledTimes(3);

    const once = vi.fn(async () => Promise.reject(chunkError()));
    await expect(retryImport(once, { retries: 0 })).rejects.toThrow('Failed to fetch');
    expect(once).toHaveBeenCalledTimes(1);
  });
});

describe('isChunkLoadError', () => {
  it("knows the browsers' and Vite's messages for a chunk that could not be fetched", () => {
    expect(isChunkLoadError(chunkError())).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module: x.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/x.css'))).toBe(true);
    expect(isChunkLoadError(new Error('Layout overview.json is missing'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });
});
