/**
 * HAProxy in front of the portal nodes (issue #29 item 1), Debian's `haproxy` run in the foreground.
 *
 * TLS is passed through (`mode tcp`): each node terminates TLS itself with the certificate every node shares, so the
 * browser sees one certificate whichever node answers, the nodes keep seeing HTTPS requests as they do alone, and
 * HAProxy holds no key. Server-sent events and long downloads are byte streams to it. HAProxy checks every node with
 * `GET /api/health` over TLS each `checkIntervalMs` (2 s) and takes a node out after three failures in a row; a
 * connection refused by a dead node is redispatched to another at once, so a killed node costs no request while the
 * checks catch up. The checks tolerate a busy node — its connection and TLS handshake may take the interval, its
 * answer 5 s more — because a node taken out for being busy sends its load to nodes as busy, and with none left HAProxy
 * closes every new connection (docs/benchmarks.md, session 23: all three nodes out under a report soak). Each
 * connection to a node starts with a PROXY protocol v2 header (`send-proxy-v2`) carrying the client's address, which
 * the nodes read (PORTAL_TRUST_PROXY_PROTOCOL, portal-nodes.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export const HAPROXY_BIN = process.env['HAPROXY_BIN'] ?? '/usr/sbin/haproxy';

export interface HaproxyOptions {
  /** Folder for haproxy.cfg. */
  root: string;
  /** Loopback port HAProxy listens on (the portal's public URL names it). */
  port: number;
  /** Loopback ports of the portal nodes' HTTPS listeners. */
  nodePorts: number[];
  checkIntervalMs?: number;
}

/** A line HAProxy logged (notices and worse, e.g. a node marked up or down), with when it came (performance.now()). */
export interface HaproxyLogLine {
  at: number;
  line: string;
}

export interface Haproxy {
  child: ChildProcess;
  configFile: string;
  /** What it logged so far, line by line. */
  log(): HaproxyLogLine[];
  stop(): Promise<void>;
}

export function haproxyConfig(options: HaproxyOptions): string {
  const inter = options.checkIntervalMs ?? 2000;
  const servers = options.nodePorts.map(
    (port, index) =>
      `  server node${index + 1} 127.0.0.1:${port} send-proxy-v2 check check-ssl verify none inter ${inter} fall 3 rise 2`,
  );
  return [
    'global',
    '  log stderr format short local0 notice',
    `  stats socket ${statsSocket(options.root)} mode 600 level operator`,
    '  maxconn 4096',
    '',
    'defaults',
    '  mode tcp',
    '  log global',
    '  option dontlognull',
    '  retries 3',
    '  option redispatch',
    '  timeout connect 2s',
    '  timeout client 1h',
    '  timeout server 1h',
    '  timeout tunnel 1h',
    // A check's connection and TLS handshake may take min(timeout connect, inter); its answer this much more.
    '  timeout check 5s',
    '',
    'frontend portal',
    `  bind 127.0.0.1:${options.port}`,
    '  default_backend portal_nodes',
    '',
    'backend portal_nodes',
    '  balance roundrobin',
    '  option httpchk',
    '  http-check send meth GET uri /api/health ver HTTP/1.1 hdr Host localhost',
    '  http-check expect status 200',
    ...servers,
    '',
  ].join('\n');
}

const statsSocket = (root: string) => path.join(root, 'haproxy.sock');

/** Each node's state as HAProxy's health checks see it (`show stat` on the stats socket): e.g. { node1: 'UP' }. */
export function nodeStates(root: string): Promise<Record<string, string>> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(statsSocket(root));
    let csv = '';
    socket.on('data', (chunk: Buffer) => (csv += chunk.toString()));
    socket.on('error', reject);
    socket.on('end', () => {
      const [header = '', ...rows] = csv.trim().split('\n');
      const columns = header.replace(/^# /, '').split(',');
      const at = (name: string) => columns.indexOf(name);
      const states: Record<string, string> = {};
      for (const row of rows.map((line) => line.split(','))) {
        const server = row[at('svname')] ?? '';
        if (server.startsWith('node')) states[server] = (row[at('status')] ?? '').split(' ')[0] ?? '';
      }
      resolve(states);
    });
    socket.end('show stat\n');
  });
}

/** Whether HAProxy answers `show info` on the stats socket in its folder. */
function answersStats(root: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(statsSocket(root));
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.once('error', () => resolve(false));
    socket.once('end', () => resolve(answer.includes('Pid:')));
    socket.end('show info\n');
  });
}

/** Whether something accepts TCP connections on the loopback port. */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Writes the configuration, checks it (`haproxy -c`) and starts HAProxy; resolves once it listens. */
export async function startHaproxy(options: HaproxyOptions): Promise<Haproxy> {
  fs.mkdirSync(options.root, { recursive: true });
  const configFile = path.join(options.root, 'haproxy.cfg');
  fs.writeFileSync(configFile, haproxyConfig(options));
  const child = spawn(HAPROXY_BIN, ['-db', '-f', configFile], { stdio: ['ignore', 'ignore', 'pipe'] });
  let output = '';
  const logged: HaproxyLogLine[] = [];
  let pending = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    const lines = (pending + chunk.toString()).split('\n');
    pending = lines.pop() ?? '';
    const at = performance.now();
    for (const line of lines) if (line.trim() !== '') logged.push({ at, line });
  });
  let exited: Error | null = null;
  child.once('error', (error) => (exited = error));
  child.once('exit', (code) => (exited = new Error(`haproxy exited with ${code}:\n${output}`)));
  // Ready once its own stats socket answers — HAProxy serves it only after binding every listener, so a port taken
  // by another program (which would accept our probe too) shows as HAProxy's exit, not as a listening proxy.
  const deadline = Date.now() + 10_000;
  while (!((await answersStats(options.root)) && (await accepts(options.port)))) {
    if (exited !== null) throw exited;
    if (Date.now() > deadline) throw new Error(`haproxy did not listen on ${options.port} within 10 s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    child,
    configFile,
    log: () => [...logged],
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
