import { Type, type Static } from 'typebox';
import { Closed } from './primitives.ts';

/**
 * Contract of API Management's calls (spec shell §2 "API Management page", §3 "Certificate", §7): the signed-in user's
 * client certificate for the public data API (mutual TLS, issue #28).
 */

/** The certificate as the page shows it (spec shell §3 "Certificate"); every field absent when the user has none. */
export const CertificateDetailsSchema = Closed(
  {
    /** The user's e-mail, shown as the certificate's name; absent = no certificate (spec shell §3). */
    email: Type.Optional(Type.String()),
    /** SHA-256 fingerprint of the certificate, 64 upper-case hex digits. */
    thumbprint: Type.Optional(Type.String()),
    /** ISO 8601 instant the certificate stops being accepted. */
    expirationDate: Type.Optional(Type.String()),
    /** ISO 8601 instant it is accepted from. */
    validFrom: Type.Optional(Type.String()),
  },
  { $id: 'CertificateDetails' },
);
export type CertificateDetails = Static<typeof CertificateDetailsSchema>;

/**
 * POST /api/users/create-certificate: the new certificate and, this once, its private key (PEM: the certificate, and
 * the key as unencrypted PKCS#8). The portal keeps only the certificate; whoever loses the key generates a new one.
 */
export const CreatedCertificateSchema = Closed(
  {
    email: Type.String(),
    thumbprint: Type.String(),
    expirationDate: Type.String(),
    validFrom: Type.String(),
    /** The certificate, PEM (the same file GET /api/users/certificate-file answers). */
    certificatePem: Type.String(),
    /** Its private key, PEM PKCS#8 — returned only here, never stored by the portal. */
    privateKeyPem: Type.String(),
  },
  { $id: 'CreatedCertificate' },
);
export type CreatedCertificate = Static<typeof CreatedCertificateSchema>;

/** GET /api/users/certificate-file: the certificate, PEM, saved as certificate.crt. */
export const CertificateFileSchema = Type.Unsafe<string>({
  type: 'string',
  contentMediaType: 'application/x-pem-file',
  description: 'The client certificate, PEM (certificate.crt)',
});

/** The file name the certificate is downloaded as (spec shell §7). */
export const CERTIFICATE_FILE_NAME = 'certificate.crt';
