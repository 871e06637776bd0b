import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ROLE } from '../../shared/auth/roles.ts';
import {
  CERTIFICATE_FILE_NAME,
  CertificateDetailsSchema,
  CertificateFileSchema,
  CreatedCertificateSchema,
} from '../../shared/contract/certificates.contract.ts';
import { ERROR_RESPONSES, NoContent, NoQuery } from '../../shared/contract/primitives.ts';
import { requireRole } from '../auth/authentication.plugin.ts';
import {
  certificateDetails,
  certificateFile,
  createCertificate,
  revokeCertificate,
  type CertificateOwner,
} from '../certificates/client-certificates.ts';
import { HttpError } from '../http-errors.ts';
import type { ClientCa } from '../tls/client-ca.ts';
import { loadCurrentUser } from '../users/current-user.ts';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

/** The caller as a certificate's owner: their tenant, id and the e-mail of their users row. */
async function ownerOf(trx: Transaction<Database>, request: FastifyRequest): Promise<CertificateOwner> {
  const { row } = await loadCurrentUser(trx, request.portalUser);
  return { tenantId: request.portalUser.tenantId, userId: row.id, email: row.email };
}

/**
 * API Management's calls (spec shell §2, §4, §7), Certificate role only (checked before the input): the caller's own
 * client certificate for the public data API. Register inside the scope of registerTenantScope.
 */
export async function registerCertificateRoutes(
  server: FastifyInstance,
  deps: { clientCa: () => Promise<ClientCa>; clock: () => Date },
): Promise<void> {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  const certificateOnly = requireRole(ROLE.Certificate);

  app.get(
    '/api/users/certificate-details',
    {
      preValidation: certificateOnly,
      schema: { querystring: NoQuery, response: { 200: CertificateDetailsSchema, ...ERROR_RESPONSES } },
    },
    async (request) => request.tenantDb(async (trx) => certificateDetails(trx, await ownerOf(trx, request))),
  );

  app.get(
    '/api/users/certificate-file',
    {
      preValidation: certificateOnly,
      schema: { querystring: NoQuery, response: { 200: CertificateFileSchema, ...ERROR_RESPONSES } },
    },
    async (request, reply) => {
      const pem = await request.tenantDb(async (trx) => certificateFile(trx, await ownerOf(trx, request)));
      if (pem === null) throw new HttpError(404, 'There is no certificate to download');
      return reply
        .type('application/x-pem-file')
        .header('content-disposition', `attachment; filename="${CERTIFICATE_FILE_NAME}"`)
        .send(pem);
    },
  );

  app.post(
    '/api/users/create-certificate',
    {
      preValidation: certificateOnly,
      schema: { querystring: NoQuery, response: { 200: CreatedCertificateSchema, ...ERROR_RESPONSES } },
    },
    async (request, reply) => {
      const ca = await deps.clientCa();
      const created = await request.tenantDb(async (trx) =>
        createCertificate(trx, ca, await ownerOf(trx, request), deps.clock()),
      );
      // The private key is in this answer only: no cache may keep it.
      return reply.header('cache-control', 'no-store').send(created);
    },
  );

  app.delete(
    '/api/users/delete-certificate',
    {
      preValidation: certificateOnly,
      schema: { querystring: NoQuery, response: { 204: NoContent, ...ERROR_RESPONSES } },
    },
    async (request, reply) => {
      const revoked = await request.tenantDb(async (trx) =>
        revokeCertificate(trx, await ownerOf(trx, request), deps.clock()),
      );
      if (!revoked) throw new HttpError(404, 'There is no certificate to delete');
      return reply.code(204).send();
    },
  );
}
