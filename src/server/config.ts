import path from 'node:path';
import { DEFAULT_CLAIMS_NAMESPACE } from '../shared/auth/claims.ts';
import { DEMO_TENANTS } from './fixtures/demo-tenants.ts';
import { DEFAULT_FUTURE_TOLERANCE_MS } from './ingest/ingest-telemetry.ts';
import { trustedProxies } from './proxy-protocol/proxy-protocol.ts';
import type { LiveTelemetryMode } from './simulator/demo-fleet.ts';

/**
 * One node's connections to the report replica unless PORTAL_REPLICA_CONNECTIONS says otherwise. Nodes sharing a replica
 * share about this many (`npm run cluster` gives each node its part: scripts/cluster/portal-nodes.ts), so adding nodes
 * adds no busy backends to the replica's cores (docs/operations.md).
 */
export const REPLICA_CONNECTIONS = 20;

/**
 * Runtime configuration, read once from environment variables with the PORTAL_ prefix
 * (plus DATABASE_URL and DATABASE_REPLICA_URL). Every variable is listed in README.md's configuration table.
 */
export interface PortalConfig {
  host: string;
  port: number;
  /** Public origin users open, e.g. https://localhost:8443 (derived from host and port unless PORTAL_PUBLIC_URL is set). */
  publicUrl: string;
  dataDir: string;
  /** PostgreSQL connection string; null means embedded PGlite in <dataDir>/db. */
  databaseUrl: string | null;
  /** A hot standby of that database the reports read from (DATABASE_REPLICA_URL, db/read-replica.ts); null: none. */
  databaseReplicaUrl: string | null;
  /** This node's connections to that replica (PORTAL_REPLICA_CONNECTIONS, default REPLICA_CONNECTIONS). */
  databaseReplicaConnections: number;
  environment: string;
  version: string;
  tls: {
    /** PEM paths of a real certificate; null means the generated local CA in <dataDir>/tls. */
    certFile: string | null;
    keyFile: string | null;
  };
  oidc: {
    /** True when the embedded provider under /idp is used. */
    embedded: boolean;
    issuer: string;
    clientId: string;
    audience: string;
    claimsNamespace: string;
  };
  /** Failed sign-ins at the embedded provider before a temporary lock (src/server/idp/login-throttle.ts). */
  signInThrottle: {
    maxAccountFailures: number;
    maxAddressFailures: number;
    windowMs: number;
    lockMs: number;
    maxLockMs: number;
  };
  inactivityTimeoutMs: number;
  agreementVersion: string;
  liveDashboardTenants: string[];
  /**
   * Live Dashboard push streams one user may keep open (PORTAL_LIVE_STREAMS_PER_USER, default 10); a newer one closes
   * the oldest. A hall whose TVs share one kiosk account needs at least its number of screens.
   */
  liveStreamsPerUser: number;
  /** Create the simulated demo fleet (history and live telemetry) and the demo accounts on start. */
  seedDemo: boolean;
  simulator: {
    /** Days of demo history, ending with the last complete day (PORTAL_DEMO_HISTORY_DAYS). */
    historyDays: number;
    /** The demo fleet's live telemetry (PORTAL_SIMULATOR_LIVE: 1 continuous, once, 0 off). */
    live: LiveTelemetryMode;
    liveIntervalMs: number;
  };
  logLevel: string;
  /**
   * How log lines are written (PORTAL_LOG_FORMAT): `json` (pino's lines, for a log collector), `text` (one short
   * readable line each), or `auto` (the default: text on an interactive terminal, JSON otherwise).
   */
  logFormat: LogFormat;
  /** Folder of the report layouts the portal serves and watches (PORTAL_LAYOUTS_DIR, default ./layouts). */
  layoutsDir: string;
  /**
   * How long a report answer is shared by the users asking the same call (PORTAL_SHARED_ANSWERS_MS, default 2000; 0:
   * every call computes its own; reports/common/shared-answers.ts).
   */
  sharedAnswersMs: number;
  /** How far ahead of the server clock ingested timestamps may be (PORTAL_INGEST_FUTURE_TOLERANCE_MS, default 5 minutes). */
  ingestFutureToleranceMs: number;
  /**
   * Ingest tokens registered at start (PORTAL_INGEST_TOKENS: comma-separated `tenantId=fpi_…`), e.g. a gateway's secret
   * from the deployment, or the e2e tests' token; only their SHA-256 is stored.
   */
  ingestTokens: { tenantId: string; token: string }[];
  /**
   * Row limits of the Jobs downloads (spec reports §5): jobs of the ink export (PORTAL_EXPORT_INK_JOBS, 200,000) and
   * events of the errors-and-maintenance export (PORTAL_EXPORT_EVENT_ROWS, 1,048,575: Excel's rows less the header).
   */
  exportLimits: { inkExportJobs: number; eventExportRows: number };
  /**
   * E-mail reports (issue #27): SMTP server URL (SMTP_URL, e.g. smtp://user:pass@host:587; unset: `.eml` files in
   * <dataDir>/outbox), sender address (PORTAL_MAIL_FROM), whether this process runs the scheduler
   * (PORTAL_SCHEDULER, default on) and how often it looks for due reports (PORTAL_SCHEDULER_INTERVAL_MS, 60 s).
   */
  mail: { smtpUrl: string | null; from: string; scheduler: boolean; schedulerIntervalMs: number };
  /**
   * Port of the public data API's mutual-TLS listener (PORTAL_API_MTLS_PORT, issue #28), on the same host; unset or
   * empty: no listener (API Management still issues certificates, and its documentation names the port to set).
   */
  apiMtlsPort: number | null;
  /**
   * Load balancers whose PROXY protocol v2 header (HAProxy `send-proxy-v2`) the HTTPS listener reads for the client's
   * address (PORTAL_TRUST_PROXY_PROTOCOL: addresses and networks, comma-separated; empty: no header is read).
   */
  trustedProxies: string[];
}

