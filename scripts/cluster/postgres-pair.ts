/**
 * A PostgreSQL primary and one streaming hot-standby replica from Debian's postgresql-15 binaries (issue #29 item 1):
 * `initdb` for the primary (WAL for replication, hot standby allowed), `pg_basebackup --write-recovery-conf` for the
 * replica, both on loopback ports with their sockets in their own folder. When this runs as root the clusters belong
 * to the `postgres` user (PostgreSQL refuses to run as root). Used by `npm run cluster` and the cluster test.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);
export const PG_BIN = process.env['PG_BIN'] ?? '/usr/lib/postgresql/15/bin';
export const DATABASE_NAME = 'fleet_portal';
const isRoot = process.getuid?.() === 0;

export interface PostgresPair {
  primaryUrl: string;
  replicaUrl: string;
  /** Fast shutdown of both (the replica first). */
  stop(): Promise<void>;
}

export interface PostgresPairOptions {
  /** Folder for both clusters (`primary/`, `replica/`, their logs and sockets); created when missing. */
  root: string;
  primaryPort: number;
  replicaPort: number;
  /** Durability off (fsync) for throwaway clusters in tests. */
  throwaway?: boolean;
}

/** Runs a PostgreSQL binary as the clusters' owner, with `env` added to its environment. */
async function pgTool(tool: string, args: string[], env: Record<string, string> = {}): Promise<string> {
  const assignments = Object.entries(env).map(([name, value]) => `${name}=${value}`);
  const command = ['/usr/bin/env', ...assignments, path.join(PG_BIN, tool), ...args];
  const [program = '', ...programArgs] = isRoot ? ['runuser', '-u', 'postgres', '--', ...command] : command;
  const { stdout } = await run(program, programArgs, { maxBuffer: 16 * 1024 * 1024 });
  return stdout;
}

/** Creates `folder` (its parents as usual, itself private) for the clusters' owner. */
function ownedFolder(folder: string): void {
  fs.mkdirSync(path.dirname(folder), { recursive: true });
  fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
  if (isRoot) fs.chownSync(folder, uidOf('postgres'), gidOf('postgres'));
}

function idFromFile(file: string, name: string, field: number): number {
  const line = fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith(`${name}:`));
  if (line === undefined) throw new Error(`No '${name}' in ${file}: install postgresql-15 (it creates the user)`);
  return Number(line.split(':')[field]);
}
const uidOf = (user: string) => idFromFile('/etc/passwd', user, 2);
const gidOf = (group: string) => idFromFile('/etc/group', group, 2);

const urlOf = (port: number) => `postgres://postgres@127.0.0.1:${port}/${DATABASE_NAME}`;

/**
 * glibc's malloc settings for the PostgreSQL servers (docs/operations.md). A backend's memory for parsing, planning
 * and running a statement is freed when the statement ends; by default glibc hands the larger blocks back to the
 * kernel (unmapped above its adaptive mmap threshold, trimmed off the heap's top above 128 KB or so), so the next
 * statement faults them in again — ~20 page faults a report call, and a fault cost ~28 µs on this VM: 0.5–0.7 ms of a
 * call's ~4 ms of PostgreSQL CPU (docs/benchmarks.md, session 25). Blocks below 8 MB (PostgreSQL's largest memory
 * context block) now come from the heap, and up to 16 MB of it stays mapped per backend once freed.
 */
export const POSTGRES_MALLOC_TUNABLES = 'glibc.malloc.mmap_threshold=8388608:glibc.malloc.trim_threshold=16777216';

async function startCluster(dataDir: string, socketDir: string, port: number, log: string): Promise<void> {
  // pg_ctl hands its environment to the postmaster, whose backends inherit it.
  await pgTool(
    'pg_ctl',
    [
      '-D',
      dataDir,
      '-l',
      log,
      '-w',
      '-t',
      '120',
      '-o',
      `-p ${port} -k ${socketDir} -c listen_addresses=127.0.0.1`,
      'start',
    ],
    { GLIBC_TUNABLES: POSTGRES_MALLOC_TUNABLES },
  );
}

async function stopCluster(dataDir: string): Promise<void> {
  if (!fs.existsSync(path.join(dataDir, 'postmaster.pid'))) return;
  await pgTool('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']).catch(() => undefined);
}

/** Creates (first time) and starts the primary and its replica; later calls start the existing clusters again. */
export async function startPostgresPair(options: PostgresPairOptions): Promise<PostgresPair> {
  const root = path.resolve(options.root);
  ownedFolder(root);
  const primary = path.join(root, 'primary');
  const replica = path.join(root, 'replica');
  const sockets = path.join(root, 'sockets');
  ownedFolder(sockets);

  if (!fs.existsSync(path.join(primary, 'PG_VERSION'))) {
    ownedFolder(primary);
    await pgTool('initdb', ['-D', primary, '-U', 'postgres', '-A', 'trust', '--no-sync']);
    const settings = [
      'wal_level = replica',
      'max_wal_senders = 10',
      'wal_keep_size = 256MB',
      'hot_standby = on',
      'hot_standby_feedback = on',
      'max_connections = 200',
      ...(options.throwaway === true ? ['fsync = off', 'synchronous_commit = off', 'full_page_writes = off'] : []),
    ];
    fs.appendFileSync(path.join(primary, 'postgresql.conf'), `\n# npm run cluster\n${settings.join('\n')}\n`);
    fs.appendFileSync(path.join(primary, 'pg_hba.conf'), '\nhost replication postgres 127.0.0.1/32 trust\n');
  }
  await startCluster(primary, sockets, options.primaryPort, path.join(root, 'primary.log'));
  const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${options.primaryPort}/postgres` });
  await admin.connect();
  try {
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE_NAME]);
    if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${DATABASE_NAME}`);
  } finally {
    await admin.end();
  }

  if (!fs.existsSync(path.join(replica, 'PG_VERSION'))) {
    ownedFolder(replica);
    await pgTool('pg_basebackup', [
      '-h',
      '127.0.0.1',
      '-p',
      String(options.primaryPort),
      '-U',
      'postgres',
      '-D',
      replica,
      '--write-recovery-conf',
      '--wal-method=stream',
      '--checkpoint=fast',
      '--no-sync',
    ]);
  }
  await startCluster(replica, sockets, options.replicaPort, path.join(root, 'replica.log'));

  return {
    primaryUrl: urlOf(options.primaryPort),
    replicaUrl: urlOf(options.replicaPort),
    async stop() {
      await stopCluster(replica);
      await stopCluster(primary);
    },
  };
}

/** The primary's view of its standbys: one row per streaming replica, with how far each has replayed. */
export async function streamingReplicas(primaryUrl: string): Promise<{ state: string; replayLagBytes: number }[]> {
  const client = new pg.Client({ connectionString: primaryUrl });
  await client.connect();
  try {
    const result = await client.query<{ state: string; lag: string }>(
      `SELECT state, pg_wal_lsn_diff(pg_current_wal_lsn(), replay_lsn)::text AS lag FROM pg_stat_replication`,
    );
    return result.rows.map((row) => ({ state: row.state, replayLagBytes: Number(row.lag) }));
  } finally {
    await client.end();
  }
}
