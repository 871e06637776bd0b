import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/**
 * A TCP port on loopback that is free now, for a server a test or bench starts later (seconds, or a minute for a
 * cluster's last part). It is drawn at random from below the kernel's ephemeral range: a port the kernel hands out
 * (`listen(0)`, or the local port of an outgoing connection) could meanwhile be given to any other test's server or
 * connection running beside it — the cluster test once found another listener on HAProxy's port. Below that range
 * only callers that choose a port themselves can collide; one process never gets the same port twice.
 */
export async function freePort(): Promise<number> {
  const [low, high] = (choosable ??= choosableRange());
  for (let attempt = 0; attempt < 100; attempt++) {
    const port = low + Math.floor(Math.random() * (high - low + 1));
    if (handedOut.has(port) || !(await isFree(port))) continue;
    handedOut.add(port);
    return port;
  }
  throw new Error(`no free loopback port in ${low}–${high} after 100 tries`);
}

const handedOut = new Set<number>();
let choosable: [number, number] | undefined;

/** Ports from 20000 (or fewer, if the range starts low) up to the ephemeral range's start (32768 on Linux by default). */
function choosableRange(): [number, number] {
  let ephemeralLow = 32768;
  try {
    ephemeralLow = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
  } catch {
    // not Linux: keep the usual start of the range
  }
  return [Math.min(20_000, Math.max(1_024, ephemeralLow - 5_000)), ephemeralLow - 1];
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}
