import { useHealth } from '../../api/health.ts';
import { historyNoticeText, isHistoryLoading } from '../../shared/fleet-history.ts';
import './HistoryNotice.css';

/**
 * A thin bar under the header while the demo fleet's history is still filling after the first start: reports of
 * older periods are incomplete until it is done. It disappears (and polling stops) once every day is in.
 */
export function HistoryNotice() {
  const { data } = useHealth();
  if (!isHistoryLoading(data?.history)) return null;
  return (
    <div className="history-notice" role="status">
      <i className="pi pi-spin pi-spinner" aria-hidden="true" /> {historyNoticeText(data.history)}
    </div>
  );
}
