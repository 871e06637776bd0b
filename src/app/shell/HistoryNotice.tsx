import { useHealth } from '../../api/health.ts';
import { useTranslation } from 'react-i18next';
import { isHistoryLoading } from '../../shared/fleet-history.ts';
import './HistoryNotice.css';

/**
 * A thin bar under the header while the demo fleet's history is still filling after the first start: reports of
 * older periods are incomplete until it is done. It disappears (and polling stops) once every day is in.
 */
export function HistoryNotice() {
  const { t } = useTranslation();
  const { data } = useHealth();
  if (!isHistoryLoading(data?.history)) return null;
  return (
    <div className="history-notice" role="status">
      <i className="pi pi-spin pi-spinner" aria-hidden="true" />{' '}
      {t('shell.historyLoading', { available: data.history.daysAvailable, total: data.history.daysTotal })}
    </div>
  );
}
