import type { Kysely, Selectable } from 'kysely';
import type { CertificateDetails, CreatedCertificate } from '../../shared/contract/certificates.contract.ts';
import type { ClientCertificatesTable, Database } from '../db/schema.ts';
import { issueClientCertificate, type ClientCa } from '../tls/client-ca.ts';

/**
 * API Management's certificates (spec shell §2, §3, §4; issue #28): at most one certificate in force per user, issued
 * by the client CA for the user's tenant. Creating one revokes the one before (a refresh); deleting revokes it. Revoked
 * rows stay, so the mutual-TLS listener knows to refuse them. Run inside the caller's tenant transaction.
 */

type CertificateRow = Selectable<ClientCertificatesTable>;

/** The user whose certificate it is. */
export interface CertificateOwner {
  tenantId: string;
  userId: string;
  email: string;
}

/** The user's certificate in force (not revoked; possibly expired), or undefined. */
function currentCertificate(db: Kysely<Database>, owner: CertificateOwner): Promise<CertificateRow | undefined> {
  return db
    .selectFrom('client_certificates')
    .selectAll()
    .where('tenant_id', '=', owner.tenantId)
    .where('user_id', '=', owner.userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
}

function detailsOf(
  row: Pick<CertificateRow, 'email' | 'thumbprint' | 'valid_from' | 'expires_at'>,
): CertificateDetails {
  return {
    email: row.email,
    thumbprint: row.thumbprint,
    expirationDate: row.expires_at.toISOString(),
    validFrom: row.valid_from.toISOString(),
  };
}

/** GET certificate-details: the certificate in force, an expired one included (the page offers its refresh); {} without. */
export async function certificateDetails(db: Kysely<Database>, owner: CertificateOwner): Promise<CertificateDetails> {
  const row = await currentCertificate(db, owner);
  return row === undefined ? {} : detailsOf(row);
}

/** GET certificate-file: the PEM of the certificate in force, or null. */
export async function certificateFile(db: Kysely<Database>, owner: CertificateOwner): Promise<string | null> {
  return (await currentCertificate(db, owner))?.certificate_pem ?? null;
}

/** Revokes the user's certificate in force at `now`; whether there was one. */
export async function revokeCertificate(db: Kysely<Database>, owner: CertificateOwner, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('client_certificates')
    .set({ revoked_at: now })
    .where('tenant_id', '=', owner.tenantId)
    .where('user_id', '=', owner.userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * POST create-certificate: revokes the certificate in force (refresh = delete, then create; spec shell §4) and issues a
 * new one; the answer carries its private key, which is not kept.
 */
export async function createCertificate(
  db: Kysely<Database>,
  ca: ClientCa,
  owner: CertificateOwner,
  now: Date,
): Promise<CreatedCertificate> {
  await revokeCertificate(db, owner, now);
  const issued = await issueClientCertificate(ca, { tenantId: owner.tenantId, email: owner.email }, now);
  await db
    .insertInto('client_certificates')
    .values({
      thumbprint: issued.thumbprint,
      tenant_id: owner.tenantId,
      user_id: owner.userId,
      email: owner.email,
      certificate_pem: issued.certificatePem,
      valid_from: issued.validFrom,
      expires_at: issued.expiresAt,
    })
    .execute();
  return {
    ...(detailsOf({
      email: owner.email,
      thumbprint: issued.thumbprint,
      valid_from: issued.validFrom,
      expires_at: issued.expiresAt,
    }) as Required<CertificateDetails>),
    certificatePem: issued.certificatePem,
    privateKeyPem: issued.privateKeyPem,
  };
}

/** Why the mutual-TLS listener refuses a certificate that passed the TLS handshake. */
export type CertificateRefusal = 'unknown' | 'revoked' | 'expired';

/** The certificate a mutual-TLS caller presented, as the portal knows it. */
export interface KnownCertificate {
  thumbprint: string;
  tenantId: string;
  userId: string;
}

/**
 * Looks a presented certificate up by thumbprint as the table owner (the tenant is not known yet): the row when it is
 * in force at `now`, else why not.
 */
export async function acceptedCertificate(
  db: Kysely<Database>,
  thumbprint: string,
  now: Date,
): Promise<{ certificate: KnownCertificate; refusal: null } | { certificate: null; refusal: CertificateRefusal }> {
  const row = await db
    .selectFrom('client_certificates')
    .select(['thumbprint', 'tenant_id', 'user_id', 'valid_from', 'expires_at', 'revoked_at'])
    .where('thumbprint', '=', thumbprint)
    .executeTakeFirst();
  if (row === undefined) return { certificate: null, refusal: 'unknown' };
  if (row.revoked_at !== null) return { certificate: null, refusal: 'revoked' };
  if (now < row.valid_from || row.expires_at <= now) return { certificate: null, refusal: 'expired' };
  return { certificate: { thumbprint, tenantId: row.tenant_id, userId: row.user_id }, refusal: null };
}
