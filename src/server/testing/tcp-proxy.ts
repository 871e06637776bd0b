import net from 'node:net';

/**
 * Test support (not product code): a loopback TCP proxy to put between a browser and a portal and cut the link on
 * command, as a failing switch or a cable would (issue #32's outage tests, tests/e2e/outage.spec.ts). It forwards raw
 * bytes, so TLS stays end to end: the browser talks to the portal's own certificate, only through another port.
 *
 * Modes:
 * - `pass`: bytes flow both ways.
 * - `pause`, a silent drop: nothing is forwarded in either direction and no socket is read, so the peers' kernel buffers
 *   fill and their writes stall; every socket stays open. A new connection is accepted (the kernel completes the
 *   handshake) but gets nothing: it is neither read nor connected onwards.
 * - `refuse`, a hard drop: every connection is reset (RST to both peers) and the port stops listening, so a new
 *   connection is refused at once (ECONNREFUSED).
 * Back to `pass`: the port listens again (after `refuse`), and paused connections resume where they stopped, held
 * bytes first, as TCP connections do when a switch recovers within their timeouts; a connection accepted while paused
 * is connected onwards then. Whatever a peer gave up on meanwhile (a closed or reset socket) is seen then and passed on.
 */
export type ProxyMode = 'pass' | 'pause' | 'refuse';

export interface TcpProxy {
  /** The port the proxy listens on (kept across `refuse`). */
  readonly port: number;
  readonly mode: ProxyMode;
  /** Client connections open now (with or without their upstream connection). */
  readonly connections: number;
  /**
   * Resolves when the next bytes are forwarded in that direction (`toClient`: from the target to a client), e.g. to cut
   * the link right after a server's heartbeat passed: the worst moment for a client that counts silence.
   */
  nextData(direction: ProxyDirection): Promise<void>;
  /** Switches the link; resolves once the new mode holds (the listener closed or listening again). */
  setMode(mode: ProxyMode): Promise<void>;
  /** Resets every connection and stops listening. */
  close(): Promise<void>;
}

export type ProxyDirection = 'toClient' | 'toTarget';

export interface TcpProxyOptions {
  /** Where to forward, e.g. { host: '127.0.0.1', port: portalPort }. */
  target: { host: string; port: number };
  /** The port to listen on; 0 (the default) picks a free one. */
  port?: number;
  /** The address to listen on; default 127.0.0.1 (loopback only). */
  host?: string;
}

/** One client connection and its upstream connection (null until it is made: a connection accepted while paused has none). */
interface Link {
  client: net.Socket;
  upstream: net.Socket | null;
  /** Bytes read from the client before the upstream connection was made. */
  early: Buffer[];
  clientEnded: boolean;
  /** Stops collecting into `early`: forwarding has begun. */
  stopEarly: () => void;
}

