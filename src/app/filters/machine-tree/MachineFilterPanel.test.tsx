import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { TWO_SITE_TREE } from '../../../shared/systems/two-site-tree.fixture.ts';
import { ADMIN } from '../../testing/fake-identity.ts';
import { dateFilters } from '../../testing/fake-api.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { FILTER_DRAWER_QUERY } from './use-machine-tree.ts';

function viewportAtMost1400() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === FILTER_DRAWER_QUERY,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

function renderOverview() {
  const filters = dateFilters();
  return renderApp({
    path: '/reports/overview?selectedSystemGroup=DTG',
    user: ADMIN,
    api: {
      '/api/reports/date-filters': {
        groups: filters.groups.map((group) =>
          group.systemGroup === 'DTG'
            ? {
                ...group,
                ...TWO_SITE_TREE,
                systems: TWO_SITE_TREE.systems.map((s) => ({ ...s, systemNickName: null })),
              }
            : group,
        ),
      },
    },
  });
}

describe('machine tree drawer at ≤ 1400 px (spec reports §2)', () => {
  beforeEach(viewportAtMost1400);
  afterEach(() => vi.unstubAllGlobals());

  it("opens from the Filter button as a bottom drawer titled 'Filter', report height minus 60 px high", async () => {
    renderOverview();
    const button = await screen.findByRole('button', { name: 'Filter' }, { timeout: 10_000 });
    await waitFor(() => expect(button).toHaveProperty('disabled', false), { timeout: 10_000 });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('tree', { name: 'Machines' })).toBeNull();

    fireEvent.click(button);
    // The drawer lives in the lazily loaded report page.
    const tree = await screen.findByRole('tree', { name: 'Machines' }, { timeout: 10_000 });
    const drawer = tree.closest('.machine-filter-drawer') as HTMLElement;
    expect(drawer.parentElement?.className).toContain('p-sidebar-bottom');
    expect(within(drawer).getByText('Filter')).toBeTruthy();
    // jsdom: a 768 px viewport and the report area at its top.
    expect(drawer.style.height).toBe(`${768 - 60}px`);
    expect(within(drawer).getByRole('checkbox', { name: 'All' }).getAttribute('aria-checked')).toBe('true');
    // aria-controls names the drawer that is in the page.
    expect(document.getElementById(button.getAttribute('aria-controls') ?? '')?.contains(tree)).toBe(true);

    fireEvent.click(within(drawer).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('tree', { name: 'Machines' })).toBeNull());
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });
});
