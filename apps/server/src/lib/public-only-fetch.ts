import { lookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import { Agent, fetch as undiciFetch } from 'undici';

/*
 * Server-side requests to addresses a user typed (their own AI model's base URL) must not reach
 * the server's own network: loopback, private, link-local, carrier-grade NAT,
 * unspecified and unique-local addresses are refused. The check runs where the connection is
 * made — after DNS resolution, for every redirect hop and retry — so a name that resolves (or
 * re-resolves) to an internal address cannot slip through.
 */

const internal = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  internal.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  internal.addSubnet(network, prefix, 'ipv6');
}

/** Whether an IP address is on the public internet (not the server's own networks). */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 6) {
    // IPv4-mapped IPv6 (::ffff:10.0.0.1) is the IPv4 address underneath.
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
    if (mapped) return isPublicAddress(mapped);
    return !internal.check(address, 'ipv6');
  }
  return !internal.check(address, 'ipv4');
}

export class InternalAddressError extends Error {
  constructor(host: string) {
    super(`Refused to connect to ${host}: it is an internal network address`);
    this.name = 'InternalAddressError';
  }
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/** Decides whether the server may connect to an IP address. */
export type AddressPolicy = (address: string) => boolean;

/** dns.lookup that fails when any address the name resolves to is not allowed. */
function guardedLookup(allowed: AddressPolicy) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      if (addresses.length === 0 || addresses.some((entry) => !allowed(entry.address))) {
        return callback(new InternalAddressError(hostname), []);
      }
      if (options.all) return callback(null, addresses);
      const [first] = addresses;
      return callback(null, first!.address, first!.family);
    });
  };
}

/**
 * fetch that connects only to addresses the policy allows (checked after DNS resolution, and
 * for literal IPs before connecting); redirects are not followed, so every hop is checked by
 * the caller making a new request.
 */
export function createGuardedFetch(allowed: AddressPolicy): typeof fetch {
  const agent = new Agent({ connect: { lookup: guardedLookup(allowed) } });
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new TypeError(`Only http and https addresses are allowed, not ${url.protocol}`);
    }
    // An address typed as a literal IP skips DNS, so it is checked here.
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (isIP(host) !== 0 && !allowed(host)) throw new InternalAddressError(host);
    const response = await undiciFetch(url, {
      ...(init as Parameters<typeof undiciFetch>[1]),
      dispatcher: agent,
      redirect: 'manual',
    });
    return response;
  };
}

/** fetch that only reaches public addresses; redirects are not followed. */
export const publicOnlyFetch: typeof fetch = createGuardedFetch(isPublicAddress);
