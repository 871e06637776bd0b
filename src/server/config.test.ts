import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, REPLICA_CONNECTIONS } from './config.ts';

describe('loadConfig: demo fleet simulator', () => {
  it('defaults to 400 days of history, live telemetry every 5 s and the Apollo demo tenant on the Live Dashboard', () => {
    const config = loadConfig({}, '/srv/portal');
    expect(config.simulator).toEqual({ historyDays: 400, live: 'continuous', liveIntervalMs: 5000 });
    expect(config.liveDashboardTenants).toEqual(['sunrise-apparel']);
    expect(config.liveStreamsPerUser).toBe(10);
  });

  it('reads PORTAL_LIVE_STREAMS_PER_USER, a positive integer', () => {
    expect(loadConfig({ PORTAL_LIVE_STREAMS_PER_USER: '40' }).liveStreamsPerUser).toBe(40);
    expect(() => loadConfig({ PORTAL_LIVE_STREAMS_PER_USER: '0' })).toThrow(
      new ConfigError("PORTAL_LIVE_STREAMS_PER_USER must be a positive integer, got '0'"),
    );
  });

  it('reads PORTAL_DEMO_HISTORY_DAYS, PORTAL_SIMULATOR_LIVE and its interval, and an empty allow-list', () => {
    const config = loadConfig(
      {
        PORTAL_DEMO_HISTORY_DAYS: '30',
        PORTAL_SIMULATOR_LIVE: '0',
        PORTAL_SIMULATOR_LIVE_INTERVAL_MS: '1000',
        PORTAL_LIVE_DASHBOARD_TENANTS: '',
      },
      '/srv/portal',
    );
    expect(config.simulator).toEqual({ historyDays: 30, live: 'off', liveIntervalMs: 1000 });
    expect(config.liveDashboardTenants).toEqual([]);
  });

  it("reads PORTAL_SIMULATOR_LIVE=once: today's telemetry so far at the start, then no live loop", () => {
    expect(loadConfig({ PORTAL_SIMULATOR_LIVE: 'once' }).simulator.live).toBe('once');
    expect(loadConfig({ PORTAL_SIMULATOR_LIVE: 'ONCE' }).simulator.live).toBe('once');
    expect(loadConfig({ PORTAL_SIMULATOR_LIVE: '1' }).simulator.live).toBe('continuous');
  });

  it('rejects a history of zero days or a bad live switch with the variable named', () => {
    expect(() => loadConfig({ PORTAL_DEMO_HISTORY_DAYS: '0' })).toThrow(
      new ConfigError("PORTAL_DEMO_HISTORY_DAYS must be a positive integer, got '0'"),
    );
    expect(() => loadConfig({ PORTAL_SIMULATOR_LIVE_INTERVAL_MS: 'often' })).toThrow(
      /PORTAL_SIMULATOR_LIVE_INTERVAL_MS/,
    );
    expect(() => loadConfig({ PORTAL_SIMULATOR_LIVE: 'maybe' })).toThrow(
      new ConfigError("PORTAL_SIMULATOR_LIVE must be 1, once or 0, got 'maybe'"),
    );
  });
});

describe('loadConfig: ingest', () => {
  it('accepts timestamps up to 5 minutes ahead of the server clock unless PORTAL_INGEST_FUTURE_TOLERANCE_MS says otherwise', () => {
    expect(loadConfig({}, '/srv/portal').ingestFutureToleranceMs).toBe(300_000);
    expect(loadConfig({ PORTAL_INGEST_FUTURE_TOLERANCE_MS: '0' }).ingestFutureToleranceMs).toBe(0);
    expect(() => loadConfig({ PORTAL_INGEST_FUTURE_TOLERANCE_MS: '-1' })).toThrow(
      /PORTAL_INGEST_FUTURE_TOLERANCE_MS must be a non-negative integer/,
    );
  });
});

describe('loadConfig: sign-in throttle', () => {
  it('locks an account after 5 failures or an address after 20 within 15 min, for 1 min doubling up to 15 min', () => {
    expect(loadConfig({}).signInThrottle).toEqual({
      maxAccountFailures: 5,
      maxAddressFailures: 20,
      windowMs: 900_000,
      lockMs: 60_000,
      maxLockMs: 900_000,
    });
    expect(
      loadConfig({ PORTAL_SIGNIN_MAX_FAILURES: '3', PORTAL_SIGNIN_MAX_IP_FAILURES: '50' }).signInThrottle,
    ).toMatchObject({
      maxAccountFailures: 3,
      maxAddressFailures: 50,
    });
  });

  it('rejects a longest lock shorter than the first one, and zero failures', () => {
    expect(() => loadConfig({ PORTAL_SIGNIN_LOCK_MS: '600000', PORTAL_SIGNIN_MAX_LOCK_MS: '60000' })).toThrow(
      new ConfigError('PORTAL_SIGNIN_MAX_LOCK_MS must not be less than PORTAL_SIGNIN_LOCK_MS'),
    );
    expect(() => loadConfig({ PORTAL_SIGNIN_MAX_FAILURES: '0' })).toThrow(/PORTAL_SIGNIN_MAX_FAILURES/);
  });
});

