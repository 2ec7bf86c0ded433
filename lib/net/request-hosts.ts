/**
 * The hosts of a request as the request guard and Next.js's proxy compare them (host-names.ts
 * spells them): the hosts this instance serves under (CHECKOUT_URL's, FORWARDED_HOSTS), the
 * request's scheme, the host Next.js takes the request for, and the canonical spellings the
 * guard hands Next.js. Pure but for the configuration read.
 */
import type http from 'node:http';
import { appConfig, checkoutUrl, forwardedHostList, twinOrigin } from '@/lib/config';
import { canonicalHost, canonicalOrigin, schemeOf, type Scheme } from './host-names';

const DEFAULT_PORT: Record<Scheme, number> = { http: 80, https: 443 };
const schemeOfUrl = (url: URL): Scheme => (url.protocol === 'https:' ? 'https' : 'http');

let hostsMemo: { key: string; hosts: Record<Scheme, Set<string>> } | undefined;

/**
 * The hosts this instance serves under, canonical on `scheme` (the request's: `requestScheme`):
 * CHECKOUT_URL's host and those of FORWARDED_HOSTS (hosts of https pages), each also with its
 * own scheme's default port written out (`pay.example.com:443`). An `X-Forwarded-Host` naming
 * one of them in any spelling (case, trailing dot, default port), sent through the trusted
 * proxies (TRUSTED_PROXY_HOPS ≥ 1), is what ingress-nginx and Traefik set on every request
 * ($best_http_host); any other is refused (400), its value never logged.
 */
export function publicHosts(scheme: Scheme): Set<string> {
  // Behind an ingress every request carries the header: made once per configuration, not per request.
  const key = `${checkoutUrl()} ${appConfig().FORWARDED_HOSTS ?? ''}`;
  if (hostsMemo?.key === key) return hostsMemo.hosts[scheme];
  const checkout = new URL(checkoutUrl());
  const configured: [string, Scheme][] = [
    [checkout.host, schemeOfUrl(checkout)],
    ...forwardedHostList().map((host): [string, Scheme] => [host, 'https']),
  ];
  const hosts: Record<Scheme, Set<string>> = { http: new Set(), https: new Set() };
  for (const [on, set] of Object.entries(hosts) as [Scheme, Set<string>][]) {
    for (const [host, own] of configured) {
      const spellings = [host];
      // A host without a port (or with its default): also written with the default port.
      if (canonicalHost(host, own) === canonicalHost(`${host}:${DEFAULT_PORT[own]}`, own)) spellings.push(`${host}:${DEFAULT_PORT[own]}`);
      for (const spelling of spellings) {
        const canonical = canonicalHost(spelling, on);
        if (canonical) set.add(canonical);
      }
    }
  }
  hostsMemo = { key, hosts };
  return hosts[scheme];
}

/**
 * The scheme of a request, for the default port of its host headers: the trusted proxy's
 * `X-Forwarded-Proto` (TRUSTED_PROXY_HOPS ≥ 1), else CHECKOUT_URL's.
 */
export function requestScheme(forwardedProto: string | string[] | null | undefined, trustedHops: number): Scheme {
  return (trustedHops >= 1 ? schemeOf(forwardedProto) : null) ?? (checkoutUrl().startsWith('https:') ? 'https' : 'http');
}

/**
 * The host a request was sent to, as Next.js takes it for a server action: `X-Forwarded-Host`
 * (its value as sent) when the trusted proxies may have set it (TRUSTED_PROXY_HOPS ≥ 1), else
 * `Host`. Undefined when there is none.
 */
export function effectiveHost(
  host: string | null | undefined,
  forwardedHost: string | string[] | null | undefined,
  trustedHops: number,
): string | undefined {
  const forwarded = Array.isArray(forwardedHost) ? forwardedHost.join(', ') : forwardedHost;
  return (trustedHops >= 1 ? forwarded : null) ?? host ?? undefined;
}

