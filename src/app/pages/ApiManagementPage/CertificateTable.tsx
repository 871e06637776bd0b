import type { JSX } from 'react';
import { useTranslation } from 'react-i18next';
import type { Certificate } from './certificate.machine.ts';

/** What the table's one row shows: the certificate and its state, or none, or nothing yet while loading. */
export type CertificateRowState = 'waiting' | 'none' | 'approved' | 'expired';

export interface CertificateTableProps {
  certificate: Certificate | null;
  state: CertificateRowState;
  /** Where 'API documentation' opens (the public API's Swagger UI). */
  docsUrl: string;
  onDownload: () => void;
}

const EXPIRATION_FORMAT = new Intl.DateTimeFormat('en-US', { month: 'long', day: '2-digit', year: 'numeric' });

/**
 * The one-row certificate table of API Management (spec shell §2): name (the e-mail), thumbprint, status, expiration
 * date and the actions download certificate and API documentation.
 */
export function CertificateTable({ certificate, state, docsUrl, onDownload }: CertificateTableProps): JSX.Element {
  const { t } = useTranslation();
  const shown = state === 'approved' || state === 'expired' ? certificate : null;
  return (
    <div className="admin-table-frame">
      <table className="api-management__table">
        <caption className="visually-hidden">{t('apiManagement.tableCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('apiManagement.columns.name')}</th>
            <th scope="col">{t('apiManagement.columns.thumbprint')}</th>
            <th scope="col">{t('apiManagement.columns.status')}</th>
            <th scope="col">{t('apiManagement.columns.expirationDate')}</th>
            <th scope="col">{t('apiManagement.columns.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {shown === null ? (
            <tr>
              <td colSpan={5} className="api-management__empty">
                {state === 'waiting' ? (
                  <>
                    <i className="pi pi-spin pi-spinner" aria-hidden="true" /> {t('common.loading')}
                  </>
                ) : (
                  t('apiManagement.none')
                )}
              </td>
            </tr>
          ) : (
            <tr>
              <td data-label={t('apiManagement.columns.name')}>{shown.email}</td>
              <td data-label={t('apiManagement.columns.thumbprint')} className="api-management__thumbprint">
                <span className="api-management__mono">{shown.thumbprint}</span>
              </td>
              <td data-label={t('apiManagement.columns.status')}>
                <span className={`api-management__status api-management__status--${state}`}>
                  {t(state === 'expired' ? 'apiManagement.status.expired' : 'apiManagement.status.approved')}
                </span>
              </td>
              <td data-label={t('apiManagement.columns.expirationDate')}>
                {EXPIRATION_FORMAT.format(new Date(shown.expirationDate))}
              </td>
              <td data-label={t('apiManagement.columns.actions')}>
                <div className="api-management__actions">
                  <button type="button" className="secondary-button" onClick={onDownload}>
                    <i className="pi pi-download" aria-hidden="true" /> {t('apiManagement.downloadCertificate')}
                  </button>
                  <a className="secondary-button" href={docsUrl} target="_blank" rel="noopener">
                    <i className="pi pi-book" aria-hidden="true" /> {t('apiManagement.apiDocumentation')}
                  </a>
                </div>
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
