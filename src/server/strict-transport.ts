import type { FastifyInstance } from 'fastify';

/** One year, the usual value once a site is HTTPS-only (the portal never serves plain HTTP). */
export const HSTS_MAX_AGE_SECONDS = 31_536_000;

/**
 * The Strict-Transport-Security value for the portal's public URL, or null for none.
 * - No includeSubDomains: the portal owns its host name, not its parent domain's other hosts, which may still need HTTP.
 * - None on `localhost`: HSTS binds a host name on every port, so a browser that learnt it at https://localhost:8443 would
 *   also force HTTPS onto the Vite dev server and Storybook at http://localhost. Browsers ignore it on IP addresses.
 * - None for a plain-HTTP public URL (it is ignored over HTTP anyway).
 */
export function strictTransportSecurity(publicUrl: string): string | null {
  const url = new URL(publicUrl);
  if (url.protocol !== 'https:') return null;
  if (url.hostname === 'localhost' || url.hostname.endsWith('.localhost')) return null;
  return `max-age=${HSTS_MAX_AGE_SECONDS}`;
}

/**
 * Sends HSTS on every response: API, SPA, errors and the identity provider, whose requests are hijacked before any
 * onSend hook, hence the header on the raw response at onRequest (Node merges it into the head written later).
 */
export function registerStrictTransport(app: FastifyInstance, publicUrl: string): void {
  const value = strictTransportSecurity(publicUrl);
  if (value === null) return;
  app.addHook('onRequest', async (_request, reply) => {
    reply.raw.setHeader('Strict-Transport-Security', value);
  });
}
