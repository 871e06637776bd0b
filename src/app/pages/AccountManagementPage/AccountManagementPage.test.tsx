import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ScopeCustomer, ScopeSite, ScopeSystem } from '../../../shared/contract/scope.contract.ts';
import type { ListedUser, UserSave } from '../../../shared/contract/users.contract.ts';
import { jsonResponse } from '../../testing/fake-api.ts';
import { ADMIN } from '../../testing/fake-identity.ts';
import { renderApp } from '../../testing/render-app.tsx';

/**
 * Spec shell §2 "Account Management page", §3 (user form, scope hierarchy, save payload), §4 "User modal",
 * §5 validation, §6 (root user), §8 (toasts, code 1000, avatar warning), §9 (search ≥ 2 characters, hidden under 500 px).
 */

/** A window `width` px wide: min-width and max-width queries answer as a browser would. */
function viewport(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => {
    const min = /min-width: (\d+)px/.exec(query);
    const max = /max-width: (\d+)px/.exec(query);
    const matches = (min === null || width >= Number(min[1])) && (max === null || width <= Number(max[1]));
    return { matches, media: query, addEventListener: () => undefined, removeEventListener: () => undefined };
  });
}

function user(overrides: Partial<ListedUser> & Pick<ListedUser, 'id' | 'firstname' | 'lastname'>): ListedUser {
  return {
    email: `${overrides.firstname.toLowerCase()}@northwind.demo`,
    permissions: [],
    isRootUser: false,
    isShadowUser: false,
    profilePictureUrl: null,
    customerIds: [],
    siteIds: [],
    systemIds: [],
    localeCode: 'en-US',
    ...overrides,
  };
}

const ROOT = user({
  id: 'user-admin',
  firstname: 'Ada',
  lastname: 'Admin',
  permissions: ['admin', 'goals-setter', 'certificate-enabled', 'email-scheduler'],
  isRootUser: true,
});
const OLIVER = user({ id: 'user-oliver', firstname: 'Oliver', lastname: 'Manager', permissions: ['admin'] });
const MARTA = user({
  id: 'user-marta',
  firstname: 'Marta',
  lastname: 'Lopez',
  permissions: ['goals-setter', 'email-scheduler'],
  siteIds: ['site-hall-2'],
});

const CUSTOMERS: ScopeCustomer[] = [{ id: 'cust-east', name: 'Northwind East', importedCustomerId: 'E-1' }];
const SITES: ScopeSite[] = [
  { id: 'site-hall-1', name: 'Hall 1', customerId: 'cust-east', timeZone: 'Europe/Berlin' },
  { id: 'site-hall-2', name: 'Hall 2', customerId: 'cust-east', timeZone: 'Europe/Berlin' },
];
const system = (id: string, siteId: string): ScopeSystem => ({
  id,
  serialNumber: `SN-${id}`,
  customerId: 'cust-east',
  siteId,
  modelId: 'model-1',
  systemGroup: 'DTG',
  systemNickName: null,
  isEverReported: true,
});
const SYSTEMS = [system('sys-1', 'site-hall-1'), system('sys-2', 'site-hall-1'), system('sys-3', 'site-hall-2')];

interface FakeUsersApi {
  /** The answer of POST /api/users for `user`; undefined: saved as sent. */
  saveAnswer?: (user: UserSave) => Response | undefined;
  /** The answer of POST /api/users/{id}/password-reset (default 204). */
  resetAnswer?: () => Response;
  /** The answer of POST /api/users/{id}/invitation (default 204). */
  inviteAnswer?: () => Response;
}

