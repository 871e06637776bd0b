import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { PortalConfig } from '../config.ts';
import { x509Library } from './x509-library.ts';

/** Certificate and key the HTTPS server uses, plus what to tell the user about trusting them. */
export interface TlsMaterial {
  cert: string;
  key: string;
  /** PEM of the generated local CA; null when PORTAL_TLS_CERT/PORTAL_TLS_KEY name a real certificate. */
  ca: string | null;
  caPath: string | null;
  /** Multi-line text for the start-up banner. */
  trustInstructions: string;
}

export const DAY_MS = 86_400_000;
/** A certificate closer than this to its end is replaced on start. */
const RENEW_BEFORE_MS = 30 * DAY_MS;
const CA_LIFETIME_MS = 10 * 365 * DAY_MS;
/** 397 days: the longest lifetime browsers accept for a server certificate. */
const SERVER_LIFETIME_MS = 397 * DAY_MS;
export const EC_KEY = { name: 'ECDSA', namedCurve: 'P-256' } as const;
export const SIGNING = { name: 'ECDSA', hash: 'SHA-256' } as const;
const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '']);

/** Host names and addresses the server certificate must cover: loopback, the listen host and the public URL's host. */
export function requiredNames(config: Pick<PortalConfig, 'host' | 'publicUrl'>): string[] {
  const publicHost = new URL(config.publicUrl).hostname.replace(/^\[(.*)\]$/, '$1');
  const names = ['localhost', '127.0.0.1', '::1', config.host, publicHost].filter((name) => !WILDCARD_HOSTS.has(name));
  return [...new Set(names)];
}

/**
 * The TLS certificate and key for the HTTPS server. With config.tls.certFile/keyFile those files are used as they are;
 * otherwise a local CA and a server certificate signed by it live in <dataDir>/tls (ca.crt, ca.key, server.crt, server.key),
 * generated on first start and reused later; the server certificate is renewed when it nears its end or misses a host name.
 */
export async function loadTlsMaterial(config: PortalConfig): Promise<TlsMaterial> {
  if (config.tls.certFile !== null && config.tls.keyFile !== null) {
    return {
      cert: fs.readFileSync(config.tls.certFile, 'utf8'),
      key: fs.readFileSync(config.tls.keyFile, 'utf8'),
      ca: null,
      caPath: null,
      trustInstructions: `TLS: using the certificate ${config.tls.certFile} (PORTAL_TLS_CERT).`,
    };
  }
  return ensureLocalCertificates(path.join(config.dataDir, 'tls'), requiredNames(config));
}

/** A certificate and its private key, both PEM. */
export interface KeyPair {
  certPem: string;
  keyPem: string;
}

/** Generates or reuses the local CA and server certificate in `tlsDir` for `names`. */
export async function ensureLocalCertificates(tlsDir: string, names: string[], now = new Date()): Promise<TlsMaterial> {
  fs.mkdirSync(tlsDir, { recursive: true });
  const files = {
    caCert: path.join(tlsDir, 'ca.crt'),
    caKey: path.join(tlsDir, 'ca.key'),
    serverCert: path.join(tlsDir, 'server.crt'),
    serverKey: path.join(tlsDir, 'server.key'),
  };

  let ca = readPair(files.caCert, files.caKey);
  if (ca === null || expiresSoon(ca.certPem, now)) {
    ca = await createCa('Fleet Portal local CA', now);
    writePair(files.caCert, files.caKey, ca);
  }

  let server = readPair(files.serverCert, files.serverKey);
  if (server === null || !isServerCertUsable(server.certPem, ca.certPem, names, now)) {
    server = await createServerCert(ca, names, now);
    writePair(files.serverCert, files.serverKey, server);
  }

  return {
    cert: server.certPem,
    key: server.keyPem,
    ca: ca.certPem,
    caPath: files.caCert,
    trustInstructions: trustInstructions(files.caCert),
  };
}

export function readPair(certPath: string, keyPath: string): KeyPair | null {
  if (!fs.existsSync(certPath) || !fs.existsSync(keyPath)) return null;
  return { certPem: fs.readFileSync(certPath, 'utf8'), keyPem: fs.readFileSync(keyPath, 'utf8') };
}

function writeAtomically(file: string, content: string, mode: number): void {
  const temp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temp, content, { mode });
  fs.chmodSync(temp, mode);
  fs.renameSync(temp, file);
}

export function writePair(certPath: string, keyPath: string, pair: KeyPair): void {
  writeAtomically(keyPath, pair.keyPem, 0o600);
  writeAtomically(certPath, pair.certPem, 0o644);
}

