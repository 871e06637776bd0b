import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { ADMIN, READ_ONLY } from '../testing/fake-identity.ts';
import { currentLocation, renderApp } from '../testing/render-app.tsx';

describe('root entry', () => {
  it('sends a signed-in user to the default page', async () => {
    renderApp({ path: '/', user: ADMIN });
    await waitFor(() => expect(currentLocation()).toMatch(/^\/reports\/overview/));
  });

  it('starts sign-in for everyone else, returning through the callback screen', async () => {
    const view = renderApp({ path: '/', user: null });
    await waitFor(() => expect(view.msal.loginRedirect).toHaveBeenCalledOnce());
    expect(view.msal.loginRedirect.mock.calls[0]?.[0]).toMatchObject({
      scopes: ['user_metadata', 'app_metadata'],
      redirectStartPage: 'https://portal.test/callback',
    });
    expect(screen.getByText('Redirecting to sign-in...')).toBeTruthy();
  });

  it('waits for the user after a failed sign-in instead of redirecting again', async () => {
    const view = renderApp({
      path: '/',
      user: null,
      prepareMsal: (msal) => msal.handleRedirectPromise.mockRejectedValue(new Error('access_denied')),
    });
    expect(await screen.findByRole('heading', { name: 'User authentication failed' })).toBeTruthy();
    expect(view.msal.loginRedirect).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
  });
});

describe('callback', () => {
  it('shows a loading text while sign-in completes, then goes home', async () => {
    const signIn: { finish?: () => void } = {};
    renderApp({
      path: '/callback',
      user: ADMIN,
      prepareMsal: (msal) =>
        msal.initialize.mockImplementation(() => new Promise<void>((resolve) => (signIn.finish = resolve))),
    });
    expect(screen.getByText('Signing you in...')).toBeTruthy();
    // The sign-in is under way (MSAL asked to initialise) and has not finished: the page still says so.
    await waitFor(() => expect(signIn.finish).toBeDefined());
    expect(screen.getByText('Signing you in...')).toBeTruthy();
    expect(currentLocation()).toBe('/callback');
    signIn.finish?.();
    await waitFor(() => expect(currentLocation()).toMatch(/^\/reports\/overview/));
  });
});

describe('protected routes', () => {
  it('opens a role page for a user with the role', async () => {
    renderApp({ path: '/users', user: ADMIN });
    expect(await screen.findByRole('heading', { name: 'Account Management' })).toBeTruthy();
  });

  it('sends a user lacking the role home, which leads to the default page', async () => {
    renderApp({ path: '/api', user: READ_ONLY });
    await waitFor(() => expect(currentLocation()).toMatch(/^\/reports\/overview/));
    expect(screen.queryByRole('heading', { name: 'API Management' })).toBeNull();
  });

  it('lets a read-only user open Settings by address', async () => {
    renderApp({ path: '/settings', user: READ_ONLY });
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeTruthy();
  });

  it('sends an unauthenticated visitor home, where sign-in starts', async () => {
    const view = renderApp({ path: '/scheduler', user: null });
    await waitFor(() => expect(view.msal.loginRedirect).toHaveBeenCalledOnce());
    expect(currentLocation()).toBe('/');
  });

  it('sends unknown routes home', async () => {
    renderApp({ path: '/no/such/page', user: ADMIN });
    await waitFor(() => expect(currentLocation()).toMatch(/^\/reports\/overview/));
  });
});

describe('document viewer', () => {
  it.each([
    ['privacy-policy', 'Privacy Policy'],
    ['terms-of-use', 'Terms of Use'],
    ['product-tc', 'Product Terms & Conditions'],
  ])('shows %s under its title in a frame', async (docName, title) => {
    renderApp({ path: `/documents/${docName}`, user: ADMIN });
    expect(await screen.findByRole('heading', { name: title })).toBeTruthy();
    expect(screen.getByTitle(title).getAttribute('src')).toBe(`/docs/${docName}.html`);
  });

  it('gives other documents an empty title', async () => {
    renderApp({ path: '/documents/training', user: ADMIN });
    const frame = await screen.findByTitle('training');
    expect(frame.getAttribute('src')).toBe('/docs/training.html');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('');
  });
});

describe('system sub-reports', () => {
  it('opens /reports/systems/{subReportType}/{systemName} with its title (a system the filter data lacks: the 404 text)', async () => {
    renderApp({ path: '/reports/systems/service-ticket/DTG-10002', user: ADMIN });
    expect(await screen.findByRole('heading', { name: 'Service Ticket: DTG-10002' })).toBeTruthy();
    expect(await screen.findByText('Cannot find the specified data, please open support request')).toBeTruthy();
  });

  it('sends an unknown sub-report back to Systems Analysis', async () => {
    renderApp({ path: '/reports/systems/no-such-report/DTG-10002', user: ADMIN });
    await waitFor(() => expect(currentLocation()).toMatch(/^\/reports\/systems(\?|$)/));
  });
});
