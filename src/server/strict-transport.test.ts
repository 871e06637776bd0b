import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerIdentityProvider } from './idp/identity-provider.ts';
import { strictTransportSecurity } from './strict-transport.ts';
import { createApiTestHarness, type ApiTestHarness } from './testing/api-test-harness.ts';

describe('Strict-Transport-Security', () => {
  let dist: string;
  let keysDir: string;
  let h: ApiTestHarness;

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-dist-'));
    keysDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-keys-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Fleet Portal</title>');
    h = await createApiTestHarness({
      distDir: dist,
      registerExtras: async (app, config, db) => {
        await registerIdentityProvider(app, { config, db, keysDir });
      },
    });
  });

  afterAll(async () => {
    await h.close();
    fs.rmSync(dist, { recursive: true, force: true });
    fs.rmSync(keysDir, { recursive: true, force: true });
  });

  it('is sent for a year on every response of an https portal: API, errors, web app and identity provider', async () => {
    const urls = [
      '/api/health',
      '/api/users/profile-data',
      '/api/nothing-here',
      '/config.js',
      '/',
      '/reports/overview',
    ];
    urls.push('/idp/.well-known/openid-configuration', '/idp/interaction/unknown-uid');
    for (const url of urls) {
      const response = await h.app.inject({ method: 'GET', url });
      expect([url, response.headers['strict-transport-security']]).toEqual([url, 'max-age=31536000']);
    }
  });

  it('is left out on localhost, where it would also force HTTPS onto the dev server and Storybook, and over HTTP', () => {
    expect(strictTransportSecurity('https://portal.example.com')).toBe('max-age=31536000');
    expect(strictTransportSecurity('https://localhost:8443')).toBeNull();
    expect(strictTransportSecurity('https://fleet.localhost:8443')).toBeNull();
    expect(strictTransportSecurity('http://portal.example.com')).toBeNull();
  });
});
