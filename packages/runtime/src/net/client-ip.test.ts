/** The trusted-hop rule of the customer IP: counted from the right, never the client's own entries. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { addressKey, appendPeerToForwardedFor, clientIpFrom, NO_TRUSTED_ADDRESS, normalizeIp } from './client-ip';

describe('clientIpFrom', () => {
  it('takes the socket (the last entry) with no trusted proxy, whatever the client wrote', () => {
    expect(clientIpFrom('6.6.6.6, 203.0.113.9', 0)).toBe('203.0.113.9');
    expect(clientIpFrom('203.0.113.9', 0)).toBe('203.0.113.9');
  });

  it('counts trusted proxies from the right', () => {
    // client-written, the customer as the load balancer saw it, the load balancer's own address
    expect(clientIpFrom('6.6.6.6, 198.51.100.4, 10.0.0.2', 1)).toBe('198.51.100.4');
    expect(clientIpFrom('6.6.6.6, 198.51.100.4, 10.0.0.3, 10.0.0.2', 2)).toBe('198.51.100.4');
  });

  it('with fewer entries than hops, takes the leftmost, which is the socket when no proxy was there', () => {
    expect(clientIpFrom('127.0.0.1', 1)).toBe('127.0.0.1');
  });

  it('reads the trusted entries from the right of the whole header, however the client pads it ', () => {
    // Before: only the left 4,096 characters were read, so padding pushed the trusted entries out.
    const padded = `${'6.6.6.6, '.repeat(1000)}1.2.3.4`;
    expect(clientIpFrom(`${padded}, 203.0.113.9`, 0)).toBe('203.0.113.9');
    expect(clientIpFrom(`${padded}, 198.51.100.4, 10.0.0.2`, 1)).toBe('198.51.100.4');
    // Padding that would leave no valid entry at the cut changes nothing either.
    expect(clientIpFrom(`${'x'.repeat(5000)}, 203.0.113.9`, 0)).toBe('203.0.113.9');
    // Empty or malformed trusted entries are no address at all (a refusal for the caller).
    expect(clientIpFrom('203.0.113.9,', 0)).toBeUndefined();
    expect(clientIpFrom(',', 1)).toBeUndefined();
    expect(clientIpFrom(`${'1'.repeat(100)}`, 0)).toBeUndefined();
  });

  it('is linear in the header length', () => {
    const huge = `${'6.6.6.6,'.repeat(200_000)}203.0.113.9`;
    const started = performance.now();
    for (let i = 0; i < 100; i += 1) clientIpFrom(huge, 3);
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('normalises and refuses what is not an address', () => {
    expect(clientIpFrom('::ffff:192.0.2.1', 0)).toBe('192.0.2.1');
    expect(clientIpFrom('6.6.6.6, not-an-ip', 0)).toBeUndefined();
    expect(clientIpFrom('', 0)).toBeUndefined();
    expect(normalizeIp('2001:db8::1')).toBe('2001:db8::1');
    expect(normalizeIp('1.2.3.4<script>')).toBeUndefined();
  });
});

describe('appendPeerToForwardedFor', () => {
  it('makes a real server’s X-Forwarded-For end with the socket address (loopback only)', async () => {
    appendPeerToForwardedFor();
    const server = http.createServer((request, response) => response.end(String(request.headers['x-forwarded-for'])));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    try {
      expect(await (await fetch(url, { headers: { 'X-Forwarded-For': '6.6.6.6' } })).text()).toBe('6.6.6.6, 127.0.0.1');
      expect(await (await fetch(url)).text()).toBe('127.0.0.1');
      expect(clientIpFrom(await (await fetch(url, { headers: { 'X-Forwarded-For': '6.6.6.6' } })).text(), 0)).toBe('127.0.0.1');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('addressKey: the unit of per-address limits', () => {
  it('keys an IPv6 address by its /64, so a host’s 2^64 addresses are one key', () => {
    expect(addressKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:2::1')).toBe(addressKey('2001:db8:1:2:ffff:ffff:ffff:ffff'));
    expect(addressKey('2001:db8:1:3::1')).not.toBe(addressKey('2001:db8:1:2::1'));
    expect(addressKey('fe80::1%eth0')).toBe('fe80::/64');
  });

  it('keeps IPv4 addresses whole, an IPv4-mapped IPv6 address as its IPv4 address, and non-addresses as they are', () => {
    expect(addressKey('203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('203.0.113.10')).not.toBe(addressKey('203.0.113.9'));
    expect(addressKey(NO_TRUSTED_ADDRESS)).toBe(NO_TRUSTED_ADDRESS);
  });
});
