import crypto from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { ensureLocalCertificates, loadTlsMaterial, requiredNames, type TlsMaterial } from './local-ca.ts';

const NAMES = ['localhost', '127.0.0.1', '::1'];

describe('local CA', () => {
  let dir: string;
  let first: TlsMaterial;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-tls-'));
    first = await ensureLocalCertificates(dir, NAMES);
  });

  afterAll(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('writes ca.crt, ca.key, server.crt and server.key, keys readable by the owner only', () => {
    for (const file of ['ca.crt', 'ca.key', 'server.crt', 'server.key'])
      expect(fs.existsSync(path.join(dir, file))).toBe(true);
    expect(fs.statSync(path.join(dir, 'ca.key')).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.join(dir, 'server.key')).mode & 0o777).toBe(0o600);
    expect(first.caPath).toBe(path.join(dir, 'ca.crt'));
  });

  it('issues an ECDSA P-256 server certificate that chains to the CA and covers the loopback names', () => {
    const ca = new crypto.X509Certificate(first.ca ?? '');
    const cert = new crypto.X509Certificate(first.cert);
    expect(ca.ca).toBe(true);
    expect(cert.checkIssued(ca)).toBe(true);
    expect(cert.verify(ca.publicKey)).toBe(true);
    expect(ca.verify(ca.publicKey)).toBe(true);
    expect(cert.publicKey.asymmetricKeyDetails?.namedCurve).toBe('prime256v1');
    expect(cert.checkHost('localhost')).toBe('localhost');
    expect(cert.checkIP('127.0.0.1')).toBe('127.0.0.1');
    expect(cert.checkIP('::1')).toBe('::1');
    expect(crypto.createPrivateKey(first.key).asymmetricKeyType).toBe('ec');
  });

  it('reuses the files on the next start', async () => {
    const again = await ensureLocalCertificates(dir, NAMES);
    expect(again.cert).toBe(first.cert);
    expect(again.ca).toBe(first.ca);
    expect(again.key).toBe(first.key);
  });

  it('re-issues the server certificate (same CA) when a host name is not covered', async () => {
    const wider = await ensureLocalCertificates(dir, [...NAMES, 'portal.example.test']);
    expect(wider.ca).toBe(first.ca);
    expect(wider.cert).not.toBe(first.cert);
    expect(new crypto.X509Certificate(wider.cert).checkHost('portal.example.test')).toBe('portal.example.test');
  });

  it('re-issues the server certificate when it expires within 30 days', async () => {
    const current = await ensureLocalCertificates(dir, NAMES);
    const later = new Date(Date.now() + 380 * 86_400_000);
    const renewed = await ensureLocalCertificates(dir, NAMES, later);
    expect(renewed.ca).toBe(first.ca);
    expect(renewed.cert).not.toBe(current.cert);
    expect(new Date(new crypto.X509Certificate(renewed.cert).validTo).getTime()).toBeGreaterThan(later.getTime());
  });

  it('is accepted by a TLS client that trusts only the CA', async () => {
    const material = await ensureLocalCertificates(dir, NAMES);
    const server = https.createServer({ cert: material.cert, key: material.key }, (_req, res) => res.end('hello'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const body = await new Promise<string>((resolve, reject) => {
        https
          .get(
            { host: '127.0.0.1', servername: 'localhost', port, ca: material.ca ?? '', rejectUnauthorized: true },
            (res) => {
              let text = '';
              res.on('data', (chunk: Buffer) => (text += chunk.toString()));
              res.on('end', () => resolve(text));
            },
          )
          .on('error', reject);
      });
      expect(body).toBe('hello');
    } finally {
      server.close();
    }
  });

  it('explains how to trust the CA on each platform and for Node', () => {
    for (const hint of [
      'update-ca-certificates',
      'security add-trusted-cert',
      'certutil -addstore',
      'nssdb',
      'NODE_EXTRA_CA_CERTS',
    ]) {
      expect(first.trustInstructions).toContain(hint);
    }
    expect(first.trustInstructions).toContain(path.join(dir, 'ca.crt'));
  });
});

describe('loadTlsMaterial', () => {
  it('covers the listen host and the public URL host besides loopback', () => {
    const config = loadConfig(
      { PORTAL_HOST: 'portal.lan', PORTAL_PUBLIC_URL: 'https://fleet.example.test:9443' },
      '/tmp',
    );
    expect(requiredNames(config)).toEqual(['localhost', '127.0.0.1', '::1', 'portal.lan', 'fleet.example.test']);
    expect(requiredNames({ host: '0.0.0.0', publicUrl: 'https://localhost:8443' })).toEqual(NAMES);
  });

  it('loads the configured certificate files instead of generating', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-tls-own-'));
    try {
      const generated = await ensureLocalCertificates(path.join(dir, 'gen'), NAMES);
      fs.writeFileSync(path.join(dir, 'own.crt'), generated.cert);
      fs.writeFileSync(path.join(dir, 'own.key'), generated.key);
      const config = loadConfig(
        {
          PORTAL_DATA_DIR: path.join(dir, 'data'),
          PORTAL_TLS_CERT: path.join(dir, 'own.crt'),
          PORTAL_TLS_KEY: path.join(dir, 'own.key'),
        },
        dir,
      );
      const material = await loadTlsMaterial(config);
      expect(material).toMatchObject({ cert: generated.cert, key: generated.key, ca: null, caPath: null });
      expect(fs.existsSync(path.join(dir, 'data', 'tls'))).toBe(false);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
