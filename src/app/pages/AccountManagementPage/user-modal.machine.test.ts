import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { ListedUser, UserSave } from '../../../shared/contract/users.contract.ts';
import { userModalMachine, userModalView, type UserModalEmitted, type UserSaveFailure } from './user-modal.machine.ts';

/** Spec shell §4 "User modal": CLOSED, EDITING, SAVING, DONE; §5 validation; §8 e-mail in use. */

const NOW = new Date('2026-03-25T10:00:00.000Z');

const MARTA: ListedUser = {
  id: 'user-marta',
  firstname: 'Marta',
  lastname: 'Lopez',
  email: 'marta@northwind.demo',
  permissions: ['goals-setter', 'email-scheduler'],
  isRootUser: false,
  isShadowUser: false,
  profilePictureUrl: null,
  customerIds: [],
  siteIds: ['site-hall-2'],
  systemIds: [],
  localeCode: 'en-US',
};

/** A modal whose save answers with `answer` (or rejects with it), recording each payload. */
function startModal(answer: (input: UserSave) => Promise<ListedUser>) {
  const payloads: UserSave[] = [];
  const emitted: UserModalEmitted[] = [];
  const actor = createActor(
    userModalMachine.provide({
      actors: {
        saveUser: fromPromise<ListedUser, UserSave>(({ input }) => {
          payloads.push(input);
          return answer(input);
        }),
      },
    }),
  );
  actor.on('user.saved', (event) => emitted.push(event));
  actor.start();
  return { actor, payloads, emitted, view: () => userModalView(actor.getSnapshot()) };
}

const savedAs = (input: UserSave): Promise<ListedUser> =>
  Promise.resolve({
    ...MARTA,
    id: input.id ?? 'user-new',
    firstname: input.firstName,
    lastname: input.lastName,
    email: input.email,
    permissions: input.permissions,
  });

