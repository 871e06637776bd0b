import { once } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureLocalCertificates } from '../tls/local-ca.ts';
import { parseProxyHeader } from './proxy-header.ts';
import { acceptProxyProtocol, trustedProxies } from './proxy-protocol.ts';

// PROXY protocol v2 (HAProxy's proxy-protocol.txt, section 2.2), written here from the specification's words:
// 12-byte signature, version 2 and command (LOCAL 0 / PROXY 1) in one byte, family (AF_INET 1, AF_INET6 2) and
// transport (STREAM 1) in one byte, the length of what follows (big-endian), then source address, destination
// address, source port, destination port.
const SIGNATURE = Buffer.from('0d0a0d0a000d0a515549540a', 'hex');

function header(options: {
  command?: number;
  version?: number;
  family?: number;
  addresses?: Buffer;
  lengthOverride?: number;
}): Buffer {
  const addresses = options.addresses ?? Buffer.alloc(0);
  const fixed = Buffer.alloc(4);
  fixed.writeUInt8(((options.version ?? 2) << 4) | (options.command ?? 1), 0);
  fixed.writeUInt8(((options.family ?? 1) << 4) | 1, 1);
  fixed.writeUInt16BE(options.lengthOverride ?? addresses.length, 2);
  return Buffer.concat([SIGNATURE, fixed, addresses]);
}

function ipv4Addresses(source: string, sourcePort: number): Buffer {
  const bytes = Buffer.alloc(12);
  source.split('.').forEach((part, i) => bytes.writeUInt8(Number(part), i));
  [10, 0, 0, 1].forEach((part, i) => bytes.writeUInt8(part, 4 + i));
  bytes.writeUInt16BE(sourcePort, 8);
  bytes.writeUInt16BE(8443, 10);
  return bytes;
}

function ipv6Addresses(groups: number[], sourcePort: number): Buffer {
  const bytes = Buffer.alloc(36);
  groups.forEach((group, i) => bytes.writeUInt16BE(group, i * 2));
  bytes.writeUInt16BE(1, 30); // destination ::1
  bytes.writeUInt16BE(sourcePort, 32);
  bytes.writeUInt16BE(8443, 34);
  return bytes;
}

const proxied = (source: string, port = 50_123) => header({ addresses: ipv4Addresses(source, port) });

let dir = '';
let ca = '';
let trustingLoopback: FastifyInstance;
let trustingOthers: FastifyInstance;
const refusals: string[] = [];

/** A portal-like Fastify HTTPS app that answers the client address it sees. */
async function portal(trusted: string[]): Promise<FastifyInstance> {
  const material = await ensureLocalCertificates(path.join(dir, 'tls'), ['localhost', '127.0.0.1']);
  ca = material.ca ?? '';
  const app = Fastify({ https: { cert: material.cert, key: material.key } });
  app.get('/ip', async (request) => ({ ip: request.ip, port: request.socket.remotePort }));
  acceptProxyProtocol(app.server, trustedProxies(trusted), {
    timeoutMs: 300,
    onRefused: (reason) => refusals.push(reason),
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  return app;
}

const portOf = (app: FastifyInstance) => (app.server.address() as net.AddressInfo).port;

/** Connects, writes `prefix` (in pieces of `pieceBytes`, one event-loop turn apart), then asks /ip over TLS. */
async function askIp(
  app: FastifyInstance,
  prefix: Buffer,
  pieceBytes = prefix.length,
): Promise<{ ip: string; port: number }> {
  const socket = net.connect(portOf(app), '127.0.0.1');
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  socket.on('error', () => undefined); // a refused handshake resets it; the TLS socket's close decides
  for (let at = 0; at < prefix.length; at += pieceBytes) {
    socket.write(prefix.subarray(at, at + pieceBytes));
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return ipOver(socket);
}

/** Asks /ip over TLS on a connected socket (its PROXY header, if any, already written). */
function ipOver(socket: net.Socket): Promise<{ ip: string; port: number }> {
  const secure = tls.connect({ socket, ca, servername: 'localhost' });
  return new Promise((resolve, reject) => {
    let text = '';
    secure.on('secureConnect', () => secure.end('GET /ip HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n'));
    secure.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    // The answer (or the refusal of a handshake that never was) is complete once the connection has closed.
    secure.on('close', () => {
      const body = text.slice(text.indexOf('\r\n\r\n') + 4);
      try {
        resolve(JSON.parse(body) as { ip: string; port: number });
      } catch {
        reject(new Error(`no answer: ${text}`));
      }
    });
  });
}

/** Connects, writes `prefix`, starts TLS; answers the error with which the server refused the handshake. */
async function refusedHandshake(app: FastifyInstance, prefix: Buffer): Promise<string> {
  const refused = once(app.server, 'tlsClientError') as Promise<[Error]>;
  const socket = net.connect(portOf(app), '127.0.0.1');
  socket.on('error', () => undefined);
  await once(socket, 'connect');
  socket.write(prefix);
  const secure = tls.connect({ socket, ca, servername: 'localhost' });
  secure.on('error', () => undefined);
  const [error] = await refused;
  secure.destroy();
  return error.message;
}

/** Connects, writes `bytes`, optionally ends, and resolves once the server has closed the connection. */
async function closedByServer(app: FastifyInstance, bytes: Buffer, end = false): Promise<void> {
  const socket = net.connect(portOf(app), '127.0.0.1');
  socket.on('error', () => undefined);
  socket.resume();
  socket.write(bytes);
  if (end) socket.end();
  await new Promise<void>((resolve) => socket.once('close', () => resolve()));
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'proxy-protocol-'));
  trustingLoopback = await portal(['127.0.0.0/8']);
  trustingOthers = await portal(['10.1.2.3', 'fd00::/8']);
});

