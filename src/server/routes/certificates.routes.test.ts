import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '../../shared/auth/roles.ts';
import type { CertificateDetails, CreatedCertificate } from '../../shared/contract/certificates.contract.ts';
import { createApiTestHarness, type ApiTestHarness, type TestIdentity } from '../testing/api-test-harness.ts';
import { testUserRow } from '../testing/test-fleet-plan.ts';
import { runAsCaller } from '../auth/tenant-request.ts';
import { clientCaLoader } from '../tls/client-ca.ts';

// API Management's calls (spec shell §2 "API Management page", §3 "Certificate", §4, §6, §7; issue #28 item 3).
const T = 'tenant-certificates';
const OTHER = 'tenant-other-certificates';

const integrator: TestIdentity = { sub: 'u-integrator', tenantId: T, roles: [ROLE.Certificate] };
const colleague: TestIdentity = { sub: 'u-colleague', tenantId: T, roles: [ROLE.Certificate, ROLE.Scheduler] };
const adminWithoutCertificate: TestIdentity = { sub: 'u-admin', tenantId: T, roles: [ROLE.Admin, ROLE.Scheduler] };
const elsewhere: TestIdentity = { sub: 'u-elsewhere', tenantId: OTHER, roles: [ROLE.Certificate] };

let h: ApiTestHarness;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'certificates-routes-'));
  h = await createApiTestHarness({ clientCa: clientCaLoader(path.join(dataDir, 'tls')) });
  const { db } = h.database;
  await db
    .insertInto('tenants')
    .values([
      { id: T, name: 'Certificate Prints' },
      { id: OTHER, name: 'Other Prints' },
    ])
    .execute();
  await db
    .insertInto('users')
    .values([integrator, colleague, adminWithoutCertificate, elsewhere].map((identity) => testUserRow(identity)))
    .execute();
});

afterAll(async () => {
  await h.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function call(identity: TestIdentity, method: 'GET' | 'POST' | 'DELETE', url: string) {
  return h.app.inject({ method, url, headers: { authorization: await h.bearer(identity) } });
}

const details = async (identity: TestIdentity) =>
  (await call(identity, 'GET', '/api/users/certificate-details')).json<CertificateDetails>();

describe('API Management certificate calls', () => {
  it('answers no certificate (no e-mail) before one is generated, and 404 for its file and its deletion', async () => {
    const answer = await call(integrator, 'GET', '/api/users/certificate-details');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({});
    expect((await call(integrator, 'GET', '/api/users/certificate-file')).statusCode).toBe(404);
    expect((await call(integrator, 'DELETE', '/api/users/delete-certificate')).statusCode).toBe(404);
  });

  it('creates a certificate of the portal client CA for the user and tenant, returning its private key once', async () => {
    const created = await call(integrator, 'POST', '/api/users/create-certificate');
    expect(created.statusCode).toBe(200);
    expect(created.headers['cache-control']).toBe('no-store');
    const body = created.json<CreatedCertificate>();
    expect(body.email).toBe('u-integrator@example.test');

    const certificate = new crypto.X509Certificate(body.certificatePem);
    const ca = new crypto.X509Certificate(fs.readFileSync(path.join(dataDir, 'tls', 'client-ca.crt')));
    expect(certificate.checkIssued(ca) && certificate.verify(ca.publicKey)).toBe(true);
    expect(certificate.subject).toContain('CN=u-integrator@example.test');
    expect(certificate.subjectAltName).toContain(`URI:urn:fleet-portal:tenant:${T}`);
    expect(certificate.checkPrivateKey(crypto.createPrivateKey(body.privateKeyPem))).toBe(true);
    expect(body.thumbprint).toBe(certificate.fingerprint256.replaceAll(':', ''));
    expect(new Date(body.validFrom).getTime()).toBe(new Date(certificate.validFrom).getTime());
    expect(new Date(body.expirationDate).getTime()).toBe(new Date(certificate.validTo).getTime());

    // The key is in that answer only: never in the details, the file or the database.
    const shown = await details(integrator);
    expect(shown).toEqual({
      email: body.email,
      thumbprint: body.thumbprint,
      validFrom: body.validFrom,
      expirationDate: body.expirationDate,
    });
    const file = await call(integrator, 'GET', '/api/users/certificate-file');
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toBe('attachment; filename="certificate.crt"');
    expect(file.body).toBe(body.certificatePem);
    const rows = await h.database.db.selectFrom('client_certificates').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain('PRIVATE KEY');
  });

  it('refreshes: a new certificate, the old one revoked', async () => {
    const before = await details(integrator);
    const refreshed = (await call(integrator, 'POST', '/api/users/create-certificate')).json<CreatedCertificate>();
    expect(refreshed.thumbprint).not.toBe(before.thumbprint);
    expect((await details(integrator)).thumbprint).toBe(refreshed.thumbprint);
    const old = await h.database.db
      .selectFrom('client_certificates')
      .select('revoked_at')
      .where('thumbprint', '=', before.thumbprint ?? '')
      .executeTakeFirstOrThrow();
    expect(old.revoked_at).toBeInstanceOf(Date);
  });

  it('deletes by revoking: no certificate afterwards', async () => {
    const current = await details(integrator);
    expect((await call(integrator, 'DELETE', '/api/users/delete-certificate')).statusCode).toBe(204);
    expect(await details(integrator)).toEqual({});
    const row = await h.database.db
      .selectFrom('client_certificates')
      .select('revoked_at')
      .where('thumbprint', '=', current.thumbprint ?? '')
      .executeTakeFirstOrThrow();
    expect(row.revoked_at).toBeInstanceOf(Date);
  });

  it('answers 403 to users without the Certificate role, an admin too, before reading anything', async () => {
    for (const [method, url] of [
      ['GET', '/api/users/certificate-details'],
      ['GET', '/api/users/certificate-file'],
      ['POST', '/api/users/create-certificate'],
      ['DELETE', '/api/users/delete-certificate'],
    ] as const) {
      expect((await call(adminWithoutCertificate, method, url)).statusCode).toBe(403);
    }
    expect((await call(adminWithoutCertificate, 'GET', '/api/users/certificate-details?x=1')).statusCode).toBe(403);
  });

  it('keeps each user to their own certificate, and each tenant to its own', async () => {
    const mine = (await call(colleague, 'POST', '/api/users/create-certificate')).json<CreatedCertificate>();
    expect(await details(integrator)).toEqual({});
    expect(await details(elsewhere)).toEqual({});
    const theirs = (await call(elsewhere, 'POST', '/api/users/create-certificate')).json<CreatedCertificate>();
    expect(new crypto.X509Certificate(theirs.certificatePem).subjectAltName).toContain(`tenant:${OTHER}`);
    expect((await details(colleague)).thumbprint).toBe(mine.thumbprint);
    // Row-level security: a tenant transaction sees only its tenant's certificates.
    const seen = await runAsCaller(h.database.db, elsewhere, (trx) =>
      trx.selectFrom('client_certificates').select('thumbprint').execute(),
    );
    expect(seen.map((row) => row.thumbprint)).toEqual([theirs.thumbprint]);
  });

  it('refuses a query string (400 naming it) to a user with the role', async () => {
    const answer = await call(integrator, 'GET', '/api/users/certificate-details?unexpected=1');
    expect(answer.statusCode).toBe(400);
  });
});
