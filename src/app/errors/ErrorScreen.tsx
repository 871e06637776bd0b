import { useState } from 'react';
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
  const [environment] = useState(() => given ?? browserRecoveryEnvironment());
  const [retrying] = useState(() => mayReloadFor(report.error, environment));
  useReloadWhenReachable(report.error, retrying, environment);
  const timezone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return (
    <main className="error-screen">
      <div className="error-screen__card">
        <i className="pi pi-exclamation-triangle error-screen__icon" aria-hidden="true" />
        <h1>Oops! Something went wrong</h1>
        <dl className="error-screen__facts">
          <dt>Details</dt>
          <dd>
            <code>{details(report.error)}</code>
          </dd>
          <dt>Time</dt>
          <dd>{report.at.toISOString()}</dd>
          <dt>Timezone</dt>
          <dd>{timezone}</dd>
        </dl>
        <p>
          Try refreshing the page: press <kbd>F5</kbd> or <kbd>Ctrl</kbd>+<kbd>R</kbd>.
        </p>
        <p>If the problem persists, please take a screenshot of this page and contact support.</p>
        {retrying && (
          <p className="error-screen__retrying" role="status">
            Retrying when the portal is reachable…
          </p>
        )}
        <button type="button" className="primary-button" onClick={() => window.location.reload()}>
          Refresh the page
        </button>
      </div>
    </main>
  );
}
