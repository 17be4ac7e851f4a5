// The one client address every limit and count uses (login limit, public-write limit, visitor
// count, connection cap). TRUST_PROXY decides which peers may name the client in
// X-Forwarded-For; everything here goes through the same trust function Fastify is given, so
// request.ip and the connection cap can never disagree about who is a proxy.
import { BlockList, isIPv4 } from 'node:net';
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import type { TrustProxy } from '../config';

/** proxy-addr's signature: the peer's address and its hop index (0 = the socket's peer). */
export type TrustFunction = (address: string, hop: number) => boolean;

/** What proxy-addr means by these words (and nothing more). */
const KEYWORD_RANGES: Record<string, Array<[string, number, 'ipv4' | 'ipv6']>> = {
  loopback: [['127.0.0.0', 8, 'ipv4'], ['::1', 128, 'ipv6']],
  linklocal: [['169.254.0.0', 16, 'ipv4'], ['fe80::', 10, 'ipv6']],
  uniquelocal: [['10.0.0.0', 8, 'ipv4'], ['172.16.0.0', 12, 'ipv4'], ['192.168.0.0', 16, 'ipv4'], ['fc00::', 7, 'ipv6']],
};

function blockListOf(proxies: string[]): BlockList {
  const list = new BlockList();
  for (const entry of proxies) {
    const ranges = KEYWORD_RANGES[entry];
    if (ranges) {
      for (const [network, prefix, family] of ranges) list.addSubnet(network, prefix, family);
      continue;
    }
    const [address, prefix] = entry.split('/');
    const family = isIPv4(address) ? 'ipv4' : 'ipv6';
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(prefix), family);
  }
  return list;
}

/** "::ffff:10.0.0.1" (an IPv4 client on a dual-stack socket) is checked as 10.0.0.1. */
function unmapped(address: string): { address: string; family: 'ipv4' | 'ipv6' } {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return { address: mapped[1], family: 'ipv4' };
  return { address, family: isIPv4(address) ? 'ipv4' : 'ipv6' };
}

/** undefined when no proxy is trusted: Fastify then takes the socket's address and ignores the headers. */
export function trustFunctionOf(trust: TrustProxy): TrustFunction | undefined {
  if (trust === false) return undefined;
  if ('hops' in trust) {
    const { hops } = trust;
    return (_address, hop) => hop < hops;
  }
  const list = blockListOf(trust.proxies);
  return (address) => {
    const peer = unmapped(address);
    return list.check(peer.address, peer.family);
  };
}

/** Whether the socket's peer is a proxy we trust (it then speaks for many clients). */
export function isTrustedPeer(trust: TrustFunction | undefined, address: string | undefined): boolean {
  return !!trust && !!address && trust(address, 0);
}

/** The client's address as the limits count it: IPv4-mapped unwrapped, IPv6 by its /64 network. */
export function clientAddressOf(request: Pick<FastifyRequest, 'ip'>): string {
  return normalizeIP(request.ip);
}

/** The same normalisation for a raw socket address (the connection cap). */
export function normalizedAddress(address: string): string {
  return normalizeIP(address);
}
