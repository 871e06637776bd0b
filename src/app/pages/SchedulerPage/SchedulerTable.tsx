import { useRef, type JSX, type MouseEvent } from 'react';
import { InputSwitch } from 'primereact/inputswitch';
import { useTranslation } from 'react-i18next';
import { Menu } from 'primereact/menu';
import type { SchedulerEntry } from '../../../shared/contract/scheduler.contract.ts';
import { endText, formatTableDate, lastSentText, repeatText, truncateNotes } from './scheduler.model.ts';
import './scheduler-texts.ts';

export interface SchedulerTableProps {
  entries: readonly SchedulerEntry[];
  /** Entries whose sending switch is being saved: a spinner on their row. */
  saving: ReadonlySet<string>;
  /** Spec shell §9: the row menu is hidden under 930 px. */
  showRowMenu: boolean;
  onOpen: (entry: SchedulerEntry) => void;
  onToggle: (entry: SchedulerEntry) => void;
  onDuplicate: (entry: SchedulerEntry) => void;
}

const stop = (event: MouseEvent) => event.stopPropagation();

function RowMenu({ entry, onDuplicate }: { entry: SchedulerEntry; onDuplicate: (entry: SchedulerEntry) => void }) {
  const { t } = useTranslation();
  const menu = useRef<Menu>(null);
  return (
    <>
      <Menu
        ref={menu}
        popup
        model={[{ label: t('scheduler.duplicate'), icon: 'pi pi-copy', command: () => onDuplicate(entry) }]}
        popupAlignment="right"
      />
      <button
        type="button"
        className="admin-icon-button"
        aria-label={t('scheduler.moreActions', { subject: entry.subject })}
        onClick={(event) => {
          stop(event);
          menu.current?.toggle(event);
        }}
      >
        <i className="pi pi-ellipsis-v" aria-hidden="true" />
      </button>
    </>
  );
}

/** The table of e-mail schedules (spec shell §2): a row opens its preview. */
export function SchedulerTable({
  entries,
  saving,
  showRowMenu,
  onOpen,
  onToggle,
  onDuplicate,
}: SchedulerTableProps): JSX.Element {
  const { t } = useTranslation();
  const columns = {
    subject: t('scheduler.fields.emailSubject'),
    report: t('scheduler.fields.report'),
    time: t('scheduler.fields.time'),
    repeat: t('scheduler.fields.repeat'),
    lastSent: t('scheduler.fields.lastSent'),
    notes: t('scheduler.fields.notes'),
    sending: t('scheduler.fields.sending'),
  };
  return (
    <table className="admin-table scheduler__table">
      <thead>
        <tr>
          <th scope="col">{columns.subject}</th>
          <th scope="col">{columns.report}</th>
          <th scope="col">{columns.time}</th>
          <th scope="col">{columns.repeat}</th>
          <th scope="col">{columns.lastSent}</th>
          <th scope="col">{columns.notes}</th>
          <th scope="col">{columns.sending}</th>
          {showRowMenu && (
            <th scope="col">
              <span className="visually-hidden">{t('scheduler.fields.actions')}</span>
            </th>
          )}
        </tr>
      </thead>
      <tbody>
        {entries.map((entry) => (
          <tr
            key={entry.reportId}
            className={entry.isActive ? 'scheduler__row scheduler__row--sending' : 'scheduler__row'}
            onClick={() => onOpen(entry)}
          >
            <td data-label={columns.subject}>
              <button type="button" className="scheduler__subject" onClick={(event) => (stop(event), onOpen(entry))}>
                {entry.subject}
              </button>
            </td>
            <td data-label={columns.report}>{entry.emailReportName}</td>
            <td data-label={columns.time}>
              {formatTableDate(entry.startSendDate)} – {endText(entry)}
            </td>
            <td data-label={columns.repeat}>{repeatText(entry)}</td>
            <td data-label={columns.lastSent}>
              {entry.lastError === null ? (
                lastSentText(entry)
              ) : (
                <span className="scheduler__error" title={entry.lastError}>
                  <i className="pi pi-exclamation-triangle" aria-hidden="true" />{' '}
                  {t('scheduler.lastSentFailed', { lastSent: lastSentText(entry) })}
                </span>
              )}
            </td>
            <td data-label={columns.notes} title={entry.notes}>
              {truncateNotes(entry.notes)}
            </td>
            <td data-label={columns.sending} onClick={stop}>
              <span className="scheduler__sending">
                <InputSwitch
                  checked={entry.isActive}
                  disabled={saving.has(entry.reportId)}
                  onChange={() => onToggle(entry)}
                  aria-label={t('scheduler.sendingOf', { subject: entry.subject })}
                />
                {saving.has(entry.reportId) && (
                  <i className="pi pi-spin pi-spinner" role="status" aria-label={t('scheduler.saving')} />
                )}
              </span>
            </td>
            {showRowMenu && (
              <td onClick={stop}>
                <RowMenu entry={entry} onDuplicate={onDuplicate} />
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
