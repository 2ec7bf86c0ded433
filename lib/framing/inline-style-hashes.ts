/**
 * The CSP hash sources of the build's own stylesheets, which the pages carry inline
 * (`experimental.inlineCss` in next.config.mjs: no stylesheet request stands between the document
 * and its first paint; docs/performance.md, "The customer's clock").
 *
 * The framework writes each stylesheet of the build as a `<style data-precedence>` element whose
 * text is the file's content, but without the request's nonce (React takes a style nonce apart
 * from the script's, and Next.js passes the script's alone). A CSP `style-src` hash source admits
 * exactly that text and nothing else (CSP Level 3, "hash-source"), so the policy stays strict:
 * no 'unsafe-inline', and an injected `<style>` is still refused. Server only.
 */
import 'server-only';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The folder of the build's static files, from the server's working folder (the standalone server's and `next start`'s). */
const STATIC_DIR = path.join(process.cwd(), '.next', 'static');

let cached: readonly string[] | null = null;

/**
 * `'sha256-…'` (base64) of every `.css` file under `dir` (the build's static folder unless
 * given), read once per process; none when there is no build (`next dev`, unit tests). Never throws.
 */
export function inlineStyleHashes(dir: string = STATIC_DIR): readonly string[] {
  if (dir === STATIC_DIR && cached) return cached;
  let hashes: string[] = [];
  try {
    hashes = (readdirSync(dir, { recursive: true }) as string[])
      .filter((file) => file.endsWith('.css'))
      .sort()
      .map(
        (file) =>
          `'sha256-${createHash('sha256')
            .update(readFileSync(path.join(dir, file)))
            .digest('base64')}'`,
      );
  } catch {
    // No build here: nothing is inlined either.
  }
  if (dir === STATIC_DIR) cached = hashes;
  return hashes;
}
