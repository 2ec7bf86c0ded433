/**
 * After `next build`: puts beside `.next/standalone/server.js` what it serves or reads but Next.js
 * does not copy there: the static files (`.next/static`, `public/`), the message catalogues (the
 * product's and the sandbox's own) and the sandbox's migrations (packages/sandbox/drizzle, read at
 * start from the server's working directory). The result is the one build the browser tests,
 * `npm start`, the demo and the image run.
 *
 *   node scripts/build/standalone-assets.mjs     # npm run build runs it after next build
 */
import { cpSync, existsSync, rmSync } from 'node:fs';

const OUT = '.next/standalone';
if (!existsSync(`${OUT}/server.js`)) throw new Error(`${OUT}/server.js is missing: run next build (output: 'standalone') first`);
for (const [from, to] of [
  ['.next/static', `${OUT}/.next/static`],
  ['public', `${OUT}/public`],
  ['messages', `${OUT}/messages`],
  ['packages/sandbox/messages', `${OUT}/packages/sandbox/messages`],
  ['packages/sandbox/drizzle', `${OUT}/packages/sandbox/drizzle`],
  // What the app publishes from the tests and benchmarks: the accessibility statement, the performance table.
  ['published', `${OUT}/published`],
]) {
  rmSync(to, { recursive: true, force: true });
  if (existsSync(from)) cpSync(from, to, { recursive: true });
}
console.log(`standalone: static files, catalogues and migrations copied into ${OUT}`);
