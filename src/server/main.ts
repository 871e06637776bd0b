import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { createLocalJWKSet, type JWTVerifyGetKey } from 'jose';
import { remoteKeys } from './auth/remote-keys.ts';
import { buildApp } from './app.ts';
import { createLiveHub, type LiveHub } from './live/live-hub.ts';
import { registerIngestToken } from './ingest/ingest-tokens.ts';
import { ConfigError, loadConfig, type PortalConfig } from './config.ts';
import { openDatabase, type PortalDatabase } from './db/database.ts';
import { LockfileBusyError } from './db/lockfile.ts';
import { heldOutput, type TextOutput } from './held-output.ts';
import { openReadReplica, type ReadReplica } from './db/read-replica.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoAccounts } from './idp/demo-accounts.ts';
import { registerIdentityProvider } from './idp/identity-provider.ts';
import { layoutDisplayName } from './layouts/check-layouts.ts';
import { InvalidLayoutsError, openLayoutStore, type LayoutStore } from './layouts/layout-store.ts';
import { isBuiltSpa } from './routes/static-site.ts';
import { prepareDemoFleet, type DemoFleet } from './simulator/demo-fleet.ts';
import { DEMO_PLAN_SEED, planFleet } from './simulator/fleet-plan.ts';
import { loadTlsMaterial, type TlsMaterial } from './tls/local-ca.ts';
import { textLogOutput } from './text-log-output.ts';
import { startReportScheduler, type ReportScheduler } from './email-reports/report-scheduler.ts';
import { createRequestActivity } from './routes/request-activity.ts';
import { createMailTransport, type MailTransport } from './mail/mail-transport.ts';
import { buildPublicApiServer } from './public-api/public-api-server.ts';
import { acceptProxyProtocol, trustedProxies } from './proxy-protocol/proxy-protocol.ts';
import { ensureClientCa } from './tls/client-ca.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SHUTDOWN_TIMEOUT_MS = 10_000;
/**
 * Days of demo history filled before the ready line (the newest complete days; today's telemetry so far comes on top).
 * What a newly signed-in user sees first is the Overview's default view, Day (today) compared with the same day last
 * week, and the Live Dashboard's current shift: seven days cover both at every site, this week's days included. Older
 * days fill in the background, newest first, while every page shows "Fleet history is still loading: N of M days
 * available" (HistoryNotice); docs/operations.md "The demo fleet".
 */
const RECENT_HISTORY_DAYS = 7;

/** The line tests and scripts wait for; printed last once the portal accepts connections. */
export const READY_LINE = 'Fleet Portal ready at';

/** An error whose message already tells the user what to do: printed without a stack trace. */
class StartupError extends Error {
  override name = 'StartupError';
}

function ensureDataDirs(config: PortalConfig): void {
  fs.mkdirSync(path.join(config.dataDir, 'tls'), { recursive: true, mode: 0o700 });
  fs.mkdirSync(path.join(config.dataDir, 'db'), { recursive: true });
  fs.mkdirSync(path.join(config.dataDir, 'outbox'), { recursive: true });
}

