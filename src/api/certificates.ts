import type { CertificateDetails, CreatedCertificate } from '../shared/contract/certificates.contract.ts';
import { getApiClient } from './http-client.ts';

/**
 * API Management's calls (spec shell §7): the signed-in user's client certificate for the public data API. Failures
 * reach the user as the client's error toasts (spec shell §8); the page's machine also records them.
 */
export const CERTIFICATE_PATH = '/api/users';

/** Where the public data API's documentation (Swagger UI, served by the portal) opens. */
export const PUBLIC_API_DOCS_URL = '/api/public-api/docs/';

export function fetchCertificateDetails(): Promise<CertificateDetails> {
  return getApiClient().get(`${CERTIFICATE_PATH}/certificate-details`).json<CertificateDetails>();
}

export function createCertificate(): Promise<CreatedCertificate> {
  return getApiClient().post(undefined, `${CERTIFICATE_PATH}/create-certificate`).json<CreatedCertificate>();
}

export async function deleteCertificate(): Promise<void> {
  await getApiClient().delete(`${CERTIFICATE_PATH}/delete-certificate`).res();
}

/** The certificate file, PEM (saved as certificate.crt). */
export function fetchCertificateFile(): Promise<string> {
  return getApiClient().get(`${CERTIFICATE_PATH}/certificate-file`).text();
}
