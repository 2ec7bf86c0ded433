/**
 * Builds the embed script (lib/embed/checkout-embed.ts) with esbuild into public/embed/:
 * v1.js (classic script, `window.CheckoutEmbed`), v1.mjs (ES module), v1.d.ts (declarations,
 * the TypeScript compiler's API), and manifest.json with each file's Subresource Integrity hash (sha384, W3C SRI) and size.
 * public/embed.js (the unversioned path of earlier integrations) is v1.js too. The output is
 * checked in; `embedBuild()` answers the files without writing them (a test compares).
 *
 *   node scripts/build/build-embed.mjs        # npm run build runs it first
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import ts from 'typescript';
import { buildSync } from 'esbuild';

const SOURCE = 'lib/embed/checkout-embed.ts';
const BANNER = '/*! Hosted checkout embed v1 (lib/embed/checkout-embed.ts). No dependencies. */';

/** `sha384-<base64>` of `text` (what a script tag's `integrity` holds). */
export const integrity = (text) => `sha384-${createHash('sha384').update(text).digest('base64')}`;

/** The files of public/embed/ (and public/embed.js), by path, as text. */
export function embedBuild() {
  const common = { entryPoints: [SOURCE], bundle: true, write: false, target: 'es2019', minify: true, legalComments: 'none', banner: { js: BANNER } };
  const classic = buildSync({ ...common, format: 'iife', globalName: 'CheckoutEmbed' }).outputFiles[0].text;
  const esm = buildSync({ ...common, format: 'esm' }).outputFiles[0].text;
  const files = {
    'public/embed/v1.js': classic,
    'public/embed/v1.mjs': esm,
    'public/embed/v1.d.ts': `${BANNER}\n${declarations()}`,
    'public/embed.js': classic,
  };
  const manifest = {
    version: 1,
    files: Object.fromEntries(
      ['v1.js', 'v1.mjs', 'v1.d.ts'].map((name) => {
        const text = files[`public/embed/${name}`];
        return [`/embed/${name}`, { integrity: integrity(text), bytes: Buffer.byteLength(text) }];
      }),
    ),
  };
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
  if (problems.length > 0) throw new Error(ts.formatDiagnostics(problems, { getCanonicalFileName: (f) => f, getCurrentDirectory: () => process.cwd(), getNewLine: () => '\n' }));
  return text;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  mkdirSync('public/embed', { recursive: true });
  for (const [file, text] of Object.entries(embedBuild())) writeFileSync(file, text);
  console.log(`embed: ${JSON.parse(readFileSync('public/embed/manifest.json', 'utf8')).files['/embed/v1.js'].integrity}`);
}
