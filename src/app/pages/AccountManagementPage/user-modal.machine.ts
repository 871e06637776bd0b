import { assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { ListedUser, UserSave } from '../../../shared/contract/users.contract.ts';
import {
  duplicateUserForm,
  newUserForm,
  userFormOf,
  userSaveOf,
  validateUserForm,
  type UserForm,
  type UserFormField,
} from './user-form.model.ts';

export interface UserModalContext {
  form: UserForm;
  /** Fields changed since the modal opened: their errors show, and Save needs at least one (spec shell §4 "touched"). */
  dirty: readonly UserFormField[];
  touched: boolean;
  /** E-mails (lower case) the server answered are in use: the form shows validation.emailInUse for them. */
  takenEmails: readonly string[];
  /** The user the last create saved: the success view offers to invite them. */
  lastSavedUser: ListedUser | null;
}

export type UserModalEvent =
  | { type: 'modal.create' }
  | { type: 'modal.edit'; user: ListedUser }
  | { type: 'modal.duplicate'; user: ListedUser }
  | { type: 'form.change'; changes: Partial<UserForm>; field?: UserFormField }
  | { type: 'form.save' }
  | { type: 'modal.close' };

/** A save went through: the page shows the 'user saved' toast and reads the list again. */
export type UserModalEmitted = { type: 'user.saved'; user: ListedUser; created: boolean };

/** Why a save failed, as the page's save actor reports it: an e-mail in use marks the field. */
export interface UserSaveFailure {
  emailInUse: boolean;
}

const initialContext = (form: UserForm = newUserForm()): UserModalContext => ({
  form,
  dirty: [],
  touched: false,
  takenEmails: [],
  lastSavedUser: null,
});

function hasErrors(context: UserModalContext): boolean {
  return Object.keys(validateUserForm(context.form, context.takenEmails)).length > 0;
}

/**
 * The user modal of spec shell §4: CLOSED, EDITING, SAVING, DONE. Create, edit or duplicate (which clears the id) opens
 * EDITING; Save (allowed once touched and without errors) goes to SAVING, then CLOSED for an existing user or DONE
 * for a new one (the success view offering the invitation); a failed save returns to EDITING. Closing resets.
 * The `saveUser` actor is the page's call (POST /api/users); it rejects with a UserSaveFailure-like reason.
 */
export const userModalMachine = setup({
  types: {
    context: {} as UserModalContext,
    events: {} as UserModalEvent,
    emitted: {} as UserModalEmitted,
  },
  actors: {
    saveUser: fromPromise<ListedUser, UserSave>(() => Promise.reject(new Error('saveUser is provided by the page'))),
  },
  guards: {
    canSave: ({ context }) => context.touched && !hasErrors(context),
    isExistingUser: ({ context }) => context.form.id !== null,
    /** Reads the save actor's rejection (an error event, which the machine's own event types do not list). */
    isEmailInUse: ({ event }) => {
      const failure = (event as { error?: unknown }).error;
      return typeof failure === 'object' && failure !== null && (failure as UserSaveFailure).emailInUse === true;
    },
  },
  actions: {
    openNew: assign(() => initialContext()),
    openUser: assign((_, user: ListedUser) => initialContext(userFormOf(user))),
    openDuplicate: assign((_, user: ListedUser) => initialContext(duplicateUserForm(user))),
    change: assign(({ context }, params: { changes: Partial<UserForm>; field?: UserFormField }) => ({
      form: { ...context.form, ...params.changes },
      touched: true,
      dirty:
        params.field === undefined || context.dirty.includes(params.field)
          ? context.dirty
          : [...context.dirty, params.field],
    })),
    markEmailTaken: assign(({ context }) => ({
      takenEmails: [...context.takenEmails, context.form.email.trim().toLowerCase()],
      dirty: context.dirty.includes('email') ? context.dirty : [...context.dirty, 'email' as const],
    })),
    rememberSaved: assign((_, user: ListedUser) => ({ lastSavedUser: user })),
    announceSaved: emit((_, params: { user: ListedUser; created: boolean }) => ({
      type: 'user.saved' as const,
      ...params,
    })),
    reset: assign(() => initialContext()),
  },
}).createMachine({
  id: 'userModal',
  context: initialContext(),
  initial: 'CLOSED',
  states: {
    CLOSED: {
      entry: 'reset',
      on: {
        'modal.create': { target: 'EDITING', actions: 'openNew' },
        'modal.edit': { target: 'EDITING', actions: { type: 'openUser', params: ({ event }) => event.user } },
        'modal.duplicate': {
          target: 'EDITING',
          actions: { type: 'openDuplicate', params: ({ event }) => event.user },
        },
      },
    },
    EDITING: {
      on: {
        'form.change': {
          actions: {
            type: 'change',
            params: ({ event }) => ({ changes: event.changes, ...(event.field ? { field: event.field } : {}) }),
          },
        },
        'form.save': { guard: 'canSave', target: 'SAVING' },
        'modal.close': 'CLOSED',
      },
    },
    SAVING: {
      invoke: {
        src: 'saveUser',
        input: ({ context }) => userSaveOf(context.form),
        onDone: [
          {
            guard: 'isExistingUser',
            target: 'CLOSED',
            actions: { type: 'announceSaved', params: ({ event }) => ({ user: event.output, created: false }) },
          },
          {
            target: 'DONE',
            actions: [
              { type: 'rememberSaved', params: ({ event }) => event.output },
              { type: 'announceSaved', params: ({ event }) => ({ user: event.output, created: true }) },
            ],
          },
        ],
        onError: [
          {
            guard: 'isEmailInUse',
            target: 'EDITING',
            actions: 'markEmailTaken',
          },
          { target: 'EDITING' },
        ],
      },
    },
    DONE: {
      on: { 'modal.close': 'CLOSED' },
    },
  },
});

export type UserModalSnapshot = SnapshotFrom<typeof userModalMachine>;

/** What the modal shows, derived from a snapshot. */
export function userModalView(snapshot: UserModalSnapshot) {
  const { context } = snapshot;
  const errors = validateUserForm(context.form, context.takenEmails);
  const saving = snapshot.matches('SAVING');
  return {
    open: !snapshot.matches('CLOSED'),
    done: snapshot.matches('DONE'),
    saving,
    form: context.form,
    /** Errors of the fields changed so far (the others wait until they are edited). */
    visibleErrors: Object.fromEntries(
      Object.entries(errors).filter(([field]) => context.dirty.includes(field as UserFormField)),
    ) as typeof errors,
    canSave: !saving && context.touched && Object.keys(errors).length === 0,
    lastSavedUser: context.lastSavedUser,
  };
}

export type UserModalView = ReturnType<typeof userModalView>;
