/**
 * Equal portal nodes on one PostgreSQL database (issue #29 items 1 and 3): `src/server/main.ts` once per node, each
 * with its own port and data folder, all with the same public URL (HAProxy's: one token issuer and audience) and the
 * same key folder (the TLS certificate and CA, the identity provider's signing keys, the client CA of the public API),
 * which a deployment hands every node as a secret. The first node made the folder; the others get a copy.
 * Only the first node runs the demo fleet's simulator: it stands for the printers, which are not part of a node.
 */
import { cpSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { REPLICA_CONNECTIONS } from '../../src/server/config.ts';
import { loadOrCreateIdpKeys } from '../../src/server/idp/idp-keys.ts';
import { startPortalProcess, type PortalProcess } from '../../src/server/testing/portal-process.ts';
import { ensureLocalCertificates, requiredNames } from '../../src/server/tls/local-ca.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const MAIN = path.join(ROOT, 'src/server/main.ts');

export interface PortalNodesOptions {
  /** Folder holding `node-1/`, `node-2/`, … (each a portal data folder). */
  root: string;
  publicUrl: string;
  databaseUrl: string;
  /** The hot standby the nodes' reports read from (DATABASE_REPLICA_URL). */
  replicaUrl?: string;
  ports: number[];
  /** Settings every node gets besides the cluster's own (e.g. PORTAL_LOG_LEVEL, PORTAL_DEMO_HISTORY_DAYS). */
  env?: Record<string, string>;
  /** The first node seeds and runs the demo fleet (default true). */
  demo?: boolean;
  readyTimeoutMs?: number;
}

export const nodeDataDir = (root: string, index: number) => path.join(root, `node-${index + 1}`);

/** Makes (or reuses) the first node's key folder and copies it to every other node's data folder. */
export async function shareKeyFolder(options: Pick<PortalNodesOptions, 'root' | 'publicUrl' | 'ports'>) {
  const firstTls = path.join(nodeDataDir(options.root, 0), 'tls');
  mkdirSync(firstTls, { recursive: true, mode: 0o700 });
  const tls = await ensureLocalCertificates(
    firstTls,
    requiredNames({ host: 'localhost', publicUrl: options.publicUrl }),
  );
  await loadOrCreateIdpKeys(firstTls);
  for (let index = 1; index < options.ports.length; index += 1) {
    cpSync(firstTls, path.join(nodeDataDir(options.root, index), 'tls'), { recursive: true });
  }
  return { ca: tls.ca ?? '' };
}

/**
 * Each node's part of the replica's connections (PORTAL_REPLICA_CONNECTIONS): the nodes together keep about as many as
 * one node alone (REPLICA_CONNECTIONS), so adding nodes adds no busy backends to the replica's cores.
 */
export const replicaConnectionsPerNode = (nodes: number) => Math.ceil(REPLICA_CONNECTIONS / nodes);

/** The environment of node `index` (`options.env` may override the replica connections' share). */
export function nodeEnv(options: PortalNodesOptions, index: number): Record<string, string> {
  const runsDemo = index === 0 && options.demo !== false;
  return {
    ...(options.replicaUrl === undefined
      ? {}
      : { PORTAL_REPLICA_CONNECTIONS: String(replicaConnectionsPerNode(options.ports.length)) }),
    ...options.env,
    DATABASE_URL: options.databaseUrl,
    ...(options.replicaUrl === undefined ? {} : { DATABASE_REPLICA_URL: options.replicaUrl }),
    PORTAL_DATA_DIR: nodeDataDir(options.root, index),
    PORTAL_HOST: 'localhost',
    PORTAL_PORT: String(options.ports[index]),
    PORTAL_PUBLIC_URL: options.publicUrl,
    // HAProxy (on loopback here) writes each client's address in a PROXY v2 header ahead of the TLS bytes.
    PORTAL_TRUST_PROXY_PROTOCOL: '127.0.0.1,::1',
    PORTAL_SEED_DEMO: runsDemo ? '1' : '0',
    ...(runsDemo ? {} : { PORTAL_SIMULATOR_LIVE: '0' }),
  };
}

export function startNode(options: PortalNodesOptions, index: number): Promise<PortalProcess> {
  return startPortalProcess({
    entry: MAIN,
    cwd: ROOT,
    env: nodeEnv(options, index),
    readyTimeoutMs: options.readyTimeoutMs ?? 300_000,
  });
}

/**
 * Starts the first node (it migrates the database and, with the demo, fills its history), then the others together.
 * On a failure the nodes already started are stopped.
 */
export async function startPortalNodes(options: PortalNodesOptions): Promise<PortalProcess[]> {
  const first = await startNode(options, 0);
  const rest = await Promise.allSettled(options.ports.slice(1).map((_, index) => startNode(options, index + 1)));
  const nodes = [first, ...rest.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []))];
  const failed = rest.find((result) => result.status === 'rejected');
  if (failed !== undefined) {
    await Promise.all(nodes.map((node) => node.stop()));
    throw failed.reason;
  }
  return nodes;
}
