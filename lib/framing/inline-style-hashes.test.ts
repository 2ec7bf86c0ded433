import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from './content-security-policy';
import { inlineStyleHashes } from './inline-style-hashes';

describe('the CSP hashes of the inline stylesheets', () => {
  it('hashes every .css file of the build’s static folder, and nothing else', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'static-'));
    mkdirSync(path.join(dir, 'chunks'));
    const css = '.pay{color:#4f46e5}';
    writeFileSync(path.join(dir, 'chunks', 'a1.css'), css);
    writeFileSync(path.join(dir, 'chunks', 'a1.js'), 'console.log(1)');
    const expected = `'sha256-${createHash('sha256').update(css).digest('base64')}'`;
    expect(inlineStyleHashes(dir)).toEqual([expected]);
  });

  it('answers none where there is no build', () => {
    expect(inlineStyleHashes(path.join(tmpdir(), 'no-such-build'))).toEqual([]);
  });

  it('puts the hashes in style-src beside the nonce, and drops anything not a sha256 source', () => {
    const csp = contentSecurityPolicy({
      nonce: 'n',
      frameAncestors: [],
      dev: false,
      https: true,
      styleHashes: ["'sha256-abc+/='", "'unsafe-inline'", "'sha256-x' 'unsafe-inline'"],
    });
    expect(csp.split('; ').find((d) => d.startsWith('style-src '))).toBe("style-src 'self' 'nonce-n' 'sha256-abc+/='");
  });
});
