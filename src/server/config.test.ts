import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig: demo fleet simulator', () => {
  it('defaults to 400 days of history, live telemetry every 5 s and the Apollo demo tenant on the Live Dashboard', () => {
    const config = loadConfig({}, '/srv/portal');
    expect(config.simulator).toEqual({ historyDays: 400, live: true, liveIntervalMs: 5000 });
    expect(config.liveDashboardTenants).toEqual(['sunrise-apparel']);
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
    expect(config.simulator).toEqual({ historyDays: 30, live: false, liveIntervalMs: 1000 });
    expect(config.liveDashboardTenants).toEqual([]);
  });

  it('rejects a history of zero days or a bad live switch with the variable named', () => {
    expect(() => loadConfig({ PORTAL_DEMO_HISTORY_DAYS: '0' })).toThrow(
      new ConfigError("PORTAL_DEMO_HISTORY_DAYS must be a positive integer, got '0'"),
    );
    expect(() => loadConfig({ PORTAL_SIMULATOR_LIVE_INTERVAL_MS: 'often' })).toThrow(
      /PORTAL_SIMULATOR_LIVE_INTERVAL_MS/,
    );
    expect(() => loadConfig({ PORTAL_SIMULATOR_LIVE: 'maybe' })).toThrow(/PORTAL_SIMULATOR_LIVE must be 0 or 1/);
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
