import { afterEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import { userEvent } from '@testing-library/user-event';
import { ADMIN } from '../testing/fake-identity.ts';
import { profileData } from '../testing/fake-api.ts';
import { renderApp } from '../testing/render-app.tsx';
import { readAgreementRecord, writeAgreementRecord } from './consent-rules.ts';

/**
 * The overlays are decided when the profile arrives. Once the profile query has its answer and the terms dialog's
 * lazily loaded module is in (imported here, so React's lazy resolves at once), a decided dialog or prompt is in the
 * document after React has flushed: no wall-clock wait decides what the test sees.
 */
async function consentDecided(queryClient: QueryClient): Promise<void> {
  await waitFor(() => expect(queryClient.getQueryState(['users', 'profile-data'])?.status).toBe('success'));
  await act(async () => {
    await import('./TermsModal.tsx');
  });
  await act(async () => undefined);
}

const notApproved = { '/api/users/profile-data': profileData({ userAgreement: false, userAgreementVersion: null }) };

describe('consent overlays', () => {
  afterEach(() => {
    window.localStorage.clear();
  });

  it('asks a user who has not agreed to accept the terms, and records the agreement', async () => {
    const view = renderApp({ path: '/reports/jobs', user: ADMIN, api: notApproved });
    const dialog = await screen.findByRole('dialog', { name: 'Terms and Conditions' });
    expect(dialog.textContent).toContain('Privacy Policy');
    expect(within(dialog).queryByRole('button')).toBeNull();

    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Terms and Conditions' })).toBeTruthy();

    await userEvent.click(screen.getByRole('checkbox', { name: 'Agree' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Terms and Conditions' })).toBeNull());
    const post = view.fetchMock.mock.calls.find(([url]) => url.endsWith('/api/users/agreement'));
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ version: '1.0', isApproved: true });
    expect(readAgreementRecord(ADMIN.sub)).toEqual({ version: '1.0', approved: true });
  });

  it('honours an agreement recorded in this browser', async () => {
    writeAgreementRecord(ADMIN.sub, { version: '1.0', approved: true });
    const { queryClient } = renderApp({ path: '/reports/jobs', user: ADMIN, api: notApproved });
    await screen.findByText('March 05, 2024, 09:30 am');
    await consentDecided(queryClient);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Cookies notice' })).toBeNull();
  });

  it('never asks super users', async () => {
    const { queryClient } = renderApp({
      path: '/reports/jobs',
      user: { ...ADMIN, isSuperUser: true },
      api: notApproved,
    });
    await screen.findByText('March 05, 2024, 09:30 am');
    await consentDecided(queryClient);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Cookies notice' })).toBeNull();
  });

  it('shows the cookies prompt when the stored agreement version is outdated, and records the current one on close', async () => {
    renderApp({
      path: '/reports/jobs',
      user: ADMIN,
      api: { '/api/users/profile-data': profileData({ userAgreement: true, userAgreementVersion: '0.9' }) },
    });
    const prompt = await screen.findByRole('region', { name: 'Cookies notice' });
    expect(screen.queryByRole('dialog')).toBeNull();
    // The prompt's own Close: the Jobs calls are not stubbed here, and the toasts of their failures have a Close button too
    // (whether one is up yet depends on timing, which made this test flaky).
    await userEvent.click(within(prompt).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(prompt.isConnected).toBe(false));
    expect(readAgreementRecord(ADMIN.sub)).toEqual({ version: '1.0', approved: true });
  });

  it('shows nothing to a user who approved the current version', async () => {
    const { queryClient } = renderApp({ path: '/reports/jobs', user: ADMIN });
    await screen.findByText('March 05, 2024, 09:30 am');
    await consentDecided(queryClient);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Cookies notice' })).toBeNull();
  });
});
