/**
 * Server-side requests of the sandbox (webhooks to a merchant's URL or a transaction's
 * `hookUrl`) may not reach the networks behind it. A URL is checked when it is set and again
 * when sent, after DNS resolution, at the moment of connecting (the resolved address is the one
 * dialled, so a name cannot change its answer between the check and the connection):
 * - public unicast addresses are allowed;
 * - loopback only with SANDBOX_WEBHOOK_ALLOW_LOOPBACK=1 (a developer's own receiver);
 * - private, unique-local and carrier-grade NAT addresses only with SANDBOX_WEBHOOK_ALLOW_PRIVATE=1;
 * - link-local (169.254.0.0/16, fe80::/10) and cloud metadata addresses (fd00:ec2::254,
 *   100.100.100.200), multicast, broadcast, unspecified and reserved ones are always refused, and
 *   so is an IPv6 address carrying one (NAT64, 6to4, Teredo, IPv4-compatible, IPv4-mapped).
 * Address ranges come from ipaddr.js. A failed send is reported by category only (refused,
 * timeout, unreachable), never by the raw error text.
 */
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { brandError, hasErrorBrand } from '@hosted-checkout/contract/error-brand';

/** Why an outbound request did not get an HTTP answer. */
type OutboundFailure = 'refused' | 'timeout' | 'unreachable';

export class OutboundError extends Error {
  constructor(readonly category: OutboundFailure) {
    super(`outbound request ${category}`);
    this.name = 'OutboundError';
    brandError(this, 'OutboundError');
  }

  /** Whether `value` is a refused or failed outbound request, made by any bundle's copy of this module. */
  static is(value: unknown): value is OutboundError {
    return hasErrorBrand(value, 'OutboundError');
  }
}

/** Cloud metadata and instance-service addresses that are not in a link-local range (Alibaba, AWS's IPv6 one). */
const METADATA = new Set(['100.100.100.200', 'fd00:ec2::254']);

interface OutboundPolicy {
  /** SANDBOX_WEBHOOK_ALLOW_PRIVATE=1: private, unique-local and carrier-grade NAT networks too (never link-local or metadata). */
  allowPrivate: boolean;
  /** SANDBOX_WEBHOOK_ALLOW_LOOPBACK=1: this machine (a developer's receiver); off, loopback is refused like any internal address. */
  allowLoopback?: boolean;
}

/**
 * The IPv4 address an IPv6 one carries, when it is a translation of one: NAT64 (64:ff9b::/96,
 * RFC 6052), 6to4 (2002::/16, RFC 3056), Teredo (2001::/32, RFC 4380, its client address
 * inverted) and the deprecated IPv4-compatible ::a.b.c.d. Such an address reaches that IPv4 one.
 */
function embeddedIpv4(ip: ipaddr.IPv6): ipaddr.IPv4 | null {
  const p = ip.parts;
  const [, p1, p2, , , , p6, p7] = p;
  // ipaddr parses an IPv6 address into its eight 16-bit parts, or not at all.
  if (p1 === undefined || p2 === undefined || p6 === undefined || p7 === undefined) {
    throw new Error(`${ip.toString()} has not the eight parts of an IPv6 address`);
  }
  const v4 = (high: number, low: number) => new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
  switch (ip.range()) {
    case 'rfc6052':
      return v4(p6, p7);
    case '6to4':
      return v4(p1, p2);
    case 'teredo':
      return v4(p6 ^ 0xffff, p7 ^ 0xffff);
    default:
      // ::a.b.c.d (not :: or ::1)
      return p.slice(0, 6).every((part) => part === 0) && (p6 !== 0 || p7 > 1) ? v4(p6, p7) : null;
  }
}

/**
 * Whether an IP address (any form) may be dialled under `policy`. Link-local (169.254.0.0/16,
 * fe80::/10: every cloud's metadata service lives there) and known metadata addresses are refused
 * in every mode; an IPv6 address that carries an IPv4 one is judged by it; loopback needs
 * `allowLoopback`; private ranges `allowPrivate`; public unicast is allowed.
 */
export function isAllowedAddress(address: string, policy: OutboundPolicy): boolean {
  if (!ipaddr.isValid(address)) return false;
  const ip = ipaddr.process(address);
  if (METADATA.has(ip.toString())) return false;
  if (ip.kind() === 'ipv6') {
    const inner = embeddedIpv4(ip as ipaddr.IPv6);
    if (inner) return isAllowedAddress(inner.toString(), policy);
  }
  const range = ip.range();
  if (range === 'linkLocal') return false;
  if (range === 'unicast') return true;
  if (range === 'loopback') return policy.allowLoopback === true;
  return policy.allowPrivate && range !== 'unspecified' && range !== 'broadcast' && range !== 'multicast' && range !== 'reserved';
}

/** The host of a URL without IPv6 brackets. */
const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

/**
 * Checks a webhook URL when it is set: http(s), no credentials, and its host, if an address or a
 * name that resolves now, only to allowed addresses. A name that does not resolve now is
 * accepted here and checked again when sent. Answers null when allowed, else the reason.
 */
export async function checkOutboundUrl(raw: string, policy: OutboundPolicy, lookup = dns.promises.lookup): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'not a URL';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'must be an http(s) URL';
  if (url.username || url.password) return 'must not carry credentials';
  const host = hostOf(url);
  if (ipaddr.isValid(host)) return isAllowedAddress(host, policy) ? null : 'its address is on a private, link-local or metadata network';
  let addresses: { address: string }[];
  try {
    addresses = await lookup(host, { all: true, verbatim: true });
  } catch {
    return null;
  }
  return addresses.every((a) => isAllowedAddress(a.address, policy))
    ? null
    : 'its name resolves to a private, link-local or metadata address';
}

/** A connect-time DNS lookup that answers only allowed addresses (else an OutboundError). */
export function guardedLookup(policy: OutboundPolicy, resolve: typeof dns.lookup = dns.lookup): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true, verbatim: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = (addresses as unknown as dns.LookupAddress[]).filter((a) => isAllowedAddress(a.address, policy));
      if (list.length === 0 || list.length !== (addresses as unknown as dns.LookupAddress[]).length) {
        return callback(new OutboundError('refused') as NodeJS.ErrnoException, '', 0);
      }
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      const [first] = list;
      if (!first) return callback(new OutboundError('refused') as NodeJS.ErrnoException, '', 0);
      return callback(null, first.address, first.family);
    });
  };
}

/**
 * POSTs `body` to `rawUrl` under `policy` and answers the HTTP status (redirects are not
 * followed; the answer's body is not read). Throws OutboundError: `refused` before any packet
 * for a forbidden address, `timeout` after `timeoutMs`, `unreachable` for any other failure.
 */
export function postOutbound(
  rawUrl: string,
  headers: Record<string, string>,
  body: string,
  options: { timeoutMs: number; policy: OutboundPolicy },
): Promise<number> {
  return new Promise((resolve, reject) => {
    let url: URL;
    try {
      url = new URL(rawUrl);
    } catch {
      return reject(new OutboundError('refused'));
    }
    const host = hostOf(url);
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || (ipaddr.isValid(host) && !isAllowedAddress(host, options.policy))) {
      return reject(new OutboundError('refused'));
    }
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(url, {
      method: 'POST',
      headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) },
      lookup: guardedLookup(options.policy),
      timeout: options.timeoutMs,
    });
    request.on('response', (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('timeout', () => request.destroy(new OutboundError('timeout')));
    request.on('error', (error) => reject(OutboundError.is(error) ? error : new OutboundError('unreachable')));
    request.end(body);
  });
}
