import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { ADMIN, READ_ONLY } from '../testing/fake-identity.ts';
import { dateFilters, jsonResponse, maxKeepAlive, userSettings } from '../testing/fake-api.ts';
import { systemsAnalysisAnswer } from '../testing/fake-report-answers.ts';
import { renderApp } from '../testing/render-app.tsx';

// jsdom has no layout: PrimeReact's overlay positioning leaves the popup (and closed submenus) at display:none,
// so menu queries include hidden elements; a real browser shows the popup (see the lead's Chromium run).
const menuItemNames = () =>
  screen
    .getAllByRole('menuitem', { hidden: true })
    .map((item) => item.querySelector(':scope > .p-menuitem-content .p-menuitem-text')?.textContent ?? null);
const menuItem = (name: string) => screen.getByRole('menuitem', { name, hidden: true });

async function openAvatarMenu(name: string) {
  expect(screen.queryByRole('menubar', { hidden: true })).toBeNull();
  await userEvent.click(await screen.findByRole('button', { name }));
  return screen.findByRole('menubar', { hidden: true });
}

describe('shell header', () => {
  it('shows landmarks, navigation, last update and the active systems of the selected group', async () => {
    // The report's toolbar shows once its systems have arrived (the runtime's frame shows loading and failure).
    renderApp({
      path: '/reports/systems',
      user: ADMIN,
      api: { '/api/system-data/systems-analysis': (url: URL) => jsonResponse(systemsAnalysisAnswer(url, [])) },
    });
    const banner = await screen.findByRole('banner');
    const nav = within(banner).getByRole('navigation', { name: 'Main navigation' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Overview', 'Systems Analysis', 'Jobs Analysis']);
    const lastUpdate = await within(banner).findByText('March 05, 2024, 09:30 am');
    // The group's last update in the viewer's zone (UTC in these tests), and the header says which zone that is.
    expect(lastUpdate.getAttribute('datetime')).toBe('2024-03-05T09:30:00.000Z');
    expect(lastUpdate.closest('.app-header__last-update')?.getAttribute('title')).toBe('In your time zone (UTC)');
    await waitFor(() => expect(banner.querySelector('.active-systems')?.textContent).toBe('3 of 4 active systems'));
    expect(within(banner).getByText('v1.0.859 · local')).toBeTruthy();
    expect(within(banner).getByRole('link', { name: 'Fleet Portal – Overview' }).getAttribute('href')).toBe(
      '/reports/overview?selectedSystemGroup=DTG',
    );
    expect(screen.getByRole('main')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Systems Analysis' })).toBeTruthy();
    expect(await screen.findByRole('toolbar', { name: 'Systems view' })).toBeTruthy();
  });

  it("shows 'Loading...' until the active systems arrive and hides an invalid last update", async () => {
    renderApp({
      path: '/reports/jobs',
      user: ADMIN,
      api: {
        '/api/reports/date-filters': () => new Promise<Response>(() => undefined),
        '/api/reports/getMaxKeepAlive': maxKeepAlive('not a date'),
      },
    });
    const banner = await screen.findByRole('banner');
    expect(within(banner).getByText('Loading...')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Jobs Analysis' })).toBeTruthy());
    expect(within(banner).queryByText(/Last update/)).toBeNull();
  });

  it('uses the group from the URL when it is one of the user groups, else the default group', async () => {
    const view = renderApp({
      path: '/reports/systems?selectedSystemGroup=DTF',
      user: ADMIN,
      api: { '/api/reports/date-filters': dateFilters({ DTF: '2 of 5', DTG: '3 of 4' }) },
    });
    const banner = await screen.findByRole('banner');
    await waitFor(() => expect(banner.querySelector('.active-systems')?.textContent).toBe('2 of 5 active systems'));
    const keepAlive = view.fetchMock.mock.calls.find(([url]) => url.includes('getMaxKeepAlive'));
    expect(keepAlive?.[0]).toContain('systemGroupType=DTF');
  });

  it('ignores a URL group the user does not have', async () => {
    renderApp({
      path: '/reports/systems?selectedSystemGroup=Apollo',
      user: ADMIN,
      api: {
        '/api/users/user-settings': userSettings({ userSystemGroup: ['DTG', 'DTF'], defaultSystemGroup: 'DTF' }),
        '/api/reports/date-filters': dateFilters({ DTF: '2 of 5' }),
      },
    });
    const banner = await screen.findByRole('banner');
    await waitFor(() => expect(banner.querySelector('.active-systems')?.textContent).toBe('2 of 5 active systems'));
  });

  it('shows a spinner until a system group is selected', async () => {
    renderApp({
      path: '/reports/systems',
      user: ADMIN,
      api: { '/api/users/user-settings': () => new Promise<Response>(() => undefined) },
    });
    expect(await screen.findByRole('status')).toBeTruthy();
    expect(screen.getByText('Loading...')).toBeTruthy();
    expect(screen.queryByRole('banner')).toBeNull();
  });

  it('posts the browser locale once after sign-in', async () => {
    const view = renderApp({ path: '/reports/systems', user: ADMIN });
    await screen.findByRole('banner');
    await waitFor(() => {
      const calls = view.fetchMock.mock.calls.filter(([url]) => url.endsWith('/api/users/locale'));
      expect(calls).toHaveLength(1);
      expect(JSON.parse(String(calls[0]?.[1]?.body))).toEqual({ localeCode: navigator.language });
    });
  });

  it('never posts the locale of a super user', async () => {
    const view = renderApp({ path: '/reports/systems', user: { ...ADMIN, isSuperUser: true } });
    await screen.findByRole('banner');
    await screen.findByText('March 05, 2024, 09:30 am');
    expect(view.fetchMock.mock.calls.some(([url]) => url.endsWith('/api/users/locale'))).toBe(false);
  });
});

describe('navigation', () => {
  const live = { liveDashboardTenants: ['tenant-northwind'] };

  it('offers Live Dashboard to an allow-listed tenant with Apollo selected', async () => {
    renderApp({ path: '/reports/systems?selectedSystemGroup=Apollo', user: ADMIN, config: live });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    const link = await within(nav).findByRole('link', { name: 'Live Dashboard' });
    expect(link.getAttribute('href')).toBe('/reports/tv-dashboard?selectedSystemGroup=Apollo');
    await userEvent.click(link);
    expect(await screen.findByRole('heading', { name: 'Live Dashboard' })).toBeTruthy();
  });

  it('hides Live Dashboard for other groups and for tenants not on the list', async () => {
    const first = renderApp({ path: '/reports/systems?selectedSystemGroup=DTG', user: ADMIN, config: live });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).queryByRole('link', { name: 'Live Dashboard' })).toBeNull();
    first.unmount();

    renderApp({ path: '/reports/systems?selectedSystemGroup=Apollo', user: ADMIN });
    const otherNav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(otherNav).getAllByRole('link')).toHaveLength(3);
  });
});

describe('avatar menu', () => {
  it('lists the admin entries in the specified order', async () => {
    renderApp({ path: '/reports/systems?selectedSystemGroup=DTG', user: ADMIN });
    await openAvatarMenu('Ada Admin');
    expect(menuItemNames()).toEqual([
      'Scheduler',
      'Goals',
      'API management',
      'Account management',
      'Help',
      'Training',
      'DTF metrics glossary',
      'DTG metrics glossary',
      'Terms and conditions',
      'Product Terms & Conditions',
      'Privacy Policy',
      'Terms of Use',
      'Settings',
      'Logout',
    ]);
    expect(screen.getAllByRole('separator', { hidden: true })).toHaveLength(1);
    expect(menuItem('Training').querySelector('a')?.getAttribute('href')).toBe('/docs/training-dtg.html');
    expect(menuItem('DTF metrics glossary').querySelector('a')?.getAttribute('href')).toBe(
      '/docs/kpi-glossary-dtf.html',
    );
  });

  it('gives read-only users Switch Customer and the tenant name, without the management entries', async () => {
    renderApp({
      path: '/reports/systems?selectedSystemGroup=DTF',
      user: READ_ONLY,
      api: { '/api/users/user-settings': userSettings({ userSystemGroup: ['DTF'], defaultSystemGroup: 'DTF' }) },
    });
    expect(await screen.findByText('Northwind Apparel')).toBeTruthy();
    await openAvatarMenu('Rita Reader');
    expect(menuItemNames()).toEqual([
      'Help',
      'Training',
      'DTF metrics glossary',
      'Terms and conditions',
      'Product Terms & Conditions',
      'Privacy Policy',
      'Terms of Use',
      'Logout',
      'Switch Customer',
    ]);
    expect(menuItem('Training').querySelector('a')?.getAttribute('href')).toBe('/docs/training.html');
  });

  it('does not show the tenant name to other roles', async () => {
    renderApp({ path: '/reports/systems', user: ADMIN });
    await screen.findByText('March 05, 2024, 09:30 am');
    expect(screen.queryByText('Northwind Apparel')).toBeNull();
  });

  it('opens a page from the menu', async () => {
    renderApp({ path: '/reports/systems', user: ADMIN });
    await openAvatarMenu('Ada Admin');
    await userEvent.click(screen.getByText('Account management'));
    expect(await screen.findByRole('heading', { name: 'Account Management' })).toBeTruthy();
  });

  it('logs out with the id token hint and the post-logout address', async () => {
    const view = renderApp({ path: '/reports/systems', user: ADMIN });
    await openAvatarMenu('Ada Admin');
    await userEvent.click(screen.getByText('Logout'));
    await waitFor(() => expect(view.msal.logoutRedirect).toHaveBeenCalledOnce());
    const request = view.msal.logoutRedirect.mock.calls[0]?.[0];
    expect(request?.postLogoutRedirectUri).toBe('https://portal.test/');
    expect(typeof request?.idTokenHint).toBe('string');
  });
});
