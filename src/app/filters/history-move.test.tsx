import { afterEach, describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { ADMIN } from '../testing/fake-identity.ts';
import { currentLocation, renderApp } from '../testing/render-app.tsx';

const OVERVIEW = '/reports/overview';
const WEEK_OF_FEB_26 = `${OVERVIEW}?selectedSystemGroup=DTG&timeframe=week&day=2024-02-26`;
const WEEK_OF_FEB_19 = `${OVERVIEW}?selectedSystemGroup=DTG&timeframe=week&day=2024-02-19`;

function filterTitle(): Promise<HTMLElement> {
  return screen.findByRole('toolbar', { name: 'Report filters' }, { timeout: 10_000 });
}

describe('Back/Forward before the router has rendered the entry it leaves', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it("brings the filters to the browser's entry, and writes nothing back to the URL", async () => {
    // The router still shows the week of Feb 26 (its transition to the pushed entry has not rendered) when the
    // browser moves to the week of Feb 19: only the browser's location and its popstate tell.
    window.history.replaceState(null, '', WEEK_OF_FEB_26);
    renderApp({ path: WEEK_OF_FEB_26, user: ADMIN });
    const toolbar = await filterTitle();
    await screen.findByText('Feb 26 – Mar 3, 2024', undefined, { timeout: 10_000 });
    expect(toolbar.textContent).toContain('Feb 26 – Mar 3, 2024');

    window.history.pushState(null, '', WEEK_OF_FEB_19);
    window.dispatchEvent(new PopStateEvent('popstate'));

    await screen.findByText('Feb 19 – Feb 25, 2024');
    expect(currentLocation()).toBe(WEEK_OF_FEB_26);
  });

  it('leaves the filters alone when the history moves to another page', async () => {
    window.history.replaceState(null, '', WEEK_OF_FEB_26);
    renderApp({ path: WEEK_OF_FEB_26, user: ADMIN });
    await screen.findByText('Feb 26 – Mar 3, 2024', undefined, { timeout: 10_000 });

    window.history.pushState(null, '', '/reports/systems?selectedSystemGroup=DTG&timeframe=week&day=2024-02-19');
    await act(async () => {
      window.dispatchEvent(new PopStateEvent('popstate'));
    });

    expect(screen.getByText('Feb 26 – Mar 3, 2024')).toBeTruthy();
    expect(screen.queryByText('Feb 19 – Feb 25, 2024')).toBeNull();
  });
});
