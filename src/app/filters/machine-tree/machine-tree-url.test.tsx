import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DateFiltersResponse } from '../../../shared/api-types.ts';
import { TWO_SITE_TREE } from '../../../shared/systems/two-site-tree.fixture.ts';
import { ADMIN } from '../../testing/fake-identity.ts';
import { dateFilters, jsonResponse } from '../../testing/fake-api.ts';
import { currentLocation, renderApp } from '../../testing/render-app.tsx';
import { overviewCardsAnswer } from '../../testing/fake-report-answers.ts';

/** DTG has the two-site tree; DTF one site with one printer. */
function fleetFilters(): DateFiltersResponse {
  return {
    groups: dateFilters().groups.map((group) =>
      group.systemGroup === 'DTG'
        ? {
            ...group,
            ...TWO_SITE_TREE,
            systems: TWO_SITE_TREE.systems.map((system) => ({ ...system, systemNickName: null, modelStartDate: '' })),
          }
        : {
            ...group,
            sites: [{ id: 'f1', name: 'Porto' }],
            models: [{ id: 'fm1', name: 'Fusion', siteId: 'f1' }],
            systems: [
              {
                id: 'x',
                name: '7-7',
                siteId: 'f1',
                modelId: 'fm1',
                systemNickName: null,
                isEverReported: true,
                modelStartDate: '',
              },
            ],
          },
    ),
  };
}

function renderOverview(path: string) {
  return renderApp({
    path,
    user: ADMIN,
    api: {
      '/api/reports/date-filters': fleetFilters(),
      '/api/overview-report/overview-cards': (url: URL) => jsonResponse(overviewCardsAnswer(url)),
    },
  });
}

function query(): URLSearchParams {
  return new URLSearchParams(currentLocation()?.split('?')[1] ?? '');
}

/** The `systems` of every overview-cards request so far, in order. */
function requestedSystems(view: ReturnType<typeof renderOverview>): unknown[] {
  return view.fetchMock.mock.calls
    .filter(([url]) => new URL(url).pathname === '/api/overview-report/overview-cards')
    .map(([, init]) => (JSON.parse(String(init?.body)) as { systems: unknown }).systems);
}

async function panel() {
  // The first test also waits for the lazily loaded report page.
  return screen.findByRole('complementary', { name: 'Filter' }, { timeout: 10_000 });
}

describe('machine tree on the overview: selection in the URL', () => {
  it('writes sites, models and systems into the URL and sends the systems to the report', async () => {
    const view = renderOverview('/reports/overview?selectedSystemGroup=DTG');
    const tree = await panel();
    expect(screen.getByRole('button', { name: 'Filter' }).getAttribute('aria-expanded')).toBe('true');
    await waitFor(() => expect(requestedSystems(view)).toEqual([[]]));

    fireEvent.click(within(tree).getByRole('checkbox', { name: 'All' }));
    await waitFor(() => expect(query().get('systems')).toBe(''));
    fireEvent.click(within(tree).getByRole('button', { name: 'Expand Storm' }));
    fireEvent.click(within(tree).getByRole('checkbox', { name: '9-1' }));
    await waitFor(() => expect(query().get('systems')).toBe('9-1'));
    expect(query().get('sites')).toBe('s1');
    expect(query().get('models')).toBe('m1');
    await waitFor(() => expect(requestedSystems(view).at(-1)).toEqual(['9-1']));
    expect(screen.getByRole('button', { name: 'Filter (partial selection)' })).toBeTruthy();

    fireEvent.click(within(tree).getByRole('checkbox', { name: 'Lyon' }));
    await waitFor(() => expect(query().get('systems')).toBe('9-1,40'));
    expect(query().get('sites')).toBe('s1,s2');
  });

  it('restores the selection from the URL before the first report request', async () => {
    const view = renderOverview('/reports/overview?selectedSystemGroup=DTG&sites=s1&models=m2&systems=300');
    const tree = await panel();
    expect(within(tree).getByRole('checkbox', { name: 'Berlin' }).getAttribute('aria-checked')).toBe('mixed');
    expect(within(tree).getByRole('checkbox', { name: 'Kornit' }).getAttribute('aria-checked')).toBe('true');
    expect(within(tree).getByRole('checkbox', { name: 'Lyon' }).getAttribute('aria-checked')).toBe('false');
    await waitFor(() => expect(requestedSystems(view)).toEqual([['300']]));
    expect(currentLocation()).toBe('/reports/overview?selectedSystemGroup=DTG&sites=s1&models=m2&systems=300');
  });

  it('corrects ids the group does not have', async () => {
    const view = renderOverview('/reports/overview?selectedSystemGroup=DTG&systems=40%2Cgone');
    await panel();
    await waitFor(() => expect(query().get('systems')).toBe('40'));
    expect(requestedSystems(view)).toEqual([['40']]);
  });

  it('resets the selection to all on a group change; the group of the URL wins', async () => {
    const view = renderOverview('/reports/overview?selectedSystemGroup=DTF&systems=');
    let tree = await panel();
    expect(within(tree).getByRole('checkbox', { name: 'Porto' }).getAttribute('aria-checked')).toBe('false');
    // Nothing selected is not 'all' (an empty systems list): the panels say so and ask nothing.
    expect((await screen.findAllByText('Nothing Was Selected')).length).toBeGreaterThan(0);
    expect(requestedSystems(view)).toEqual([]);

    fireEvent.click(
      within(screen.getByRole('toolbar', { name: 'Report filters' })).getByRole('button', { name: 'DTG' }),
    );
    await waitFor(() => expect(query().get('selectedSystemGroup')).toBe('DTG'));
    expect(query().has('systems')).toBe(false);
    tree = await panel();
    expect(within(tree).getByRole('checkbox', { name: 'All' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('button', { name: 'Filter' })).toBeTruthy();
    await waitFor(() => expect(requestedSystems(view)).toEqual([[]]));
  });

  it('hides and shows the panel with the Filter button; its list is the report height minus 100 px', async () => {
    renderOverview('/reports/overview');
    const tree = await panel();
    // jsdom: a 768 px viewport and the report area at its top.
    expect(within(tree).getByRole('tree', { name: 'Machines' }).style.height).toBe(`${768 - 100}px`);
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    expect(screen.queryByRole('complementary', { name: 'Filter' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    expect(await panel()).toBeTruthy();
  });
});
