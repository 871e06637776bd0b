import { Component, Suspense, type ReactNode } from 'react';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lazyWithRetry } from './lazy-with-retry.ts';

function Hello({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

const chunkError = () =>
  new TypeError('Failed to fetch dynamically imported module: https://portal.test/assets/Hello.js');

class Catch extends Component<{ children: ReactNode }, { error: unknown }> {
  override state = { error: null as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    return this.state.error === null ? this.props.children : <p>Caught</p>;
  }
}

describe('lazyWithRetry', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('fetches a chunk that failed again after its back-off, then renders it', async () => {
    let calls = 0;
    const load = vi.fn(async () => {
      calls += 1;
      if (calls < 3) throw chunkError();
      return { default: Hello };
    });
    const LazyHello = lazyWithRetry(load);
    render(
      <Suspense fallback={<p>Loading</p>}>
        <LazyHello name="TV" />
      </Suspense>,
    );
    expect(screen.getByText('Loading')).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000 + 2000);
    });
    expect(load).toHaveBeenCalledTimes(3);
    expect(screen.getByText('Hello TV')).toBeTruthy();
  });

  it('after a load that gave up, the next render fetches afresh instead of throwing the old error', async () => {
    let fail = true;
    const load = vi.fn(async () => {
      if (fail) throw chunkError();
      return { default: Hello };
    });
    vi.useRealTimers();
    const LazyHello = lazyWithRetry(load, { retries: 0 });
    const view = (
      <Catch>
        <Suspense fallback={<p>Loading</p>}>
          <LazyHello name="again" />
        </Suspense>
      </Catch>
    );
    const first = render(view);
    expect(await screen.findByText('Caught')).toBeTruthy();
    first.unmount();
    // React renders once more itself before it commits an error, so the failed load may have been asked more than once.
    const failedCalls = load.mock.calls.length;

    fail = false;
    render(view);
    expect(await screen.findByText('Hello again')).toBeTruthy();
    expect(load.mock.calls.length).toBeGreaterThan(failedCalls);
  });
});
