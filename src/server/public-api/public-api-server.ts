import type { TLSSocket } from 'node:tls';
import Fastify, { LogController, type FastifyError, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { acceptedCertificate, type CertificateRefusal } from '../certificates/client-certificates.ts';
import { errorBody, HttpError } from '../http-errors.ts';
import { INPUT_AJV_OPTIONS, registerInputRules } from '../routes/input-rules.ts';
import { tenantOfCertificate, thumbprintOf } from '../tls/client-ca.ts';
import { registerPublicOpenApi, type PublicApiAddress } from './public-api-openapi.ts';
import { registerPublicApiRoutes, type PublicApiDeps } from './public-api.routes.ts';
import { DEFAULT_RATE_LIMIT, tokenBuckets, type RateLimit } from './token-bucket.ts';

/** What the mutual-TLS listener needs beyond the routes' dependencies. */
export interface PublicApiServerDeps extends PublicApiDeps {
  address: PublicApiAddress;
  /** The portal's HTTPS certificate and key (the listener shows the same server certificate). */
  tls: { cert: string; key: string };
  /** PEM of the client CA: the only authority whose certificates the handshake accepts. */
  clientCaPem: string;
  rateLimit?: RateLimit;
  /** Fastify's logger option; off by default. */
  logger?: FastifyServerOptions['logger'];
  /** PORTAL_LOG_LEVEL: request lines are logged only at debug and trace. */
  logLevel?: string;
}

const REFUSALS: Record<CertificateRefusal, string> = {
  unknown: 'This client certificate is not known to the portal',
  revoked: 'This client certificate has been revoked; generate a new one in API Management',
  expired: 'This client certificate has expired; generate a new one in API Management',
};

/**
 * The public data API's HTTPS listener (issue #28): the TLS handshake requires a client certificate signed by the
 * client CA (`requestCert`, `rejectUnauthorized`: none, another authority's or an expired one never reach HTTP); each
 * request then needs its certificate to be one the portal issued and has not revoked, within its validity, naming the
 * tenant the portal issued it for (else 401), and a token from the certificate's bucket (else 429 with Retry-After;
 * the buckets live in the database, so every portal node counts one certificate's requests together).
 * The caller listens.
 */
export async function buildPublicApiServer(deps: PublicApiServerDeps): Promise<FastifyInstance> {
  const app = Fastify({
    ajv: INPUT_AJV_OPTIONS,
    logger: deps.logger ?? false,
    // As the portal's app: request lines only at debug and trace levels (the main log would drown in a script's calls).
    logController: new LogController({ disableRequestLogging: !['debug', 'trace'].includes(deps.logLevel ?? 'info') }),
    trustProxy: false,
    https: {
      cert: deps.tls.cert,
      key: deps.tls.key,
      ca: [deps.clientCaPem],
      requestCert: true,
      rejectUnauthorized: true,
    },
  }) as unknown as FastifyInstance;
  registerInputRules(app);
  const buckets = tokenBuckets(deps.db, deps.rateLimit ?? DEFAULT_RATE_LIMIT, deps.clock);

  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if ('validation' in error && error.validation !== undefined)
      return reply.code(400).send(errorBody(400, error.message));
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) request.log.error({ err: error }, 'public API request failed');
    const message =
      status >= 500 && !(error instanceof HttpError) ? 'The server could not complete the request' : error.message;
    return reply.code(status).send(errorBody(status, message));
  });
  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send(errorBody(404, `${request.method} ${request.url.split('?')[0]} does not exist`)),
  );

  app.decorateRequest('apiCaller', null);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const socket = request.raw.socket as TLSSocket;
    const presented = socket.authorized ? socket.getPeerX509Certificate() : undefined;
    if (presented === undefined) throw new HttpError(401, 'A client certificate issued by this portal is required');
    const { certificate, refusal } = await acceptedCertificate(deps.db, thumbprintOf(presented), deps.clock());
    if (refusal !== null) throw new HttpError(401, REFUSALS[refusal]);
    if (tenantOfCertificate(presented) !== certificate.tenantId) throw new HttpError(401, REFUSALS.unknown);
    const taken = await buckets.take(certificate.thumbprint);
    if (!taken.allowed) {
      reply.header('retry-after', String(taken.retryAfterSeconds));
      throw new HttpError(429, 'Too many requests for this certificate; wait and try again');
    }
    request.apiCaller = certificate;
  });

  await registerPublicOpenApi(app, deps.address);
  await registerPublicApiRoutes(app, deps);
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  return app;
}