afterAll(async () => {
  await trustingLoopback.close();
  await trustingOthers.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('PROXY protocol v2 ahead of TLS', () => {
  it("gives requests the client's IPv4 address and port from a trusted balancer's header", async () => {
    expect(await askIp(trustingLoopback, proxied('203.0.113.7', 40_001))).toEqual({ ip: '203.0.113.7', port: 40_001 });
  });

  it('reads an IPv6 source, and a header that arrives a few bytes at a time', async () => {
    const v6 = header({ family: 2, addresses: ipv6Addresses([0x2001, 0xdb8, 0, 0, 0, 0, 0, 7], 40_002) });
    expect(await askIp(trustingLoopback, v6, 5)).toEqual({ ip: '2001:db8::7', port: 40_002 });
  });

  it("keeps the socket's own address for a LOCAL header (the balancer's health check) and for no header at all", async () => {
    expect((await askIp(trustingLoopback, header({ command: 0 }))).ip).toBe('127.0.0.1');
    expect((await askIp(trustingLoopback, Buffer.alloc(0))).ip).toBe('127.0.0.1');
  });

  it('reads no header from an address it does not trust: the client cannot choose its own address', async () => {
    expect((await askIp(trustingOthers, Buffer.alloc(0))).ip).toBe('127.0.0.1');
    // The header goes to TLS as the first bytes of the handshake, which fails.
    expect(await refusedHandshake(trustingOthers, proxied('203.0.113.8'))).toMatch(/wrong version number/);
  });

  it('closes the connection on a malformed, cut-short or late header, and goes on serving', async () => {
    refusals.length = 0;
    await closedByServer(trustingLoopback, header({ version: 1, addresses: ipv4Addresses('203.0.113.9', 1) }));
    await closedByServer(trustingLoopback, header({ command: 5, addresses: ipv4Addresses('203.0.113.9', 1) }));
    await closedByServer(trustingLoopback, header({ family: 9, addresses: ipv4Addresses('203.0.113.9', 1) }));
    await closedByServer(trustingLoopback, header({ addresses: Buffer.alloc(4) })); // IPv4 needs 12 bytes
    await closedByServer(trustingLoopback, header({ lengthOverride: 60_000 }));
    await closedByServer(trustingLoopback, proxied('203.0.113.9').subarray(0, 20), true); // closed mid-header
    await closedByServer(trustingLoopback, SIGNATURE.subarray(0, 7)); // never completed: the 300 ms timeout
    expect(refusals).toEqual([
      expect.stringMatching(/version 1/),
      expect.stringMatching(/command 5/),
      expect.stringMatching(/family 9/),
      expect.stringMatching(/cut short/),
      expect.stringMatching(/too long/),
      expect.stringMatching(/closed before/),
      expect.stringMatching(/time allowed/),
    ]);
    expect(await askIp(trustingLoopback, proxied('198.51.100.4'))).toMatchObject({ ip: '198.51.100.4' });
  });
});

describe('a PROXY header on a busy node (issue #29: ingest connections reset while the soak opened 100 connections)', () => {
  it('is read when it came in time, even if the event loop was held past the timeout before it could read it', async () => {
    refusals.length = 0;
    const socket = net.connect(portOf(trustingLoopback), '127.0.0.1');
    socket.on('error', () => undefined);
    // The server has accepted the connection (its 300 ms timer runs) …
    await Promise.all([once(socket, 'connect'), once(trustingLoopback.server, 'connection')]);
    // … the header reaches its socket at once, and then the event loop is held for 400 ms — longer than the
    // timeout — before the server gets to read it: timers run before the loop polls for I/O.
    await new Promise<void>((resolve) =>
      socket.write(proxied('203.0.113.10', 40_010), () => {
        const until = performance.now() + 400;
        while (performance.now() < until) {
          // busy, like a node serving report calls on a loaded machine
        }
        resolve();
      }),
    );
    expect(await ipOver(socket)).toEqual({ ip: '203.0.113.10', port: 40_010 });
    expect(refusals).toEqual([]);
  });
});

describe('the PROXY v2 header parser', () => {
  it('tells a TLS ClientHello from a header after its first byte', () => {
    expect(parseProxyHeader(Buffer.from([0x16, 0x03, 0x01]))).toEqual({ kind: 'absent' });
    expect(parseProxyHeader(SIGNATURE.subarray(0, 3))).toEqual({ kind: 'incomplete' });
  });

  it('says where the header ends, skipping TLVs after the addresses', () => {
    const tlv = Buffer.from([0x04, 0x00, 0x02, 0xab, 0xcd]); // PP2_TYPE_NOOP with two bytes
    const withTlv = header({ addresses: Buffer.concat([ipv4Addresses('192.0.2.5', 443), tlv]) });
    const parsed = parseProxyHeader(Buffer.concat([withTlv, Buffer.from([0x16])]));
    expect(parsed).toEqual({
      kind: 'proxied',
      length: 16 + 12 + 5,
      source: { address: '192.0.2.5', port: 443, family: 'IPv4' },
    });
  });

  it('trusts addresses and networks, and refuses an entry that is neither', () => {
    const list = trustedProxies(['10.0.0.0/8', '192.0.2.1', '2001:db8::/32']);
    expect(list.check('10.200.1.1', 'ipv4')).toBe(true);
    expect(list.check('192.0.2.1', 'ipv4')).toBe(true);
    expect(list.check('192.0.2.2', 'ipv4')).toBe(false);
    expect(list.check('2001:db8::5', 'ipv6')).toBe(true);
    expect(() => trustedProxies(['haproxy.local'])).toThrow(/not an IP address/);
    expect(() => trustedProxies(['10.0.0.0/33'])).toThrow(/prefix length/);
  });
});