type Env = Record<string, string | undefined>;

const LOG_FORMATS = ['auto', 'json', 'text'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

function logFormat(env: Env): LogFormat {
  const raw = env['PORTAL_LOG_FORMAT'] || 'auto';
  const format = LOG_FORMATS.find((name) => name === raw.toLowerCase());
  if (format === undefined) throw new ConfigError(`PORTAL_LOG_FORMAT must be json, text or auto, got '${raw}'`);
  return format;
}

/** The demo's Apollo tenant gets the Live Dashboard unless PORTAL_LIVE_DASHBOARD_TENANTS says otherwise. */
const DEFAULT_LIVE_DASHBOARD_TENANTS = DEMO_TENANTS.apollo.id;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

function int(env: Env, key: string, fallback: number): number {
  const raw = env[key];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0)
    throw new ConfigError(`${key} must be a non-negative integer, got '${raw}'`);
  return value;
}

function bool(env: Env, key: string, fallback: boolean): boolean {
  const raw = env[key];
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw.toLowerCase())) return true;
  if (['0', 'false', 'no', 'off'].includes(raw.toLowerCase())) return false;
  throw new ConfigError(`${key} must be 0 or 1, got '${raw}'`);
}

/** PORTAL_SIMULATOR_LIVE: 1 (the default) continuous, `once` today so far at the start only, 0 off. */
function liveTelemetryMode(env: Env): LiveTelemetryMode {
  const raw = (env['PORTAL_SIMULATOR_LIVE'] ?? '').toLowerCase();
  if (raw === '' || ['1', 'true', 'yes', 'on'].includes(raw)) return 'continuous';
  if (raw === 'once') return 'once';
  if (['0', 'false', 'no', 'off'].includes(raw)) return 'off';
  throw new ConfigError(`PORTAL_SIMULATOR_LIVE must be 1, once or 0, got '${env['PORTAL_SIMULATOR_LIVE'] ?? ''}'`);
}