describe('loadConfig: ingest tokens', () => {
  it('reads PORTAL_INGEST_TOKENS as tenant=token pairs and refuses a malformed one without echoing the token', () => {
    expect(loadConfig({}, process.cwd()).ingestTokens).toEqual([]);
    expect(
      loadConfig(
        { PORTAL_INGEST_TOKENS: 'sunrise-apparel=fpi_aaaaaaaaaaaaaaaa, other=fpi_bbbbbbbbbbbbbbbb-_' },
        process.cwd(),
      ).ingestTokens,
    ).toEqual([
      { tenantId: 'sunrise-apparel', token: 'fpi_aaaaaaaaaaaaaaaa' },
      { tenantId: 'other', token: 'fpi_bbbbbbbbbbbbbbbb-_' },
    ]);
    expect(() => loadConfig({ PORTAL_INGEST_TOKENS: 'sunrise-apparel=secret' }, process.cwd())).toThrow(
      "PORTAL_INGEST_TOKENS: 'sunrise-apparel=…' is not tenantId=fpi_<at least 16 characters>",
    );
  });
});

describe('loadConfig: layouts and logs', () => {
  it('reads the layouts from ./layouts unless PORTAL_LAYOUTS_DIR names another folder', () => {
    expect(loadConfig({}, '/srv/portal').layoutsDir).toBe('/srv/portal/layouts');
    expect(loadConfig({ PORTAL_LAYOUTS_DIR: 'var/scratch-layouts' }, '/srv/portal').layoutsDir).toBe(
      '/srv/portal/var/scratch-layouts',
    );
  });

  it('writes logs as text on a terminal and JSON elsewhere unless PORTAL_LOG_FORMAT says json or text', () => {
    expect(loadConfig({}).logFormat).toBe('auto');
    expect(loadConfig({ PORTAL_LOG_FORMAT: 'JSON' }).logFormat).toBe('json');
    expect(loadConfig({ PORTAL_LOG_FORMAT: 'text' }).logFormat).toBe('text');
    expect(() => loadConfig({ PORTAL_LOG_FORMAT: 'pretty' })).toThrow(
      new ConfigError("PORTAL_LOG_FORMAT must be json, text or auto, got 'pretty'"),
    );
  });
});

describe('loadConfig: public data API', () => {
  it('runs no mutual-TLS listener unless PORTAL_API_MTLS_PORT names a port', () => {
    expect(loadConfig({}).apiMtlsPort).toBeNull();
    expect(loadConfig({ PORTAL_API_MTLS_PORT: '' }).apiMtlsPort).toBeNull();
    expect(loadConfig({ PORTAL_API_MTLS_PORT: '8444' }).apiMtlsPort).toBe(8444);
    expect(() => loadConfig({ PORTAL_API_MTLS_PORT: 'https' })).toThrow(
      new ConfigError("PORTAL_API_MTLS_PORT must be a non-negative integer, got 'https'"),
    );
    expect(() => loadConfig({ PORTAL_API_MTLS_PORT: '0' })).toThrow(
      new ConfigError("PORTAL_API_MTLS_PORT must be a positive integer, got '0'"),
    );
  });
});

describe('loadConfig: report replica', () => {
  it('reads DATABASE_REPLICA_URL beside DATABASE_URL, and refuses a replica without its primary', () => {
    expect(loadConfig({}).databaseReplicaUrl).toBeNull();
    const urls = { DATABASE_URL: 'postgres://db/primary', DATABASE_REPLICA_URL: 'postgres://db-2/primary' };
    expect(loadConfig(urls).databaseReplicaUrl).toBe('postgres://db-2/primary');
    expect(() => loadConfig({ DATABASE_REPLICA_URL: 'postgres://db-2/primary' })).toThrow(
      new ConfigError('DATABASE_REPLICA_URL needs DATABASE_URL (its primary)'),
    );
  });

  it('keeps REPLICA_CONNECTIONS connections to the replica unless PORTAL_REPLICA_CONNECTIONS says otherwise', () => {
    expect(loadConfig({}).databaseReplicaConnections).toBe(REPLICA_CONNECTIONS);
    expect(loadConfig({ PORTAL_REPLICA_CONNECTIONS: '7' }).databaseReplicaConnections).toBe(7);
    expect(() => loadConfig({ PORTAL_REPLICA_CONNECTIONS: '0' })).toThrow(
      new ConfigError("PORTAL_REPLICA_CONNECTIONS must be a positive integer, got '0'"),
    );
  });
});

describe('loadConfig: PROXY protocol', () => {
  it('reads no PROXY header unless PORTAL_TRUST_PROXY_PROTOCOL names the balancers, and refuses what is no address', () => {
    expect(loadConfig({}).trustedProxies).toEqual([]);
    expect(loadConfig({ PORTAL_TRUST_PROXY_PROTOCOL: '10.0.0.5, 10.1.0.0/16' }).trustedProxies).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
    ]);
    expect(() => loadConfig({ PORTAL_TRUST_PROXY_PROTOCOL: 'haproxy' })).toThrow(
      new ConfigError("PORTAL_TRUST_PROXY_PROTOCOL: 'haproxy' is not an IP address or network"),
    );
  });
});
