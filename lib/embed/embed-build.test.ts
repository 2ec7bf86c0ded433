/** The checked-in embed build (public/embed/) matches its source and its manifest (run `node scripts/build/build-embed.mjs`). */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script without declarations
import { embedBuild, FROZEN } from '../../scripts/build/build-embed.mjs';

describe('embed script build', () => {
  it('is up to date, and the manifest holds each file’s SRI hash', () => {
    const built = embedBuild() as Record<string, string>;
    for (const [file, text] of Object.entries(built)) expect(readFileSync(file, 'utf8') === text, `${file} is stale`).toBe(true);
    const manifest = JSON.parse(built['public/embed/manifest.json']!) as { current: string; files: Record<string, { integrity: string }> };
    for (const [urlPath, { integrity }] of Object.entries(manifest.files)) {
      const text = readFileSync(`public${urlPath}`);
      expect(integrity).toBe(`sha384-${createHash('sha384').update(text).digest('base64')}`);
    }
    expect(built[`public${manifest.current}`]).not.toMatch(/\brequire\(|\bimport\b/);
    // The integration guide's snippet pins the current release's hash.
    expect(readFileSync('docs/integration.md', 'utf8')).toContain(`src="http://localhost:3000${manifest.current}"`);
    expect(readFileSync('docs/integration.md', 'utf8')).toContain(`integrity="${manifest.files[manifest.current]!.integrity}"`);
  });

  it('keeps every earlier release byte for byte: merchants pin their hashes (v1 and the unversioned /embed.js)', () => {
    const manifest = JSON.parse(readFileSync('public/embed/manifest.json', 'utf8')) as { files: Record<string, { integrity: string }> };
    for (const [urlPath, pinned] of Object.entries(FROZEN as Record<string, string>)) {
      expect(
        `sha384-${createHash('sha384')
          .update(readFileSync(`public${urlPath}`))
          .digest('base64')}`,
        urlPath,
      ).toBe(pinned);
      expect(manifest.files[urlPath]?.integrity, urlPath).toBe(pinned);
    }
    expect(readFileSync('public/embed.js', 'utf8')).toBe(readFileSync('public/embed/v1.js', 'utf8'));
    expect(readFileSync('public/embed/v1.js', 'utf8')).toContain('setAttribute("allow","payment")');
  });
});
