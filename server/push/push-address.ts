import { lookup, type LookupAddress } from 'node:dns';
import { lookup as lookupAll } from 'node:dns/promises';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { messages } from '#shared/messages.ts';
import type { Config } from '../config.ts';
import { ApiError } from '../http/errors.ts';

/**
 * Where no push service is: this host, private and shared networks, link-local (cloud metadata),
 * documentation, benchmarking, multicast and reserved ranges, and the IPv6 forms that carry an
 * IPv4 address inside (IPv4-compatible, NAT64, 6to4), which could carry any of the others. An
 * IPv4-mapped IPv6 address (::ffff:a.b.c.d) is checked by BlockList against the IPv4 ranges.
 */
const notPublic = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  notPublic.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  notPublic.addSubnet(network, prefix, 'ipv6');

/** Whether `address` (an IP literal) is on the public internet. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return !notPublic.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** A URL's host as an IP literal (without IPv6's brackets), or null for a name. */
const literalOf = (hostname: string) => {
  const bare = hostname.replace(/^\[(.*)\]$/, '$1');
  return isIP(bare) ? bare : null;
};

/** Whether `hostname` is one of `services`: a name, `*.domain` for its subdomains, or `*`. */
export function isKnownPushService(hostname: string, services: readonly string[]): boolean {
  const host = hostname.toLowerCase();
  return services.some((service) =>
    service === '*'
      ? true
      : service.startsWith('*.')
        ? host.endsWith(service.slice(1))
        : host === service,
  );
}

/** How push services are reached: which hosts, and whether private addresses may be. */
export interface PushReach {
  services: readonly string[];
  privateAddresses: boolean;
}

export const pushReach = (config: Config): PushReach => ({
  services: config.PUSH_SERVICES,
  privateAddresses: config.PUSH_PRIVATE_ADDRESSES,
});

/**
 * Refuses (422) a browser's push endpoint that is not one of the push services, or whose host is,
 * or resolves to, an address that is not public: the server connects there with every notice.
 */
export async function checkPushEndpoint(endpoint: string, reach: PushReach): Promise<void> {
  const { hostname } = new URL(endpoint);
  if (!isKnownPushService(hostname, reach.services))
    throw new ApiError(422, messages.push.unknownService);
  if (reach.privateAddresses) return;
  const problem = await publicHostProblem(hostname);
  if (problem) throw new ApiError(422, messages.push[problem]);
}

/**
 * Why the server must not connect to `hostname`: it does not resolve, or it is (or resolves to)
 * an address that is not public; null when every address it has is public. Push endpoints and
 * dealers' feed addresses are both checked with it.
 */
export async function publicHostProblem(
  hostname: string,
): Promise<'unreachable' | 'notPublic' | null> {
  const literal = literalOf(hostname);
  const addresses = literal
    ? [literal]
    : await lookupAll(hostname, { all: true, verbatim: true }).then(
        (found) => found.map((a) => a.address),
        () => null,
      );
  if (!addresses) return 'unreachable';
  return addresses.length && addresses.every(isPublicAddress) ? null : 'notPublic';
}

/**
 * `dns.lookup` that answers only public addresses, for the connection itself: a name that was
 * public when the browser subscribed and points inside later (DNS rebinding) still fails.
 */
export const publicLookup: LookupFunction = (hostname, options, callback) => {
  lookup(hostname, { ...options, all: true }, (err, found: LookupAddress[]) => {
    if (err) return callback(err, '', 0);
    const refused = found.find((a) => !isPublicAddress(a.address));
    const [first] = found;
    if (refused || !first) {
      const error = Object.assign(
        new Error(`${hostname} resolves to ${refused?.address ?? 'nothing'}, not a public address`),
        { code: 'ENOTPUBLIC' },
      );
      return callback(error, '', 0);
    }
    if (options.all) return callback(null, found);
    callback(null, first.address, first.family);
  });
};

/** Whether the endpoint's host is an IP literal that is not public (the lookup never sees those). */
export const isPrivateLiteral = (endpoint: string) => {
  const literal = literalOf(new URL(endpoint).hostname);
  return literal !== null && !isPublicAddress(literal);
};