/** Whether `value` names one of the public hosts on `scheme`, in any spelling of it. */
export const isPublicHost = (value: string | string[], scheme: Scheme): boolean => {
  const host = canonicalHost(value, scheme);
  return host !== null && publicHosts(scheme).has(host);
};

/**
 * The header values the request guard hands Next.js in place of those sent, for a request it
 * let through (`checkRequestHead`, request-checks.ts, answered null): `X-Forwarded-Host` and
 * `Host` in canonical spelling on the request's scheme, and for a post to a page (`pagePost`:
 * `isPagePost`) its `Origin` canonical and the host Next.js compares it with (`effectiveHost`)
 * spelt as the Origin's host, when the two name one host. Next.js compares them byte for byte and fails a server action with a 500 on
 * `PAY.EXAMPLE.COM` against `https://pay.example.com`; canonical, they are equal wherever the
 * guard found them equal. A value that is not one host is left as sent (the checks refused what
 * mattered). Only headers whose value changes are named.
 */
export function canonicalSpellings(
  headers: http.IncomingHttpHeaders,
  trustedHops: number,
  pagePost: boolean,
): Partial<Record<'host' | 'x-forwarded-host' | 'origin', string>> {
  const scheme = requestScheme(headers['x-forwarded-proto'], trustedHops);
  const spellings: Partial<Record<'host' | 'x-forwarded-host' | 'origin', string>> = {};
  for (const name of ['host', 'x-forwarded-host'] as const) {
    const canonical = canonicalHost(headers[name], scheme);
    if (canonical !== null) spellings[name] = canonical;
  }
  const origin = pagePost ? canonicalOrigin(headers.origin) : null;
  if (origin) {
    spellings.origin = origin.origin;
    // The header Next.js compares the Origin with: the forwarded host when one came (the guard let it through), else Host.
    const compared = trustedHops >= 1 && headers['x-forwarded-host'] !== undefined ? 'x-forwarded-host' : 'host';
    if (canonicalHost(headers[compared], origin.scheme) === origin.host) spellings[compared] = origin.host;
  }
  for (const name of Object.keys(spellings) as (keyof typeof spellings)[]) if (spellings[name] === headers[name]) delete spellings[name];
  return spellings;
}

/**
 * For Next.js's proxy (proxy.ts), on any runtime: the `Origin` and `X-Forwarded-Host` it hands
 * on for a post to a page that passed its check (`checkProxiedPagePost`), when the Origin names
 * the host Next.js compares it with (`effectiveHost`): both canonical, the forwarded host spelt
 * as the Origin's host, which Next.js compares first (it has set `X-Forwarded-Host` to `Host`
 * when none came). `header` reads the request's headers as the proxy has them. Empty otherwise.
 */
export function proxiedPostSpellings(
  header: (name: string) => string | null,
  trustedHops: number,
): Partial<Record<'x-forwarded-host' | 'origin', string>> {
  const origin = canonicalOrigin(header('origin'));
  const host = effectiveHost(header('host'), header('x-forwarded-host'), trustedHops);
  if (!origin || canonicalHost(host, origin.scheme) !== origin.host) return {};
  return { origin: origin.origin, 'x-forwarded-host': origin.host };
}

/**
 * Whether a route's POST comes from one of our own pages (no cross-site form posts: login CSRF):
 * its `Origin` names, in any spelling of one host (host-names.ts: case, trailing dot, default
 * port), the checkout's origin, its loopback twin (localhost and 127.0.0.1), or the request's own
 * origin. A missing, `null` or malformed Origin is not ours. Pure but for the configuration read.
 */
export function fromOwnPage(request: Request): boolean {
  const origin = canonicalOrigin(request.headers.get('origin'));
  if (!origin) return false;
  const own = new URL(checkoutUrl()).origin;
  const allowed = [own, twinOrigin(own), new URL(request.url).origin].flatMap((o) => {
    const canonical = o ? canonicalOrigin(o) : null;
    return canonical ? [canonical.origin] : [];
  });
  return allowed.includes(origin.origin);
}
