import type { JSX } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../src/runtime/panel-sdk.ts';
import { SYSTEM_ACTIONS, type SystemLink } from './system-display.ts';

export interface SystemActionsProps {
  serialNumber: string;
  /** Address of a system's page; it keeps the report's query string, so group and period stay. */
  systemLink: SystemLink;
  onShowSoftware: (serialNumber: string) => void;
  /** Icons only (table rows); otherwise icons with their labels (cards). */
  compact: boolean;
}

/** Parameters, Open Ticket and System Page links and the Software Version Info button of one system (spec reports §2). */
export function SystemActions({ serialNumber, systemLink, onShowSoftware, compact }: SystemActionsProps): JSX.Element {
  const { t } = useTranslation();
  return (
    <div className={`systems-analysis__actions${compact ? ' systems-analysis__actions--compact' : ''}`}>
      {SYSTEM_ACTIONS.map((action) => (
        <Link
          key={action.subReport}
          className="systems-analysis__action"
          to={systemLink(action.subReport, serialNumber)}
          aria-label={t('panels.systemPageOf', {
            page: t(`panels.systemPages.${action.subReport}`),
            serial: serialNumber,
          })}
          title={t(`panels.systemPages.${action.subReport}`)}
        >
          <i className={action.icon} aria-hidden="true" />
          {!compact && <span>{t(`panels.systemPages.${action.subReport}`)}</span>}
        </Link>
      ))}
      <button
        type="button"
        className="systems-analysis__action"
        aria-label={t('panels.systemsList.software.titleOf', { serial: serialNumber })}
        title={t('panels.systemsList.software.title')}
        onClick={() => onShowSoftware(serialNumber)}
      >
        <i className="pi pi-info-circle" aria-hidden="true" />
        {!compact && <span>{t('panels.systemsList.software.button')}</span>}
      </button>
    </div>
  );
}
