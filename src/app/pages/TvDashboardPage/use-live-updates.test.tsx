import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  getConnectionHealth,
  isDataStale,
  reportApiAnswer,
  reportApiReachable,
  reportApiUnreachable,
} from '../../../api/connection-health.ts';
import { configureApiClient } from '../../../api/http-client.ts';
import type { LiveStatus, LiveStreamOptions } from '../../../api/live-stream.ts';
import { useLiveUpdates } from './use-live-updates.ts';

/** The streams the hook opened, in order, with the function that closes each. */
const opened: { options: LiveStreamOptions; close: ReturnType<typeof vi.fn> }[] = [];

vi.mock('../../../api/live-stream.ts', () => ({
  openLiveStream: (options: LiveStreamOptions) => {
    const close = vi.fn();
    opened.push({ options, close });
    return close;
  },
}));
vi.mock('../../auth/SessionProvider.tsx', () => ({ useSession: () => ({ displayLive: () => undefined }) }));

/** How often the hook refreshed the dashboard's answer (invalidated its query) in the current test. */
let invalidated = () => 0;

function renderLive(serial: string) {
  const client = new QueryClient();
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  invalidated = () => invalidate.mock.calls.length;
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook((props: { serial: string }) => useLiveUpdates('Apollo', props.serial, true), {
    wrapper,
    initialProps: { serial },
  });
}

const report = (index: number, status: LiveStatus) =>
  act(() => {
    opened[index]?.options.onStatus(status);
  });

beforeEach(() => {
  opened.length = 0;
  configureApiClient({ baseUrl: 'https://portal.test', getAccessToken: async () => 'token', onError: () => undefined });
});

describe('useLiveUpdates', () => {
  it("opens the displayed printer's stream and a new one when the printer changes (a playlist's next)", () => {
    const { result, rerender } = renderLive('APL-1');
    expect(opened.map((stream) => stream.options.url)).toEqual([
      'https://portal.test/api/tv-dashboard/live?systemGroup=Apollo&system=APL-1',
    ]);
    report(0, 'live');
    expect(result.current).toBe('live');
    rerender({ serial: 'APL-2' });
    expect(opened[0]?.close).toHaveBeenCalledTimes(1);
    expect(opened.map((stream) => stream.options.url.split('system=')[1])).toEqual(['APL-1', 'APL-2']);
  });

  it("labels a new printer 'connecting' until its own stream reports, whatever the previous printer's stream says", () => {
    const { result, rerender } = renderLive('APL-1');
    report(0, 'live');
    rerender({ serial: 'APL-2' });
    expect(result.current).toBe('connecting');
    // The closed stream of APL-1 reports once more (a 'ready' read before it was closed): APL-2 is not live by it.
    report(0, 'live');
    expect(result.current).toBe('connecting');
    report(1, 'live');
    expect(result.current).toBe('live');
  });

  it('after the server closed its stream for a newer one of the user, opens no other, not even for the next printer', () => {
    const { result, rerender } = renderLive('APL-1');
    report(0, 'live');
    report(0, 'closed');
    expect(result.current).toBe('closed');
    rerender({ serial: 'APL-2' });
    rerender({ serial: 'APL-3' });
    expect(opened).toHaveLength(1);
    expect(result.current).toBe('closed');
  });

  it('a drop makes the data stale until an answer; later failed attempts of the same drop do not bring it back', () => {
    renderLive('APL-1');
    reportApiAnswer(1_000);
    report(0, 'live');
    expect(isDataStale(getConnectionHealth())).toBe(false);
    report(0, 'reconnecting');
    expect(isDataStale(getConnectionHealth())).toBe(true);
    // The portal answers again (the health probe): the stream starts afresh (a second one; the closed first one is not
    // heard any more), and that stream's first failure is a drop.
    act(() => reportApiReachable());
    expect(opened).toHaveLength(2);
    report(1, 'connecting');
    report(1, 'reconnecting');
    expect(isDataStale(getConnectionHealth())).toBe(true);
    // The portal answers again while the stream's next attempts still fail: the polling is current.
    act(() => reportApiReachable());
    report(1, 'reconnecting');
    report(1, 'reconnecting');
    expect(isDataStale(getConnectionHealth())).toBe(false);
    report(1, 'live');
    report(1, 'reconnecting');
    expect(isDataStale(getConnectionHealth())).toBe(true);
  });

  it('a first connection that fails is a drop too', () => {
    renderLive('APL-1');
    report(0, 'connecting');
    report(0, 'reconnecting');
    expect(isDataStale(getConnectionHealth())).toBe(true);
  });

  it('when the API answers again while the stream waits to reconnect, opens a new stream at once, which catches up', () => {
    const { result } = renderLive('APL-1');
    report(0, 'live');
    report(0, 'reconnecting');
    expect(opened).toHaveLength(1);
    act(() => reportApiAnswer(5_000));
    expect(opened[0]?.close).toHaveBeenCalledTimes(1);
    expect(opened).toHaveLength(2);
    expect(opened[1]?.options.url).toBe(opened[0]?.options.url);
    report(1, 'live');
    expect(result.current).toBe('live');
    act(() => opened[1]?.options.onOpen());
    expect(invalidated()).toBe(1);
  });

  it('a stream that is live is left alone when the API recovers', () => {
    renderLive('APL-1');
    report(0, 'live');
    act(() => reportApiUnreachable(1_000));
    act(() => reportApiAnswer(2_000));
    expect(opened).toHaveLength(1);
    expect(opened[0]?.close).not.toHaveBeenCalled();
  });

  it('restarts once per recovery until a stream is live: a stream route failing alone keeps its back-off', () => {
    renderLive('APL-1');
    report(0, 'live');
    report(0, 'reconnecting');
    act(() => reportApiAnswer(2_000));
    expect(opened).toHaveLength(2);
    report(1, 'connecting');
    report(1, 'reconnecting');
    act(() => reportApiAnswer(3_000));
    expect(opened).toHaveLength(2);
    report(1, 'reconnecting');
    report(1, 'live');
    report(1, 'reconnecting');
    act(() => reportApiAnswer(4_000));
    expect(opened).toHaveLength(3);
  });
});
