/**
 * PROXY protocol v2 on the portal's HTTPS listener (issue #29): HAProxy passes TLS through (`mode tcp`), so without it
 * every request would seem to come from HAProxy. With `send-proxy-v2` HAProxy writes the client's address ahead of the
 * TLS bytes; `acceptProxyProtocol` reads that header — only on connections from the trusted balancers
 * (PORTAL_TRUST_PROXY_PROTOCOL) — before the TLS handshake starts, and gives the TLS socket the client's address, so
 * `request.ip`, the rate limits, the sign-in throttle and the logs see the client. From a trusted address the header
 * is optional (a direct connection, e.g. an operator's check, starts with a TLS record instead); from any other address
 * nothing is read and a header there fails the TLS handshake like any garbage. A malformed header, or none complete
 * within `timeoutMs`, closes the connection.
 */
import net from 'node:net';
import type { TLSSocket } from 'node:tls';
import { MAX_HEADER_BYTES, parseProxyHeader } from './proxy-header.ts';

/** How long a trusted balancer may take to send the header before the connection is closed. */
const HEADER_TIMEOUT_MS = 5000;

type ClientAddress = { address: string; port: number; family: 'IPv4' | 'IPv6' };

/** PORTAL_TRUST_PROXY_PROTOCOL's entries — addresses (`10.0.0.5`) or networks (`10.0.0.0/8`, `fd00::/8`) — as a list. */
export function trustedProxies(entries: readonly string[]): net.BlockList {
  const list = new net.BlockList();
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/');
    const type = net.isIPv6(address) ? 'ipv6' : 'ipv4';
    if (net.isIP(address) === 0) throw new Error(`'${entry}' is not an IP address or network`);
    if (prefix === undefined) {
      list.addAddress(address, type);
      continue;
    }
    const bits = Number(prefix);
    if (!Number.isInteger(bits) || bits < 0 || bits > (type === 'ipv6' ? 128 : 32))
      throw new Error(`'${entry}' has no valid prefix length`);
    list.addSubnet(address, bits, type);
  }
  return list;
}

function isTrusted(trusted: net.BlockList, socket: net.Socket): boolean {
  const address = socket.remoteAddress;
  if (address === undefined) return false;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address)?.[1];
  if (mapped !== undefined) return trusted.check(mapped, 'ipv4');
  return trusted.check(address, net.isIPv6(address) ? 'ipv6' : 'ipv4');
}

/**
 * Reads a PROXY v2 header off the start of `socket` (none there: `null`, the bytes left for TLS). Rejects on a
 * malformed header, a timeout or a connection closed early.
 */
function readHeader(socket: net.Socket, timeoutMs: number): Promise<ClientAddress | null> {
  return new Promise((resolve, reject) => {
    let received = Buffer.alloc(0);
    // Timers run before the event loop polls for I/O: after a turn of the loop longer than the timeout (a busy node),
    // the timer would fire before the header that came in time was read. So the connection is closed only if the
    // next poll for I/O has not brought the header either (setImmediate runs after it).
    let late: NodeJS.Immediate | undefined;
    const timer = setTimeout(() => {
      late = setImmediate(() => finish(new Error('no PROXY header within the time allowed')));
    }, timeoutMs);
    const finish = (outcome: Error | { client: ClientAddress | null; rest: Buffer }) => {
      clearTimeout(timer);
      clearImmediate(late);
      socket.off('readable', onReadable);
      socket.off('end', onEnd);
      socket.off('error', finish);
      if (outcome instanceof Error) return reject(outcome);
      if (outcome.rest.length > 0) socket.unshift(outcome.rest);
      resolve(outcome.client);
    };
    const onEnd = () => finish(new Error('the connection closed before its PROXY header'));
    const onReadable = () => {
      let chunk: Buffer | null;
      while ((chunk = socket.read() as Buffer | null) !== null) received = Buffer.concat([received, chunk]);
      const header = parseProxyHeader(received);
      switch (header.kind) {
        case 'incomplete':
          if (received.length > MAX_HEADER_BYTES) finish(new Error('PROXY header too long'));
          return;
        case 'invalid':
          return finish(new Error(`malformed PROXY header: ${header.reason}`));
        case 'absent':
          return finish({ client: null, rest: received });
        case 'proxied':
          return finish({ client: header.source, rest: received.subarray(header.length) });
        case 'local':
        case 'unknown-source':
          return finish({ client: null, rest: received.subarray(header.length) });
      }
    };
    socket.on('readable', onReadable);
    socket.on('end', onEnd);
    socket.on('error', finish);
  });
}

/** The client addresses read from headers, by the raw connection the TLS socket wraps. */
const clients = new WeakMap<net.Socket, ClientAddress>();

/**
 * Makes `server` (the portal's HTTPS server, before it listens) read PROXY v2 headers from `trusted` addresses. The
 * TLS server's own connection handling runs once the header is read, on the bytes after it.
 */
export function acceptProxyProtocol(
  server: net.Server,
  trusted: net.BlockList,
  options: { timeoutMs?: number; onRefused?: (reason: string) => void } = {},
): void {
  const startTls = server.listeners('connection') as ((socket: net.Socket) => void)[];
  server.removeAllListeners('connection');
  server.on('connection', (socket: net.Socket) => {
    if (!isTrusted(trusted, socket)) {
      for (const listener of startTls) listener.call(server, socket);
      return;
    }
    readHeader(socket, options.timeoutMs ?? HEADER_TIMEOUT_MS).then(
      (client) => {
        if (client !== null) clients.set(socket, client);
        for (const listener of startTls) listener.call(server, socket);
      },
      (error: unknown) => {
        options.onRefused?.(error instanceof Error ? error.message : String(error));
        socket.destroy();
      },
    );
  });
  // The TLS socket of a proxied connection answers with the client's address instead of the balancer's.
  server.prependListener('secureConnection', (tlsSocket: TLSSocket & { _parent?: net.Socket }) => {
    const client = tlsSocket._parent === undefined ? undefined : clients.get(tlsSocket._parent);
    if (client === undefined) return;
    Object.defineProperties(tlsSocket, {
      remoteAddress: { value: client.address },
      remotePort: { value: client.port },
      remoteFamily: { value: client.family },
    });
  });
}
