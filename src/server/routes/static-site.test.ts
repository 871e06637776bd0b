import fs from 'node:fs';
import fsPromises from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config.ts';
import { createApiTestHarness, type ApiTestHarness } from '../testing/api-test-harness.ts';
import { precompressDir, writeMissingBrotliCopies } from '../static/vite-precompress-plugin.ts';
import { contentSecurityPolicy } from './static-site.ts';

/** A built chunk large enough to be compressed (the build skips files under 1 KB). */
const REPORT_JS = Array.from({ length: 200 }, (_, index) => `export const panel${index} = 'panel ${index}';`).join(
  '\n',
);

describe('static SPA serving', () => {
  let dist: string;
  let h: ApiTestHarness;

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.mkdirSync(path.join(dist, 'docs'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Fleet Portal</title>');
    fs.writeFileSync(path.join(dist, 'redirect.html'), '<!doctype html><title>redirect</title>');
    fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    fs.writeFileSync(path.join(dist, 'assets', 'report-def456.js'), REPORT_JS);
    await precompressDir(dist);
    fs.writeFileSync(path.join(dist, 'docs', 'privacy-policy.html'), '<!doctype html><title>Privacy Policy</title>');
    fs.writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("install", () => {})');
    fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    fs.mkdirSync(path.join(dist, 'images', 'printers'), { recursive: true });
    fs.writeFileSync(path.join(dist, 'images', 'printers', 'dtg.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    h = await createApiTestHarness({ distDir: dist });
  });

  afterAll(async () => {
    await h.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string) => h.app.inject({ method: 'GET', url });

  it('serves index.html with a strict policy and no caching', async () => {
    const response = await get('/');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>Fleet Portal</title>');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("frame-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('same-origin');
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  it('falls back to index.html for client-side routes', async () => {
    // '/api' alone is the API management page; only '/api/…' belongs to the server.
    for (const url of ['/reports/overview', '/reports/systems/page/DTG-10021?day=2024-03-05', '/settings', '/api']) {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toContain('<title>Fleet Portal</title>');
      expect(response.headers['content-security-policy']).toBeDefined();
    }
  });

  it('serves the MSAL redirect bridge without Cross-Origin-Opener-Policy', async () => {
    const response = await get('/redirect.html');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cross-origin-opener-policy']).toBeUndefined();
    expect(response.headers['content-security-policy']).toBeDefined();
  });

  it("sends the build's brotli or gzip copy to a browser that accepts it, the file itself otherwise", async () => {
    const url = '/assets/report-def456.js';
    const as = (encoding: string) => h.app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });
    const br = await as('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(REPORT_JS);
    expect(br.rawPayload.length).toBeLessThan(REPORT_JS.length / 4);
    const gz = await as('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(REPORT_JS);
    const plain = await as('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(REPORT_JS);
  });

  it('caches hashed assets for a year and revalidates other files', async () => {
    const asset = await get('/assets/index-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get('/sw.js')).headers['cache-control']).toBe('no-cache');
  });

  it('keeps the icon and the printer pictures for a day: Chromium asks for the icon again on every filter change', async () => {
    for (const file of ['/favicon.svg', '/images/printers/dtg.svg']) {
      const response = await get(file);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=86400');
    }
  });

  it('serves /docs/{name}.html for the document viewer, framable by the portal only', async () => {
    const response = await get('/docs/privacy-policy.html');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Privacy Policy');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'self'");
  });

  it('answers 404 (not the app) for missing files, API and identity paths', async () => {
    for (const url of ['/assets/missing.js', '/docs/unknown.html', '/api/unknown', '/idp/unknown']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
    }
  });
});

describe('static SPA serving while the brotli copies are written (npm start, after its ready line)', () => {
  const chunks = Array.from({ length: 4 }, (_, chunk) => ({
    url: `/assets/chunk${chunk}-abc.js`,
    text: Array.from(
      { length: 500 + chunk * 100 },
      (_, index) => `export const c${chunk}v${index} = ${(index * 7919 + chunk) % 10007};`,
    ).join('\n'),
  }));
  let dist: string;
  let h: ApiTestHarness;

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-dist-brotli-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Fleet Portal</title>');
    for (const { url, text } of chunks) fs.writeFileSync(path.join(dist, url), text);
    await precompressDir(dist, { brotli: false });
    h = await createApiTestHarness({ distDir: dist });
  });

  afterAll(async () => {
    await h.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const request = (url: string, encoding: string) =>
    h.app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });
  const decoded = (response: Awaited<ReturnType<typeof request>>) => {
    const encoding = response.headers['content-encoding'];
    if (encoding === 'br') return zlib.brotliDecompressSync(response.rawPayload).toString();
    if (encoding === 'gzip') return zlib.gunzipSync(response.rawPayload).toString();
    return response.body;
  };

  it('sends the gzip copy to a brotli browser until the brotli copy exists, never a partly written one', async () => {
    const [first] = chunks;
    const before = await request(first?.url ?? '', 'br, gzip');
    expect(before.headers['content-encoding']).toBe('gzip');
    expect(before.headers['vary']).toBe('accept-encoding');
    expect(decoded(before)).toBe(first?.text);

    // A slow disk: every file is written in two halves, and between them every chunk is requested as a browser that
    // takes brotli would: each answer must be complete in the encoding it names.
    const answers: string[] = [];
    const writeFile = vi.spyOn(fsPromises, 'writeFile').mockImplementation(async (file, data) => {
      const content = Buffer.from(data as Buffer);
      const handle = await fsPromises.open(file as string, 'w');
      try {
        await handle.write(content, 0, content.length >> 1);
        for (const { url, text } of chunks) {
          const response = await request(url, 'gzip, deflate, br');
          expect(response.statusCode, url).toBe(200);
          expect(decoded(response), url).toBe(text);
          answers.push(String(response.headers['content-encoding']));
        }
        await handle.write(content, content.length >> 1);
      } finally {
        await handle.close();
      }
    });
    try {
      expect(await writeMissingBrotliCopies(dist)).toHaveLength(chunks.length);
    } finally {
      writeFile.mockRestore();
    }
    expect(answers).toHaveLength(chunks.length * chunks.length);
    expect(answers).toContain('gzip');
    expect(answers).toContain('br');

    for (const { url, text } of chunks) {
      const br = await request(url, 'gzip, deflate, br');
      expect(br.headers['content-encoding']).toBe('br');
      expect(decoded(br)).toBe(text);
      const gz = await request(url, 'gzip');
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(decoded(gz)).toBe(text);
      const plain = await request(url, 'identity');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(text);
    }
  });
});

describe('contentSecurityPolicy', () => {
  it('lets MSAL reach an external identity provider', () => {
    const config = loadConfig({
      PORTAL_OIDC_ISSUER: 'https://login.example.test/tenant/v2.0',
      PORTAL_OIDC_CLIENT_ID: 'x',
    });
    const csp = contentSecurityPolicy(config);
    expect(csp).toContain("connect-src 'self' https://login.example.test");
    expect(csp).toContain("frame-src 'self' https://login.example.test");
  });
});