/** True when the certificate is not valid for at least another 30 days from `now` (or not valid yet, after a clock change). */
function expiresSoon(certPem: string, now: Date): boolean {
  const cert = new crypto.X509Certificate(certPem);
  return (
    new Date(cert.validFrom).getTime() > now.getTime() ||
    new Date(cert.validTo).getTime() - now.getTime() < RENEW_BEFORE_MS
  );
}

function covers(cert: crypto.X509Certificate, name: string): boolean {
  return net.isIP(name) === 0 ? cert.checkHost(name) !== undefined : cert.checkIP(name) !== undefined;
}

function isServerCertUsable(certPem: string, caPem: string, names: string[], now: Date): boolean {
  const cert = new crypto.X509Certificate(certPem);
  const ca = new crypto.X509Certificate(caPem);
  return (
    !expiresSoon(certPem, now) &&
    cert.checkIssued(ca) &&
    cert.verify(ca.publicKey) &&
    names.every((name) => covers(cert, name))
  );
}

/** A new ECDSA P-256 key pair (extractable, to be exported as PEM). */
export async function generateKeys(): Promise<CryptoKeyPair> {
  return crypto.webcrypto.subtle.generateKey(EC_KEY, true, ['sign', 'verify']) as Promise<CryptoKeyPair>;
}

export function privateKeyPem(key: CryptoKey): string {
  return crypto.KeyObject.from(key).export({ type: 'pkcs8', format: 'pem' }).toString();
}

export function serialNumber(): string {
  // Positive 16-byte serial (high bit clear), as RFC 5280 asks.
  const bytes = crypto.randomBytes(16);
  bytes[0] = (bytes[0] ?? 0) & 0x7f;
  return bytes.toString('hex');
}

/** A new self-signed CA named `<commonName> (<host>)`, valid from a day ago for CA_LIFETIME_MS. */
export async function createCa(commonName: string, now: Date): Promise<KeyPair> {
  const x509 = await x509Library();
  const keys = await generateKeys();
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: serialNumber(),
    name: `CN=${commonName} (${os.hostname()}), O=Fleet Portal`,
    notBefore: new Date(now.getTime() - DAY_MS),
    notAfter: new Date(now.getTime() + CA_LIFETIME_MS),
    signingAlgorithm: SIGNING,
    keys,
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
    ],
  });
  return { certPem: cert.toString('pem'), keyPem: privateKeyPem(keys.privateKey) };
}

async function createServerCert(ca: KeyPair, names: string[], now: Date): Promise<KeyPair> {
  const x509 = await x509Library();
  const caCert = new x509.X509Certificate(ca.certPem);
  // Node's webcrypto key and the DOM CryptoKey type the library declares are the same object at run time.
  const caKey = (await crypto.createPrivateKey(ca.keyPem).toCryptoKey(EC_KEY, false, ['sign'])) as unknown as CryptoKey;
  const keys = await generateKeys();
  const cert = await x509.X509CertificateGenerator.create({
    serialNumber: serialNumber(),
    subject: `CN=${names[0] ?? 'localhost'}, O=Fleet Portal`,
    issuer: caCert.subject,
    notBefore: new Date(now.getTime() - DAY_MS),
    notAfter: new Date(now.getTime() + SERVER_LIFETIME_MS),
    signingAlgorithm: SIGNING,
    publicKey: keys.publicKey,
    signingKey: caKey,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth]),
      new x509.SubjectAlternativeNameExtension(
        names.map((name) => ({ type: net.isIP(name) === 0 ? ('dns' as const) : ('ip' as const), value: name })),
      ),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
      await x509.AuthorityKeyIdentifierExtension.create(caCert.publicKey),
    ],
  });
  return { certPem: cert.toString('pem'), keyPem: privateKeyPem(keys.privateKey) };
}

function trustInstructions(caPath: string): string {
  return [
    'TLS: the portal signs its certificate with a local certificate authority created for this machine:',
    `  ${caPath}`,
    'Trust it once so browsers and tools accept the portal without warnings:',
    `  Debian/Ubuntu: sudo cp '${caPath}' /usr/local/share/ca-certificates/fleet-portal-local-ca.crt && sudo update-ca-certificates`,
    `  macOS:         sudo security add-trusted-cert -d -r trustRoot -k /Library/Keychains/System.keychain '${caPath}'`,
    `  Windows:       certutil -addstore -f Root "${caPath}"   (in an administrator prompt)`,
    `  Chromium/Chrome on Linux (own certificate store): certutil -d sql:$HOME/.pki/nssdb -A -t "C,," -n "Fleet Portal local CA" -i '${caPath}'`,
    '                 or Settings > Privacy and security > Security > Manage certificates > Authorities > Import.',
    `  Node.js tools: export NODE_EXTRA_CA_CERTS='${caPath}'`,
    'Keep ca.key private: anyone holding it can issue certificates this machine would trust.',
  ].join('\n');
}
