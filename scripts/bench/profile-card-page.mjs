/**
 * bench:profile: where a page's render time goes: the card page, or with PAGE=cashier the
 * cashier (opened by its launch address, then served to the browser holding it). Starts the
 * payments service in its own process (port 3260) and the checkout under `node --cpu-prof` (port
 * 3261), loads the page with autocannon for DURATION (10) s at 20 connections, stops the checkout (its
 * profile is written on exit) and prints the self time of the top modules: a package of
 * node_modules, Node's own internals, or a source file of ours, found through the build's
 * source maps (Turbopack chunks map back to lib/, components/, app/). SIDE=service profiles the
 * service's process instead, under the same page's load: what one page view costs the sandbox.
 *
 *   npm run build && npm run bench:profile
 *   PAGE=cashier npm run bench:profile
 *   PAGE=cashier SIDE=service TOP=30 npm run bench:profile
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { SourceMapConsumer } from 'source-map-js';
import { answersOk, startServer } from '../support/production-server.mjs';
import { createPayin, createSession } from '../support/sandbox-merchant.mjs';
import { launch } from '../support/launch.mjs';
import { startServer as startProductionServer } from '../build/standalone-server.mjs';

const DURATION = Number(process.env.DURATION ?? 10);
const TOP = Number(process.env.TOP ?? 15);
const PAGE = process.env.PAGE === 'cashier' ? 'cashier' : 'card';
const SIDE = process.env.SIDE === 'service' ? 'service' : 'checkout';
if (!existsSync('.next/BUILD_ID')) {
  console.error('No production build: run `npm run build` first.');
  process.exit(1);
}
const dir = path.resolve('.data/profile');
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
rmSync('.data/profile-service', { recursive: true, force: true });

const serviceEnv = {
  SANDBOX: '1',
  CHECKOUT_URL: 'http://localhost:3261',
  SANDBOX_PUBLIC_URL: 'http://localhost:3260',
  LIMIT_CARD_ATTEMPTS_PER_IP: '1000000/3600',
  LIMIT_LAUNCHES_PER_IP: '1000000/60',
};
const checkoutEnv = {
  SANDBOX: '0',
  SANDBOX_PUBLIC_URL: 'http://localhost:3260',
  PAYMENTS_API_BASE_URL: 'http://127.0.0.1:3260/sandbox/api',
  PAYMENTS_API_TOKEN: 'sbx_checkout',
};
/** The process under --cpu-prof: the production server on `port`, its profile written to `dir` on exit. */
function startProfiled(port, env) {
  return startProductionServer(
    port,
    { LOG_LEVEL: 'warn', SHUTDOWN_DEADLINE_MS: '2000', ...env },
    { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${path.resolve(dir)}`], stdio: ['ignore', 'ignore', 'inherit'] },
  );
}
const origin = 'http://localhost:3261';
const profiledOrigin = SIDE === 'service' ? 'http://localhost:3260' : origin;
const profiled =
  SIDE === 'service'
    ? startProfiled(3260, { ...serviceEnv, CHECKOUT_URL: origin, SANDBOX_DATA_DIR: '.data/profile-service/db' })
    : startProfiled(3261, { ...checkoutEnv, CHECKOUT_URL: origin });
for (let i = 0; i < 100; i += 1) {
  if (await answersOk(`${profiledOrigin}/robots.txt`)) break;
  await new Promise((resolve) => setTimeout(resolve, 200));
}
// The other side, plain; should it not start, the profiled process is stopped too.
const other = await (
  SIDE === 'service' ? startServer('profile-checkout', 3261, checkoutEnv) : startServer('profile-service', 3260, serviceEnv)
).catch((error) => {
  profiled.kill('SIGTERM');
  throw error;
});
const service = { origin: 'http://localhost:3260' };
try {
  let target;
  if (PAGE === 'cashier') {
    const session = await createSession(service.origin);
    const { url, cookie } = await launch(session.checkoutUrl, { checkoutOrigin: origin });
    target = { url, headers: cookie ? { cookie } : {} };
  } else {
    target = { url: (await createPayin(service.origin)).iframeUrls.card, headers: {} };
  }
  await autocannon({ ...target, connections: 4, duration: 2 });
  const result = await autocannon({ ...target, connections: 20, duration: DURATION });
  console.log(
    `${PAGE} page, the ${SIDE} under --cpu-prof: ${result.requests.average.toFixed(0)} req/s, p50 ${result.latency.p50} ms, ${result.non2xx} non-2xx`,
  );
} finally {
  const exited = new Promise((resolve) => profiled.once('exit', resolve));
  profiled.kill('SIGTERM');
  await exited;
  other.server.kill('SIGTERM');
}

const file = readdirSync(dir).find((name) => name.endsWith('.cpuprofile'));
if (!file) throw new Error('no profile written');
const profile = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));

// Self time per node: each sample's time delta goes to the node sampled.
const self = new Map();
profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));

const consumers = new Map();
/** The module a call frame belongs to: a package, Node's internals, or a source of ours via the chunk's map. */
function moduleOf(frame) {
  const url = frame.url;
  if (!url) return frame.functionName.startsWith('(') ? frame.functionName : `(${frame.functionName || 'program'})`;
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[0]}`;
  const file = url.startsWith('file://') ? fileURLToPath(url) : url;
  const modules = file.split(`${path.sep}node_modules${path.sep}`);
  if (modules.length > 1) {
    const parts = modules.at(-1).split(path.sep);
    const name = parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
    // Next.js ships React and others compiled inside itself.
    const compiled = /next\/dist\/compiled\/([^/]+(?:\/[^/]+)?)/.exec(modules.at(-1).replaceAll(path.sep, '/'));
    return compiled ? `next (compiled ${compiled[1].replace(/\/cjs$/, '')})` : name;
  }
  if (file.includes(`${path.sep}.next${path.sep}`) && existsSync(`${file}.map`)) {
    if (!consumers.has(file)) consumers.set(file, new SourceMapConsumer(JSON.parse(readFileSync(`${file}.map`, 'utf8'))));
    const original = consumers.get(file).originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
    if (original.source) {
      const source = decodeURIComponent(
        original.source.replace(/^turbopack:\/\/\/(\[project\]\/)?/, '').replace(/^\[project\]\//, ''),
      ).replace(/^(\.\.\/)+/, '');
      const inModules = source.split('node_modules/');
      if (inModules.length > 1) {
        const parts = inModules.at(-1).split('/');
        return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
      }
      return `ours: ${source}`;
    }
    return '.next chunk (unmapped)';
  }
  return path.relative(process.cwd(), file);
}

const byModule = new Map();
let total = 0;
for (const node of profile.nodes) {
  const time = self.get(node.id) ?? 0;
  total += time;
  const name = moduleOf(node.callFrame);
  byModule.set(name, (byModule.get(name) ?? 0) + time);
}
const idle = byModule.get('(idle)') ?? 0;
console.log(`self time by module (${((total - idle) / 1e6).toFixed(1)} s busy of ${(total / 1e6).toFixed(1)} s; idle left out):`);
for (const [name, time] of [...byModule]
  .filter(([name]) => name !== '(idle)')
  .sort((a, b) => b[1] - a[1])
  .slice(0, TOP)) {
  console.log(`  ${((100 * time) / (total - idle)).toFixed(1).padStart(5)} %  ${name}`);
}
