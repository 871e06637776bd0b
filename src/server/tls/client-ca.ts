import crypto from 'node:crypto';
import path from 'node:path';
import fs from 'node:fs';
import {
  createCa,
  DAY_MS,
  EC_KEY,
  generateKeys,
  privateKeyPem,
  readPair,
  serialNumber,
  SIGNING,
  writePair,
} from './local-ca.ts';
import { x509Library } from './x509-library.ts';

/**
 * The certificate authority of the public data API's client certificates (issue #28): separate from the local CA that
 * signs the portal's HTTPS certificate (local-ca.ts), so trusting one never means trusting the other, and kept in
 * `<data>/tls/client-ca.{crt,key}`. Its key never leaves the server; the mutual-TLS listener trusts only this CA.
 */
export interface ClientCa {
  certPem: string;
  keyPem: string;
}

/** What a client certificate is issued for: the user (named by e-mail) and the tenant whose data it reads. */
export interface ClientCertificateSubject {
  tenantId: string;
  email: string;
}

/** A newly issued client certificate, with the key that is handed to the user once and kept nowhere. */
export interface IssuedClientCertificate {
  certificatePem: string;
  privateKeyPem: string;
  thumbprint: string;
  validFrom: Date;
  expiresAt: Date;
}

/** How long a client certificate is valid: a year, then API Management's Generate refreshes it. */
export const CLIENT_CERTIFICATE_LIFETIME_MS = 365 * DAY_MS;
/** The SAN URI that binds a certificate to its tenant: `urn:fleet-portal:tenant:<tenant id>`. */
export const TENANT_URI_PREFIX = 'urn:fleet-portal:tenant:';

/** The client CA in `tlsDir`, created on first use and reused afterwards (renewed when it is no longer valid). */
export async function ensureClientCa(tlsDir: string, now = new Date()): Promise<ClientCa> {
  fs.mkdirSync(tlsDir, { recursive: true, mode: 0o700 });
  const certPath = path.join(tlsDir, 'client-ca.crt');
  const keyPath = path.join(tlsDir, 'client-ca.key');
  const existing = readPair(certPath, keyPath);
  if (existing !== null && isValidAt(existing.certPem, now)) return existing;
  const created = await createCa('Fleet Portal API client CA', now);
  writePair(certPath, keyPath, created);
  return created;
}

function isValidAt(certPem: string, now: Date): boolean {
  const cert = new crypto.X509Certificate(certPem);
  return new Date(cert.validFrom) <= now && now < new Date(cert.validTo);
}

/** The SHA-256 fingerprint of a certificate as the portal stores and shows it: 64 upper-case hex digits. */
export function thumbprintOf(certificate: crypto.X509Certificate | string): string {
  const cert = typeof certificate === 'string' ? new crypto.X509Certificate(certificate) : certificate;
  return cert.fingerprint256.replaceAll(':', '').toUpperCase();
}

/** The tenant a client certificate names in its SAN URI, or null. */
export function tenantOfCertificate(cert: crypto.X509Certificate): string | null {
  const uri = (cert.subjectAltName ?? '').split(', ').find((entry) => entry.startsWith(`URI:${TENANT_URI_PREFIX}`));
  return uri === undefined ? null : uri.slice(`URI:${TENANT_URI_PREFIX}`.length);
}

/**
 * Issues a client certificate for `subject`, valid from `now` for `lifetimeMs`: CN and SAN e-mail the user's address,
 * SAN URI the tenant, extended key usage client authentication only. A new key pair each time.
 */
export async function issueClientCertificate(
  ca: ClientCa,
  subject: ClientCertificateSubject,
  now = new Date(),
  lifetimeMs = CLIENT_CERTIFICATE_LIFETIME_MS,
): Promise<IssuedClientCertificate> {
  const x509 = await x509Library();
  const caCert = new x509.X509Certificate(ca.certPem);
  // Node's webcrypto key and the DOM CryptoKey type the library declares are the same object at run time.
  const caKey = (await crypto.createPrivateKey(ca.keyPem).toCryptoKey(EC_KEY, false, ['sign'])) as unknown as CryptoKey;
  const keys = await generateKeys();
  const validFrom = new Date(Math.floor(now.getTime() / 1000) * 1000);
  const expiresAt = new Date(validFrom.getTime() + lifetimeMs);
  const name = new x509.Name([
    { CN: [subject.email] },
    { OU: [`tenant ${subject.tenantId}`] },
    { O: ['Fleet Portal API client'] },
  ]);
  const cert = await x509.X509CertificateGenerator.create({
    serialNumber: serialNumber(),
    subject: name,
    issuer: caCert.subject,
    notBefore: validFrom,
    notAfter: expiresAt,
    signingAlgorithm: SIGNING,
    publicKey: keys.publicKey,
    signingKey: caKey,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.clientAuth]),
      new x509.SubjectAlternativeNameExtension([
        { type: 'email', value: subject.email },
        { type: 'url', value: `${TENANT_URI_PREFIX}${subject.tenantId}` },
      ]),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
      await x509.AuthorityKeyIdentifierExtension.create(caCert.publicKey),
    ],
  });
  const certificatePem = cert.toString('pem');
  return {
    certificatePem,
    privateKeyPem: privateKeyPem(keys.privateKey),
    thumbprint: thumbprintOf(certificatePem),
    validFrom,
    expiresAt,
  };
}

/** The client CA of `tlsDir`, read or created on first call and shared by later ones (the API's certificate calls). */
export function clientCaLoader(tlsDir: string): () => Promise<ClientCa> {
  let loading: Promise<ClientCa> | null = null;
  return () => {
    loading ??= ensureClientCa(tlsDir).catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
}
