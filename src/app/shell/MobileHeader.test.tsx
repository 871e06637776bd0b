import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { ADMIN } from '../testing/fake-identity.ts';
import { renderApp } from '../testing/render-app.tsx';

/** A narrow viewport: every max-width query up to 900 px matches. */
function narrowViewport() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === '(max-width: 900px)',
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

describe('mobile header (≤ 900 px)', () => {
  beforeEach(narrowViewport);
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("shows the first and third active-systems parts as '3 / 4'", async () => {
    renderApp({ path: '/reports/systems', user: ADMIN });
    await screen.findByRole('button', { name: 'Open navigation' });
    const banner = screen.getByRole('banner');
    await waitFor(() => expect(within(banner).getByText('3 / 4')).toBeTruthy());
    expect(banner.className).toContain('app-header--mobile');
  });

  it('opens a drawer with the navigation from the hamburger button', async () => {
    renderApp({ path: '/reports/systems', user: ADMIN });
    await userEvent.click(await screen.findByRole('button', { name: 'Open navigation' }));
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Overview', 'Systems Analysis', 'Jobs Analysis']);
    await userEvent.click(within(nav).getByRole('link', { name: 'Jobs Analysis' }));
    expect(await screen.findByRole('heading', { name: 'Jobs Analysis' })).toBeTruthy();
  });
});
