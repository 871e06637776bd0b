import type { JSX } from 'react';
import { useTranslation } from 'react-i18next';
import { isDataStale, useConnectionHealth, type ConnectionHealth } from '../api/connection-health.ts';
import { t as translate } from '../i18n/i18n.ts';
import './stale-data-line.css';
import './report-texts.ts';

/** How large the line is: a bar above a report's grid, or across a TV (kiosk) read from 5 m. */
export type StaleDataLineSize = 'bar' | 'tv';

function twoDigits(value: number): string {
  return String(value).padStart(2, '0');
}

/** What the line says while the data is stale: the time of the last answer (browser's local time, 24 h). */
export function staleDataText(health: ConnectionHealth): string {
  if (health.lastSuccessAt === null) return translate('report.staleNoData');
  const at = new Date(health.lastSuccessAt);
  return translate('report.staleAsOf', { time: `${twoDigits(at.getHours())}:${twoDigits(at.getMinutes())}` });
}

/**
 * 'Data as of 10:42 — reconnecting' while the API is away (connection-health.ts), nothing when it answers. The live
 * region is always there, so a screen reader announces the line when it appears.
 */
export function StaleDataLine({ size = 'bar' }: { size?: StaleDataLineSize }): JSX.Element {
  const { t } = useTranslation();
  const health = useConnectionHealth();
  return (
    <div role="status" aria-live="polite" aria-label={t('report.dataFreshness')}>
      {isDataStale(health) ? (
        <p className={`stale-data-line stale-data-line--${size}`}>{staleDataText(health)}</p>
      ) : null}
    </div>
  );
}
