import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { SchedulerEntry } from '../../../shared/contract/scheduler.contract.ts';
import { schedulerModalMachine, schedulerModalView, type SchedulerModalEmitted } from './scheduler-modal.machine.ts';
import type { SchedulerForm } from './scheduler.model.ts';

/**
 * Spec shell §4 "Scheduler modal": CLOSED, EDITING, SAVING; save success goes to CLOSED, failure to EDITING;
 * duplicating clears the id (reportId '0'); form edits mark it touched. §5: the subject is required. §9: a new entry is
 * 'My report', sending.
 */

const HALL_2: SchedulerEntry = {
  reportId: 'entry-1',
  userId: 'admin',
  subject: 'Hall 2 summary',
  emailReportId: 1,
  emailReportName: 'Weekly report',
  startSendDate: '2026-03-02',
  endSendDate: null,
  repeat: { frequency: 2, dayOfWeek: [1] },
  notes: 'Monday meeting',
  isActive: true,
  customerIds: [],
  siteIds: [],
  systemIds: [],
  timeZone: 'Europe/Berlin',
  lastSent: null,
  lastError: null,
};

/** A modal whose save calls `answer`, recording each form it was asked to save and each announcement. */
function startModal(answer: (form: SchedulerForm) => Promise<SchedulerEntry>) {
  const saves: SchedulerForm[] = [];
  const announced: SchedulerModalEmitted[] = [];
  const actor = createActor(
    schedulerModalMachine.provide({
      actors: {
        saveEntry: fromPromise<SchedulerEntry, SchedulerForm>(({ input }) => {
          saves.push(input);
          return answer(input);
        }),
      },
    }),
  );
  actor.on('scheduler.saved', (event) => announced.push(event));
  actor.start();
  return { actor, saves, announced, view: () => schedulerModalView(actor.getSnapshot()) };
}

const savedAs = (form: SchedulerForm): Promise<SchedulerEntry> =>
  Promise.resolve({ ...HALL_2, reportId: 'entry-new', subject: form.emailSubject, isActive: form.sending });

describe('scheduler modal machine', () => {
  it("starts CLOSED; create opens EDITING with 'My report', weekly, from today, sending; saving it closes and announces", async () => {
    const { actor, saves, announced, view } = startModal(savedAs);
    expect(actor.getSnapshot().value).toBe('CLOSED');
    expect(view().form).toBeNull();
    actor.send({ type: 'modal.create', today: '2026-03-25' });
    expect(actor.getSnapshot().value).toBe('EDITING');
    expect(view().form).toEqual({
      reportId: null,
      emailSubject: 'My report',
      startDate: '2026-03-25',
      endDate: null,
      notes: '',
      sending: true,
    });
    expect(view().canSave).toBe(true);
    actor.send({ type: 'form.save' });
    expect(view().saving).toBe(true);
    expect(view().canSave).toBe(false);
    // No closing half-way through a save.
    actor.send({ type: 'modal.close' });
    await waitFor(actor, (snapshot) => snapshot.matches('CLOSED'));
    expect(saves).toHaveLength(1);
    expect(announced).toEqual([{ type: 'scheduler.saved', entry: expect.objectContaining({ reportId: 'entry-new' }) }]);
    expect(view().form).toBeNull();
  });

  it('edits a saved entry: changes mark it touched and are what is saved', async () => {
    const { actor, saves } = startModal(savedAs);
    actor.send({ type: 'modal.edit', entry: HALL_2 });
    expect(actor.getSnapshot().context).toMatchObject({ touched: false, form: { reportId: 'entry-1', sending: true } });
    actor.send({ type: 'form.change', changes: { sending: false } });
    expect(actor.getSnapshot().context.touched).toBe(true);
    actor.send({ type: 'form.save' });
    await waitFor(actor, (snapshot) => snapshot.matches('CLOSED'));
    expect(saves[0]).toMatchObject({ reportId: 'entry-1', emailSubject: 'Hall 2 summary', sending: false });
  });

  it("duplicates with reportId '0' (a new entry) and the rest of the entry kept", () => {
    const { actor, view } = startModal(savedAs);
    actor.send({ type: 'modal.duplicate', entry: HALL_2 });
    expect(view().form).toMatchObject({ reportId: '0', emailSubject: 'Hall 2 summary', notes: 'Monday meeting' });
  });

  it('refuses to save without a subject (validation.required): Save stays off and nothing is sent', () => {
    const { actor, saves, view } = startModal(savedAs);
    actor.send({ type: 'modal.create', today: '2026-03-25' });
    actor.send({ type: 'form.change', changes: { emailSubject: '  ' } });
    expect(view().canSave).toBe(false);
    actor.send({ type: 'form.save' });
    expect(actor.getSnapshot().value).toBe('EDITING');
    expect(saves).toHaveLength(0);
  });

  it('returns to EDITING with the form as it was when the save fails, announcing nothing; Save may be tried again', async () => {
    let fail = true;
    const { actor, saves, announced, view } = startModal((form) =>
      fail ? Promise.reject(new Error('500')) : savedAs(form),
    );
    actor.send({ type: 'modal.edit', entry: HALL_2 });
    actor.send({ type: 'form.change', changes: { sending: false } });
    actor.send({ type: 'form.save' });
    await waitFor(actor, (snapshot) => snapshot.matches('EDITING'));
    expect(announced).toEqual([]);
    expect(view().form).toMatchObject({ reportId: 'entry-1', sending: false });
    expect(view().canSave).toBe(true);
    fail = false;
    actor.send({ type: 'form.save' });
    await waitFor(actor, (snapshot) => snapshot.matches('CLOSED'));
    expect(saves).toHaveLength(2);
    expect(announced).toHaveLength(1);
  });

  it('closing from EDITING drops the form; the next create starts afresh', () => {
    const { actor, view } = startModal(savedAs);
    actor.send({ type: 'modal.edit', entry: HALL_2 });
    actor.send({ type: 'modal.close' });
    expect(actor.getSnapshot().value).toBe('CLOSED');
    actor.send({ type: 'modal.create', today: '2026-03-26' });
    expect(view().form).toMatchObject({ reportId: null, emailSubject: 'My report', startDate: '2026-03-26' });
    expect(actor.getSnapshot().context.touched).toBe(false);
  });
});
