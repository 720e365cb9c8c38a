import type { Server } from 'node:http';
import { BlockList, isIPv4, isIPv6, type Socket } from 'node:net';

/** The names proxy-addr (Fastify's trustProxy) accepts besides addresses and CIDR ranges. */
const NAMED_RANGES: Record<string, Array<[string, number, 'ipv4' | 'ipv6']>> = {
  loopback: [
    ['127.0.0.0', 8, 'ipv4'],
    ['::1', 128, 'ipv6'],
  ],
  linklocal: [
    ['169.254.0.0', 16, 'ipv4'],
    ['fe80::', 10, 'ipv6'],
  ],
  uniquelocal: [
    ['10.0.0.0', 8, 'ipv4'],
    ['172.16.0.0', 12, 'ipv4'],
    ['192.168.0.0', 16, 'ipv4'],
    ['fc00::', 7, 'ipv6'],
  ],
};

/** '::ffff:1.2.3.4' (an IPv4 peer on a dual-stack socket) is 1.2.3.4. */
const plainAddress = (address: string) => address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');

/** TRUST_PROXY's entries as a set of addresses to match peers against. */
export function addressList(entries: string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    for (const [net, prefix, family] of NAMED_RANGES[entry] ?? []) list.addSubnet(net, prefix, family);
    const [address = '', prefix] = entry.split('/');
    const plain = plainAddress(address);
    const family = isIPv4(plain) ? 'ipv4' : isIPv6(plain) ? 'ipv6' : undefined;
    if (!family) continue;
    if (prefix === undefined) list.addAddress(plain, family);
    else if (/^\d+$/.test(prefix)) list.addSubnet(plain, Number(prefix), family);
  }
  return list;
}

const TOO_MANY_TEXT = 'Too many connections from your address.\n';
const TOO_MANY = [
  'HTTP/1.1 503 Service Unavailable',
  'Connection: close',
  'Retry-After: 5',
  'Content-Type: text/plain; charset=utf-8',
  `Content-Length: ${Buffer.byteLength(TOO_MANY_TEXT)}`,
  '',
  TOO_MANY_TEXT,
].join('\r\n');

/**
 * At most `max` open connections per peer address. Timeouts alone let one machine hold thousands
 * of slow requests open for the whole timeout each; this keeps one peer from using up the sockets
 * and memory everyone shares. It counts the socket's peer, since no header has been read yet when a
 * connection opens: behind a reverse proxy every client shares the proxy's address, so the proxies
 * named in TRUST_PROXY are not capped (they limit their own clients). The cap is per address, not
 * for the whole server (`server.maxConnections`), so one busy peer cannot shut everyone else out.
 */
export function capConnectionsPerPeer(server: Server, max: number, exempt: BlockList): void {
  if (max <= 0) return;
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = plainAddress(socket.remoteAddress ?? '');
    if (!address) return;
    const family = isIPv6(address) ? 'ipv6' : 'ipv4';
    if (exempt.check(address, family)) return;
    const n = open.get(address) ?? 0;
    if (n >= max) {
      // Read nothing from it: the answer is written and the connection closed, whatever it sends.
      socket.pause();
      socket.end(TOO_MANY, () => socket.destroy());
      return;
    }
    open.set(address, n + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}
