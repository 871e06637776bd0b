import { useId, type JSX } from 'react';
import { useTranslation } from 'react-i18next';
import type { IssuedKey } from './certificate.machine.ts';

export interface IssuedKeyPanelProps {
  issued: IssuedKey;
  onDownloadKey: () => void;
  onDownloadCertificate: () => void;
  onDismiss: () => void;
}

/**
 * The private key of the certificate just generated, shown this once with a warning: the portal keeps only the
 * certificate, so a lost key means a new certificate.
 */
export function IssuedKeyPanel({
  issued,
  onDownloadKey,
  onDownloadCertificate,
  onDismiss,
}: IssuedKeyPanelProps): JSX.Element {
  const { t } = useTranslation();
  const keyId = useId();
  return (
    <section className="api-management__key" aria-labelledby={`${keyId}-title`}>
      <h2 id={`${keyId}-title`} className="api-management__key-title">
        <i className="pi pi-exclamation-triangle" aria-hidden="true" /> {t('apiManagement.key.title')}
      </h2>
      <p role="alert">{t('apiManagement.key.warning')}</p>
      <label htmlFor={keyId} className="api-management__key-label">
        {t('apiManagement.key.label')}
      </label>
      <textarea id={keyId} className="api-management__key-text" readOnly rows={6} value={issued.privateKeyPem} />
      <div className="api-management__key-buttons">
        <button type="button" className="primary-button" onClick={onDownloadKey}>
          <i className="pi pi-download" aria-hidden="true" /> {t('apiManagement.key.downloadKey')}
        </button>
        <button type="button" className="secondary-button" onClick={onDownloadCertificate}>
          <i className="pi pi-download" aria-hidden="true" /> {t('apiManagement.key.downloadCertificate')}
        </button>
        <button type="button" className="secondary-button" onClick={onDismiss}>
          {t('apiManagement.key.saved')}
        </button>
      </div>
    </section>
  );
}
