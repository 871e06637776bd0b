import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { buildQuery } from '../../../api/build-query.ts';
import { getApiClientOptions } from '../../../api/http-client.ts';
import { openLiveStream, type LiveStatus } from '../../../api/live-stream.ts';
import { endpointQueryKey } from '../../../runtime/use-panel-query.ts';
import type { SystemGroup } from '../../../shared/system-group.ts';
import { useSession } from '../../auth/SessionProvider.tsx';

/** The TV dashboard's answer: what a live event refreshes (and nothing else). */
export const TV_ANSWER_ENDPOINT = '/api/tv-dashboard/xmrImpressions';
export const TV_LIVE_ENDPOINT = '/api/tv-dashboard/live';

/**
 * Keeps the dashboard live (docs/architecture.md "TV dashboard and live push"): a stream of the displayed printer's
 * ingest events; each one, and each reconnect after a drop, refetches the dashboard's one query silently. In kiosk
 * mode the stream's traffic counts as activity for the inactivity logout. Once the server has closed a stream for a
 * newer one of the same user ('closed': the account has more screens open than the server keeps streams for), the
 * page opens no other stream until it is reloaded, not even for the playlist's next printer, which would close another
 * screen's stream in turn; the layout's polling keeps it up to date meanwhile. Returns the stream's status.
 */
export function useLiveUpdates(group: SystemGroup, serial: string | null, kiosk: boolean): LiveStatus {
  const queryClient = useQueryClient();
  const { displayLive } = useSession();
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const closedByServer = useRef(false);
  const keepAlive = useRef(displayLive);
  useEffect(() => {
    keepAlive.current = displayLive;
  }, [displayLive]);

  useEffect(() => {
    if (serial === null || closedByServer.current) return undefined;
    const { baseUrl, getAccessToken } = getApiClientOptions();
    const refresh = () => void queryClient.invalidateQueries({ queryKey: endpointQueryKey('GET', TV_ANSWER_ENDPOINT) });
    let opens = 0;
    return openLiveStream({
      url: `${baseUrl}${TV_LIVE_ENDPOINT}${buildQuery({ systemGroup: group, system: serial })}`,
      getAccessToken,
      onEvent: refresh,
      // The first open needs nothing: the dashboard has just asked. A reopen catches up on what the drop missed.
      onOpen: () => {
        opens += 1;
        if (opens > 1) refresh();
      },
      onStatus: (next) => {
        if (next === 'closed') closedByServer.current = true;
        setStatus(next);
      },
      ...(kiosk ? { onActivity: () => keepAlive.current() } : {}),
    });
  }, [queryClient, group, serial, kiosk]);
  return status;
}
