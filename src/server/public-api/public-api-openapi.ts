import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import type { OpenAPIV3_1 } from 'openapi-types';
import { ApiErrorBodySchema } from '../../shared/contract/primitives.ts';
import { PUBLIC_API_PREFIX } from '../../shared/contract/public-api.contract.ts';
import { INPUT_AJV_OPTIONS, registerInputRules } from '../routes/input-rules.ts';
import { withInputRulesAsExtensions } from '../routes/openapi-publication.ts';
import { PUBLIC_API_TAG, registerPublicApiRoutes, type PublicApiDeps } from './public-api.routes.ts';

/** Where the main portal serves the public API's document and its viewer (readable without a client certificate). */
export const PUBLIC_OPENAPI_PATH = '/api/public-api/openapi.json';
export const PUBLIC_API_DOCS_PREFIX = '/api/public-api/docs';
/** The port the document names when the portal has no PORTAL_API_MTLS_PORT. */
export const DOCUMENTED_DEFAULT_MTLS_PORT = 8444;

const CLIENT_CERTIFICATE_SCHEME = {
  type: 'mutualTLS',
  description: 'A client certificate from API Management, issued by the portal’s API client CA.',
} as const;

/** What the document says about where the API is. */
export interface PublicApiAddress {
  version: string;
  /** The portal's public URL: the API is on its host. */
  publicUrl: string;
  /** PORTAL_API_MTLS_PORT; null when this portal does not run the listener. */
  mtlsPort: number | null;
}

function curlExample(host: string, port: number): string {
  return [
    '```',
    `curl --cert certificate.crt --key key.pem --cacert ca.crt \\`,
    `  "https://${host}:${port}${PUBLIC_API_PREFIX}/overview?systemGroup=DTG&custom=2026-10-01/2026-10-31"`,
    '```',
  ].join('\n');
}

function description(address: PublicApiAddress, host: string, port: number): string {
  return [
    'Read-only report data of your tenant for scripts and integrations, over mutual TLS. Every call needs the client ' +
      'certificate of **API Management** (avatar menu): Generate shows the private key once — save it as `key.pem` — ' +
      'and the certificate downloads as `certificate.crt`. The data is what its user sees in the portal, for one ' +
      'system group (DTG, DTF or Apollo) and period per call. Refreshing or deleting the certificate revokes it at once.',
    '',
    curlExample(host, port),
    '',
    '`ca.crt` is the certificate authority of the portal’s HTTPS certificate (the portal’s data folder, `tls/ca.crt`, ' +
      'or your organisation’s CA when the portal runs with its own certificate).',
    '',
    address.mtlsPort === null
      ? `This portal does not run the API listener yet: its operator sets \`PORTAL_API_MTLS_PORT\` (e.g. ${port}).`
      : `This portal serves the API on port ${port}.`,
    '',
    'Each certificate may make bursts of 30 requests, refilled at 2 per second; beyond that the answer is 429 with ' +
      '`Retry-After`. A certificate that is unknown, revoked or expired gets 401; one from another authority, or none, ' +
      'is refused in the TLS handshake.',
  ].join('\n');
}

/** Registers @fastify/swagger for the public routes registered after it on `app` (the mutual-TLS listener's). */
export async function registerPublicOpenApi(app: FastifyInstance, address: PublicApiAddress): Promise<void> {
  const host = new URL(address.publicUrl).hostname;
  const port = address.mtlsPort ?? DOCUMENTED_DEFAULT_MTLS_PORT;
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Fleet Portal public data API',
        version: address.version,
        description: description(address, host, port),
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      },
      servers: [
        {
          url: `https://${host}:{port}`,
          description: 'The portal’s mutual-TLS listener; `port` is its PORTAL_API_MTLS_PORT',
          // No description on the variable: the published 3.1 schema misspells that field and would refuse it.
          variables: { port: { default: String(port) } },
        },
      ],
      tags: [
        { name: PUBLIC_API_TAG, description: 'Report data of the certificate’s tenant, within its user’s scope.' },
      ],
      // OpenAPI 3.1's scheme for client certificates; @fastify/swagger's option types know only 3.0's kinds.
      components: { securitySchemes: { clientCertificate: CLIENT_CERTIFICATE_SCHEME as never } },
      security: [{ clientCertificate: [] }],
    },
    transformObject: (documentObject) => {
      if (!('openapiObject' in documentObject)) throw new Error('The public API publishes OpenAPI 3.1');
      const document = documentObject.openapiObject as OpenAPIV3_1.Document;
      const { $id: _id, ...errorSchema } = JSON.parse(JSON.stringify(ApiErrorBodySchema)) as { $id?: string };
      return withInputRulesAsExtensions({
        ...document,
        components: {
          ...document.components,
          schemas: { ...document.components?.schemas, ApiError: errorSchema },
        },
      }) as OpenAPIV3_1.Document;
    },
  });
}

/**
 * The public API's OpenAPI 3.1 document, generated by @fastify/swagger from the routes' TypeBox schemas on an app that
 * never listens (the main portal serves it, whether or not it runs the listener).
 */
export async function publicApiDocument(address: PublicApiAddress, deps: PublicApiDeps): Promise<OpenAPIV3_1.Document> {
  const app = Fastify({ ajv: INPUT_AJV_OPTIONS });
  registerInputRules(app);
  await registerPublicOpenApi(app, address);
  await registerPublicApiRoutes(app, deps);
  await app.ready();
  const document = app.swagger() as OpenAPIV3_1.Document;
  await app.close();
  return document;
}

/**
 * GET /api/public-api/openapi.json and its Swagger UI viewer under /api/public-api/docs on the main portal (no sign-in:
 * the document holds no data), the page's 'API documentation' link. The viewer is registered in its own scope, whose
 * `swagger` answers this document instead of the browser API's.
 */
export async function registerPublicApiDocs(
  app: FastifyInstance,
  address: PublicApiAddress,
  deps: PublicApiDeps,
): Promise<void> {
  const document = await publicApiDocument(address, deps);
  app.get(PUBLIC_OPENAPI_PATH, { schema: { hide: true } }, async () => document);
  await app.register(async (scope) => {
    scope.decorate('swagger', (() => document) as FastifyInstance['swagger']);
    await scope.register(fastifySwaggerUi, {
      routePrefix: PUBLIC_API_DOCS_PREFIX,
      uiConfig: { url: PUBLIC_OPENAPI_PATH, validatorUrl: null },
      staticCSP: true,
      // With a transform, the viewer's /yaml route writes the document as YAML itself instead of asking `swagger` for it
      // (this scope's `swagger` answers the object only).
      transformSpecification: (specification) => specification,
    });
  });
}