export async function startTcpProxy(options: TcpProxyOptions): Promise<TcpProxy> {
  const host = options.host ?? '127.0.0.1';
  let mode: ProxyMode = 'pass';
  const links = new Set<Link>();
  const waiting: Record<ProxyDirection, (() => void)[]> = { toClient: [], toTarget: [] };
  const forwarded = (direction: ProxyDirection) => {
    for (const resolve of waiting[direction].splice(0)) resolve();
  };

  const forget = (link: Link) => {
    if (link.client.destroyed && (link.upstream === null || link.upstream.destroyed)) links.delete(link);
  };

  const destroyLink = (link: Link, reset: boolean) => {
    for (const socket of [link.client, link.upstream]) {
      if (socket === null || socket.destroyed) continue;
      // An RST can only be sent on an established connection.
      if (reset && !socket.connecting) socket.resetAndDestroy();
      else socket.destroy();
    }
    links.delete(link);
  };

  /** Forwards `from` to `to` with back-pressure; a paused `from` (mode `pause`) is not read, so nothing flows. */
  const forward = (link: Link, from: net.Socket, to: net.Socket) => {
    const direction: ProxyDirection = to === link.client ? 'toClient' : 'toTarget';
    from.on('data', (chunk: Buffer) => {
      const flowing = to.write(chunk);
      forwarded(direction);
      if (flowing) return;
      from.pause();
      to.once('drain', () => {
        if (mode === 'pass') from.resume();
      });
    });
    // A half-close is passed on; the socket is destroyed once both directions have ended.
    from.on('end', () => {
      if (!to.destroyed) to.end();
    });
  };

  const applyMode = (link: Link) => {
    if (mode === 'pass') {
      link.client.resume();
      link.upstream?.resume();
    } else {
      link.client.pause();
      link.upstream?.pause();
    }
  };

  const connectUpstream = (link: Link) => {
    const upstream = net.connect({ host: options.target.host, port: options.target.port, allowHalfOpen: true });
    link.upstream = upstream;
    upstream.setNoDelay(true);
    // A target that refuses (a stopped portal) or resets closes the client's connection, as an unreachable backend would.
    upstream.on('error', () => destroyLink(link, false));
    upstream.on('close', () => {
      if (!link.client.destroyed && !link.client.writableEnded) link.client.destroy();
      forget(link);
    });
    upstream.once('connect', () => {
      link.stopEarly();
      if (link.early.length > 0) {
        for (const chunk of link.early.splice(0)) upstream.write(chunk);
        forwarded('toTarget');
      }
      if (link.clientEnded) upstream.end();
      forward(link, link.client, upstream);
      forward(link, upstream, link.client);
      applyMode(link);
    });
  };

  const onConnection = (client: net.Socket) => {
    if (mode === 'refuse') {
      client.resetAndDestroy();
      return;
    }
    client.setNoDelay(true);
    const early = (chunk: Buffer) => link.early.push(chunk);
    const earlyEnd = () => (link.clientEnded = true);
    const link: Link = {
      client,
      upstream: null,
      early: [],
      clientEnded: false,
      stopEarly: () => {
        client.off('data', early);
        client.off('end', earlyEnd);
      },
    };
    links.add(link);
    client.on('data', early);
    client.on('end', earlyEnd);
    client.on('error', () => destroyLink(link, false));
    client.on('close', () => {
      if (link.upstream !== null && !link.upstream.destroyed && !link.upstream.writableEnded) link.upstream.destroy();
      forget(link);
    });
    if (mode === 'pause') {
      // Accepted by the kernel, but nothing is read or forwarded until the link is back.
      client.pause();
      return;
    }
    connectUpstream(link);
  };

  const server = net.createServer({ allowHalfOpen: true }, onConnection);
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen({ port, host, exclusive: true }, () => {
        server.off('error', reject);
        resolve();
      });
    });
  await listen(options.port ?? 0);
  const port = (server.address() as net.AddressInfo).port;

  const stopListening = () =>
    new Promise<void>((resolve) => {
      if (!server.listening) {
        resolve();
        return;
      }
      server.close(() => resolve());
    });

  return {
    port,
    get mode() {
      return mode;
    },
    get connections() {
      return links.size;
    },
    nextData(direction: ProxyDirection) {
      return new Promise<void>((resolve) => waiting[direction].push(resolve));
    },
    async setMode(next: ProxyMode) {
      const previous = mode;
      mode = next;
      if (next === 'refuse') {
        for (const link of [...links]) destroyLink(link, true);
        // close() waits for open connections; they are all destroyed above.
        await stopListening();
        return;
      }
      if (previous === 'refuse' && !server.listening) await listen(port);
      for (const link of [...links]) {
        if (next === 'pass' && link.upstream === null && !link.client.destroyed) connectUpstream(link);
        applyMode(link);
      }
    },
    async close() {
      mode = 'refuse';
      for (const link of [...links]) destroyLink(link, true);
      await stopListening();
    },
  };
}