describe('user modal machine', () => {
  beforeEach(() => vi.useFakeTimers({ now: NOW }));
  afterEach(() => vi.useRealTimers());

  it('starts CLOSED; create opens an empty EDITING form whose Save waits until it is touched and valid', () => {
    const { actor, view } = startModal(savedAs);
    expect(actor.getSnapshot().value).toBe('CLOSED');
    expect(view().open).toBe(false);
    actor.send({ type: 'modal.create' });
    expect(actor.getSnapshot().value).toBe('EDITING');
    expect(view().form).toMatchObject({ id: null, firstname: '', lastname: '', email: '' });
    // Untouched: Save disabled, and no error shows before a field is edited.
    expect(view().canSave).toBe(false);
    expect(view().visibleErrors).toEqual({});
    actor.send({ type: 'form.save' });
    expect(actor.getSnapshot().value).toBe('EDITING');
    actor.send({ type: 'form.change', changes: { firstname: 'Jo3' }, field: 'firstname' });
    expect(view().visibleErrors).toEqual({ firstname: { key: 'validation.lettersOnly' } });
    expect(view().canSave).toBe(false);
  });

  it('create: SAVING, then DONE with the saved user to invite, the saved event, and the payload of spec §3', async () => {
    let release: () => void = () => undefined;
    const { actor, payloads, emitted, view } = startModal(
      (input) => new Promise((resolve) => (release = () => resolve(savedAs(input)))),
    );
    actor.send({ type: 'modal.create' });
    actor.send({ type: 'form.change', changes: { firstname: 'Nina' }, field: 'firstname' });
    actor.send({ type: 'form.change', changes: { lastname: 'Berg' }, field: 'lastname' });
    actor.send({ type: 'form.change', changes: { email: ' nina@northwind.demo ' }, field: 'email' });
    actor.send({ type: 'form.change', changes: { createReports: true } });
    actor.send({ type: 'form.change', changes: { scope: { customerIds: [], siteIds: ['site-1'], systemIds: [] } } });
    expect(view().canSave).toBe(true);
    actor.send({ type: 'form.save' });
    expect(actor.getSnapshot().value).toBe('SAVING');
    expect(view().canSave).toBe(false);
    expect(payloads).toEqual([
      {
        firstName: 'Nina',
        lastName: 'Berg',
        email: 'nina@northwind.demo',
        permissions: ['email-scheduler'],
        customerIds: [],
        siteIds: ['site-1'],
        systemIds: [],
      },
    ]);
    release();
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('DONE'));
    expect(view().lastSavedUser?.id).toBe('user-new');
    expect(emitted).toEqual([{ type: 'user.saved', created: true, user: expect.objectContaining({ id: 'user-new' }) }]);
    actor.send({ type: 'modal.close' });
    expect(actor.getSnapshot().value).toBe('CLOSED');
    expect(view().lastSavedUser).toBeNull();
  });

  it('edit: the form holds the user, Save sends its id and returns to CLOSED (no success view)', async () => {
    const { actor, payloads, emitted, view } = startModal(savedAs);
    actor.send({ type: 'modal.edit', user: MARTA });
    expect(view().form).toMatchObject({
      id: 'user-marta',
      setGoals: true,
      createReports: true,
      adminPermissions: false,
    });
    actor.send({ type: 'form.change', changes: { lastname: 'López Vega' }, field: 'lastname' });
    actor.send({ type: 'form.save' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('CLOSED'));
    expect(payloads[0]).toMatchObject({ id: 'user-marta', lastName: 'López Vega', siteIds: ['site-hall-2'] });
    expect(emitted.map((event) => event.created)).toEqual([false]);
  });

  it('duplicate clears the id, so the copy saves as a new user and ends in DONE', async () => {
    const { actor, payloads, view } = startModal(savedAs);
    actor.send({ type: 'modal.duplicate', user: { ...MARTA, isRootUser: true } });
    expect(view().form.id).toBeNull();
    expect(view().form.isRootUser).toBe(false);
    actor.send({ type: 'form.change', changes: { email: 'marta.copy@northwind.demo' }, field: 'email' });
    actor.send({ type: 'form.save' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('DONE'));
    expect(payloads[0]?.id).toBeUndefined();
    expect(payloads[0]).toMatchObject({ firstName: 'Marta', siteIds: ['site-hall-2'] });
  });

  it('a failed save returns to EDITING; an e-mail in use marks the field until it changes', async () => {
    const failures: UserSaveFailure[] = [{ emailInUse: true }, { emailInUse: false }];
    const { actor, view } = startModal(() => Promise.reject(failures.shift()));
    actor.send({ type: 'modal.create' });
    actor.send({ type: 'form.change', changes: { firstname: 'Nina', lastname: 'Berg' }, field: 'firstname' });
    actor.send({ type: 'form.change', changes: { email: 'Taken@northwind.demo' }, field: 'email' });
    actor.send({ type: 'form.save' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('EDITING'));
    expect(view().visibleErrors.email).toEqual({ key: 'validation.emailInUse' });
    expect(view().canSave).toBe(false);
    actor.send({ type: 'form.change', changes: { email: 'other@northwind.demo' }, field: 'email' });
    expect(view().visibleErrors.email).toBeUndefined();
    actor.send({ type: 'form.save' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('EDITING'));
    expect(view().visibleErrors).toEqual({});
    // Typing the refused address again shows the message again.
    actor.send({ type: 'form.change', changes: { email: 'taken@northwind.demo' }, field: 'email' });
    expect(view().visibleErrors.email).toEqual({ key: 'validation.emailInUse' });
  });

  it('closing while editing resets the form; a new create starts empty', () => {
    const { actor, view } = startModal(savedAs);
    actor.send({ type: 'modal.edit', user: MARTA });
    actor.send({ type: 'modal.close' });
    expect(actor.getSnapshot().value).toBe('CLOSED');
    actor.send({ type: 'modal.create' });
    expect(view().form.firstname).toBe('');
    expect(view().canSave).toBe(false);
  });
});
