import { useEffect, useState, type JSX } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { useDeleteSchedulerEntry, useSaveSchedulerEntry, useSchedulerEntries } from '../../../api/email-scheduler.ts';
import type { SchedulerEntry } from '../../../shared/contract/scheduler.contract.ts';
import { t as translate } from '../../../i18n/i18n.ts';
import { notifications } from '../../notifications/notification.service.ts';
import { useMediaQuery } from '../../use-media-query.ts';
import { ConfirmDialog } from '../ConfirmDialog.tsx';
import { LoadingScreen } from '../../LoadingScreen.tsx';
import { SchedulerFormDialog } from './SchedulerFormDialog.tsx';
import { SchedulerPreview } from './SchedulerPreview.tsx';
import { SchedulerTable } from './SchedulerTable.tsx';
import { schedulerModalMachine, schedulerModalView } from './scheduler-modal.machine.ts';
import { browserTimeZone, inputOf, localDay, toggledInput, type SchedulerForm } from './scheduler.model.ts';
import './scheduler-texts.ts';
import '../pages.css';
import './SchedulerPage.css';

/** Spec shell §9: the row menu is hidden under 930 px. */
export const ROW_MENU_QUERY = '(min-width: 930px)';

/**
 * /scheduler (spec shell §2): the user's weekly e-mail reports, each row's sending switch (a spinner while it saves),
 * a preview per row with edit and delete, the create/edit modal and Duplicate in the row menu.
 */
export function SchedulerPage(): JSX.Element {
  const { t } = useTranslation();
  const entries = useSchedulerEntries();
  const save = useSaveSchedulerEntry();
  const remove = useDeleteSchedulerEntry();
  const showRowMenu = useMediaQuery(ROW_MENU_QUERY);
  const [previewId, setPreviewId] = useState<string | null>(null);
  const modal = useActorRef(
    schedulerModalMachine.provide({
      actors: {
        saveEntry: fromPromise<SchedulerEntry, SchedulerForm>(({ input }) =>
          save.mutateAsync(inputOf(input, browserTimeZone())),
        ),
      },
    }),
  );
  const { form, saving, canSave } = useSelector(modal, schedulerModalView);
  useEffect(() => {
    // Spec shell §8 success toasts.
    const subscription = modal.on('scheduler.saved', () => notifications.success(translate('scheduler.saved')));
    return () => subscription.unsubscribe();
  }, [modal]);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [toggling, setToggling] = useState<ReadonlySet<string>>(new Set());
  const today = localDay(new Date());
  const preview = entries.data?.find((entry) => entry.reportId === previewId) ?? null;

  const toggle = (entry: SchedulerEntry) => {
    setToggling((ids) => new Set(ids).add(entry.reportId));
    save.mutate(toggledInput(entry), {
      // Spec shell §8 success toasts.
      onSuccess: () => notifications.success(translate('scheduler.saved')),
      onSettled: () =>
        setToggling((ids) => {
          const next = new Set(ids);
          next.delete(entry.reportId);
          return next;
        }),
    });
  };
  const confirmDelete = (entry: SchedulerEntry) =>
    remove.mutate(entry.reportId, {
      onSuccess: () => {
        notifications.success(translate('scheduler.deleted'));
        setPreviewId(null);
      },
      onSettled: () => setConfirmingDelete(false),
    });

  return (
    <section className="page scheduler">
      <div className="scheduler__header">
        <h1 className="page__title">
          <i className="pi pi-calendar" aria-hidden="true" /> {t('scheduler.title')}
        </h1>
        <button type="button" className="primary-button" onClick={() => modal.send({ type: 'modal.create', today })}>
          <i className="pi pi-plus" aria-hidden="true" /> {t('scheduler.newScheduler')}
        </button>
      </div>
      {entries.data === undefined ? (
        <LoadingScreen />
      ) : entries.data.length === 0 ? (
        <p className="admin-table-empty">{t('scheduler.empty')}</p>
      ) : (
        <div className="admin-table-frame">
          <SchedulerTable
            entries={entries.data}
            saving={toggling}
            showRowMenu={showRowMenu}
            onOpen={(entry) => setPreviewId(entry.reportId)}
            onToggle={toggle}
            onDuplicate={(entry) => modal.send({ type: 'modal.duplicate', entry })}
          />
        </div>
      )}
      {preview !== null && form === null && (
        <SchedulerPreview
          entry={preview}
          today={today}
          saving={toggling.has(preview.reportId)}
          onEdit={() => modal.send({ type: 'modal.edit', entry: preview })}
          onDelete={() => setConfirmingDelete(true)}
          onToggle={() => toggle(preview)}
          onClose={() => setPreviewId(null)}
        />
      )}
      {form !== null && (
        <SchedulerFormDialog
          form={form}
          saving={saving}
          canSave={canSave}
          onChange={(changes) => modal.send({ type: 'form.change', changes })}
          onSave={() => modal.send({ type: 'form.save' })}
          onCancel={() => modal.send({ type: 'modal.close' })}
        />
      )}
      {confirmingDelete && preview !== null && (
        <ConfirmDialog
          header={t('scheduler.deleteTitle')}
          busy={remove.isPending}
          onYes={() => confirmDelete(preview)}
          onNo={() => setConfirmingDelete(false)}
        >
          <p>{t('scheduler.deleteText', { subject: preview.subject })}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
