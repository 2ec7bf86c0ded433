/**
 * Builds the embed script (lib/embed/checkout-embed.ts) with esbuild into public/embed/, as
 * releases: each release's files keep their bytes for ever, since merchants pin them by their
 * Subresource Integrity hash (PCI DSS 4.0 requirement 6.4.3). The current release (RELEASE) is
 * built from the source: v{RELEASE}.js (classic script, `window.CheckoutEmbed`), .mjs (ES module),
 * .d.ts (declarations, the TypeScript compiler's API). Earlier releases (FROZEN) are checked-in
 * files, never rebuilt; their hashes are recorded here and checked. manifest.json lists every
 * release's files with their SRI hash (sha384, W3C SRI) and size, and names the current one.
 * public/embed.js (the unversioned path of the first integrations) is release 1's v1.js. The
 * output is checked in; `embedBuild()` answers the files without writing them (a test compares).
 *
 *   node scripts/build/build-embed.mjs        # npm run build runs it first
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import ts from 'typescript';
import { buildSync } from 'esbuild';

const SOURCE = 'lib/embed/checkout-embed.ts';
/** The release built from the source: 1.2 frames the merchant's own launch redirect (`checkoutOrigin`). */
const RELEASE = '1.2';
const BANNER = `/*! Hosted checkout embed v${RELEASE} (lib/embed/checkout-embed.ts). No dependencies. */`;
/** Earlier releases: checked-in files whose bytes never change (merchants pin these hashes). */
export const FROZEN = {
  '/embed/v1.js': 'sha384-4lsXN/sbNCA+x4W3HyVPncmXkIe+Tpl955o/qberWfnFo9HNcgBL+UsqC30u7g6Z',
  '/embed/v1.mjs': 'sha384-Sdw3BoI265vx/s/i1xj/zhRFjtJ3jAJouz0wEq+Qyk9IU5phbxCg5xmxfiNQSaa3',
  '/embed/v1.d.ts': 'sha384-6aUYfZUnadP6lvrMbId4ukrnCWgtR/4t3WgaaSFp56FTnarb7WnhVtjprOcNTHzh',
  '/embed/v1.1.js': 'sha384-d7I3E/obL1dm2qUtA1YyP+Q5c1Cqb6auJL+SjweJrC6taVJVU12gmO1QiihQsbsh',
  '/embed/v1.1.mjs': 'sha384-mOVnpQiYSGozzkHoud68hVBMCgOIyXt53KRyvDnj8R3aCh4EsqemkdRQSdmqGzU+',
  '/embed/v1.1.d.ts': 'sha384-89FsI+plDfaCOPxgBjnW1lI+ZnEDEsUJzkaIM07oekbEvX3tMQ6/DNB1UzRLuLTb',
};

/** `sha384-<base64>` of `text` (what a script tag's `integrity` holds). */
export const integrity = (text) => `sha384-${createHash('sha384').update(text).digest('base64')}`;

/** The files of public/embed/ written by the build (the current release, the manifest), by path, as text. */
export function embedBuild() {
  const common = {
    entryPoints: [SOURCE],
    bundle: true,
    write: false,
    target: 'es2019',
    minify: true,
    legalComments: 'none',
    banner: { js: BANNER },
  };
  const classic = buildSync({ ...common, format: 'iife', globalName: 'CheckoutEmbed' }).outputFiles[0].text;
  const esm = buildSync({ ...common, format: 'esm' }).outputFiles[0].text;
  const current = {
    [`/embed/v${RELEASE}.js`]: classic,
    [`/embed/v${RELEASE}.mjs`]: esm,
    [`/embed/v${RELEASE}.d.ts`]: `${BANNER}\n${declarations()}`,
  };
  const frozen = Object.fromEntries(Object.keys(FROZEN).map((urlPath) => [urlPath, readFileSync(`public${urlPath}`, 'utf8')]));
  const entry = (text) => ({ integrity: integrity(text), bytes: Buffer.byteLength(text) });
  const manifest = {
    version: 1,
    current: `/embed/v${RELEASE}.js`,
    files: Object.fromEntries([...Object.entries(frozen), ...Object.entries(current)].map(([urlPath, text]) => [urlPath, entry(text)])),
  };
  const files = Object.fromEntries(Object.entries(current).map(([urlPath, text]) => [`public${urlPath}`, text]));
  files['public/embed/manifest.json'] = `${JSON.stringify(manifest, null, 2)}\n`;
  return files;
}

/** The source's type declarations (the TypeScript compiler's API, no file written). */
function declarations() {
  let text = '';
  const program = ts.createProgram([SOURCE], {
    declaration: true,
    emitDeclarationOnly: true,
    target: ts.ScriptTarget.ES2019,
    lib: ['lib.es2019.d.ts', 'lib.dom.d.ts'],
    types: [],
    skipLibCheck: true,
    strict: true,
  });
  const result = program.emit(undefined, (name, data) => {
    if (name.endsWith('.d.ts')) text = data;
  });
  const problems = ts.getPreEmitDiagnostics(program).concat(result.diagnostics);
  if (problems.length > 0)
    throw new Error(
      ts.formatDiagnostics(problems, { getCanonicalFileName: (f) => f, getCurrentDirectory: () => process.cwd(), getNewLine: () => '\n' }),
    );
  return text;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  mkdirSync('public/embed', { recursive: true });
  for (const [file, text] of Object.entries(embedBuild())) writeFileSync(file, text);
  for (const [urlPath, pinned] of Object.entries(FROZEN)) {
    if (integrity(readFileSync(`public${urlPath}`, 'utf8')) !== pinned)
      throw new Error(`${urlPath} changed: a released file keeps its bytes (merchants pin its hash)`);
  }
  const manifest = JSON.parse(readFileSync('public/embed/manifest.json', 'utf8'));
  console.log(`embed: ${manifest.current} ${manifest.files[manifest.current].integrity}`);
}
