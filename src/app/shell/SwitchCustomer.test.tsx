import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { ADMIN, type FakeUser } from '../testing/fake-identity.ts';
import { renderApp } from '../testing/render-app.tsx';

/** Spec shell §2: a super user's Switch Customer goes back to the tenant picker (the provider's tenant step). */

const SUPER_USER: FakeUser = {
  ...ADMIN,
  sub: 'user-super',
  email: 'super@fleet-portal.demo',
  givenName: 'Sol',
  familyName: 'Super',
  roles: ['admin', 'email-scheduler'],
  isSuperUser: true,
};

describe('Switch Customer of a super user', () => {
  it('signs in again with prompt=select_tenant, which passes through the tenant picker without a password', async () => {
    const { msal } = renderApp({ path: '/reports/overview', user: SUPER_USER });
    await userEvent.click(await screen.findByRole('button', { name: 'Sol Super' }));
    await screen.findByRole('menubar', { hidden: true });
    await userEvent.click(screen.getByText('Switch Customer'));
    await waitFor(() => expect(msal.loginRedirect).toHaveBeenCalledOnce());
    expect(msal.loginRedirect).toHaveBeenCalledWith(expect.objectContaining({ prompt: 'select_tenant' }));
  });
});
