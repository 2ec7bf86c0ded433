/**
 * The Playwright runner is not React's server environment: `server-only`'s default entry throws
 * when loaded. A spec that imports, in the runner's own process, a module reaching the sandbox's
 * server code (the header fuzz's helpers, through lib/testing/fuzz.ts, reach the sandbox's router
 * and its database client, which import `server-only`) imports this module first: it stands the
 * guard in for an empty module in this process, as vitest.config.ts's alias does for unit tests.
 * The servers under test (e2e/start-app.mjs) keep the real guard.
 */
import Module, { createRequire } from 'node:module';

const requireHere = createRequire(__filename);
const guard = requireHere.resolve('server-only');
if (!requireHere.cache[guard]) {
  const stub = new Module(guard);
  stub.filename = guard;
  stub.loaded = true;
  stub.exports = {};
  requireHere.cache[guard] = stub;
}
