import { mkdtempSync, rmSync } from 'node:fs';
import https from 'node:https';
import type net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureLocalCertificates } from '../../src/server/tls/local-ca.ts';
import { RawHttpsConnection } from './raw-https-connection.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'raw-https-'));
let server: https.Server;
let base = '';
let ca = '';
const connections: net.Socket[] = [];
/** The sizes of the chunks each connection's server side read, in order. */
const reads = new Map<net.Socket, number[]>();
const received: { method: string; url: string; authorization: string | undefined; body: string }[] = [];

beforeAll(async () => {
  const material = await ensureLocalCertificates(path.join(dir, 'tls'), ['localhost', '127.0.0.1']);
  ca = material.ca ?? '';
  server = https.createServer({ cert: material.cert, key: material.key }, (request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const route = (request.url ?? '').split('?')[0];
      received.push({
        method: request.method ?? '',
        url: request.url ?? '',
        authorization: request.headers.authorization,
        body,
      });
      if (route === '/json') response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      else if (route === '/chunked') {
        response.writeHead(200, { 'content-type': 'text/plain' });
        response.write('first part, ');
        setTimeout(() => response.end('second part'), 20);
      } else if (route === '/busy') response.writeHead(503).end('busy');
      else if (route === '/reset') request.socket.destroy();
      else if (route === '/slow') setTimeout(() => response.writeHead(200).end('late'), 500);
      else if (route === '/closes') response.writeHead(200, { connection: 'close' }).end('bye');
      else response.writeHead(404).end();
    });
  });
  server.on('secureConnection', (socket: net.Socket) => {
    connections.push(socket);
    const chunks: number[] = [];
    reads.set(socket, chunks);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk.length));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `https://localhost:${(server.address() as net.AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

describe('RawHttpsConnection', () => {
  it('sends one call after the other on one kept connection, with its headers and body', async () => {
    const connection = new RawHttpsConnection(base, ca);
    const before = connections.length;
    const post = {
      method: 'POST',
      path: '/json?day=1',
      headers: { authorization: 'Bearer t' },
      body: '{"systems":[]}',
    };
    await expect(connection.send(post, 5000)).resolves.toEqual({ status: 200, failure: null, answered: true });
    await expect(connection.send({ method: 'GET', path: '/chunked', headers: {} }, 5000)).resolves.toEqual({
      status: 200,
      failure: null,
      answered: true,
    });
    await expect(connection.send(post, 5000)).resolves.toMatchObject({ status: 200 });
    expect(connections.length - before).toBe(1);
    expect(received.slice(-3).map(({ method, url }) => `${method} ${url}`)).toEqual([
      'POST /json?day=1',
      'GET /chunked',
      'POST /json?day=1',
    ]);
    expect(received.at(-1)).toMatchObject({ authorization: 'Bearer t', body: '{"systems":[]}' });
    connection.close();
  });

  it("writes a call's head and body at once, as a browser does (not the body after the server acknowledged the head)", async () => {
    const connection = new RawHttpsConnection(base, ca);
    const before = connections.length;
    const body = JSON.stringify({ systems: ['A-1', 'A-2'] });
    const answer = connection.send({ method: 'POST', path: '/json', headers: {}, body }, 5000);
    await expect(answer).resolves.toMatchObject({ status: 200 });
    const socket = connections[before]!;
    expect(received.at(-1)).toMatchObject({ method: 'POST', body });
    expect(reads.get(socket)).toHaveLength(1);
    connection.close();
  });

  it('says an answer that is not 2xx failed, and keeps the connection', async () => {
    const connection = new RawHttpsConnection(base, ca);
    const before = connections.length;
    await expect(connection.send({ method: 'GET', path: '/busy', headers: {} }, 5000)).resolves.toEqual({
      status: 503,
      failure: 'HTTP 503',
      answered: true,
    });
    await expect(connection.send({ method: 'GET', path: '/json', headers: {} }, 5000)).resolves.toMatchObject({
      status: 200,
    });
    expect(connections.length - before).toBe(1);
    connection.close();
  });

  it('reports a connection ended before any answer as not answered, and opens another for the next call', async () => {
    const connection = new RawHttpsConnection(base, ca);
    const before = connections.length;
    await expect(connection.send({ method: 'GET', path: '/reset', headers: {} }, 5000)).resolves.toMatchObject({
      status: 0,
      answered: false,
    });
    await expect(connection.send({ method: 'GET', path: '/json', headers: {} }, 5000)).resolves.toMatchObject({
      status: 200,
    });
    await expect(connection.send({ method: 'GET', path: '/closes', headers: {} }, 5000)).resolves.toMatchObject({
      status: 200,
    });
    await expect(connection.send({ method: 'GET', path: '/json', headers: {} }, 5000)).resolves.toMatchObject({
      status: 200,
    });
    expect(connections.length - before).toBe(3);
    connection.close();
  });

  it('gives up on a call after its timeout', async () => {
    const connection = new RawHttpsConnection(base, ca);
    await expect(connection.send({ method: 'GET', path: '/slow', headers: {} }, 100)).resolves.toEqual({
      status: 0,
      failure: 'TIMEOUT',
      answered: false,
    });
    await expect(connection.send({ method: 'GET', path: '/json', headers: {} }, 5000)).resolves.toMatchObject({
      status: 200,
    });
    connection.close();
  });
});
