import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { freePort } from './free-port.ts';

describe('freePort', () => {
  it("hands out free loopback ports below the kernel's ephemeral range, never the same one twice", async () => {
    const [ephemeralLow] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')
      .trim()
      .split(/\s+/)
      .map(Number);
    const ports: number[] = [];
    for (let index = 0; index < 200; index += 1) ports.push(await freePort());
    expect(new Set(ports).size).toBe(200);
    for (const port of ports) expect(port).toBeLessThan(ephemeralLow ?? 0);
    // Each can be listened on.
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(ports[0], '127.0.0.1', resolve));
    server.close();
  });
});
