/**
 * Hosts and origins in canonical spelling (host-names.ts), and every comparison of hosts made
 * with them: the forwarded-host list, the page posts' Origin check (the guard's and the
 * proxy's), and the spellings the guard hands Next.js (request-hosts.ts), which Next.js compares
 * byte for byte.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { canonicalHost, canonicalOrigin, schemeOf } from './host-names';
import { checkPagePost, checkProxiedPagePost, checkRequestHead } from './request-checks';
import { canonicalSpellings, effectiveHost, publicHosts, requestScheme } from './request-hosts';
import { nextActionStatus } from '@/lib/testing/next-action-origin';

describe('canonicalHost', () => {
  it.each([
    ['PAY.EXAMPLE.COM', 'https', 'pay.example.com'],
    ['pay.example.com.', 'https', 'pay.example.com'],
    ['Pay.Example.Com.:443', 'https', 'pay.example.com'],
    ['pay.example.com:443', 'http', 'pay.example.com:443'],
    ['pay.example.com:80', 'http', 'pay.example.com'],
    ['pay.example.com:80', 'https', 'pay.example.com:80'],
    ['pay.example.com:0443', 'https', 'pay.example.com'],
    ['pay.example.com:', 'https', 'pay.example.com'],
    ['LOCALHOST.:3000', 'http', 'localhost:3000'],
    ['[::1]', 'https', '[::1]'],
    ['[0:0:0::1]:443', 'https', '[::1]'],
    ['[::FFFF:127.0.0.1]:3000', 'http', '[::ffff:7f00:1]:3000'],
    ['127.0.0.1.', 'http', '127.0.0.1'],
    ['0x7f.1', 'http', '127.0.0.1'],
    ['XN--PY-VIA.example.com', 'https', 'xn--py-via.example.com'],
    ['pay%2Eexample.com', 'https', 'pay.example.com'],
  ] as const)('%s on %s is %s', (value, scheme, canonical) => {
    expect(canonicalHost(value, scheme)).toBe(canonical);
    // Canonical is a fixed point, and the URL parser (Next.js's `new URL(origin).host`) reads it back unchanged.
    expect(canonicalHost(canonical, scheme)).toBe(canonical);
    expect(new URL(`${scheme}://${canonical}`).host).toBe(canonical);
  });

  it.each([
    ['empty', ''],
    ['a list', 'pay.example.com, evil.example'],
    ['a user', 'pay.example.com@evil.example'],
    ['a fragment hiding the host', 'evil.example#@pay.example.com'],
    ['a path', 'pay.example.com/x'],
    ['a backslash', 'pay.example.com\\x'],
    ['a query', 'pay.example.com?x'],
    ['a space', 'pay example.com'],
    ['a tab', 'pay.example.com\t'],
    ['a control character', 'pay.example.com\u0001'],
    ['DEL', 'pay.example.com\u007f'],
    ['unicode (a header sends punycode)', 'päy.example.com'],
    ['UTF-8 read as Latin-1', 'p\u00c3\u00a4y.example.com'],
    ['a port out of range', 'pay.example.com:99999'],
    ['a port that is not a number', 'pay.example.com:https'],
    ['a trailing dot after the port', 'pay.example.com:443.'],
    ['an empty label at the end', 'pay.example.com..'],
    ['a lone dot', '.'],
    ['a broken IPv6 literal', '[::1'],
    ['an IPv6 literal without brackets', '::1'],
    ['bad punycode', 'xn--'],
    ['8 KB', 'x'.repeat(8 * 1024)],
  ])('%s is not one host', (_, value) => {
    expect(canonicalHost(value, 'https')).toBeNull();
  });

  it('a repeated header (an array), null and undefined are not one host', () => {
    expect(canonicalHost(['pay.example.com', 'pay.example.com'], 'https')).toBeNull();
    expect(canonicalHost(null, 'https')).toBeNull();
    expect(canonicalHost(undefined, 'https')).toBeNull();
  });
});

describe('canonicalOrigin and schemeOf', () => {
  it('spells an origin as the browser serialises it, the host canonical on its own scheme', () => {
    expect(canonicalOrigin('HTTPS://PAY.EXAMPLE.COM.:443')).toEqual({
      scheme: 'https',
      host: 'pay.example.com',
      origin: 'https://pay.example.com',
    });
    expect(canonicalOrigin('http://[::1]:80')?.origin).toBe('http://[::1]');
    expect(canonicalOrigin('http://pay.example.com:443')?.origin).toBe('http://pay.example.com:443');
  });

  it.each([
    null,
    'null',
    '',
    'https://',
    'https://pay.example.com/',
    'https://pay.example.com/x',
    'ftp://pay.example.com',
    'https://a, https://b',
    'http://[',
  ])('%j is not an origin', (value) => {
    expect(canonicalOrigin(value)).toBeNull();
  });

  it('reads X-Forwarded-Proto in any case, its first entry only', () => {
    expect(schemeOf('HTTPS')).toBe('https');
    expect(schemeOf(' http , https')).toBe('http');
    expect(schemeOf('ftp')).toBeNull();
    expect(schemeOf(undefined)).toBeNull();
  });
});

describe('the comparisons of hosts', () => {
  beforeEach(() => {
    process.env.CHECKOUT_URL = 'https://pay.example.com';
    process.env.FORWARDED_HOSTS = 'pay.shop.example,checkout.example:8443';
  });
  afterEach(() => {
    for (const name of ['CHECKOUT_URL', 'FORWARDED_HOSTS', 'TRUSTED_PROXY_HOPS']) delete process.env[name];
  });

  it('the forwarded-host list names each public host once per scheme, canonical', () => {
    expect([...publicHosts('https')].sort()).toEqual(['checkout.example:8443', 'pay.example.com', 'pay.shop.example']);
    // On http, an https host's port 443 is not the default: written out.
    expect([...publicHosts('http')].sort()).toEqual([
      'checkout.example:8443',
      'pay.example.com',
      'pay.example.com:443',
      'pay.shop.example',
      'pay.shop.example:443',
    ]);
  });

  it('an X-Forwarded-Host from the trusted proxy in any spelling of a public host passes; any other is 400', () => {
    const head = (forwardedHost: string, proto = 'https') =>
      checkRequestHead(
        'GET',
        '/',
        {
          host: '10.1.2.3:3000',
          'x-forwarded-host': forwardedHost,
          'x-forwarded-proto': proto,
          'x-forwarded-for': '203.0.113.5, 10.0.0.1',
        },
        1,
      );
    for (const host of [
      'pay.example.com',
      'PAY.EXAMPLE.COM',
      'pay.example.com.',
      'pay.example.com:443',
      'PAY.SHOP.EXAMPLE.',
      'Checkout.Example.:8443',
    ])
      expect(head(host), host).toBeNull();
    for (const host of [
      'evil.example',
      'checkout.example',
      'pay.example.com:8443',
      'pay.example.com..',
      'pay.example.com, evil.example',
      '',
    ])
      expect(head(host), host).toMatchObject({ status: 400 });
    // The scheme decides the default port: on http, :80 is the host itself, :443 the https host's written-out port.
    expect(head('pay.example.com:80', 'http')).toBeNull();
    expect(head('pay.example.com:80', 'https')).toMatchObject({ status: 400 });
  });

  it('the scheme of a request is the trusted proxy’s X-Forwarded-Proto, else CHECKOUT_URL’s; the host is the forwarded one behind a trusted proxy', () => {
    expect(requestScheme('http', 1)).toBe('http');
    expect(requestScheme('http', 0)).toBe('https');
    expect(requestScheme('gopher', 1)).toBe('https');
    expect(effectiveHost('10.1.2.3:3000', 'pay.example.com', 1)).toBe('pay.example.com');
    expect(effectiveHost('10.1.2.3:3000', 'pay.example.com', 0)).toBe('10.1.2.3:3000');
    expect(effectiveHost('10.1.2.3:3000', null, 1)).toBe('10.1.2.3:3000');
  });

  it('a server action’s Origin is compared with its host canonical: case, trailing dot and default port are one host', () => {
    const action = { nextAction: true, contentType: 'text/plain' };
    const post = (origin: string, host: string) => checkPagePost('POST', '/payments/payin/p1/card', origin, '2', undefined, host, action);
    for (const [origin, host] of [
      ['https://pay.example.com', 'PAY.EXAMPLE.COM'],
      ['https://pay.example.com', 'pay.example.com.'],
      ['https://pay.example.com', 'pay.example.com:443'],
      ['https://PAY.example.com.:443', 'pay.example.com'],
      ['http://[::1]:3000', '[0::1]:3000'],
      ['http://10.1.2.3', '10.1.2.3:80'],
    ])
      expect(post(origin!, host!), `${origin} ${host}`).toBeNull();
    for (const [origin, host] of [
      ['https://pay.example.com', 'pay.example.com:80'],
      ['http://pay.example.com', 'pay.example.com:443'],
      ['https://pay.example.com', 'pay.example.com.evil.example'],
      ['https://pay.example.com', 'pay.example.com, evil.example'],
      ['https://evil.example', 'pay.example.com'],
    ])
      expect(post(origin!, host!), `${origin} ${host}`).toMatchObject({ status: 403 });
  });

  it('the guard hands Next.js canonical spellings that pass Next.js’s own byte-for-byte check (before: 500 for PAY.EXAMPLE.COM)', () => {
    const cases: Record<string, string>[] = [
      { host: '10.1.2.3:3000', 'x-forwarded-host': 'PAY.EXAMPLE.COM', origin: 'https://pay.example.com' },
      { host: '10.1.2.3:3000', 'x-forwarded-host': 'pay.example.com.', origin: 'https://pay.example.com' },
      { host: '10.1.2.3:3000', 'x-forwarded-host': 'pay.example.com:443', origin: 'https://pay.example.com' },
      { host: '10.1.2.3:3000', 'x-forwarded-host': 'pay.example.com', origin: 'https://pay.example.com.' },
      { host: '10.1.2.3:3000', 'x-forwarded-host': 'Pay.Shop.Example.', origin: 'HTTPS://pay.shop.example:443' },
    ];
    for (const sent of cases) {
      const headers = {
        ...sent,
        'x-forwarded-proto': 'https',
        'x-forwarded-for': '203.0.113.5, 10.0.0.1',
        'next-action': 'ab',
        'content-length': '2',
      };
      expect(checkRequestHead('POST', '/payments/payin/p1/card', headers, 1), JSON.stringify(sent)).toBeNull();
      // As sent, Next.js fails the action; as the guard hands it on, it takes it.
      expect(nextActionStatus('POST', headers), JSON.stringify(sent)).toBe(500);
      const handed = { ...headers, ...canonicalSpellings(headers, 1, true) };
      expect(nextActionStatus('POST', handed), JSON.stringify(sent)).toBe(200);
      expect(handed.origin).toMatch(/^https:\/\/pay\.(example\.com|shop\.example)$/);
    }
    // Without a proxy, Host is the one Next.js compares: handed on canonical.
    const direct = { host: 'PAY.EXAMPLE.COM.:443', origin: 'https://pay.example.com', 'next-action': 'ab' };
    expect({ ...direct, ...canonicalSpellings(direct, 0, true) }.host).toBe('pay.example.com');
    // Only what changes is named; a value that is not one host is left as it came.
    expect(canonicalSpellings({ host: 'pay.example.com', origin: 'https://pay.example.com' }, 0, true)).toEqual({});
    expect(canonicalSpellings({ host: 'a b' }, 0, false)).toEqual({});
  });

  it('the proxy compares the Origin with the forwarded host behind a trusted proxy, not with Host (before: 403 for every action)', () => {
    const headers = (extra: Record<string, string>) => {
      const all = new Headers({ 'next-action': 'ab', 'content-type': 'text/plain', 'content-length': '2', ...extra });
      return (name: string) => all.get(name);
    };
    const path = '/payments/payin/p1/card';
    // Behind the ingress: Host is the pod's, X-Forwarded-Host the customer's host in any spelling.
    for (const forwardedHost of ['pay.example.com', 'PAY.EXAMPLE.COM', 'pay.example.com.', 'pay.example.com:443']) {
      const get = headers({ host: '10.1.2.3:3000', 'x-forwarded-host': forwardedHost, origin: 'https://pay.example.com' });
      expect(checkProxiedPagePost('POST', path, get, 1), forwardedHost).toBeNull();
    }
    expect(
      checkProxiedPagePost(
        'POST',
        path,
        headers({ host: '10.1.2.3:3000', 'x-forwarded-host': 'evil.example', origin: 'https://pay.example.com' }),
        1,
      ),
    ).toMatchObject({
      status: 403,
    });
    // Without a trusted proxy: Host is compared; Next.js's own copy of Host in X-Forwarded-Host is no refusal, another host is 400.
    const direct = { host: 'pay.example.com', origin: 'https://pay.example.com' };
    expect(checkProxiedPagePost('POST', path, headers({ ...direct, 'x-forwarded-host': 'PAY.EXAMPLE.COM.' }), 0)).toBeNull();
    expect(checkProxiedPagePost('POST', path, headers({ ...direct, 'x-forwarded-host': 'evil.example' }), 0)).toMatchObject({
      status: 400,
    });
    expect(checkProxiedPagePost('POST', path, headers({ ...direct, origin: 'https://evil.example' }), 0)).toMatchObject({ status: 403 });
    // Not a page post: never the proxy's to refuse.
    expect(checkProxiedPagePost('GET', path, headers({ ...direct, 'x-forwarded-host': 'evil.example' }), 0)).toBeNull();
    expect(checkProxiedPagePost('POST', '/api/launch', headers({ host: 'x', origin: 'https://evil.example' }), 0)).toBeNull();
  });
});
