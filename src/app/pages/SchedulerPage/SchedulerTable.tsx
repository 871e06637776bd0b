import { useRef, type JSX, type MouseEvent } from 'react';
import { InputSwitch } from 'primereact/inputswitch';
import { Menu } from 'primereact/menu';
import type { SchedulerEntry } from '../../../shared/contract/scheduler.contract.ts';
import { endText, formatTableDate, lastSentText, repeatText, truncateNotes } from './scheduler.model.ts';

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
  const menu = useRef<Menu>(null);
  return (
    <>
      <Menu
        ref={menu}
        popup
        model={[{ label: 'Duplicate', icon: 'pi pi-copy', command: () => onDuplicate(entry) }]}
        popupAlignment="right"
      />
      <button
        type="button"
        className="scheduler__icon-button"
        aria-label={`More actions for ${entry.subject}`}
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
  return (
    <table className="scheduler__table">
      <thead>
        <tr>
          <th scope="col">Email subject</th>
          <th scope="col">Report</th>
          <th scope="col">Time</th>
          <th scope="col">Repeat</th>
          <th scope="col">Last sent</th>
          <th scope="col">Notes</th>
          <th scope="col">Sending</th>
          {showRowMenu && (
            <th scope="col">
              <span className="visually-hidden">Actions</span>
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
            <td data-label="Email subject">
              <button type="button" className="scheduler__subject" onClick={(event) => (stop(event), onOpen(entry))}>
                {entry.subject}
              </button>
            </td>
            <td data-label="Report">{entry.emailReportName}</td>
            <td data-label="Time">
              {formatTableDate(entry.startSendDate)} – {endText(entry)}
            </td>
            <td data-label="Repeat">{repeatText(entry)}</td>
            <td data-label="Last sent">
              {entry.lastError === null ? (
                lastSentText(entry)
              ) : (
                <span className="scheduler__error" title={entry.lastError}>
                  <i className="pi pi-exclamation-triangle" aria-hidden="true" /> {lastSentText(entry)} (sending failed)
                </span>
              )}
            </td>
            <td data-label="Notes" title={entry.notes}>
              {truncateNotes(entry.notes)}
            </td>
            <td data-label="Sending" onClick={stop}>
              <span className="scheduler__sending">
                <InputSwitch
                  checked={entry.isActive}
                  disabled={saving.has(entry.reportId)}
                  onChange={() => onToggle(entry)}
                  aria-label={`Sending ${entry.subject}`}
                />
                {saving.has(entry.reportId) && (
                  <i className="pi pi-spin pi-spinner" role="status" aria-label="Saving" />
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
