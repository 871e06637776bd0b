import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ListedUser, UserSave } from '../../shared/contract/users.contract.ts';
import type { ApiAnswer } from '../testing/fake-api.ts';
import { jsonResponse, profileData } from '../testing/fake-api.ts';
import { ADMIN } from '../testing/fake-identity.ts';
import { renderApp } from '../testing/render-app.tsx';

/**
 * The header's avatar (spec shell §2 "User avatar menu"; issue #28): the signed-in user's uploaded picture, the initials
 * when there is none or it fails to load, and the new picture once they upload one for themselves.
 */

const PNG = new Uint8Array([137, 80, 78, 71]);

/** Object URLs name the bytes they were made of, so a test can tell which picture an <img> shows. */
function stubObjectUrls() {
  let made = 0;
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: () => `blob:picture-${(made += 1)}`, revokeObjectURL: () => undefined }),
  );
}

/** The stored pictures by path, each answering PNG bytes; the paths asked for are recorded in `asked`. */
function pictures(paths: string[], asked: string[]): Record<string, ApiAnswer> {
  return Object.fromEntries(
    paths.map((path) => [
      path,
      (url: URL, init: RequestInit) => {
        asked.push(`${url.pathname}${url.search} ${new Headers(init.headers).get('Authorization')?.split(' ')[0]}`);
        return new Response(PNG, { headers: { 'Content-Type': 'image/png' } });
      },
    ]),
  );
}

const avatarButton = () => screen.findByRole('button', { name: 'Ada Admin' });

describe('header avatar', () => {
  it('shows the initials for a user without a picture', async () => {
    renderApp({ path: '/settings', user: ADMIN });
    const button = await avatarButton();
    expect(button.querySelector('.avatar-button__initials')?.textContent).toBe('AA');
    expect(button.querySelector('img')).toBeNull();
  });

  it('shows the uploaded picture, fetched with the bearer token, and the initials again when it fails to load', async () => {
    stubObjectUrls();
    const asked: string[] = [];
    renderApp({
      path: '/settings',
      user: ADMIN,
      api: {
        '/api/users/profile-data': profileData({ profilePictureUrl: '/api/users/user-admin/avatar?v=one' }),
        ...pictures(['/api/users/user-admin/avatar'], asked),
      },
    });
    const button = await avatarButton();
    await waitFor(() => expect(button.querySelector('img')?.getAttribute('src')).toBe('blob:picture-1'));
    expect(asked).toEqual(['/api/users/user-admin/avatar?v=one Bearer']);
    expect(button.querySelector('.avatar-button__initials')).toBeNull();
    // The browser could not decode or show it.
    fireEvent.error(button.querySelector('img') as HTMLImageElement);
    expect(button.querySelector('img')).toBeNull();
    expect(button.querySelector('.avatar-button__initials')?.textContent).toBe('AA');
  });

  it('shows the initials when the picture cannot be fetched', async () => {
    renderApp({
      path: '/settings',
      user: ADMIN,
      api: {
        '/api/users/profile-data': profileData({ profilePictureUrl: '/api/users/user-admin/avatar?v=gone' }),
        '/api/users/user-admin/avatar': () => jsonResponse({ message: 'This user has no picture' }, 404),
      },
    });
    const button = await avatarButton();
    // The failed call is reported like any other (spec shell §8); the avatar stays as initials.
    await screen.findByText('API: Cannot find the specified data, please open support request');
    expect(button.querySelector('img')).toBeNull();
    expect(button.querySelector('.avatar-button__initials')?.textContent).toBe('AA');
  });

  it('shows the new picture once the admin uploads one for themselves in Account Management', async () => {
    stubObjectUrls();
    const asked: string[] = [];
    let pictureUrl: string | null = null;
    const self: ListedUser = {
      id: 'user-admin',
      firstname: 'Ada',
      lastname: 'Admin',
      email: 'admin@northwind.demo',
      permissions: ['admin'],
      isRootUser: true,
      isShadowUser: false,
      profilePictureUrl: null,
      customerIds: [],
      siteIds: [],
      systemIds: [],
      localeCode: 'en-US',
    };
    renderApp({
      path: '/users',
      user: ADMIN,
      api: {
        '/api/users/profile-data': () => jsonResponse(profileData({ profilePictureUrl: pictureUrl })),
        '/api/users/extended': () => jsonResponse([{ ...self, profilePictureUrl: pictureUrl }]),
        '/api/users': (_url: URL, init: RequestInit) => {
          const [input] = JSON.parse(String(init.body)) as UserSave[];
          if (input?.avatar?.avatarBase64 !== undefined) pictureUrl = '/api/users/user-admin/avatar?v=new';
          return jsonResponse([{ ...self, profilePictureUrl: pictureUrl }]);
        },
        '/api/data/customers': [],
        '/api/data/sites': [],
        '/api/data/systems': [],
        ...pictures(['/api/users/user-admin/avatar'], asked),
      },
    });
    const button = await avatarButton();
    expect(button.querySelector('.avatar-button__initials')?.textContent).toBe('AA');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Ada Admin' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit user' });
    const file = new File([PNG], 'me.png', { type: 'image/png' });
    fireEvent.change(within(dialog).getByLabelText('Choose a picture'), { target: { files: [file] } });
    await waitFor(() => expect(dialog.querySelector('img')?.getAttribute('src')).toMatch(/^data:image\/png;base64,/));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(button.querySelector('img')?.getAttribute('src')).toMatch(/^blob:picture-/));
    expect(asked).toContain('/api/users/user-admin/avatar?v=new Bearer');
  });
});
