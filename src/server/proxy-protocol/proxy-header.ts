/**
 * The PROXY protocol version 2 header (HAProxy's `send-proxy-v2`; https://www.haproxy.org/download/2.6/doc/proxy-protocol.txt
 * section 2.2): a load balancer that passes TLS through writes it ahead of the client's bytes, so the portal learns
 * the client's address. Only what the portal needs is read: the command, the family and the source address and port;
 * TLVs after the addresses are skipped.
 */

/** The 12 bytes every version 2 header starts with (a TLS record never does: its first byte is 0x16). */
export const PROXY_V2_SIGNATURE = Buffer.from([0x0d, 0x0a, 0x0d, 0x0a, 0x00, 0x0d, 0x0a, 0x51, 0x55, 0x49, 0x54, 0x0a]);
const FIXED_BYTES = 16;
/** Longest header accepted: addresses (at most 216 bytes for AF_UNIX) plus TLVs; HAProxy's own are far shorter. */
export const MAX_HEADER_BYTES = 536;
const INET_ADDRESS_BYTES = 12;
const INET6_ADDRESS_BYTES = 36;

export type ProxyHeader =
  /** More bytes are needed to decide. */
  | { kind: 'incomplete' }
  /** The bytes do not start with the signature: a direct connection. */
  | { kind: 'absent' }
  | { kind: 'invalid'; reason: string }
  /** The balancer's own connection (e.g. a health check): the socket's address is the real one. */
  | { kind: 'local'; length: number }
  | { kind: 'proxied'; length: number; source: { address: string; port: number; family: 'IPv4' | 'IPv6' } }
  /** A proxied connection from an address family without an IP source (AF_UNSPEC, AF_UNIX): keep the socket's. */
  | { kind: 'unknown-source'; length: number };

function ipv6Text(bytes: Buffer): string {
  const groups: string[] = [];
  for (let i = 0; i < 16; i += 2) groups.push(bytes.readUInt16BE(i).toString(16));
  // The URL parser writes an IPv6 address in its canonical short form (RFC 5952), in brackets.
  return new URL(`http://[${groups.join(':')}]/`).hostname.slice(1, -1);
}

/** Reads a header from the first bytes of a connection (`bytes` may hold more: the header's `length` says where it ends). */
export function parseProxyHeader(bytes: Buffer): ProxyHeader {
  const signatureSeen = Math.min(bytes.length, PROXY_V2_SIGNATURE.length);
  if (!bytes.subarray(0, signatureSeen).equals(PROXY_V2_SIGNATURE.subarray(0, signatureSeen)))
    return { kind: 'absent' };
  if (bytes.length < FIXED_BYTES) return { kind: 'incomplete' };
  const versionCommand = bytes.readUInt8(12);
  if (versionCommand >> 4 !== 2) return { kind: 'invalid', reason: `version ${versionCommand >> 4} is not 2` };
  const command = versionCommand & 0x0f;
  if (command > 1) return { kind: 'invalid', reason: `command ${command} is neither LOCAL nor PROXY` };
  const familyTransport = bytes.readUInt8(13);
  const addressLength = bytes.readUInt16BE(14);
  const length = FIXED_BYTES + addressLength;
  if (length > MAX_HEADER_BYTES) return { kind: 'invalid', reason: `header of ${length} bytes is too long` };
  if (bytes.length < length) return { kind: 'incomplete' };
  if (command === 0) return { kind: 'local', length };

  const family = familyTransport >> 4;
  const body = bytes.subarray(FIXED_BYTES, length);
  if (family === 1) {
    if (addressLength < INET_ADDRESS_BYTES) return { kind: 'invalid', reason: 'IPv4 addresses are cut short' };
    return {
      kind: 'proxied',
      length,
      source: { address: [...body.subarray(0, 4)].join('.'), port: body.readUInt16BE(8), family: 'IPv4' },
    };
  }
  if (family === 2) {
    if (addressLength < INET6_ADDRESS_BYTES) return { kind: 'invalid', reason: 'IPv6 addresses are cut short' };
    return {
      kind: 'proxied',
      length,
      source: { address: ipv6Text(body.subarray(0, 16)), port: body.readUInt16BE(32), family: 'IPv6' },
    };
  }
  if (family === 0 || family === 3) return { kind: 'unknown-source', length };
  return { kind: 'invalid', reason: `address family ${family} is unknown` };
}
