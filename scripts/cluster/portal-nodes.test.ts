import { describe, expect, it } from 'vitest';
import { loadConfig, REPLICA_CONNECTIONS } from '../../src/server/config.ts';
import { nodeEnv, type PortalNodesOptions } from './portal-nodes.ts';

const cluster = (nodes: number, extra: Partial<PortalNodesOptions> = {}): PortalNodesOptions => ({
  root: '/srv/portal',
  publicUrl: 'https://localhost:8443',
  databaseUrl: 'postgres://db/portal',
  replicaUrl: 'postgres://db-2/portal',
  ports: Array.from({ length: nodes }, (_, index) => 8444 + index),
  ...extra,
});

const replicaConnections = (options: PortalNodesOptions, index: number) =>
  loadConfig(nodeEnv(options, index)).databaseReplicaConnections;

describe("the cluster's nodes on one replica", () => {
  it('share the connections one node alone keeps to the replica', () => {
    expect(replicaConnections(cluster(1), 0)).toBe(REPLICA_CONNECTIONS);
    expect([0, 1, 2].map((index) => replicaConnections(cluster(3), index))).toEqual([7, 7, 7]);
    expect(replicaConnections(cluster(2), 1)).toBe(10);
    expect(replicaConnections(cluster(40), 39)).toBe(1);
  });

  it('take a share the operator sets, and name no replica connections without a replica', () => {
    expect(replicaConnections(cluster(3, { env: { PORTAL_REPLICA_CONNECTIONS: '4' } }), 2)).toBe(4);
    expect(nodeEnv(cluster(3, { replicaUrl: undefined }), 0)).not.toHaveProperty('PORTAL_REPLICA_CONNECTIONS');
  });
});
