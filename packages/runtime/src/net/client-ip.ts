/**
 * The customer's IP address, as far as it can be trusted (for 3DS, risk and velocity limits).
 * Every request's socket address is appended to `X-Forwarded-For` as it arrives
 * (`appendPeerToForwardedFor`, installed at start), so the header always ends with the address
 * that actually connected. The client is then the entry `TRUSTED_PROXY_HOPS` places from the
 * right: 0 (the default) takes the socket itself; behind one load balancer, 1. Entries further
 * left are whatever the client wrote, and are never used. Addresses are checked and normalised
 * with ipaddr.js (IPv4-mapped IPv6 becomes IPv4). Per-address limits key an address with
 * `addressKey`: an IPv6 client is its /64 (one customer's network: RFC 6177, RFC 7934), so that
 * the 2^64 addresses a single host may use count as one.
 */
import ipaddr from 'ipaddr.js';
import { trustedProxyHops } from '../config';
import { onEveryRequest } from './request-hooks';

/** A valid IP address in its normal form, or undefined. */
export function normalizeIp(value: string | null | undefined): string | undefined {
  const text = value?.trim();
  if (!text || text.length > 64 || !ipaddr.isValid(text)) return undefined;
  return ipaddr.process(text).toString();
}

/** Bits of an IPv6 address that name one customer's network: the per-address limits' unit. */
const IPV6_PREFIX_BITS = 64;

/**
 * The key of an address in per-address limits and counts: an IPv4 address as is (an
 * IPv4-mapped IPv6 address is its IPv4 address), an IPv6 address as its /64 network
 * (`2001:db8:1:2::/64`), a zone index dropped. Anything that is not an address (such as
 * NO_TRUSTED_ADDRESS) is its own key, unchanged.
 */
export function addressKey(value: string): string {
  const text = value.trim();
  if (text.length > 64 || !ipaddr.isValid(text)) return value;
  const address = ipaddr.process(text);
  if (address.kind() === 'ipv4') return address.toString();
  const bytes = (address as ipaddr.IPv6).toByteArray().slice(0, IPV6_PREFIX_BITS / 8);
  const network = ipaddr.fromByteArray([...bytes, ...new Array<number>(16 - bytes.length).fill(0)]);
  return `${network.toString()}/${IPV6_PREFIX_BITS}`;
}

/**
 * The client address from an `X-Forwarded-For` value whose last entry is the socket's, counting
 * `trustedHops` proxies from the right of the WHOLE header (the trusted entries are the last
 * ones: a client may pad the left as it likes, and never reaches them). Undefined when there is
 * no valid address there: a refusal for the caller, never "no limit". Linear in the header's
 * length (Node caps the header block: lib/net/request-guard.ts).
 */
export function clientIpFrom(forwardedFor: string | null | undefined, trustedHops: number): string | undefined {
  if (!forwardedFor) return undefined;
  // Walk back over `trustedHops` commas from the end; no split of what the client wrote.
  let end = forwardedFor.length;
  for (let hop = 0; hop < trustedHops; hop += 1) {
    const comma = forwardedFor.lastIndexOf(',', end - 1);
    // Fewer entries than hops: the leftmost, which is the socket's when no proxy was there.
    if (comma < 0) break;
    end = comma;
  }
  const start = forwardedFor.lastIndexOf(',', end - 1) + 1;
  return normalizeIp(forwardedFor.slice(start, end));
}

/** The per-address limits' key of a request without a trusted address (only without the request guard): one shared bucket, never no limit. */
export const NO_TRUSTED_ADDRESS = 'no-trusted-address';

/** The trusted client address of a request (`X-Forwarded-For` as the server completed it). */
export function requestClientIp(headers: { get(name: string): string | null }): string | undefined {
  return clientIpFrom(headers.get('x-forwarded-for'), trustedProxyHops());
}

/**
 * Appends each request's socket address to its `X-Forwarded-For` before any handler reads it
 * (every http.Server of the process). Idempotent.
 */
export function appendPeerToForwardedFor(): void {
  onEveryRequest('peer-in-forwarded-for', (request) => {
    const peer = request.socket?.remoteAddress;
    if (!peer) return;
    const prior = request.headers['x-forwarded-for'];
    const text = Array.isArray(prior) ? prior.join(', ') : prior;
    request.headers['x-forwarded-for'] = text ? `${text}, ${peer}` : peer;
  });
}
