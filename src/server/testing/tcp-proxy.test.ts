import net from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTcpProxy, type TcpProxy } from './tcp-proxy.ts';

/** The echo server's own sockets (its side of each proxied connection). */
const sockets = new WeakMap<net.Server, Set<net.Socket>>();

/** A plain TCP echo server that counts the bytes and connections it received. */
interface Echo {
  server: net.Server;
  port: number;
  bytes: () => number;
  connections: () => number;
}

async function startEcho(): Promise<Echo> {
  let bytes = 0;
  let connections = 0;
  const open = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    connections += 1;
    open.add(socket);
    socket.on('close', () => open.delete(socket));
    socket.on('data', (chunk) => {
      bytes += chunk.length;
      socket.write(chunk);
    });
    socket.on('error', () => undefined);
  });
  sockets.set(server, open);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    server,
    port: (server.address() as net.AddressInfo).port,
    bytes: () => bytes,
    connections: () => connections,
  };
}

/** A client socket that collects what it receives, and how it ended. */
interface Client {
  socket: net.Socket;
  received: () => string;
  error: () => NodeJS.ErrnoException | null;
  closed: Promise<void>;
}

function connect(port: number): Promise<Client> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    let received = '';
    let error: NodeJS.ErrnoException | null = null;
    socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
    const closed = new Promise<void>((done) => socket.once('close', () => done()));
    socket.once('error', (failure) => {
      error = failure;
      reject(failure);
    });
    socket.once('connect', () => resolve({ socket, received: () => received, error: () => error, closed }));
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function eventually(check: () => boolean, timeoutMs = 2_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(10);
  }
}

describe('the outage tests’ TCP proxy', () => {
  let echo: Echo;
  let proxy: TcpProxy;
  const clients: net.Socket[] = [];
  const open = async (port = proxy.port) => {
    const client = await connect(port);
    clients.push(client.socket);
    return client;
  };

  beforeEach(async () => {
    echo = await startEcho();
    proxy = await startTcpProxy({ target: { host: '127.0.0.1', port: echo.port } });
  });

  afterEach(async () => {
    for (const socket of clients.splice(0)) socket.destroy();
    await proxy.close();
    for (const socket of echoSockets(echo)) socket.destroy();
    await new Promise((resolve) => echo.server.close(resolve));
  });

  it('pass: forwards bytes both ways', async () => {
    const client = await open();
    client.socket.write('hello');
    await eventually(() => client.received() === 'hello');
    expect(proxy.connections).toBe(1);
  });

  it('pause: nothing flows and sockets stay open; a new connection is accepted but gets nothing; pass resumes both', async () => {
    const before = await open();
    before.socket.write('a');
    await eventually(() => before.received() === 'a');

    await proxy.setMode('pause');
    before.socket.write('b');
    // Accepted (the connect event fires), yet the echo server never hears of it while paused.
    const during = await open();
    during.socket.write('c');
    await sleep(300);
    expect(echo.bytes()).toBe(1);
    expect(echo.connections()).toBe(1);
    expect(before.received()).toBe('a');
    expect(during.received()).toBe('');
    expect(before.socket.destroyed).toBe(false);
    expect(during.socket.destroyed).toBe(false);

    await proxy.setMode('pass');
    await eventually(() => before.received() === 'ab' && during.received() === 'c');
    expect(echo.connections()).toBe(2);
  });

  it('nextData: resolves when bytes are next forwarded in that direction', async () => {
    const client = await open();
    const toTarget = proxy.nextData('toTarget');
    const toClient = proxy.nextData('toClient');
    let answered = false;
    void toClient.then(() => (answered = true));
    client.socket.write('ping');
    await toTarget;
    await toClient;
    expect(answered).toBe(true);
    await eventually(() => client.received() === 'ping');
  });

  it('pause: the echo server’s answers are held too, not only the client’s bytes', async () => {
    const client = await open();
    client.socket.write('x');
    await eventually(() => client.received() === 'x');
    // The bytes reach the echo server before the pause; its answer must wait for the link.
    await proxy.setMode('pause');
    const upstreamSide = [...echoSockets(echo)];
    expect(upstreamSide).toHaveLength(1);
    upstreamSide[0]?.write('from-server');
    await sleep(300);
    expect(client.received()).toBe('x');
    await proxy.setMode('pass');
    await eventually(() => client.received() === 'xfrom-server');
  });

  it('refuse: resets open connections and refuses new ones at once; pass listens again on the same port', async () => {
    const client = await open();
    client.socket.write('a');
    await eventually(() => client.received() === 'a');

    await proxy.setMode('refuse');
    await client.closed;
    expect(client.error()?.code).toBe('ECONNRESET');
    await expect(connect(proxy.port)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    expect(proxy.connections).toBe(0);

    const port = proxy.port;
    await proxy.setMode('pass');
    const after = await open(port);
    after.socket.write('again');
    await eventually(() => after.received() === 'again');
  });

  it('refuse after pause: paused connections are reset too', async () => {
    const client = await open();
    await proxy.setMode('pause');
    await proxy.setMode('refuse');
    await client.closed;
    expect(client.error()?.code).toBe('ECONNRESET');
  });

  it('a target that refuses closes the client’s connection, as an unreachable backend would', async () => {
    const echoPort = echo.port;
    for (const socket of echoSockets(echo)) socket.destroy();
    await new Promise((resolve) => echo.server.close(resolve));
    const client = await open();
    await client.closed;
    expect(proxy.connections).toBe(0);
    // The target is back on its port: the next connection goes through.
    echo = await startEchoOn(echoPort);
    const next = await open();
    next.socket.write('back');
    await eventually(() => next.received() === 'back');
  });
});

function echoSockets(echo: Echo): Set<net.Socket> {
  return sockets.get(echo.server) ?? new Set();
}

async function startEchoOn(port: number): Promise<Echo> {
  const echo = await startEcho();
  await new Promise((resolve) => echo.server.close(resolve));
  await new Promise<void>((resolve) => echo.server.listen(port, '127.0.0.1', resolve));
  return { ...echo, port };
}
