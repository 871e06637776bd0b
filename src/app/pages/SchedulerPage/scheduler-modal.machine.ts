import { assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { SchedulerEntry } from '../../../shared/contract/scheduler.contract.ts';
import { duplicateForm, formOf, newForm, validateSchedulerForm, type SchedulerForm } from './scheduler.model.ts';

export interface SchedulerModalContext {
  /** The form being edited; null while closed. */
  form: SchedulerForm | null;
  /** Whether the form was edited since the modal opened (spec shell §4 "Form edits mark it touched"). */
  touched: boolean;
}

export type SchedulerModalEvent =
  | { type: 'modal.create'; today: string }
  | { type: 'modal.edit'; entry: SchedulerEntry }
  | { type: 'modal.duplicate'; entry: SchedulerEntry }
  | { type: 'form.change'; changes: Partial<SchedulerForm> }
  | { type: 'form.save' }
  | { type: 'modal.close' };

/** A save went through: the page shows the 'e-mail scheduler saved' toast. */
export type SchedulerModalEmitted = { type: 'scheduler.saved'; entry: SchedulerEntry };

const closed = (): SchedulerModalContext => ({ form: null, touched: false });
const opened = (form: SchedulerForm): SchedulerModalContext => ({ form, touched: false });

/**
 * The Scheduler's create/edit modal (spec shell §4 "Scheduler modal"): CLOSED, EDITING, SAVING. Create (the defaults),
 * edit (a saved entry) or duplicate (its copy with reportId '0') opens EDITING; Save, allowed while the form passes
 * the spec's rules (spec shell §5, validateSchedulerForm), goes to SAVING; success goes to CLOSED and announces the
 * saved entry, failure returns to EDITING with the form as it was. Closing is not possible while saving.
 * The `saveEntry` actor is the page's call (POST /api/email-reports-scheduler/entries).
 */
export const schedulerModalMachine = setup({
  types: {
    context: {} as SchedulerModalContext,
    events: {} as SchedulerModalEvent,
    emitted: {} as SchedulerModalEmitted,
  },
  actors: {
    saveEntry: fromPromise<SchedulerEntry, SchedulerForm>(() =>
      Promise.reject(new Error('saveEntry is provided by the page')),
    ),
  },
  guards: {
    canSave: ({ context }) => context.form !== null && Object.keys(validateSchedulerForm(context.form)).length === 0,
  },
  actions: {
    openNew: assign((_, today: string) => opened(newForm(today))),
    openEntry: assign((_, entry: SchedulerEntry) => opened(formOf(entry))),
    openDuplicate: assign((_, entry: SchedulerEntry) => opened(duplicateForm(entry))),
    change: assign(({ context }, changes: Partial<SchedulerForm>) => ({
      form: context.form === null ? null : { ...context.form, ...changes },
      touched: true,
    })),
    announceSaved: emit((_, entry: SchedulerEntry) => ({ type: 'scheduler.saved' as const, entry })),
    reset: assign(() => closed()),
  },
}).createMachine({
  id: 'schedulerModal',
  context: closed(),
  initial: 'CLOSED',
  states: {
    CLOSED: {
      entry: 'reset',
      on: {
        'modal.create': { target: 'EDITING', actions: { type: 'openNew', params: ({ event }) => event.today } },
        'modal.edit': { target: 'EDITING', actions: { type: 'openEntry', params: ({ event }) => event.entry } },
        'modal.duplicate': {
          target: 'EDITING',
          actions: { type: 'openDuplicate', params: ({ event }) => event.entry },
        },
      },
    },
    EDITING: {
      on: {
        'form.change': { actions: { type: 'change', params: ({ event }) => event.changes } },
        'form.save': { guard: 'canSave', target: 'SAVING' },
        'modal.close': 'CLOSED',
      },
    },
    SAVING: {
      invoke: {
        src: 'saveEntry',
        input: ({ context }) => context.form as SchedulerForm,
        onDone: {
          target: 'CLOSED',
          actions: { type: 'announceSaved', params: ({ event }) => event.output },
        },
        onError: { target: 'EDITING' },
      },
    },
  },
});

export type SchedulerModalSnapshot = SnapshotFrom<typeof schedulerModalMachine>;

/** What the modal shows, derived from a snapshot. */
export function schedulerModalView(snapshot: SchedulerModalSnapshot) {
  const { form } = snapshot.context;
  const saving = snapshot.matches('SAVING');
  return {
    form,
    saving,
    canSave: !saving && form !== null && Object.keys(validateSchedulerForm(form)).length === 0,
  };
}

export type SchedulerModalView = ReturnType<typeof schedulerModalView>;
