/**
 * npm run cluster: the checkout as merchants run it, on one machine (loopback only):
 * - PostgreSQL (Debian's package, installed when missing, a cluster of its own under
 *   .data/cluster/pg), or DATABASE_URL;
 * - the payments service's sandbox as two processes on that PostgreSQL, each with its worker
 *   (webhooks, timed outcomes), behind HAProxy on an origin of its own (SANDBOX_PUBLIC_URL);
 * - two checkout instances of one build, pointed at the service (PAYMENTS_API_BASE_URL), sharing
 *   one NEXT_SERVER_ACTIONS_ENCRYPTION_KEY, the velocity limits' PostgreSQL store and secrets;
 * - nginx (Debian's package; deploy/nginx/ingress.conf) as ingress-nginx configures it, the way
 *   in to the checkout instances: round robin, X-Forwarded-Host and the other headers that
 *   controller sets on every request;
 * - HAProxy (Debian's package; deploy/haproxy.cfg): round robin, no sticky sessions, in front of
 *   the service's processes (and of the checkout instances, the shape of a VM without Kubernetes).
 * `node scripts/cluster/cluster.mjs` runs until Ctrl-C; `startCluster()` is used by the cluster smoke test.
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ensureTools, POSTGRESQL_SERVER } from '../build/debian-packages.mjs';
import { startServer } from '../build/standalone-server.mjs';

export const PORTS = {
  sandbox: 3400,
  sandboxB: 3403,
  a: 3401,
  b: 3402,
  lb: 3500,
  service: 3501,
  ingress: 3510,
  // The instances' Prometheus metrics listeners (loopback, a bearer token: METRICS_TOKEN).
  metricsA: 3441,
  metricsB: 3442,
  pg: 55433,
};
const ROOT = path.resolve('.data/cluster');

const PROXIES = [
  { command: 'haproxy', package: 'haproxy' },
  { command: 'nginx', package: 'nginx' },
];

/** The newest PostgreSQL server's bin folder, Debian's `postgresql` installed first when missing. */
function postgresBin() {
  return path.dirname(ensureTools([POSTGRESQL_SERVER])[POSTGRESQL_SERVER.file]);
}

