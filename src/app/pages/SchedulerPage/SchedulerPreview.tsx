import type { JSX } from 'react';
import { Dialog } from 'primereact/dialog';
import { useTranslation } from 'react-i18next';
import { InputSwitch } from 'primereact/inputswitch';
import type { SchedulerEntry } from '../../../shared/contract/scheduler.contract.ts';
import { endText, lastSentText, repeatText, startText } from './scheduler.model.ts';
import './scheduler-texts.ts';

export interface SchedulerPreviewProps {
  entry: SchedulerEntry;
  today: string;
  saving: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onToggle: () => void;
  onClose: () => void;
}

/** A row's preview (spec shell §2): edit, delete and one inert icon in the header, the entry's fields and its switch. */
export function SchedulerPreview({
  entry,
  today,
  saving,
  onEdit,
  onDelete,
  onToggle,
  onClose,
}: SchedulerPreviewProps): JSX.Element {
  const { t } = useTranslation();
  const header = (
    <div className="scheduler-preview__header">
      <span>{entry.subject}</span>
      <span className="scheduler-preview__icons">
        <button type="button" className="admin-icon-button" aria-label={t('common.edit')} onClick={onEdit}>
          <i className="pi pi-pencil" aria-hidden="true" />
        </button>
        <button type="button" className="admin-icon-button" aria-label={t('common.delete')} onClick={onDelete}>
          <i className="pi pi-trash" aria-hidden="true" />
        </button>
        <i className="pi pi-envelope scheduler-preview__inert" aria-hidden="true" />
      </span>
    </div>
  );
  const rows: [string, string][] = [
    [t('scheduler.fields.lastSent'), lastSentText(entry)],
    [t('scheduler.fields.subject'), entry.subject],
    [t('scheduler.fields.report'), entry.emailReportName],
    [t('scheduler.fields.repeat'), repeatText(entry)],
    [t('scheduler.fields.startDate'), startText(entry, today)],
    [t('scheduler.fields.endDate'), endText(entry)],
    [t('scheduler.fields.notes'), entry.notes],
  ];
  return (
    <Dialog visible header={header} onHide={onClose} className="scheduler-preview" draggable={false} modal>
      <dl className="scheduler-preview__fields">
        {rows.map(([name, value]) => (
          <div key={name}>
            <dt>{name}</dt>
            <dd>{value === '' ? '—' : value}</dd>
          </div>
        ))}
        {entry.lastError !== null && (
          <div>
            <dt>{t('scheduler.fields.sendingFailed')}</dt>
            <dd className="scheduler__error">{entry.lastError}</dd>
          </div>
        )}
        <div>
          <dt>{t('scheduler.fields.sending')}</dt>
          <dd className="scheduler__sending">
            <InputSwitch
              checked={entry.isActive}
              disabled={saving}
              onChange={onToggle}
              aria-label={t('scheduler.fields.sending')}
            />
            {saving && <i className="pi pi-spin pi-spinner" role="status" aria-label={t('scheduler.saving')} />}
          </dd>
        </div>
      </dl>
    </Dialog>
  );
}