function positive(env: Env, key: string, fallback: number): number {
  const value = int(env, key, fallback);
  if (value === 0) throw new ConfigError(`${key} must be a positive integer, got '0'`);
  return value;
}

function list(env: Env, key: string, fallback = ''): string[] {
  return (env[key] ?? fallback)
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

function replicaUrl(env: Env): string | null {
  const url = env['DATABASE_REPLICA_URL'] || null;
  if (url !== null && !env['DATABASE_URL'])
    throw new ConfigError('DATABASE_REPLICA_URL needs DATABASE_URL (its primary)');
  return url;
}

export function loadConfig(env: Env = process.env, cwd = process.cwd()): PortalConfig {
  const host = env['PORTAL_HOST'] || 'localhost';
  const port = int(env, 'PORTAL_PORT', 8443);
  const publicUrl = (env['PORTAL_PUBLIC_URL'] || `https://${host === '0.0.0.0' ? 'localhost' : host}:${port}`).replace(
    /\/$/,
    '',
  );
  const externalIssuer = env['PORTAL_OIDC_ISSUER'] || '';
  const embedded = externalIssuer === '';
  const clientId = env['PORTAL_OIDC_CLIENT_ID'] || 'fleet-portal';
  if (!embedded && !env['PORTAL_OIDC_CLIENT_ID']) {
    throw new ConfigError('PORTAL_OIDC_CLIENT_ID is required when PORTAL_OIDC_ISSUER points at an external provider');
  }
  const certFile = env['PORTAL_TLS_CERT'] || null;
  const keyFile = env['PORTAL_TLS_KEY'] || null;
  if ((certFile === null) !== (keyFile === null)) {
    throw new ConfigError('PORTAL_TLS_CERT and PORTAL_TLS_KEY must be set together');
  }
  const lockMs = positive(env, 'PORTAL_SIGNIN_LOCK_MS', 60_000);
  const maxLockMs = positive(env, 'PORTAL_SIGNIN_MAX_LOCK_MS', 900_000);
  if (maxLockMs < lockMs)
    throw new ConfigError('PORTAL_SIGNIN_MAX_LOCK_MS must not be less than PORTAL_SIGNIN_LOCK_MS');
  return {
    host,
    port,
    publicUrl,
    dataDir: path.resolve(cwd, env['PORTAL_DATA_DIR'] || 'var'),
    databaseUrl: env['DATABASE_URL'] || null,
    databaseReplicaUrl: replicaUrl(env),
    databaseReplicaConnections: positive(env, 'PORTAL_REPLICA_CONNECTIONS', REPLICA_CONNECTIONS),
    environment: env['PORTAL_ENVIRONMENT'] || 'local',
    version: env['PORTAL_VERSION'] || '1.0.859',
    tls: { certFile, keyFile },
    oidc: {
      embedded,
      issuer: embedded ? `${publicUrl}/idp` : externalIssuer.replace(/\/$/, ''),
      clientId,
      audience: env['PORTAL_OIDC_AUDIENCE'] || `${publicUrl}/api`,
      claimsNamespace: env['PORTAL_CLAIMS_NAMESPACE'] || DEFAULT_CLAIMS_NAMESPACE,
    },
    signInThrottle: {
      maxAccountFailures: positive(env, 'PORTAL_SIGNIN_MAX_FAILURES', 5),
      maxAddressFailures: positive(env, 'PORTAL_SIGNIN_MAX_IP_FAILURES', 20),
      windowMs: positive(env, 'PORTAL_SIGNIN_WINDOW_MS', 900_000),
      lockMs,
      maxLockMs,
    },
    inactivityTimeoutMs: int(env, 'PORTAL_INACTIVITY_TIMEOUT_MS', 14_400_000),
    agreementVersion: env['PORTAL_AGREEMENT_VERSION'] || '1.0',
    liveDashboardTenants: list(env, 'PORTAL_LIVE_DASHBOARD_TENANTS', DEFAULT_LIVE_DASHBOARD_TENANTS),
    liveStreamsPerUser: positive(env, 'PORTAL_LIVE_STREAMS_PER_USER', 10),
    seedDemo: bool(env, 'PORTAL_SEED_DEMO', true),
    simulator: {
      historyDays: positive(env, 'PORTAL_DEMO_HISTORY_DAYS', 400),
      live: liveTelemetryMode(env),
      liveIntervalMs: positive(env, 'PORTAL_SIMULATOR_LIVE_INTERVAL_MS', 5000),
    },
    logLevel: env['PORTAL_LOG_LEVEL'] || 'info',
    logFormat: logFormat(env),
    layoutsDir: path.resolve(cwd, env['PORTAL_LAYOUTS_DIR'] || 'layouts'),
    sharedAnswersMs: int(env, 'PORTAL_SHARED_ANSWERS_MS', 2000),
    ingestFutureToleranceMs: int(env, 'PORTAL_INGEST_FUTURE_TOLERANCE_MS', DEFAULT_FUTURE_TOLERANCE_MS),
    ingestTokens: ingestTokensOf(env['PORTAL_INGEST_TOKENS'] ?? ''),
    exportLimits: {
      inkExportJobs: int(env, 'PORTAL_EXPORT_INK_JOBS', 200_000),
      eventExportRows: int(env, 'PORTAL_EXPORT_EVENT_ROWS', 1_048_575),
    },
    mail: {
      smtpUrl: smtpUrlOf(env['SMTP_URL'] ?? ''),
      from: env['PORTAL_MAIL_FROM'] || `Fleet Portal <reports@${new URL(publicUrl).hostname}>`,
      scheduler: bool(env, 'PORTAL_SCHEDULER', true),
      schedulerIntervalMs: positive(env, 'PORTAL_SCHEDULER_INTERVAL_MS', 60_000),
    },
    apiMtlsPort: env['PORTAL_API_MTLS_PORT'] ? positive(env, 'PORTAL_API_MTLS_PORT', 0) : null,
    trustedProxies: trustedProxiesOf(list(env, 'PORTAL_TRUST_PROXY_PROTOCOL')),
  };
}

/** PORTAL_TRUST_PROXY_PROTOCOL: each entry must be an IP address or network. */
function trustedProxiesOf(entries: string[]): string[] {
  try {
    trustedProxies(entries);
  } catch (error) {
    throw new ConfigError(`PORTAL_TRUST_PROXY_PROTOCOL: ${(error as Error).message}`);
  }
  return entries;
}

/** SMTP_URL: an smtp: or smtps: URL, or empty (the outbox folder). */
function smtpUrlOf(text: string): string | null {
  if (text === '') return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ConfigError('SMTP_URL must be a URL such as smtp://user:password@mail.example.com:587');
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') {
    throw new ConfigError(`SMTP_URL must start with smtp:// or smtps://, got '${url.protocol}//'`);
  }
  return text;
}

/** PORTAL_INGEST_TOKENS: `tenantId=fpi_…` pairs, comma-separated. */
function ingestTokensOf(text: string): { tenantId: string; token: string }[] {
  return text
    .split(',')
    .map((pair) => pair.trim())
    .filter((pair) => pair !== '')
    .map((pair) => {
      const match = /^([^=\s]+)=(fpi_[A-Za-z0-9_-]{16,})$/.exec(pair);
      if (match === null)
        throw new Error(
          `PORTAL_INGEST_TOKENS: '${pair.split('=')[0] ?? ''}=…' is not tenantId=fpi_<at least 16 characters>`,
        );
      return { tenantId: match[1] ?? '', token: match[2] ?? '' };
    });
}
