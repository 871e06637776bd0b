import { useActorRef, useSelector } from '@xstate/react';
import type { JSX } from 'react';
import { useTranslation } from 'react-i18next';
import {
  createCertificate,
  deleteCertificate,
  fetchCertificateDetails,
  fetchCertificateFile,
  PUBLIC_API_DOCS_URL,
} from '../../../api/certificates.ts';
import { CERTIFICATE_FILE_NAME } from '../../../shared/contract/certificates.contract.ts';
import { canDelete, canGenerate, certificateMachine, type CertificatePort } from './certificate.machine.ts';
import { CertificateTable, type CertificateRowState } from './CertificateTable.tsx';
import { IssuedKeyPanel } from './IssuedKeyPanel.tsx';
import { saveTextFile } from './save-text-file.ts';
import './api-management-texts.ts';
import '../pages.css';
import './ApiManagementPage.css';

/** The portal's API calls; tests and stories give the page their own. */
export const PORTAL_CERTIFICATES: CertificatePort = {
  details: fetchCertificateDetails,
  create: createCertificate,
  remove: deleteCertificate,
};

/** The file name the private key is saved as, as the API documentation's curl example names it. */
export const KEY_FILE_NAME = 'key.pem';

export interface ApiManagementPageProps {
  port?: CertificatePort;
  downloadCertificate?: () => Promise<string>;
}

/**
 * /api (spec shell §2 "API Management page", Certificate role): Generate and Delete, the one-row certificate table, and
 * after Generate the private key, shown once with a warning (the portal keeps only the certificate).
 */
export function ApiManagementPage({
  port = PORTAL_CERTIFICATES,
  downloadCertificate = fetchCertificateFile,
}: ApiManagementPageProps): JSX.Element {
  const { t } = useTranslation();
  const actor = useActorRef(certificateMachine, { input: { port } });
  const snapshot = useSelector(actor, (state) => state);
  const { certificate, issuedKey, error } = snapshot.context;
  const state: CertificateRowState = snapshot.hasTag('waiting')
    ? 'waiting'
    : snapshot.matches('approved')
      ? 'approved'
      : snapshot.matches('expired')
        ? 'expired'
        : 'none';
  const download = () => {
    void downloadCertificate()
      .then((pem) => saveTextFile(pem, CERTIFICATE_FILE_NAME))
      // The client's error toast has told the user; nothing else to do.
      .catch(() => undefined);
  };

  return (
    <section className="page api-management" aria-busy={state === 'waiting'}>
      <div className="api-management__header">
        <h1 className="page__title">
          <i className="pi pi-key" aria-hidden="true" /> {t('pageTitles.apiManagement')}
        </h1>
        <div className="api-management__buttons">
          <button
            type="button"
            className="primary-button"
            disabled={!canGenerate(snapshot)}
            onClick={() => actor.send({ type: 'certificate.generate' })}
          >
            <i className="pi pi-plus" aria-hidden="true" /> {t('apiManagement.generate')}
          </button>
          <button
            type="button"
            className="secondary-button"
            disabled={!canDelete(snapshot)}
            onClick={() => actor.send({ type: 'certificate.delete' })}
          >
            <i className="pi pi-trash" aria-hidden="true" /> {t('apiManagement.delete')}
          </button>
        </div>
      </div>
      <p className="api-management__intro">{t('apiManagement.intro')}</p>
      {error && (
        <p className="api-management__error" role="alert">
          {t('apiManagement.error')}
        </p>
      )}
      {issuedKey !== null && (
        <IssuedKeyPanel
          issued={issuedKey}
          onDownloadKey={() => saveTextFile(issuedKey.privateKeyPem, KEY_FILE_NAME)}
          onDownloadCertificate={() => saveTextFile(issuedKey.certificatePem, CERTIFICATE_FILE_NAME)}
          onDismiss={() => actor.send({ type: 'key.dismiss' })}
        />
      )}
      <CertificateTable certificate={certificate} state={state} docsUrl={PUBLIC_API_DOCS_URL} onDownload={download} />
    </section>
  );
}
