/**
 * Hosts and origins as they are compared: one spelling of each (the canonical one), made by the
 * WHATWG URL parser, the parser browsers and Next.js use. A host (`Host`, `X-Forwarded-Host`, a
 * configured host) is lower case, punycode for a name, without the trailing dot of a fully
 * qualified name, without the scheme's default port (80 for http, 443 for https), an IPv6
 * literal in brackets and compressed (`[::1]:3000`), an IPv4 address dotted-decimal. Every
 * comparison of hosts in the checkout goes through here (the request guard's forwarded-host
 * list and Origin checks, lib/net/request-checks.ts, and Next.js's proxy, proxy.ts), and the
 * request guard hands Next.js these spellings (RFC 3986 §3.2.2 and §6.2.3, RFC 9110 §4.2.3:
 * the host is case-insensitive, a port equal to the scheme's default is the same authority;
 * RFC 1034 §3.1: the trailing dot names the root). Pure; nothing is thrown.
 */

/** The schemes of the checkout's pages. */
export type Scheme = 'http' | 'https';

/** Longest value taken for a host, in characters: a DNS name (253), a port and brackets. */
const MAX_HOST_CHARS = 262;

/**
 * What is never in one host: anything but visible ASCII (a header is ASCII; a name outside
 * ASCII comes as punycode), the delimiters that end a URL's host (`/ \ ? # @`) and a comma (a
 * list of hosts is not one host).
 */
const NOT_ONE_HOST = /[^\x21-\x7e]|[/\\?#@,]/;

/**
 * The canonical spelling of `value` (a host, or `host:port`) on `scheme`, or null when it is not
 * one host: empty, longer than 262 characters, a list, a repeated header (an array), not ASCII,
 * with a path, user or query, or refused by the URL parser (a bad port, a bad IPv6 literal,
 * a forbidden character). `PAY.Example.COM.:443` on https is `pay.example.com`; on http it is
 * `pay.example.com:443`.
 */
export function canonicalHost(value: string | readonly string[] | null | undefined, scheme: Scheme): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_HOST_CHARS || NOT_ONE_HOST.test(value)) return null;
  let url: URL;
  try {
    url = new URL(`${scheme}://${value}`);
  } catch {
    return null;
  }
  // One trailing dot is the root; a name that still ends with one (`a..`) has an empty label.
  const hostname = url.hostname.endsWith('.') ? url.hostname.slice(0, -1) : url.hostname;
  if (hostname === '' || hostname.endsWith('.')) return null;
  return url.port ? `${hostname}:${url.port}` : hostname;
}

/** An origin taken apart: its scheme, its canonical host, and the canonical origin (`https://pay.example.com`). */
export interface CanonicalOrigin {
  scheme: Scheme;
  host: string;
  origin: string;
}

const ORIGIN_PARTS = /^(https?):\/\/(.*)$/is;

/**
 * `value` (an `Origin` header: `scheme://host[:port]`, nothing after) in canonical form, or
 * null for anything else: `null`, another scheme, a path (even `/`), a list, a host that
 * `canonicalHost` refuses. `HTTPS://PAY.EXAMPLE.COM.:443` is `https://pay.example.com`;
 * `new URL(origin).host` of the answer is its `host`.
 */
export function canonicalOrigin(value: string | readonly string[] | null | undefined): CanonicalOrigin | null {
  if (typeof value !== 'string') return null;
  const parts = ORIGIN_PARTS.exec(value);
  if (!parts?.[1]) return null;
  const scheme = parts[1].toLowerCase() as Scheme;
  const host = canonicalHost(parts[2], scheme);
  return host === null ? null : { scheme, host, origin: `${scheme}://${host}` };
}

/**
 * The scheme an `X-Forwarded-Proto` value names (its first entry, any case), or null for none
 * or another.
 */
export function schemeOf(value: string | readonly string[] | null | undefined): Scheme | null {
  if (typeof value !== 'string') return null;
  const first = (value.split(',', 1)[0] ?? '').trim().toLowerCase();
  return first === 'http' || first === 'https' ? first : null;
}
