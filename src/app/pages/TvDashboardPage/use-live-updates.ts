import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { buildQuery } from '../../../api/build-query.ts';
import {
  getConnectionHealth,
  isDataStale,
  reportApiUnreachable,
  subscribeConnectionHealth,
} from '../../../api/connection-health.ts';
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
 * screen's stream in turn; the layout's polling keeps it up to date meanwhile. A drop (the stream going to
 * 'reconnecting') is a network failure for the connection-health store: the figures dim and the stale-data line shows
 * until an answer arrives. Only the drop counts, not each failed reconnect attempt, so a stream that stays down while
 * the API answers (polling, the health probe) does not bring the line back every few seconds. When the API answers
 * again while the stream waits out its back-off (up to 30 s after a long drop), the stream starts afresh at once, and
 * its first open then refreshes like a reopen; once only until a stream is live again, so a stream route that fails
 * while the rest of the API answers does not restart it every few seconds. Returns the status of the displayed
 * printer's stream: 'connecting' until that stream reports, never a status of the previous printer's (issue #25).
 */
export function useLiveUpdates(group: SystemGroup, serial: string | null, kiosk: boolean): LiveStatus {
  const queryClient = useQueryClient();
  const { displayLive } = useSession();
  // Each report names the printer whose stream made it: the status of the printer shown, not of the one before it.
  const [reported, setReported] = useState<{ serial: string | null; status: LiveStatus }>({
    serial,
    status: 'connecting',
  });
  const closedByServer = useRef(false);
  const keepAlive = useRef(displayLive);
  useEffect(() => {
    keepAlive.current = displayLive;
  }, [displayLive]);
  const reconnecting = useRef(false);
  const restartPending = useRef(false);
  // Restarted, and no stream has been live since: the next recovery leaves the back-off alone.
  const restartedUnproven = useRef(false);
  const [restarts, setRestarts] = useState(0);
  useEffect(() => {
    let stale = isDataStale(getConnectionHealth());
    return subscribeConnectionHealth(() => {
      const wasStale = stale;
      stale = isDataStale(getConnectionHealth());
      if (wasStale && !stale && reconnecting.current && !restartedUnproven.current) {
        restartPending.current = true;
        restartedUnproven.current = true;
        setRestarts((count) => count + 1);
      }
    });
  }, []);

  useEffect(() => {
    if (serial === null || closedByServer.current) return undefined;
    const { baseUrl, getAccessToken } = getApiClientOptions();
    const refresh = () => void queryClient.invalidateQueries({ queryKey: endpointQueryKey('GET', TV_ANSWER_ENDPOINT) });
    // A restart after an outage counts its first open as a reopen: what happened since the drop is fetched.
    let opens = restartPending.current ? 1 : 0;
    restartPending.current = false;
    let previous: LiveStatus | null = null;
    // A stream closed for the next printer may still report (a 'ready' read before it was closed): not for that printer.
    let current = true;
    const close = openLiveStream({
      url: `${baseUrl}${TV_LIVE_ENDPOINT}${buildQuery({ systemGroup: group, system: serial })}`,
      getAccessToken,
      onEvent: refresh,
      // The first open needs nothing: the dashboard has just asked. A reopen catches up on what the drop missed.
      onOpen: () => {
        opens += 1;
        if (opens > 1) refresh();
      },
      onStatus: (next) => {
        if (!current) return;
        if (next === 'closed') closedByServer.current = true;
        if (next === 'reconnecting' && previous !== 'reconnecting') reportApiUnreachable();
        previous = next;
        reconnecting.current = next === 'reconnecting';
        if (next === 'live') restartedUnproven.current = false;
        setReported({ serial, status: next });
      },
      ...(kiosk ? { onActivity: () => keepAlive.current() } : {}),
    });
    return () => {
      current = false;
      close();
    };
  }, [queryClient, group, serial, kiosk, restarts]);
  // 'closed' holds for every printer: no stream opens after it.
  return reported.serial === serial || reported.status === 'closed' ? reported.status : 'connecting';
}