function banner(
  config: PortalConfig,
  database: PortalDatabase,
  tls: TlsMaterial,
  distDir: string | null,
  demo: DemoFleet | null,
  mail: MailTransport,
): string {
  const lines = [
    '',
    `Fleet Portal ${config.version} (${config.environment})`,
    `  URL:       ${config.publicUrl}`,
    `  Database:  ${database.kind === 'pglite' ? `PGlite in ${path.join(config.dataDir, 'db', 'pgdata')}` : 'PostgreSQL (DATABASE_URL)'}`,
    `  Identity:  ${config.oidc.embedded ? `embedded provider at ${config.oidc.issuer}` : config.oidc.issuer}`,
    `  Data API:  ${config.apiMtlsPort === null ? 'off (PORTAL_API_MTLS_PORT unset)' : `https://${new URL(config.publicUrl).hostname}:${config.apiMtlsPort} (client certificates of API Management)`}`,
    `  E-mail:    ${config.mail.scheduler ? `weekly reports as ${mail.description}` : 'scheduler off (PORTAL_SCHEDULER=0)'}`,
  ];
  if (distDir === null)
    lines.push('  Web app:   not built (dist/index.html missing): serving the API only. `npm start` builds it.');
  if (demo !== null) lines.push(`  Demo data: ${demoSummary(config, demo)}`);
  if (config.seedDemo && config.oidc.embedded) {
    const width = Math.max(...DEMO_ACCOUNTS.map((account) => account.email.length));
    const tenantWidth = Math.max(...DEMO_ACCOUNTS.map((account) => account.tenantId.length));
    lines.push(
      '',
      'Demo accounts:',
      `  ${'email'.padEnd(width)}  ${'password'.padEnd(DEMO_PASSWORD.length)}  ${'tenant'.padEnd(tenantWidth)}  roles`,
    );
    for (const account of DEMO_ACCOUNTS) {
      const roles = [...account.roles, ...(account.isSuperUser ? ['super user'] : [])].join(', ');
      lines.push(
        `  ${account.email.padEnd(width)}  ${DEMO_PASSWORD}  ${account.tenantId.padEnd(tenantWidth)}  ${roles}`,
      );
    }
  }
  lines.push('', tls.trustInstructions, '', `${READY_LINE} ${config.publicUrl}`);
  return lines.join('\n');
}

function demoSummary(config: PortalConfig, demo: DemoFleet): string {
  const live = {
    continuous: `live telemetry every ${config.simulator.liveIntervalMs / 1000} s`,
    once: 'telemetry up to the start, no live telemetry',
    off: 'no live telemetry',
  }[config.simulator.live];
  const ready =
    demo.daysReady === demo.daysTotal
      ? `all ${demo.daysTotal} days ready`
      : `${demo.daysReady} of ${demo.daysTotal} days ready, the rest loads in the background`;
  return `simulated fleet, history ${demo.range.from} to ${demo.range.to} (${ready}); ${live}`;
}

interface RunningParts {
  app: FastifyInstance;
  database: PortalDatabase;
  demo: DemoFleet | null;
  live: LiveHub;
  layouts: LayoutStore;
  reports: ReportScheduler | null;
  mail: MailTransport;
  /** The report replica's pool and lag probe (DATABASE_REPLICA_URL). */
  replica: ReadReplica | null;
  /** The public data API's mutual-TLS listener (PORTAL_API_MTLS_PORT); set once it listens. */
  publicApi?: FastifyInstance;
}

