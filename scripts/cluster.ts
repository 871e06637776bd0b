/**
 * `npm run cluster -- [--nodes 3] [--port 8443] [--pg-port 5440]` (issue #29): the portal as several equal nodes on
 * this machine, from real parts: a PostgreSQL 15 primary with a streaming hot-standby replica (ports pg-port and
 * pg-port+1), N portal nodes (ports port+1 … port+N) on the primary, and HAProxy on `port` in front of them, passing
 * TLS through and checking `/api/health`. Everything lives in var/cluster/ and is kept between runs; Ctrl+C stops it.
 * docs/operations.md ("Several nodes behind HAProxy") maps it onto real machines.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { startHaproxy } from './cluster/haproxy.ts';
import { shareKeyFolder, startPortalNodes } from './cluster/portal-nodes.ts';
import { startPostgresPair } from './cluster/postgres-pair.ts';
import { buildSpa, needsSpaBuild } from './start.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const READY_LINE = 'Fleet Portal ready at';

function portOption(value: string | undefined, name: string, fallback: number): number {
  const port = value === undefined ? fallback : Number(value);
  if (!Number.isInteger(port) || port < 1 || port > 65_535)
    throw new Error(`--${name} must be a port number, got '${value}'`);
  return port;
}

/** The operator's own PORTAL_* and SMTP_URL settings, given to every node (the cluster sets ports, folders, URLs). */
const operatorSettings = () =>
  Object.fromEntries(
    Object.entries(process.env).filter(
      (entry): entry is [string, string] => /^(PORTAL_|SMTP_URL$)/.test(entry[0]) && entry[1] !== undefined,
    ),
  );

async function cluster(): Promise<void> {
  const { values } = parseArgs({
    options: { nodes: { type: 'string' }, port: { type: 'string' }, 'pg-port': { type: 'string' } },
  });
  const nodeCount = values.nodes === undefined ? 3 : Number(values.nodes);
  if (!Number.isInteger(nodeCount) || nodeCount < 1 || nodeCount > 16)
    throw new Error(`--nodes must be a whole number from 1 to 16, got '${values.nodes}'`);
  const port = portOption(values.port, 'port', 8443);
  const pgPort = portOption(values['pg-port'], 'pg-port', 5440);
  const root = path.join(ROOT, 'var', 'cluster');
  const publicUrl = `https://localhost:${port}`;
  const nodePorts = Array.from({ length: nodeCount }, (_, index) => port + 1 + index);

  if (needsSpaBuild(ROOT)) {
    console.log('Building the web app (vite build)...');
    await buildSpa(ROOT);
  }
  console.log(`PostgreSQL primary on ${pgPort}, replica on ${pgPort + 1} (var/cluster/postgres)...`);
  const postgres = await startPostgresPair({
    root: path.join(root, 'postgres'),
    primaryPort: pgPort,
    replicaPort: pgPort + 1,
  });
  const stoppers: (() => Promise<void>)[] = [() => postgres.stop()];
  const stopAll = async () => {
    for (const stop of stoppers.reverse()) await stop().catch(() => undefined);
  };
  try {
    await shareKeyFolder({ root, publicUrl, ports: nodePorts });
    console.log(`${nodeCount} portal node(s) on ${nodePorts.join(', ')} (the first fills the demo fleet)...`);
    const nodes = await startPortalNodes({
      root,
      publicUrl,
      databaseUrl: postgres.primaryUrl,
      replicaUrl: postgres.replicaUrl,
      ports: nodePorts,
      env: operatorSettings(),
    });
    stoppers.push(() => Promise.all(nodes.map((node) => node.stop())).then(() => undefined));
    const haproxy = await startHaproxy({ root, port, nodePorts });
    stoppers.push(() => haproxy.stop());
    // The first node's banner: URL, demo accounts, how to trust the local CA, the ready line with HAProxy's address.
    const output = nodes[0]?.output() ?? '';
    const bannerEnd = output.indexOf('\n', output.indexOf(READY_LINE));
    console.log(output.slice(0, bannerEnd === -1 ? undefined : bannerEnd));
    console.log(`HAProxy on ${port} → nodes ${nodePorts.join(', ')}; Ctrl+C stops the cluster.`);
  } catch (error) {
    await stopAll();
    throw error;
  }
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      console.log(`${signal}: stopping HAProxy, the nodes and PostgreSQL...`);
      void stopAll().then(() => process.exit(0));
    });
  }
}

if (import.meta.main) {
  await cluster().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
