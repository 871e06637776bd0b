import { mkdtemp, rm } from 'node:fs/promises';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import * as client from 'openid-client';
import { loadConfig, type PortalConfig } from '../config.ts';
import type { Database } from '../db/schema.ts';
import { INPUT_AJV_OPTIONS, registerInputRules } from '../routes/input-rules.ts';
import { ensureLocalCertificates } from '../tls/local-ca.ts';
import { DEMO_PASSWORD } from './demo-accounts.ts';
import { registerIdentityProvider, type IdentityProvider } from './identity-provider.ts';
import type { SharedLoginThrottle } from './shared-login-throttle.ts';
import { freePort } from '../testing/free-port.ts';

export { freePort };

/**
 * Test support (not product code): the provider on a real HTTPS Fastify server with a throwaway certificate,
 * and a tiny cookie-keeping HTTPS client that does not follow redirects.
 */
export interface TlsMaterial {
  cert: string;
  key: string;
  /** The CA clients trust. */
  ca: string;
}

/** A throwaway local CA and localhost server certificate, made by the portal's own TLS code. */
export async function createTestCertificate(): Promise<TlsMaterial> {
  const dir = await mkdtemp(path.join(tmpdir(), 'fleet-idp-tls-'));
  try {
    const { cert, key, ca } = await ensureLocalCertificates(dir, ['localhost', '127.0.0.1']);
    if (ca === null) throw new Error('expected a generated local CA');
    return { cert, key, ca };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export interface IdpTestServer {
  app: FastifyInstance;
  idp: IdentityProvider;
  config: PortalConfig;
  keysDir: string;
  close(): Promise<void>;
}

/** A Fastify HTTPS server on 127.0.0.1 whose public URL is https://localhost:<port>, with only the provider mounted. */
export async function startIdpTestServer(options: {
  db: Kysely<Database>;
  tls: TlsMaterial;
  /** A key folder the caller owns (and removes); by default a temporary one, removed on close. */
  keysDir?: string;
  /** Reuse a port to restart "the same" server (same issuer). */
  port?: number;
  /** A sign-in throttle with the test's clock; by default the configured one. */
  throttle?: SharedLoginThrottle;
  /** Receives the server's pino log lines (JSON); no logging without it. */
  logStream?: { write(line: string): void };
  /** The provider's clock (registerIdentityProvider's `clock`); by default the real one. */
  clock?: () => Date;
}): Promise<IdpTestServer> {
  const port = options.port ?? (await freePort());
  const keysDir = options.keysDir ?? (await mkdtemp(path.join(tmpdir(), 'fleet-idp-keys-')));
  const ownsKeysDir = options.keysDir === undefined;
  const config = loadConfig(
    { PORTAL_PORT: String(port), PORTAL_PUBLIC_URL: `https://localhost:${port}`, PORTAL_DATA_DIR: keysDir },
    keysDir,
  );
  // The portal app's input rules (U+0000 refused in every string of every schema), as buildApp applies them.
  const app = Fastify({
    https: { cert: options.tls.cert, key: options.tls.key },
    ajv: INPUT_AJV_OPTIONS,
    logger: options.logStream === undefined ? false : { level: 'info', stream: options.logStream },
  });
  registerInputRules(app);
  const idp = await registerIdentityProvider(app, {
    config,
    db: options.db,
    keysDir,
    throttle: options.throttle,
    ...(options.clock === undefined ? {} : { clock: options.clock }),
  });
  await app.listen({ host: '127.0.0.1', port });
  const close = async () => {
    await app.close();
    if (ownsKeysDir) await rm(keysDir, { recursive: true, force: true });
  };
  return { app, idp, config, keysDir, close };
}

export interface HttpResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  location: string | null;
}

/** A browser stand-in: keeps cookies by name, sends them back, never follows redirects. */
export class HttpsSession {
  readonly #baseUrl: string;
  readonly #ca: string;
  readonly #cookies = new Map<string, string>();
  /** The loopback address the session's connections come from (e.g. 127.0.0.2: a second client on one machine). */
  readonly #localAddress: string | undefined;

  constructor(baseUrl: string, ca: string, localAddress?: string) {
    this.#baseUrl = baseUrl;
    this.#ca = ca;
    this.#localAddress = localAddress;
  }

  cookieNames(): string[] {
    return [...this.#cookies.keys()];
  }

  get(url: string, headers: Record<string, string> = {}): Promise<HttpResponse> {
    return this.#send('GET', url, undefined, headers);
  }

  postForm(url: string, form: Record<string, string>, headers: Record<string, string> = {}): Promise<HttpResponse> {
    return this.#send('POST', url, new URLSearchParams(form).toString(), {
      'content-type': 'application/x-www-form-urlencoded',
      ...headers,
    });
  }

  /** Follows 30x redirects (GET) until the next location starts with `stopAt` or is not under the base URL. */
  async followUntil(location: string, stopAt: string): Promise<string> {
    let next = location;
    for (let hop = 0; hop < 10; hop += 1) {
      const absolute = new URL(next, this.#baseUrl).href;
      if (absolute.startsWith(stopAt)) return absolute;
      const response = await this.get(absolute);
      if (response.location === null) {
        throw new Error(`expected a redirect from ${absolute}, got ${response.status}: ${response.body.slice(0, 300)}`);
      }
      next = response.location;
    }
    throw new Error('too many redirects');
  }

  #send(method: string, url: string, body: string | undefined, headers: Record<string, string>): Promise<HttpResponse> {
    const target = new URL(url, this.#baseUrl);
    const cookie = [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    return new Promise((resolve, reject) => {
      const request = httpsRequest(
        {
          method,
          host: '127.0.0.1',
          port: target.port,
          path: `${target.pathname}${target.search}`,
          servername: 'localhost',
          ca: this.#ca,
          ...(this.#localAddress === undefined ? {} : { localAddress: this.#localAddress }),
          headers: {
            host: target.host,
            ...(cookie === '' ? {} : { cookie }),
            ...(body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) }),
            ...headers,
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            this.#keepCookies(response.headers['set-cookie'] ?? []);
            const location = response.headers.location;
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              body: Buffer.concat(chunks).toString('utf8'),
              location: location === undefined ? null : new URL(location, target).href,
            });
          });
        },
      );
      request.on('error', reject);
      request.end(body);
    });
  }

  #keepCookies(setCookies: string[]): void {
    for (const line of setCookies) {
      const [pair = ''] = line.split(';');
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      const expired = /expires=Thu, 01 Jan 1970/i.test(line) || /max-age=0\b/i.test(line) || value === '';
      if (expired) this.#cookies.delete(name);
      else this.#cookies.set(name, value);
    }
  }
}

