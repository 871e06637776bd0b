import type { JSX } from 'react';
import { Link } from 'react-router';
import { usePanelCapabilities, useTranslation, type PanelProps } from '../../src/runtime/panel-sdk.ts';
import { SYSTEM_PAGE_ACTIONS } from '../../src/shared/systems/system-pages.ts';
import { printerLine, type PrinterLinksData } from './model.ts';
import type { PrinterLinksOptions } from './options.ts';
import './PrinterLinksPanel.css';

/**
 * The one printer a report's machine filter narrowed it to: serial, nickname, model, status now and last update, and
 * links to its own pages (Parameters, Open Ticket, System Page) that keep the report's query string, so the page opens
 * on the same date and the browser's Back returns here. Nothing while the selection is not exactly one printer.
 */
export function PrinterLinksPanel({
  data,
  selectedSystems = [],
}: PanelProps<PrinterLinksOptions, PrinterLinksData>): JSX.Element | null {
  const systemLink = usePanelCapabilities().useSystemPageLink();
  const { t } = useTranslation();
  const printer = printerLine(data, selectedSystems, t);
  if (printer === null) return null;
  return (
    <div className="printer-links">
      <p className="printer-links__identity">
        <strong className="printer-links__serial">{printer.serialNumber}</strong>
        {printer.details !== '' && <span>{printer.details}</span>}
        {printer.status !== null && (
          <span className="printer-links__status">
            <span className="printer-links__dot" style={{ background: printer.status.colour }} aria-hidden="true" />
            {t('panels.printerLinks.statusNow', { status: printer.status.label })}
          </span>
        )}
        {printer.lastUpdate !== null && <span className="printer-links__update">{printer.lastUpdate}</span>}
      </p>
      <ul
        className="printer-links__actions"
        aria-label={t('panels.printerLinks.pagesOf', { serial: printer.serialNumber })}
      >
        {SYSTEM_PAGE_ACTIONS.map((action) => (
          <li key={action.subReport}>
            <Link
              className="printer-links__action"
              to={systemLink(action.subReport, printer.serialNumber)}
              aria-label={t('panels.systemPageOf', {
                page: t(`panels.systemPages.${action.subReport}`),
                serial: printer.serialNumber,
              })}
            >
              <i className={action.icon} aria-hidden="true" />
              <span>{t(`panels.systemPages.${action.subReport}`)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
