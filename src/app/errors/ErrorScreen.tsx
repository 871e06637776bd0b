import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import {
  browserRecoveryEnvironment,
  mayReloadFor,
  useReloadWhenReachable,
  type RecoveryEnvironment,
} from './error-recovery.ts';
import './ErrorScreen.css';

export interface ErrorReport {
  error: unknown;
  /** When the error happened. */
  at: Date;
}

function details(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}

/**
 * The application-wide error screen (spec shell §2): what happened, when, and what to do. Statically imported (never a
 * lazy chunk: it must show when no chunk can be fetched); it reloads the page by itself once the portal answers, when
 * the error allows (error-recovery.ts).
 */
export function ErrorScreen({
  report,
  environment: given,
}: {
  report: ErrorReport;
  /** Test seam: fetch, reload, storage and clock; default the browser's. */
  environment?: RecoveryEnvironment;
}) {
  const { t } = useTranslation();
  const [environment] = useState(() => given ?? browserRecoveryEnvironment());
  const [retrying] = useState(() => mayReloadFor(report.error, environment));
  useReloadWhenReachable(report.error, retrying, environment);
  const timezone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return (
    <main className="error-screen">
      <div className="error-screen__card">
        <i className="pi pi-exclamation-triangle error-screen__icon" aria-hidden="true" />
        <h1>{t('errorScreen.title')}</h1>
        <dl className="error-screen__facts">
          <dt>{t('errorScreen.details')}</dt>
          <dd>
            <code>{details(report.error)}</code>
          </dd>
          <dt>{t('errorScreen.time')}</dt>
          <dd>{report.at.toISOString()}</dd>
          <dt>{t('errorScreen.timezone')}</dt>
          <dd>{timezone}</dd>
        </dl>
        <p>
          <Trans i18nKey="errorScreen.refreshHint" components={{ key: <kbd /> }} />
        </p>
        <p>{t('errorScreen.contactSupport')}</p>
        {retrying && (
          <p className="error-screen__retrying" role="status">
            {t('errorScreen.retrying')}
          </p>
        )}
        <button type="button" className="primary-button" onClick={() => window.location.reload()}>
          {t('errorScreen.refresh')}
        </button>
      </div>
    </main>
  );
}