/** Statuses whose Response must have no body. */
const BODILESS = new Set([101, 204, 205, 304]);

/**
 * `fetch` over HTTPS that trusts only `ca` and connects to 127.0.0.1 whatever the host name, as HttpsSession does:
 * for code that takes a fetch (openid-client's customFetch, the SPA's token revocation). Follows no redirect.
 */
export function caTrustingFetch(ca: string): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const target = new URL(request.url);
    const body = request.body === null ? undefined : Buffer.from(await request.arrayBuffer());
    return new Promise<Response>((resolve, reject) => {
      const outgoing = httpsRequest(
        {
          method: request.method,
          host: '127.0.0.1',
          port: target.port,
          path: `${target.pathname}${target.search}`,
          servername: target.hostname,
          ca,
          headers: {
            ...Object.fromEntries(request.headers),
            host: target.host,
            ...(body === undefined ? {} : { 'content-length': String(body.length) }),
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            const status = response.statusCode ?? 0;
            const headers = new Headers();
            for (const [name, value] of Object.entries(response.headers)) {
              for (const item of [value ?? []].flat()) headers.append(name, item);
            }
            resolve(new Response(BODILESS.has(status) ? null : Buffer.concat(chunks), { status, headers }));
          });
        },
      );
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  };
}

/**
 * Follows an authorization request through the provider's login form as a browser would, up to the redirect URI:
 * returns the URL the provider sends the browser back to (with a code, or an error).
 */
export async function signInAtLoginPage(
  session: HttpsSession,
  authorizationUrl: URL,
  credentials: { email: string; password: string },
  redirectUri: string,
): Promise<URL> {
  const authorization = await session.get(authorizationUrl.href);
  if (authorization.location === null) {
    throw new Error(`expected a redirect to the login page, got ${authorization.status}: ${authorization.body}`);
  }
  const login = await session.postForm(authorization.location, credentials);
  if (login.location === null) throw new Error(`the login failed with ${login.status}: ${login.body.slice(0, 300)}`);
  return new URL(await session.followUntil(login.location, redirectUri));
}

/** openid-client's view of `server`: its discovery, read through caTrustingFetch, as the portal's public client. */
export async function discoverIdp(server: IdpTestServer, ca: string): Promise<client.Configuration> {
  const send = caTrustingFetch(ca);
  return client.discovery(new URL(server.config.oidc.issuer), server.config.oidc.clientId, undefined, client.None(), {
    // openid-client's body types are fetch's, bar the typed-array generics of TypeScript's DOM library.
    [client.customFetch]: (url, options) => send(url, options as RequestInit),
  });
}

/** Signs in as `email` (a demo account) with PKCE through the login page, as the portal does, and redeems the code. */
export async function signInWithPkce(
  server: IdpTestServer,
  ca: string,
  config: client.Configuration,
  email: string,
): Promise<client.TokenEndpointResponse> {
  const redirectUri = `${server.config.publicUrl}/redirect.html`;
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const authorizationUrl = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: 'openid profile user_metadata app_metadata',
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
  });
  const session = new HttpsSession(server.config.publicUrl, ca);
  const callback = await signInAtLoginPage(session, authorizationUrl, { email, password: DEMO_PASSWORD }, redirectUri);
  return client.authorizationCodeGrant(config, callback, { pkceCodeVerifier: verifier, expectedState: state });
}