/** `parts.reports` is read at the signal: the report scheduler starts after the ready line. */
function handleSignals(parts: RunningParts): void {
  const { app, database, demo, live, layouts, mail } = parts;
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      console.error(`${signal} again: exiting without a clean shutdown.`);
      process.exit(1);
    }
    stopping = true;
    console.log(`${signal}: shutting down...`);
    setTimeout(() => {
      console.error('Shutdown did not finish in time; exiting.');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();
    void (async () => {
      try {
        // The backfill and the live loop write to the database: stop them before it closes.
        await demo?.stop();
        await parts.reports?.stop();
        mail.close();
        layouts.close();
        await parts.publicApi?.close();
        await app.close();
        await parts.replica?.close();
        await live.close();
        await database.close();
        console.log('Fleet Portal stopped.');
        process.exit(0);
      } catch (error) {
        console.error('Shutdown failed:', error);
        process.exit(1);
      }
    })();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

/**
 * The report layouts, watched while the portal runs (an edit shows on the next reload); an invalid one at start stops
 * it with the `file:line:column: …` lines and nothing else.
 */
async function openLayouts(config: PortalConfig): Promise<LayoutStore> {
  try {
    return await openLayoutStore(config.layoutsDir, {
      watch: true,
      output: { info: (line) => console.log(line), error: (line) => console.error(line) },
    });
  } catch (error) {
    if (!(error instanceof InvalidLayoutsError)) throw error;
    throw new StartupError(`Invalid report layouts in ${layoutDisplayName(config.layoutsDir)}:\n${error.message}`);
  }
}

/** Where log lines go: readable lines on an interactive terminal (or PORTAL_LOG_FORMAT=text), else pino's JSON. */
function logOutput(config: PortalConfig): TextOutput {
  const text = config.logFormat === 'text' || (config.logFormat === 'auto' && process.stdout.isTTY);
  return text ? textLogOutput(process.stdout) : process.stdout;
}

export interface PortalStartOptions {
  /**
   * The web app's build when `npm start` runs it beside the database's creation and the demo fill (scripts/start.ts):
   * the app is served, and the ready line printed, once it is done. A failed build stops the start.
   */
  webAppBuild?: Promise<void>;
}

/**
 * Starts the portal: configuration, data folder, TLS, layouts, database, demo fleet (recent history before ready, the
 * rest and live telemetry after), app, HTTPS listener.
 */
export async function runPortal(options: PortalStartOptions = {}): Promise<void> {
  // A build that fails while the database opens is reported where the start awaits it, not as an unhandled rejection.
  options.webAppBuild?.catch(() => undefined);
  const config = loadConfig();
  ensureDataDirs(config);
  const tls = await loadTlsMaterial(config);
  const layouts = await openLayouts(config);

  // The first autovacuum pass waits for the ready line (startUpkeep below): the start has PGlite's thread to itself.
  const database = await openDatabase(config, { deferUpkeep: true });
  // Log lines wait until the banner is out: Fastify's 'Server listening' JSON line would otherwise split it.
  const log = heldOutput(logOutput(config));
  // Tokens of PORTAL_INGEST_TOKENS name tenants: with the demo, the demo's once it has provisioned them.
  const registerIngestTokens = async () => {
    for (const { tenantId, token } of config.ingestTokens) await registerIngestToken(database.db, tenantId, token);
  };
  // The demo fleet's recent days fill (PGlite's or PostgreSQL's work, mostly) while this thread builds the app below;
  // the portal listens once both are done.
  const demoFleet = config.seedDemo
    ? prepareDemoFleet(database.db, planFleet({ seed: DEMO_PLAN_SEED }), {
        historyDays: config.simulator.historyDays,
        recentDays: RECENT_HISTORY_DAYS,
        live: config.simulator.live,
        liveIntervalMs: config.simulator.liveIntervalMs,
        output: process.stdout,
        interactive: process.stdout.isTTY,
        // The accounts' password hashes (scrypt, off the main thread) while the recent days fill.
        besideRecentFill: async () => {
          await Promise.all([seedDemoAccounts(database.db), registerIngestTokens()]);
        },
      })
    : Promise.resolve(null);
  // Its failure is reported where it is awaited (or the start failed before that: see the catch below).
  demoFleet.catch(() => undefined);
  let demo: DemoFleet | null = null;
  try {
    if (!config.seedDemo) await registerIngestTokens();

    // The embedded provider's keys exist only once it is registered on the app, after buildApp has started.
    let embeddedKeys: JWTVerifyGetKey | null = null;
    const getKey: JWTVerifyGetKey = config.oidc.embedded
      ? (header, token) => {
          if (embeddedKeys === null) throw new Error('The identity provider is not registered yet');
          return embeddedKeys(header, token);
        }
      : await remoteKeys(config.oidc.issuer).catch((error: unknown) => {
          throw new StartupError(error instanceof Error ? error.message : String(error));
        });
    await options.webAppBuild?.catch((error: unknown) => {
      throw new StartupError(error instanceof Error ? error.message : String(error));
    });
    const distDir = isBuiltSpa(path.join(ROOT, 'dist')) ? path.join(ROOT, 'dist') : null;

    // Live push to open dashboards: LISTEN/NOTIFY on PostgreSQL (every replica), in-process on PGlite.
    const live = createLiveHub(database, (message, error) => console.error(message, error));
    const mail = createMailTransport({ smtpUrl: config.mail.smtpUrl, outboxDir: path.join(config.dataDir, 'outbox') });
    let reports: ReportScheduler | null = null;
    // The e-mail sender's steps wait for the portal's requests in flight (issue #27: report p95 during a send).
    const requestActivity = createRequestActivity();
    const replica =
      config.databaseReplicaUrl === null
        ? null
        : openReadReplica(config.databaseReplicaUrl, database.db, {
            maxConnections: config.databaseReplicaConnections,
            onError: (error) => console.error('The report replica does not answer; reports read the primary:', error),
          });
    const app = await buildApp({
      config,
      db: database.db,
      healthDb: database.healthDb,
      replica,
      live,
      getKey,
      distDir,
      https: { cert: tls.cert, key: tls.key },
      logger: { level: config.logLevel, stream: log },
      layouts,
      mail,
      sendReportsNow: () => reports?.wake(),
      requestActivity,
      registerExtras: async (instance) => {
        if (!config.oidc.embedded) return;
        const provider = await registerIdentityProvider(instance, {
          config,
          db: database.db,
          keysDir: path.join(config.dataDir, 'tls'),
        });
        embeddedKeys = createLocalJWKSet(provider.getPublicJwks());
      },
    });
    demo = await demoFleet;
    const parts: RunningParts = { app, database, demo, live, layouts, reports, mail, replica };
    handleSignals(parts);
    readProxyHeaders(config, app);
    try {
      await app.listen({ host: config.host, port: config.port });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
      throw new StartupError(`Port ${config.port} on ${config.host} is in use: stop that process or set PORTAL_PORT.`);
    }
    if (config.apiMtlsPort !== null) {
      parts.publicApi = await listenPublicApi(config, config.apiMtlsPort, database, tls, log);
    }
    console.log(banner(config, database, tls, distDir, demo, mail));
    log.release();
    database.startUpkeep?.();
    if (config.mail.scheduler) {
      // Its first pass sends what fell due while the portal was down (the latest slot of each entry, once).
      reports = startReportScheduler(
        {
          db: database.db,
          transport: mail,
          publicUrl: config.publicUrl,
          from: config.mail.from,
          clock: () => new Date(),
          requestActivity,
        },
        config.mail.schedulerIntervalMs,
        { info: (message) => console.log(message), error: (message, error) => console.error(message, error) },
      );
      parts.reports = reports;
    }
    // After the ready line: older days fill in the background, progress on lines of their own.
    demo?.startBackground().catch((error: unknown) => console.error('Filling the fleet history failed:', error));
  } catch (error) {
    log.release();
    layouts.close();
    // A start that failed while the recent days filled: the fill ends before the database closes.
    demo ??= await demoFleet.catch(() => null);
    await demo?.stop().catch(() => undefined);
    await database.close().catch(() => undefined);
    throw error;
  }
}

/**
 * Behind a load balancer that passes TLS through (PORTAL_TRUST_PROXY_PROTOCOL names it): the client's address comes in
 * the PROXY v2 header it writes ahead of TLS. Call before the listener listens.
 */
function readProxyHeaders(config: PortalConfig, instance: FastifyInstance): void {
  if (config.trustedProxies.length === 0) return;
  acceptProxyProtocol(instance.server, trustedProxies(config.trustedProxies), {
    onRefused: (reason) => instance.log.warn(`Connection closed: ${reason}`),
  });
}

/** Starts the public data API's mutual-TLS listener on PORTAL_API_MTLS_PORT (issue #28). */
async function listenPublicApi(
  config: PortalConfig,
  port: number,
  database: PortalDatabase,
  tls: TlsMaterial,
  log: TextOutput,
): Promise<FastifyInstance> {
  const clientCa = await ensureClientCa(path.join(config.dataDir, 'tls'));
  const publicApi = await buildPublicApiServer({
    db: database.db,
    clock: () => new Date(),
    exportLimits: config.exportLimits,
    address: { version: config.version, publicUrl: config.publicUrl, mtlsPort: port },
    tls: { cert: tls.cert, key: tls.key },
    clientCaPem: clientCa.certPem,
    logger: { level: config.logLevel, stream: log },
    logLevel: config.logLevel,
  });
  readProxyHeaders(config, publicApi);
  try {
    await publicApi.listen({ host: config.host, port });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    throw new StartupError(`Port ${port} on ${config.host} is in use: stop that process or set PORTAL_API_MTLS_PORT.`);
  }
  return publicApi;
}

/** Runs the portal, turning start-up failures into a message and exit code 1. */
export async function main(options: PortalStartOptions = {}): Promise<void> {
  try {
    await runPortal(options);
  } catch (error) {
    const known = error instanceof StartupError || error instanceof ConfigError || error instanceof LockfileBusyError;
    console.error(known ? `Fleet Portal cannot start:\n${(error as Error).message}` : error);
    process.exit(1);
  }
}

if (import.meta.main) await main();
