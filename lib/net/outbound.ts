/**
 * Server-side requests of the sandbox (webhooks to a merchant's URL or a transaction's
 * `hookUrl`) may not reach the networks behind it. A URL is checked when it is set and again
 * when sent, after DNS resolution, at the moment of connecting (the resolved address is the one
 * dialled, so a name cannot change its answer between the check and the connection):
 * - public unicast addresses and loopback (local development) are allowed;
 * - private, link-local, unique-local, carrier-grade NAT, multicast, broadcast, unspecified and
 *   reserved addresses are refused unless SANDBOX_WEBHOOK_ALLOW_PRIVATE=1;
 * - cloud metadata addresses (169.254.169.254, fd00:ec2::254) are always refused.
 * Address ranges come from ipaddr.js. A failed send is reported by category only (refused,
 * timeout, unreachable), never by the raw error text.
 */
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { brandError, hasErrorBrand } from '@/lib/error-brand';

/** Why an outbound request did not get an HTTP answer. */
export type OutboundFailure = 'refused' | 'timeout' | 'unreachable';

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

const METADATA = new Set(['169.254.169.254', 'fd00:ec2::254', '100.100.100.200']);
const ALWAYS_ALLOWED = new Set(['unicast', 'loopback']);

export interface OutboundPolicy {
  /** SANDBOX_WEBHOOK_ALLOW_PRIVATE=1: private and link-local networks too (never metadata). */
  allowPrivate: boolean;
}

/** Whether an IP address (any form) may be dialled under `policy`. */
export function isAllowedAddress(address: string, policy: OutboundPolicy): boolean {
  if (!ipaddr.isValid(address)) return false;
  const ip = ipaddr.process(address);
  const text = ip.toString();
  if (METADATA.has(text)) return false;
  const range = ip.range();
  if (ALWAYS_ALLOWED.has(range)) return true;
  return policy.allowPrivate && range !== 'unspecified' && range !== 'broadcast' && range !== 'multicast';
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
  return addresses.every((a) => isAllowedAddress(a.address, policy)) ? null : 'its name resolves to a private, link-local or metadata address';
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
      return callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

/**
 * POSTs `body` to `rawUrl` under `policy` and answers the HTTP status (redirects are not
 * followed; the answer's body is not read). Throws OutboundError: `refused` before any packet
 * for a forbidden address, `timeout` after `timeoutMs`, `unreachable` for any other failure.
 */
export function postOutbound(rawUrl: string, headers: Record<string, string>, body: string, options: { timeoutMs: number; policy: OutboundPolicy }): Promise<number> {
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
