import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PortalConfig } from '../config.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/**
 * The icon and the printer pictures: unhashed names, so cached for a day rather than a year. Revalidated on every use
 * (`no-cache`), the icon cost a request to the server on each filter change: Chromium fetches a page's icon again
 * whenever its URL changes, and every filter change puts the filters in the URL.
 */
const FOR_A_DAY = 'public, max-age=86400';
const KEPT_FOR_A_DAY = [/^favicon\.svg$/, /^images\//];

/** Paths the single-page app never owns: they answer 404 instead of falling back to index.html. */
const NOT_SPA = [/^\/api\//, /^\/idp(\/|$)/, /^\/config\.js$/];

/**
 * Content-Security-Policy of the app's HTML: no inline or evaluated script (layouts are validated with precompiled ajv
 * validators, never eval), inline styles allowed because PrimeReact sets style attributes, frames only from this origin
 * (document viewer, MSAL's silent renewal). An external identity provider's origin is added where MSAL talks to it.
 */
export function contentSecurityPolicy(config: Pick<PortalConfig, 'publicUrl' | 'oidc'>): string {
  const own = new URL(config.publicUrl).origin;
  const issuer = new URL(config.oidc.issuer).origin;
  const identity = issuer === own ? '' : ` ${issuer}`;
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src 'self'${identity}`,
    `frame-src 'self'${identity}`,
    "frame-ancestors 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}

function htmlHeaders(reply: FastifyReply, file: string, csp: string): void {
  reply.header('Content-Security-Policy', csp);
  reply.header('X-Frame-Options', 'SAMEORIGIN');
  reply.header('Cache-Control', 'no-cache');
  // MSAL's redirect bridge posts the response back to the opener; isolating its page would cut that link.
  if (path.basename(file) !== 'redirect.html') reply.header('Cross-Origin-Opener-Policy', 'same-origin');
}

/** Whether `distDir` holds a built SPA. */
export function isBuiltSpa(distDir: string | null): distDir is string {
  return distDir !== null && fs.existsSync(path.join(distDir, 'index.html'));
}

/**
 * Serves the built SPA from `distDir`: files as they are (hashed /assets/ cached for a year, the icon and printer
 * pictures for a day, everything else revalidated),
 * brotli or gzip copies written by the build (src/server/static/vite-precompress-plugin.ts) to browsers that accept them,
 * /docs/{name}.html for the document viewer, and index.html for any other GET that is not an API, identity-provider or
 * file path, so client-side routes survive a reload. Returns the not-found handler's fallback.
 */
export async function registerStaticSite(
  app: FastifyInstance,
  deps: { config: PortalConfig; distDir: string },
): Promise<(request: FastifyRequest, reply: FastifyReply) => boolean> {
  const csp = contentSecurityPolicy(deps.config);
  await app.register(fastifyStatic, {
    root: deps.distDir,
    cacheControl: false,
    preCompressed: true,
    setHeaders: (reply, file) => {
      const name = path.relative(deps.distDir, file).split(path.sep).join('/');
      if (file.endsWith('.html')) htmlHeaders(reply, file, csp);
      else if (name.startsWith('assets/')) reply.header('Cache-Control', IMMUTABLE);
      else if (KEPT_FOR_A_DAY.some((pattern) => pattern.test(name))) reply.header('Cache-Control', FOR_A_DAY);
      else reply.header('Cache-Control', 'no-cache');
    },
  });
  return (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') && !path.posix.basename(pathname).includes('.');
    if (!isPage || NOT_SPA.some((pattern) => pattern.test(pathname))) return false;
    void reply.code(200).sendFile('index.html');
    return true;
  };
}