async function waitFor(url, label, tries = 150) {
  for (let i = 0; i < tries; i += 1) {
    try {
      const response = await fetch(url);
      if (response.status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${label} did not start (${url})`);
}

/**
 * Starts PostgreSQL (Debian's, installed when missing) in `dir` (as the postgres user) on `port`,
 * with a database `checkout`, and answers its URL and a stop function; DATABASE_URL's server
 * instead when it is set. The cluster's is .data/cluster/pg; the benchmarks start their own.
 */
export function startPostgres({ dir = path.join(ROOT, 'pg'), port = PORTS.pg } = {}) {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, stop: () => {} };
  const bin = postgresBin();
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const asRoot = process.getuid?.() === 0;
  if (asRoot)
    chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString()), Number(execFileSync('id', ['-g', 'postgres']).toString()));
  const run = (args) =>
    asRoot ? execFileSync('su', ['postgres', '-c', args.map((a) => `'${a}'`).join(' ')]) : execFileSync(args[0], args.slice(1));
  run([`${bin}/initdb`, '-D', `${dir}/data`, '-A', 'trust', '-U', 'postgres']);
  run([
    `${bin}/pg_ctl`,
    '-D',
    `${dir}/data`,
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`,
    '-l',
    `${dir}/log`,
    '-w',
    'start',
  ]);
  execFileSync(`${bin}/createdb`, ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', 'checkout']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/checkout`,
    stop: () => run([`${bin}/pg_ctl`, '-D', `${dir}/data`, '-m', 'fast', 'stop']),
  };
}

/** nginx's folder of the cluster (its pid, its temporary files). */
const ingressPrefix = () => path.join(ROOT, 'nginx');

/** deploy/nginx/ingress.conf with the cluster's ports and folder filled in, written under .data/cluster/nginx. */
function ingressConfig() {
  const prefix = ingressPrefix();
  mkdirSync(prefix, { recursive: true });
  const values = { PREFIX: prefix, INGRESS_PORT: PORTS.ingress, INSTANCE_A_PORT: PORTS.a, INSTANCE_B_PORT: PORTS.b };
  const text = readFileSync('deploy/nginx/ingress.conf', 'utf8').replace(/\$\{([A-Z_]+)\}/g, (_, name) => String(values[name]));
  const file = path.join(prefix, 'nginx.conf');
  writeFileSync(file, text);
  return file;
}

/**
 * Starts the whole cluster; answers its URLs and a stop function. `instanceEnv` is added to the
 * checkout instances' environment (the load benchmark raises the velocity limits), `processEnv`
 * to one process's by its name ('sandbox a', 'instance b'…); with `logDir`, each process writes
 * its output to `{logDir}/{name}.log` (the failover test).
 */
export async function startCluster({ quiet = true, instanceEnv = {}, logDir, processEnv = {} } = {}) {
  if (!existsSync('.next/standalone/server.js')) execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });
  const { haproxy, nginx } = ensureTools(PROXIES);
  mkdirSync(ROOT, { recursive: true });
  const pg = startPostgres();
  // The way in is nginx as ingress-nginx configures it (deploy/nginx/ingress.conf): CHECKOUT_URL's host.
  const lb = `http://localhost:${PORTS.ingress}`;
  const metricsToken = randomBytes(24).toString('hex');
  const sandbox = `http://localhost:${PORTS.service}`;
  const shared = {
    NEXT_TELEMETRY_DISABLED: '1',
    CHECKOUT_URL: lb,
    SANDBOX_PUBLIC_URL: sandbox,
    CARD_HASH_KEY: randomBytes(32).toString('hex'),
    RATE_LIMIT_DATABASE_URL: pg.url,
    RATE_LIMIT_KEY: randomBytes(32).toString('hex'),
    POW_SECRET: randomBytes(32).toString('hex'),
    NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  };
  const children = [];
  // A part is the production server (scripts/build/standalone-server.mjs) unless a command is given (HAProxy).
  const start = (name, env, command = null, args = []) => {
    const log = logDir ? openSync(path.join(logDir, `${name.replace(/ /g, '-')}.log`), 'a') : null;
    const stdio = log === null ? (quiet ? 'ignore' : 'inherit') : ['ignore', log, log];
    const partEnv = { ...shared, ...env, ...processEnv[name] };
    const child = command
      ? spawn(command, args, { env: { ...process.env, ...partEnv }, stdio })
      : startServer(partEnv.PORT, partEnv, { stdio });
    if (log !== null) closeSync(log);
    child.on('exit', (code) => code && !stopping && console.error(`${name} exited (${code})`));
    children.push(child);
    return child;
  };
  let stopping = false;
  const stopAll = async () => {
    stopping = true;
    for (const child of [...children].reverse()) child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 500));
    pg.stop();
  };
  // A part that does not start stops the others: nothing is left running.
  try {
    // The service: two sandbox processes and their workers on one PostgreSQL. The first migrates
    // the database before the second starts. Webhooks may go to loopback (the smoke test's receiver).
    const service = { SANDBOX: '1', DATABASE_URL: pg.url, SANDBOX_WEBHOOK_ALLOW_LOOPBACK: '1', TRUSTED_PROXY_HOPS: '1' };
    start('sandbox a', { ...service, PORT: String(PORTS.sandbox) });
    await waitFor(`http://127.0.0.1:${PORTS.sandbox}/api/ready`, 'sandbox a');
    start('sandbox b', { ...service, PORT: String(PORTS.sandboxB) });
    await waitFor(`http://127.0.0.1:${PORTS.sandboxB}/api/ready`, 'sandbox b');
    // Two checkout instances of the same build, behind the load balancer.
    const instance = {
      METRICS_HOST: '127.0.0.1',
      METRICS_TOKEN: metricsToken,
      PAYMENTS_API_BASE_URL: `http://127.0.0.1:${PORTS.service}/sandbox/api`,
      PAYMENTS_API_TOKEN: 'sbx_checkout',
      SANDBOX: '0',
      TRUSTED_PROXY_HOPS: '1',
      ...instanceEnv,
    };
    const haproxyEnv = {
      LB_PORT: String(PORTS.lb),
      INSTANCE_A_PORT: String(PORTS.a),
      INSTANCE_B_PORT: String(PORTS.b),
      SERVICE_PORT: String(PORTS.service),
      SANDBOX_A_PORT: String(PORTS.sandbox),
      SANDBOX_B_PORT: String(PORTS.sandboxB),
      // Every test client is 127.0.0.1: caps far above production's 100 and 50 (deploy/haproxy.cfg).
      LB_CONNECTIONS_PER_IP: process.env.LB_CONNECTIONS_PER_IP ?? '5000',
      LB_CONNECTION_RATE_PER_IP: process.env.LB_CONNECTION_RATE_PER_IP ?? '5000',
    };
    // HAProxy first: the instances' readiness asks the service through it.
    start('haproxy', haproxyEnv, haproxy, ['-db', '-f', 'deploy/haproxy.cfg']);
    await waitFor(`${sandbox}/api/health`, 'HAProxy (service)');
    start('instance a', { ...instance, PORT: String(PORTS.a), METRICS_PORT: String(PORTS.metricsA) });
    start('instance b', { ...instance, PORT: String(PORTS.b), METRICS_PORT: String(PORTS.metricsB) });
    await waitFor(`http://127.0.0.1:${PORTS.a}/api/ready`, 'instance a');
    await waitFor(`http://127.0.0.1:${PORTS.b}/api/ready`, 'instance b');
    await waitFor(`http://127.0.0.1:${PORTS.lb}/api/ready`, 'HAProxy (checkout)');
    start('nginx (ingress)', {}, nginx, ['-p', ingressPrefix(), '-c', ingressConfig()]);
    await waitFor(`${lb}/api/ready`, 'nginx (ingress)');
  } catch (error) {
    await stopAll();
    throw error;
  }
  return {
    lb,
    sandbox,
    instances: [`http://127.0.0.1:${PORTS.a}`, `http://127.0.0.1:${PORTS.b}`],
    /** The instances' metrics listeners (host:port) and the token a scrape sends. */
    metrics: { targets: [`127.0.0.1:${PORTS.metricsA}`, `127.0.0.1:${PORTS.metricsB}`], token: metricsToken },
    sandboxes: [`http://127.0.0.1:${PORTS.sandbox}`, `http://127.0.0.1:${PORTS.sandboxB}`],
    databaseUrl: pg.url,
    stop: stopAll,
  };
}

// `node scripts/cluster/cluster.mjs --install`: the Debian packages only (PostgreSQL, HAProxy, nginx).
if (import.meta.url === `file://${process.argv[1]}` && process.argv.includes('--install')) ensureTools([POSTGRESQL_SERVER, ...PROXIES]);
else if (import.meta.url === `file://${process.argv[1]}`) {
  const cluster = await startCluster({ quiet: false });
  console.log(
    `\ncluster up:\n  checkout (nginx as ingress-nginx, round robin): ${cluster.lb}\n  instances: ${cluster.instances.join(', ')}\n  payments service sandbox (HAProxy, 2 processes): ${cluster.sandbox}/sandbox/api (console ${cluster.sandbox}/sandbox)\n  PostgreSQL: ${cluster.databaseUrl}\nCtrl-C stops everything.`,
  );
  const stop = async () => {
    await cluster.stop();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
