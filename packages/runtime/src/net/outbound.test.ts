/**
 * The sandbox's outbound guard. Refused addresses are checked without sending: the address
 * rules are pure, names are resolved by an injected resolver, and a socket spy proves that no
 * connection was even attempted. Only loopback is dialled.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loopbackOnly } from '../testing/loopback-only';
import { checkOutboundUrl, guardedLookup, isAllowedAddress, OutboundError, postOutbound } from './outbound';

// Nothing in this file may connect anywhere but loopback, whatever the code under test does.
let guard: ReturnType<typeof loopbackOnly>;
beforeAll(() => {
  guard = loopbackOnly();
});
afterAll(() => {
  expect(guard.stopped).toEqual([]);
  guard.restore();
});

const strict = { allowPrivate: false };
const lax = { allowPrivate: true };
const local = { allowPrivate: false, allowLoopback: true };
const everything = { allowPrivate: true, allowLoopback: true };

describe('isAllowedAddress', () => {
  it.each(['93.184.215.14', '2001:4860::8888', '8.8.8.8'])('allows %s (public; classified, never dialled)', (address) => {
    expect(isAllowedAddress(address, strict)).toBe(true);
  });

  it.each([
    '10.0.0.5',
    '172.16.3.4',
    '192.168.1.1',
    '100.64.0.1',
    '169.254.169.254',
    '169.254.1.1',
    'fe80::1',
    'fd00::1',
    'fd00:ec2::254',
    '224.0.0.1',
    'ff02::1',
    '0.0.0.0',
    '::',
    '255.255.255.255',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    'not-an-address',
    '127.0.0.1',
    '127.8.9.10',
    '::1',
    '::ffff:127.0.0.1',
  ])('refuses %s by default (loopback too)', (address) => {
    expect(isAllowedAddress(address, strict)).toBe(false);
  });

  it('SANDBOX_WEBHOOK_ALLOW_LOOPBACK opens this machine and nothing else', () => {
    for (const address of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1'])
      expect(isAllowedAddress(address, local), address).toBe(true);
    for (const address of ['10.0.0.5', '169.254.169.254', 'fe80::1']) expect(isAllowedAddress(address, local), address).toBe(false);
  });

  it('SANDBOX_WEBHOOK_ALLOW_PRIVATE opens private networks, never link-local or metadata', () => {
    expect(isAllowedAddress('10.0.0.5', lax)).toBe(true);
    expect(isAllowedAddress('fd00::1', lax)).toBe(true);
    expect(isAllowedAddress('100.64.0.1', lax)).toBe(true);
    expect(isAllowedAddress('fe80::1', lax)).toBe(false);
    expect(isAllowedAddress('169.254.1.1', lax)).toBe(false);
  });

  // Every spelling of a metadata service, in every mode.
  it.each([
    '169.254.169.254',
    '169.254.170.2',
    '169.254.169.253',
    '100.100.100.200',
    'fd00:ec2::254',
    'fe80::a9fe:a9fe',
    '::ffff:169.254.169.254',
    '::ffff:a9fe:a9fe',
    '64:ff9b::a9fe:a9fe',
    '64:ff9b::169.254.169.254',
    '2002:a9fe:a9fe::1',
    '2001:0:4136:e378:8000:63bf:5601:5601',
    '::169.254.169.254',
    '::ffff:100.100.100.200',
    '64:ff9b::6464:64c8',
  ])('refuses the metadata spelling %s in every mode', (address) => {
    for (const policy of [strict, lax, local, everything]) expect(isAllowedAddress(address, policy)).toBe(false);
  });

  it('judges an IPv6 translation of an IPv4 address by that address', () => {
    expect(isAllowedAddress('64:ff9b::0a00:0005', strict)).toBe(false); // NAT64 of 10.0.0.5
    expect(isAllowedAddress('64:ff9b::0a00:0005', lax)).toBe(true);
    expect(isAllowedAddress('2002:7f00:0001::1', strict)).toBe(false); // 6to4 of 127.0.0.1
    expect(isAllowedAddress('64:ff9b::5db8:d70e', strict)).toBe(true); // NAT64 of a public address
  });
});

const resolver = (answers: Record<string, string[]>) =>
  (async (host: string) => {
    const list = answers[host];
    if (!list) throw Object.assign(new Error('ENOTFOUND'), { code: 'ENOTFOUND' });
    return list.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  }) as never;

describe('checkOutboundUrl (when a webhook URL is set)', () => {
  const lookup = resolver({
    'internal.example': ['10.1.2.3'],
    'mixed.example': ['93.184.215.14', '192.168.0.9'],
    localhost: ['127.0.0.1'],
    'shop.example': ['93.184.215.14'],
  });

  it('refuses private, link-local and metadata literals and names that resolve to them', async () => {
    for (const url of [
      'http://10.0.0.5/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://[fe80::1]/x',
      'http://[fd00:ec2::254]/',
      'http://internal.example/hook',
      'http://mixed.example/hook',
    ]) {
      expect(await checkOutboundUrl(url, strict, lookup), url).toMatch(/private, link-local or metadata/);
    }
  });

  it('allows public hosts and names that do not resolve yet (checked again when sent); loopback only when opted in', async () => {
    for (const url of ['https://shop.example/hook', 'https://later.example/hook']) {
      expect(await checkOutboundUrl(url, strict, lookup), url).toBeNull();
    }
    for (const url of ['http://127.0.0.1:4000/hook', 'http://localhost:4000/hook', 'http://2130706433:4000/', 'http://0x7f.1:4000/']) {
      expect(await checkOutboundUrl(url, strict, lookup), url).not.toBeNull();
      expect(await checkOutboundUrl(url, local, lookup), url).toBeNull();
    }
  });

  it('refuses the decimal, hexadecimal and octal spellings of the metadata address', async () => {
    for (const url of [
      'http://2852039166/latest',
      'http://0xa9fea9fe/',
      'http://0251.0376.0251.0376/',
      'http://169.254.43518/',
      'http://[::ffff:a9fe:a9fe]/',
    ]) {
      expect(await checkOutboundUrl(url, everything, lookup), url).not.toBeNull();
    }
  });

  it('refuses other schemes and credentials', async () => {
    expect(await checkOutboundUrl('file:///etc/passwd', strict, lookup)).toMatch(/http/);
    expect(await checkOutboundUrl('http://user:pw@shop.example/', strict, lookup)).toMatch(/credentials/);
  });
});

describe('guardedLookup (when a webhook is sent)', () => {
  it('refuses a name whose answer holds a forbidden address, at connect time', async () => {
    const resolve = ((host: string, _options: unknown, callback: (e: Error | null, a: unknown) => void) =>
      callback(
        null,
        host === 'rebind.example' ? [{ address: '169.254.169.254', family: 4 }] : [{ address: '127.0.0.1', family: 4 }],
      )) as never;
    const lookup = guardedLookup(local, resolve);
    const refused = await new Promise<Error | null>((done) => lookup('rebind.example', {}, (error) => done(error)));
    expect(refused).toBeInstanceOf(OutboundError);
    const allowed = await new Promise<string>((done) => lookup('localhost', {}, (_error, address) => done(address as string)));
    expect(allowed).toBe('127.0.0.1');
  });
});

describe('postOutbound', () => {
  it('refuses forbidden addresses without opening a socket', async () => {
    const before = guard.spy.mock.calls.length;
    for (const url of [
      'http://10.0.0.5/hook',
      'http://169.254.169.254/latest',
      'http://[fd00:ec2::254]/',
      'ftp://127.0.0.1/',
      'http://127.0.0.1:5432/',
      'http://[::1]:22/',
    ]) {
      await expect(postOutbound(url, {}, '{}', { timeoutMs: 1000, policy: strict })).rejects.toMatchObject({ category: 'refused' });
    }
    expect(guard.spy.mock.calls.length).toBe(before);
    expect(guard.stopped).toEqual([]);
  });

  it('delivers to loopback when opted in, and answers the status', async () => {
    const server = http.createServer((request, response) => {
      request.resume();
      request.on('end', () => response.writeHead(204).end());
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const port = (server.address() as AddressInfo).port;
      expect(
        await postOutbound(`http://127.0.0.1:${port}/hook`, { 'Content-Type': 'application/json' }, '{"a":1}', {
          timeoutMs: 2000,
          policy: local,
        }),
      ).toBe(204);
      expect(await postOutbound(`http://localhost:${port}/hook`, {}, '{}', { timeoutMs: 2000, policy: local })).toBe(204);
      await expect(postOutbound(`http://127.0.0.1:${port}/hook`, {}, '{}', { timeoutMs: 2000, policy: strict })).rejects.toMatchObject({
        category: 'refused',
      });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
