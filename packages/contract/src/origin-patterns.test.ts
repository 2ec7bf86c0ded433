import { describe, expect, it } from 'vitest';
import { isAllowedOrigin, originMatches } from './origin-patterns';

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
});
