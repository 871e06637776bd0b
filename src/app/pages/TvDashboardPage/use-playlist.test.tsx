import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dateFiltersQueryOptions } from '../../../api/date-filters.ts';
import {
  DEFAULT_PLAYLIST_SECONDS,
  MIN_PLAYLIST_SECONDS,
  nextInPlaylist,
  playlistOf,
  playlistSerials,
  usePlaylist,
} from './use-playlist.ts';

const SYSTEMS = [
  { name: 'APL-30010', siteId: 'shanghai' },
  { name: 'APL-30002', siteId: 'berlin' },
  { name: 'APL-30009', siteId: 'shanghai' },
  { name: 'APL-30001', siteId: 'berlin' },
];

describe('TV playlist', () => {
  it("reads the URL's entries and seconds, at least 5 s, 30 s by default", () => {
    expect(playlistOf(new URLSearchParams('playlist=APL-1, APL-2,&every=12'))).toEqual({
      entries: ['APL-1', 'APL-2'],
      seconds: 12,
    });
    expect(playlistOf(new URLSearchParams('playlist=site:berlin&every=1'))?.seconds).toBe(MIN_PLAYLIST_SECONDS);
    expect(playlistOf(new URLSearchParams('playlist=APL-1&every=soon'))?.seconds).toBe(DEFAULT_PLAYLIST_SECONDS);
    expect(playlistOf(new URLSearchParams('playlist=,'))).toBeNull();
    expect(playlistOf(new URLSearchParams('kiosk'))).toBeNull();
  });

  it("expands a site: entry to the site's printers in serial order, each printer once", () => {
    expect(playlistSerials(['site:shanghai'], SYSTEMS)).toEqual(['APL-30009', 'APL-30010']);
    expect(playlistSerials(['APL-30010', 'site:berlin', 'site:shanghai'], SYSTEMS)).toEqual([
      'APL-30010',
      'APL-30001',
      'APL-30002',
      'APL-30009',
    ]);
    expect(playlistSerials(['site:nowhere'], SYSTEMS)).toEqual([]);
  });

  it("leaves out a serial number the group does not have (the filters would show the group's first printer)", () => {
    expect(playlistSerials(['APL-30009', 'NOPE-1', 'APL-30001'], SYSTEMS)).toEqual(['APL-30009', 'APL-30001']);
    expect(playlistSerials(['NOPE-1'], SYSTEMS)).toEqual([]);
  });

  it('goes round: the next printer, the first after the last or when the current one is not in the list', () => {
    const serials = ['APL-30009', 'APL-30010'];
    expect(nextInPlaylist(serials, 'APL-30009')).toBe('APL-30010');
    expect(nextInPlaylist(serials, 'APL-30010')).toBe('APL-30009');
    expect(nextInPlaylist(serials, null)).toBe('APL-30009');
    expect(nextInPlaylist(serials, 'APL-1')).toBe('APL-30009');
  });
});

describe('usePlaylist', () => {
  afterEach(() => vi.useRealTimers());

  /** The hook on a TV showing `current` at `url`, with the Apollo filter data of SYSTEMS already loaded. */
  function renderPlaylist(url: string, current: string | null) {
    const client = new QueryClient();
    client.setQueryData(dateFiltersQueryOptions().queryKey, {
      groups: [
        {
          systemGroup: 'Apollo',
          startDate: '20260101',
          endDate: '20260301',
          activeSystems: '4 of 4',
          sites: [],
          models: [],
          systems: SYSTEMS.map((system) => ({
            ...system,
            id: system.name,
            modelId: 'apollo-1',
            systemNickName: null,
            isEverReported: true,
            modelStartDate: '',
          })),
        },
      ],
    });
    let search = '';
    function Probe({ serial }: { serial: string | null }): null {
      usePlaylist(serial, 'Apollo');
      search = useLocation().search;
      return null;
    }
    const view = render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[url]}>
          <Probe serial={current} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    return { systems: () => new URLSearchParams(search).getAll('systems'), view };
  }

  it("starts a site's playlist at its first printer and moves on after `every` seconds", () => {
    vi.useFakeTimers();
    const first = renderPlaylist('/reports/tv-dashboard?playlist=site:shanghai&every=10', null);
    expect(first.systems()).toEqual(['APL-30009']);
    first.view.unmount();

    const shown = renderPlaylist(
      '/reports/tv-dashboard?playlist=site:shanghai&every=10&systems=APL-30009',
      'APL-30009',
    );
    act(() => vi.advanceTimersByTime(9_999));
    expect(shown.systems()).toEqual(['APL-30009']);
    act(() => vi.advanceTimersByTime(1));
    expect(shown.systems()).toEqual(['APL-30010']);
  });

  it('never puts an unknown serial number in the URL: the printer it has stays (issue #25)', () => {
    vi.useFakeTimers();
    const shown = renderPlaylist(
      '/reports/tv-dashboard?playlist=APL-30009,NOPE-1&every=5&systems=APL-30009',
      'APL-30009',
    );
    act(() => vi.advanceTimersByTime(15_000));
    expect(shown.systems()).toEqual(['APL-30009']);
  });
});
