/**
 * The site's icon (/favicon.ico): a real icon in app/ (Next.js's file convention serves
 * app/favicon.ico at /favicon.ico), with 16 and 32 pixel images, no second copy in public/ (Next
 * refuses the build with both), and outside the proxy (no page CSP or service look-up for it). Before,
 * /favicon.ico answered 404 on every page load.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** The images of an ICO file: width, height (0 means 256) and bits per pixel of each. */
function icoImages(bytes: Buffer): { width: number; height: number; bits: number }[] {
  expect(bytes.readUInt16LE(0), 'reserved').toBe(0);
  expect(bytes.readUInt16LE(2), 'type: icon').toBe(1);
  return Array.from({ length: bytes.readUInt16LE(4) }, (_, k) => {
    const entry = 6 + 16 * k;
    const size = bytes.readUInt32LE(entry + 8);
    const offset = bytes.readUInt32LE(entry + 12);
    expect(offset + size, 'image within the file').toBeLessThanOrEqual(bytes.length);
    return { width: bytes.readUInt8(entry) || 256, height: bytes.readUInt8(entry + 1) || 256, bits: bytes.readUInt16LE(entry + 6) };
  });
}

describe('/favicon.ico', () => {
  it('is a real icon in app/, 16 and 32 pixels, and only there', () => {
    const bytes = readFileSync('app/favicon.ico');
    expect(bytes.length).toBeLessThan(16 * 1024);
    const sizes = icoImages(bytes).map((image) => `${image.width}x${image.height}`);
    expect(sizes).toEqual(expect.arrayContaining(['16x16', '32x32']));
    expect(existsSync('public/favicon.ico')).toBe(false);
  });

  it('does not go through the proxy (its CSP and look-ups are for pages)', () => {
    const matcher = /matcher:\s*\[\s*'([^']+)'/.exec(readFileSync('proxy.ts', 'utf8'))?.[1] ?? '';
    const matches = (path: string) => new RegExp(`^${matcher}$`).test(path);
    expect(matches('/cashier/cs_1')).toBe(true);
    expect(matches('/favicon.ico')).toBe(false);
  });
});