/** The page over a fake /api/users* that keeps its users, searches like the server and records what it received. */
function renderAccounts(
  initial: ListedUser[] = [ROOT, OLIVER, MARTA],
  { saveAnswer, resetAnswer, inviteAnswer }: FakeUsersApi = {},
) {
  let users = [...initial];
  const saved: UserSave[] = [];
  const deleted: string[] = [];
  /** 'invitation user-x' and 'password-reset user-x', in order. */
  const accessCalls: string[] = [];
  const accessCall = (id: string, kind: 'invitation' | 'password-reset') => [
    `/api/users/${id}/${kind}`,
    (_url: URL, init: RequestInit) => {
      if (init.method !== 'POST') return jsonResponse({ message: 'method' }, 405);
      accessCalls.push(`${kind} ${id}`);
      const answer = kind === 'password-reset' ? resetAnswer : inviteAnswer;
      return answer?.() ?? new Response(null, { status: 204 });
    },
  ];
  const listUrls: URL[] = [];
  const view = renderApp({
    path: '/users',
    user: ADMIN,
    api: {
      '/api/users/extended': (url: URL) => {
        listUrls.push(url);
        const search = (url.searchParams.get('search') ?? '').toLowerCase();
        return jsonResponse(
          users.filter((each) => `${each.firstname}\n${each.lastname}`.toLowerCase().includes(search)),
        );
      },
      '/api/users': async (_url: URL, init: RequestInit) => {
        const [input] = JSON.parse(String(init.body)) as UserSave[];
        if (input === undefined) return jsonResponse({ message: 'none' }, 400);
        saved.push(input);
        const answer = saveAnswer?.(input);
        if (answer !== undefined) return answer;
        const listed = user({
          id: input.id ?? `user-new-${saved.length}`,
          firstname: input.firstName,
          lastname: input.lastName,
          email: input.email,
          permissions: input.permissions,
          customerIds: input.customerIds,
          siteIds: input.siteIds,
          systemIds: input.systemIds,
        });
        users = [...users.filter((each) => each.id !== listed.id), listed];
        return jsonResponse([listed]);
      },
      ...Object.fromEntries(
        initial.map((each) => [
          `/api/users/${each.id}`,
          (_url: URL, init: RequestInit) => {
            if (init.method !== 'DELETE') return jsonResponse({ message: 'method' }, 405);
            deleted.push(each.id);
            users = users.filter((other) => other.id !== each.id);
            return new Response(null, { status: 204 });
          },
        ]),
      ),
      ...Object.fromEntries(
        initial
          .filter((each) => each.profilePictureUrl !== null)
          .map((each) => [
            new URL(each.profilePictureUrl ?? '', 'https://portal.test').pathname,
            () => new Response(new Uint8Array([137, 80, 78, 71]), { headers: { 'Content-Type': 'image/png' } }),
          ]),
      ),
      ...Object.fromEntries(
        [...initial.map((each) => each.id), 'user-new-1'].flatMap((id) => [
          accessCall(id, 'invitation'),
          accessCall(id, 'password-reset'),
        ]),
      ),
      '/api/data/customers': CUSTOMERS,
      '/api/data/sites': SITES,
      '/api/data/systems': SYSTEMS,
    },
  });
  return { ...view, saved, deleted, listUrls, accessCalls };
}

const row = (name: string) => screen.getByRole('row', { name: new RegExp(name) });

async function openAddUser() {
  fireEvent.click(await screen.findByRole('button', { name: 'Add user' }));
  return screen.findByRole('dialog', { name: 'New user' });
}

function type(dialog: HTMLElement, label: string, value: string) {
  fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
}

