/** The checked-in embed build (public/embed/) matches its source and its manifest (run `node scripts/build/build-embed.mjs`). */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script without declarations
import { embedBuild } from '../../scripts/build/build-embed.mjs';

describe('embed script build', () => {
  it('is up to date, and the manifest holds each file’s SRI hash', () => {
    const built = embedBuild() as Record<string, string>;
    for (const [file, text] of Object.entries(built)) expect(readFileSync(file, 'utf8') === text, `${file} is stale`).toBe(true);
    const manifest = JSON.parse(built['public/embed/manifest.json']!) as { files: Record<string, { integrity: string }> };
    for (const [urlPath, { integrity }] of Object.entries(manifest.files)) {
      const text = readFileSync(`public${urlPath}`);
      expect(integrity).toBe(`sha384-${createHash('sha384').update(text).digest('base64')}`);
    }
    expect(built['public/embed/v1.js']).not.toMatch(/\brequire\(|\bimport\b/);
    // The README's snippet pins the current hash.
    expect(readFileSync('README.md', 'utf8')).toContain(`integrity="${manifest.files['/embed/v1.js']!.integrity}"`);
  });
});
