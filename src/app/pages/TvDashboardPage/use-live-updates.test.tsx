import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
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

function renderLive(serial: string) {
  const client = new QueryClient();
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
});
