import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, isAllowedOrigin, originMatches } from './origins';

describe('allowed origins', () => {
  it('matches exact origins, any port, and subdomain wildcards', () => {
    expect(originMatches('https://shop.example', 'https://shop.example')).toBe(true);
    expect(originMatches('https://shop.example', 'https://shop.example:443')).toBe(false); // not an origin string
    expect(originMatches('https://shop.example', 'http://shop.example')).toBe(false);
    expect(originMatches('https://shop.example', 'https://evil-shop.example')).toBe(false);
    expect(originMatches('http://localhost:*', 'http://localhost:3101')).toBe(true);
    expect(originMatches('http://localhost:*', 'http://localhost.evil.com:3101')).toBe(false);
    expect(originMatches('https://*.shop.example', 'https://eu.shop.example')).toBe(true);
    expect(originMatches('https://*.shop.example', 'https://shop.example')).toBe(false);
    expect(originMatches('https://shop.example:8443', 'https://shop.example:8443')).toBe(true);
    expect(originMatches('*', 'https://anything.example')).toBe(false);
    expect(isAllowedOrigin(['http://127.0.0.1:*'], 'null')).toBe(false);
  });

  it('builds a nonce CSP whose frame-ancestors keep only well-formed patterns', () => {
    const csp = contentSecurityPolicy({ nonce: 'abc', frameAncestors: ['http://localhost:*', "x; script-src 'unsafe-inline'"], dev: false, https: false });
    expect(csp).toContain("script-src 'self' 'nonce-abc' 'strict-dynamic'");
    expect(csp).toContain("frame-ancestors 'self' http://localhost:*");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('upgrade-insecure-requests');
  });
});
