import os from 'node:os';
import path from 'node:path';
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import type { FastifyInstance } from 'fastify';
import { claimKey } from '../../shared/auth/claims.ts';
import type { Role } from '../../shared/auth/roles.ts';
import { buildApp, type AppDeps } from '../app.ts';
import { loadConfig, type PortalConfig } from '../config.ts';
import type { PortalDatabase } from '../db/database.ts';
import { openTestDatabase } from '../db/test-database.ts';
import { createLiveHub, type LiveHub } from '../live/live-hub.ts';
import { clientCaLoader } from '../tls/client-ca.ts';

/** Who a test token speaks for. */
export interface TestIdentity {
  sub: string;
  tenantId: string;
  roles?: Role[];
  isSuperUser?: boolean;
  email?: string;
}

export interface MintOptions {
  issuer?: string;
  audience?: string;
  /** jose duration or epoch seconds, e.g. '5m' or a past time for an expired token. */
  expiresAt?: string | number;
  /** Sign with another key (under the trusted key's kid) to get a bad signature. */
  signWith?: CryptoKey;
  omitSubject?: boolean;
}

/** A test API: the real app on a fresh test database, trusting a key pair made for the test. */
export interface ApiTestHarness {
  app: FastifyInstance;
  database: PortalDatabase;
  config: PortalConfig;
  /** The app's live hub. */
  live: LiveHub;
  /** The keys the app trusts (a second app on the same database trusts the same tokens). */
  getKey: TokenSigner['getKey'];
  mintToken(identity: TestIdentity, options?: MintOptions): Promise<string>;
  /** Authorization header value for `identity`. */
  bearer(identity: TestIdentity, options?: MintOptions): Promise<string>;
  /** A key the app does not trust. */
  foreignKey: CryptoKey;
  close(): Promise<void>;
}

const KID = 'test-key';

/** A key pair the app is made to trust, and tokens signed with it as the embedded provider would issue them. */
export interface TokenSigner {
  getKey: ReturnType<typeof createLocalJWKSet>;
  mintToken(identity: TestIdentity, options?: MintOptions): Promise<string>;
}

/** Makes a key pair for `config`'s issuer and audience (tests and benchmarks: the real verification path, no provider). */
export async function createTokenSigner(config: PortalConfig): Promise<TokenSigner> {
  const trusted = await generateKeyPair('ES256');
  const publicJwk: JWK = { ...(await exportJWK(trusted.publicKey)), kid: KID, alg: 'ES256', use: 'sig' };
  const mintToken = async (identity: TestIdentity, mint: MintOptions = {}) => {
    const ns = config.oidc.claimsNamespace;
    const jwt = new SignJWT({
      email: identity.email ?? `${identity.sub}@example.test`,
      [claimKey(ns, 'tenant_id')]: identity.tenantId,
      [claimKey(ns, 'roles')]: identity.roles ?? [],
      [claimKey(ns, 'is_super_user')]: identity.isSuperUser ?? false,
    })
      .setProtectedHeader({ alg: 'ES256', kid: KID })
      .setIssuer(mint.issuer ?? config.oidc.issuer)
      .setAudience(mint.audience ?? config.oidc.audience)
      .setIssuedAt()
      .setExpirationTime(mint.expiresAt ?? '5m');
    if (mint.omitSubject !== true) jwt.setSubject(identity.sub);
    return jwt.sign(mint.signWith ?? trusted.privateKey);
  };
  return { getKey: createLocalJWKSet({ keys: [publicJwk] }), mintToken };
}

/** Builds the app over openTestDatabase() (so it runs on PGlite and on TEST_DATABASE_URL alike). */
export async function createApiTestHarness(
  options: {
    env?: Record<string, string>;
    distDir?: string | null;
    onRoute?: AppDeps['onRoute'];
    /** The server clock (AppDeps.clock). */
    clock?: AppDeps['clock'];
    /** AppDeps.liveHeartbeatMs. */
    liveHeartbeatMs?: number;
    /** AppDeps.layouts (default: the project's layouts/, read once). */
    layouts?: AppDeps['layouts'];
    /** AppDeps.clientCa (default: one client CA per test process, in the OS's temporary folder, not the portal's var/). */
    clientCa?: AppDeps['clientCa'];
    /** AppDeps.schemaCompilation (a test that compiles every route's validators keeps it). */
    schemaCompilation?: AppDeps['schemaCompilation'];
    /** AppDeps.requestActivity (the e-mail p95 bench counts the requests in flight). */
    requestActivity?: AppDeps['requestActivity'];
    /** Passed to buildApp (e.g. the embedded identity provider). */
    registerExtras?: (app: FastifyInstance, config: PortalConfig, db: PortalDatabase['db']) => Promise<void>;
  } = {},
): Promise<ApiTestHarness> {
  const config = loadConfig({ PORTAL_PUBLIC_URL: 'https://portal.test', ...options.env }, process.cwd());
  const signer = await createTokenSigner(config);
  const foreign = await generateKeyPair('ES256');
  const database = await openTestDatabase();
  // LISTEN/NOTIFY on TEST_DATABASE_URL, in-process on PGlite: the same hub as the portal process would use.
  const live = createLiveHub(database);
  const { registerExtras } = options;
  const app = await buildApp({
    config,
    db: database.db,
    getKey: signer.getKey,
    distDir: options.distDir ?? null,
    ...(options.onRoute === undefined ? {} : { onRoute: options.onRoute }),
    ...(options.clock === undefined ? {} : { clock: options.clock }),
    ...(options.liveHeartbeatMs === undefined ? {} : { liveHeartbeatMs: options.liveHeartbeatMs }),
    ...(options.layouts === undefined ? {} : { layouts: options.layouts }),
    ...(options.schemaCompilation === undefined ? {} : { schemaCompilation: options.schemaCompilation }),
    ...(options.requestActivity === undefined ? {} : { requestActivity: options.requestActivity }),
    live,
    clientCa: options.clientCa ?? clientCaLoader(path.join(os.tmpdir(), `fleet-portal-test-${process.pid}`, 'tls')),
    ...(registerExtras === undefined
      ? {}
      : { registerExtras: (instance) => registerExtras(instance, config, database.db) }),
  });
  await app.ready();
  const { mintToken } = signer;

  return {
    app,
    database,
    config,
    mintToken,
    bearer: async (identity, mint) => `Bearer ${await mintToken(identity, mint)}`,
    foreignKey: foreign.privateKey,
    live,
    getKey: signer.getKey,
    close: async () => {
      await app.close();
      await live.close();
      await database.close();
    },
  };
}