describe('Account Management page', () => {
  beforeEach(() => viewport(1366));

  it('lists the users: avatar, name, last name, scope, goals; stars for the root user and admins', async () => {
    renderAccounts();
    const table = await screen.findByRole('table');
    expect(
      within(within(table).getAllByRole('row')[0] as HTMLElement)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Avatar', 'Name', 'Last name', 'Scope', 'Goals', 'Actions']);
    const root = within(row('Ada'));
    expect(root.getByRole('img', { name: 'Root User' }).getAttribute('title')).toBe('Root User');
    expect(root.getByRole('img', { name: 'Sets goals' })).toBeTruthy();
    expect(root.getByText('All')).toBeTruthy();
    // The root user cannot be deleted (spec shell §6).
    expect(root.queryByRole('button', { name: 'Delete Ada Admin' })).toBeNull();
    const oliver = within(row('Oliver'));
    expect(oliver.getByRole('img', { name: 'Admin User' })).toBeTruthy();
    expect(oliver.queryByRole('img', { name: 'Sets goals' })).toBeNull();
    const marta = within(row('Marta'));
    expect(marta.queryByRole('img', { name: /User$/ })).toBeNull();
    expect(marta.getByRole('img', { name: 'Sets goals' })).toBeTruthy();
    expect(marta.getByText('1 site')).toBeTruthy();
  });

  it('searches from 2 characters on, by first or last name', async () => {
    const { listUrls } = renderAccounts();
    const search = await screen.findByRole('searchbox', { name: 'Search users' });
    await screen.findByRole('row', { name: /Oliver/ });
    fireEvent.change(search, { target: { value: 'M' } });
    // One character: no search is sent and everybody stays listed.
    expect(screen.getAllByRole('row')).toHaveLength(4);
    expect(listUrls.every((url) => !url.searchParams.has('search'))).toBe(true);
    fireEvent.change(search, { target: { value: ' MA ' } });
    await waitFor(() => expect(screen.queryByRole('row', { name: /Ada/ })).toBeNull());
    expect(listUrls.at(-1)?.searchParams.get('search')).toBe('MA');
    expect(screen.getByRole('row', { name: /Marta/ })).toBeTruthy();
    expect(screen.getByRole('row', { name: /Oliver/ })).toBeTruthy();
    fireEvent.change(search, { target: { value: 'zz' } });
    expect(await screen.findByText('No users match this search.')).toBeTruthy();
  });

  it('has no search box under 500 px', async () => {
    viewport(499);
    renderAccounts();
    await screen.findByRole('row', { name: /Oliver/ });
    expect(screen.queryByRole('searchbox')).toBeNull();
    viewport(500);
  });

  it('shows every validation message of spec §5 and keeps Save disabled until the form is touched and valid', async () => {
    renderAccounts();
    const dialog = await openAddUser();
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save).toHaveProperty('disabled', true);
    expect(within(dialog).queryByRole('alert')).toBeNull();

    const messageOf = (label: string) => {
      const id = within(dialog).getByLabelText(label).getAttribute('aria-describedby');
      return id === null ? null : (document.getElementById(id)?.textContent ?? null);
    };
    type(dialog, 'First name', 'Jo3');
    expect(messageOf('First name')).toBe('Must be letters only');
    type(dialog, 'First name', '');
    expect(messageOf('First name')).toBe('Required');
    type(dialog, 'First name', 'a'.repeat(101));
    expect(messageOf('First name')).toBe('Must be 100 characters or less');
    type(dialog, 'First name', 'Nina Maria');
    expect(messageOf('First name')).toBeNull();
    type(dialog, 'Last name', 'Berg-Holm');
    expect(messageOf('Last name')).toBe('Must be letters only');
    type(dialog, 'Last name', 'Berg');
    type(dialog, 'E-mail', 'nina@');
    expect(messageOf('E-mail')).toBe('Not a valid email address');
    type(dialog, 'E-mail', `${'n'.repeat(250)}@northwind.demo`);
    expect(messageOf('E-mail')).toBe('Must be 256 characters or less');
    expect(save).toHaveProperty('disabled', true);
    type(dialog, 'E-mail', '');
    expect(messageOf('E-mail')).toBe('Required');
    type(dialog, 'E-mail', 'nina@northwind.demo');
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(save).toHaveProperty('disabled', false);
  });

  it('an e-mail in use: the 5xx CODE:1000 toast, the field says so, and the modal stays open for another address', async () => {
    const { saved } = renderAccounts(undefined, {
      saveAnswer: (input) =>
        input.email === 'marta@northwind.demo'
          ? new Response('CODE:1000 This email is already in use', { status: 500 })
          : undefined,
    });
    const dialog = await openAddUser();
    type(dialog, 'First name', 'Marta');
    type(dialog, 'Last name', 'Again');
    type(dialog, 'E-mail', 'marta@northwind.demo');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(
        'API: Cannot create user with the specified email, please choose another email or open support request',
      ),
    ).toBeTruthy();
    expect(await within(dialog).findByText('This email is already in use')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);
    type(dialog, 'E-mail', 'marta.again@northwind.demo');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('dialog', { name: 'User created' })).toBeTruthy();
    expect(saved.map((input) => input.email)).toEqual(['marta@northwind.demo', 'marta.again@northwind.demo']);
  });

  it('creates a user with roles and a scope chosen in the tree: payload ids, the toast, the success view and the new row', async () => {
    const { saved, accessCalls } = renderAccounts();
    const dialog = await openAddUser();
    type(dialog, 'First name', 'Nina');
    type(dialog, 'Last name', 'Berg');
    type(dialog, 'E-mail', ' nina@northwind.demo ');
    // Spec shell §5: set goals needs a scope.
    expect(within(dialog).getByRole('switch', { name: 'Set goals' })).toHaveProperty('disabled', true);
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Create reports' }));

    const tree = within(dialog).getByRole('tree');
    fireEvent.click(within(tree).getByRole('button', { name: 'Expand Northwind East' }));
    const hallOne = (await within(tree).findByText('Hall 1')).closest('[role="treeitem"]') as HTMLElement;
    expect(hallOne.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(hallOne.querySelector('input[type="checkbox"]') as HTMLElement);
    expect(hallOne.getAttribute('aria-checked')).toBe('true');
    expect(within(dialog).getByRole('switch', { name: 'Set goals' })).toHaveProperty('disabled', false);
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Set goals' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({
      firstName: 'Nina',
      lastName: 'Berg',
      email: 'nina@northwind.demo',
      permissions: ['goals-setter', 'email-scheduler'],
      customerIds: [],
      siteIds: ['site-hall-1'],
      systemIds: [],
    });
    expect(await screen.findByText('User saved')).toBeTruthy();
    const done = await screen.findByRole('dialog', { name: 'User created' });
    expect(within(done).getByText(/Nina Berg can sign in once they set a password/)).toBeTruthy();
    // The success view invites the user just saved.
    fireEvent.click(within(done).getByRole('button', { name: 'Send invitation' }));
    expect(await within(done).findByRole('status')).toHaveProperty(
      'textContent',
      'Invitation sent to nina@northwind.demo',
    );
    expect(accessCalls).toEqual(['invitation user-new-1']);
    expect(within(done).queryByRole('button', { name: 'Send invitation' })).toBeNull();
    expect(await screen.findByText('Invitation sent')).toBeTruthy();
    fireEvent.click(within(done).getByText('Close', { selector: 'button' }));
    expect(await screen.findByRole('row', { name: /Nina/ })).toBeTruthy();
  });

  it('edits a user: e-mail read-only, the root user keeps Admin, Save closes the modal with the toast', async () => {
    const { saved } = renderAccounts();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Ada Admin' }));
    let dialog = await screen.findByRole('dialog', { name: 'Edit user' });
    expect(within(dialog).getByLabelText('E-mail')).toHaveProperty('readOnly', true);
    expect(within(dialog).getByRole('switch', { name: 'Admin permissions' })).toHaveProperty('disabled', true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Edit Marta Lopez' }));
    dialog = await screen.findByRole('dialog', { name: 'Edit user' });
    expect(within(dialog).getByRole('switch', { name: 'Admin permissions' })).toHaveProperty('disabled', false);
    expect(within(dialog).getByRole('switch', { name: 'Set goals' })).toHaveProperty('checked', true);
    type(dialog, 'Last name', 'Lopez Vega');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(saved[0]).toMatchObject({ id: 'user-marta', lastName: 'Lopez Vega', siteIds: ['site-hall-2'] });
    expect(await screen.findByText('User saved')).toBeTruthy();
  });

  it('duplicates a user: the copy has no id, an editable e-mail and the same roles and scope', async () => {
    const { saved } = renderAccounts();
    fireEvent.click(await screen.findByRole('button', { name: 'More actions for Marta Lopez' }));
    fireEvent.click(await screen.findByText('Duplicate'));
    const dialog = await screen.findByRole('dialog', { name: 'New user' });
    expect(within(dialog).getByLabelText('First name')).toHaveProperty('value', 'Marta');
    expect(within(dialog).getByLabelText('E-mail')).toHaveProperty('readOnly', false);
    type(dialog, 'E-mail', 'marta.copy@northwind.demo');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.id).toBeUndefined();
    expect(saved[0]).toMatchObject({
      email: 'marta.copy@northwind.demo',
      permissions: ['goals-setter', 'email-scheduler'],
      siteIds: ['site-hall-2'],
    });
  });

  it('deletes only after Yes in the confirmation, then the toast and the row is gone', async () => {
    const { deleted } = renderAccounts();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Oliver Manager' }));
    let confirm = await screen.findByRole('dialog', { name: 'Delete user' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete user' })).toBeNull());
    expect(deleted).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Oliver Manager' }));
    confirm = await screen.findByRole('dialog', { name: 'Delete user' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('User deleted')).toBeTruthy();
    expect(deleted).toEqual(['user-oliver']);
    await waitFor(() => expect(screen.queryByRole('row', { name: /Oliver/ })).toBeNull());
  });

  it('refuses a picture that is not jpg/png or over 102,400 bytes with the warning; sends an accepted one as base64', async () => {
    const { saved } = renderAccounts();
    const dialog = await openAddUser();
    const input = within(dialog).getByLabelText('Choose a picture');
    const warning = 'The picture must be a JPG or PNG file of at most 100 KB';
    fireEvent.change(input, { target: { files: [new File(['GIF89a'], 'me.gif', { type: 'image/gif' })] } });
    expect(await screen.findByText(warning)).toBeTruthy();
    const large = new File([new Uint8Array(102_401)], 'me.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [large] } });
    await waitFor(() => expect(screen.getAllByText(warning)).toHaveLength(2));
    expect(dialog.querySelector('img')).toBeNull();
    const fits = new File([new Uint8Array(102_400)], 'me.jpg', { type: 'image/jpeg' });
    fireEvent.change(input, { target: { files: [fits] } });
    await waitFor(() => expect(dialog.querySelector('img')?.getAttribute('src')).toMatch(/^data:image\/jpeg;base64,/));
    type(dialog, 'First name', 'Nina');
    type(dialog, 'Last name', 'Berg');
    type(dialog, 'E-mail', 'nina@northwind.demo');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.avatar).toEqual({ avatarBase64: btoa(String.fromCharCode(...new Uint8Array(102_400))) });
  });

  it('shows a stored picture fetched with the bearer token (an <img> cannot send it), and sends no avatar when it is kept', async () => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:marta', revokeObjectURL: () => undefined }));
    const pictureUrl = '/api/users/user-marta/avatar?v=abc';
    const { fetchMock, saved } = renderAccounts([ROOT, { ...MARTA, profilePictureUrl: pictureUrl }]);
    const martaRow = await screen.findByRole('row', { name: /Marta/ });
    await waitFor(() => expect(martaRow.querySelector('img')?.getAttribute('src')).toBe('blob:marta'));
    const pictureCall = fetchMock.mock.calls.find(([input]) => String(input).includes('/avatar?v=abc'));
    expect(new Headers(pictureCall?.[1]?.headers).get('Authorization')).toMatch(/^Bearer /);
    fireEvent.click(screen.getByRole('button', { name: 'Edit Marta Lopez' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit user' });
    type(dialog, 'First name', 'Martina');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).not.toHaveProperty('avatar');
  });

  it('sends an invitation and a password reset from the row menu, each with its toast', async () => {
    const { accessCalls } = renderAccounts();
    fireEvent.click(await screen.findByRole('button', { name: 'More actions for Marta Lopez' }));
    fireEvent.click(await screen.findByText('Send invitation'));
    expect(await screen.findByText('Invitation sent')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'More actions for Oliver Manager' }));
    fireEvent.click(await screen.findByText('Reset password'));
    expect(await screen.findByText('Password reset enqueued')).toBeTruthy();
    expect(accessCalls).toEqual(['invitation user-marta', 'password-reset user-oliver']);
  });

  it('an invitation that fails after a create says so in the success view and can be sent again', async () => {
    let failing = true;
    const { accessCalls } = renderAccounts(undefined, {
      inviteAnswer: () => (failing ? jsonResponse({ message: 'mail down' }, 503) : new Response(null, { status: 204 })),
    });
    const dialog = await openAddUser();
    type(dialog, 'First name', 'Nina');
    type(dialog, 'Last name', 'Berg');
    type(dialog, 'E-mail', 'nina@northwind.demo');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const done = await screen.findByRole('dialog', { name: 'User created' });
    fireEvent.click(within(done).getByRole('button', { name: 'Send invitation' }));
    expect(await within(done).findByRole('alert')).toHaveProperty('textContent', 'The invitation could not be sent');
    failing = false;
    fireEvent.click(within(done).getByRole('button', { name: 'Send invitation' }));
    expect(await within(done).findByRole('status')).toHaveProperty(
      'textContent',
      'Invitation sent to nina@northwind.demo',
    );
    expect(accessCalls).toEqual(['invitation user-new-1', 'invitation user-new-1']);
  });

  it('a reset the server refuses until a captcha is solved replaces the page with the captcha step; Cancel returns', async () => {
    renderAccounts(undefined, {
      resetAnswer: () => jsonResponse({ statusCode: 429, code: 'CAPTCHA_REQUIRED', message: 'captcha' }, 429),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'More actions for Oliver Manager' }));
    fireEvent.click(await screen.findByText('Reset password'));
    expect(await screen.findByRole('heading', { name: 'Confirm the password reset' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByText('Password reset enqueued')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('row', { name: /Oliver/ })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Confirm the password reset' })).toBeNull();
  });
});
