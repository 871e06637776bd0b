import { Dialog } from 'primereact/dialog';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './pages.css';

/** A yes/no question before something that cannot be undone (deleting a user or an e-mail schedule). */
export function ConfirmDialog({
  header,
  busy,
  onYes,
  onNo,
  children,
}: {
  header: string;
  /** While the answer is being carried out: Yes is disabled. */
  busy: boolean;
  onYes: () => void;
  onNo: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      visible
      header={header}
      onHide={onNo}
      draggable={false}
      modal
      footer={
        <div className="confirm-dialog__buttons">
          <button type="button" className="secondary-button" onClick={onNo}>
            {t('common.no')}
          </button>
          <button type="button" className="primary-button" disabled={busy} onClick={onYes}>
            {t('common.yes')}
          </button>
        </div>
      }
    >
      {children}
    </Dialog>
  );
}
