/**
 * Two PostgreSQL servers under Patroni, for `npm run test:failover` (README "Database failover"),
 * on loopback only: one etcd (Debian's `etcd-server`) as Patroni's store, two Patroni nodes
 * (Debian's `patroni`) each running a PostgreSQL server of Debian's `postgresql`, in synchronous
 * mode (a commit is acknowledged once the standby has it on disk; Patroni fails over only to that
 * standby), and HAProxy (deploy/haproxy-postgres.cfg) routing one port to the primary by
 * Patroni's REST check (GET /primary). The packages are installed with apt-get when missing.
 * Everything lives under .data/failover (wiped at start). As root, Patroni and PostgreSQL run as
 * the `postgres` user (PostgreSQL refuses root).
 *
 * `primary_start_timeout: 0`: a primary whose postmaster dies is not restarted in place; Patroni
 * fails over to the synchronous standby at once, and the old primary comes back as a standby
 * (crash recovery, pg_rewind).
 */
import { execFileSync, spawn } from 'node:child_process';
import { chownSync, closeSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { ensureTools, POSTGRESQL_SERVER } from '../build/debian-packages.mjs';

export const FAILOVER_PORTS = { etcd: 55379, etcdPeer: 55380, lb: 55440, pg1: 55441, pg2: 55442, api1: 58008, api2: 58009 };
const ROOT = path.resolve('.data/failover');
const SCOPE = 'checkout-failover';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const PACKAGES = [
  POSTGRESQL_SERVER,
  { command: 'patroni', package: 'patroni' },
  { command: 'etcd', package: 'etcd-server' },
  { command: 'haproxy', package: 'haproxy' },
];

/**
 * Installs what is missing (scripts/build/debian-packages.mjs): PostgreSQL, Patroni (with
 * psycopg2 and the etcd client, its recommends), etcd, HAProxy. Answers their paths by command
 * (and initdb's by POSTGRESQL_SERVER.file).
 */
export function ensurePackages() {
  return ensureTools(PACKAGES);
}

/** GET on a Patroni REST API: its status code, or 0 without an answer. */
export async function patroniStatus(apiPort, endpoint) {
  try {
    const response = await fetch(`http://127.0.0.1:${apiPort}${endpoint}`, { signal: AbortSignal.timeout(1000) });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 0;
  }
}

async function until(label, test, timeoutMs) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await test()) return;
    await sleep(200);
  }
  throw new Error(`${label}: not within ${timeoutMs / 1000} s`);
}

/** Patroni's configuration of one node (YAML is a superset of JSON). */
function nodeConfig(node, { binDir, strict }) {
  return {
    scope: SCOPE,
    namespace: '/hosted-checkout/',
    name: node.name,
    log: { level: 'INFO' },
    restapi: { listen: `127.0.0.1:${node.api}`, connect_address: `127.0.0.1:${node.api}` },
    etcd3: { hosts: `127.0.0.1:${FAILOVER_PORTS.etcd}` },
    bootstrap: {
      dcs: {
        // ttl: how long a leader lock outlives a Patroni that stopped renewing it (a whole node
        // lost); loop_wait: how often each Patroni looks (a dead postmaster is seen within it).
        ttl: 20,
        loop_wait: 2,
        retry_timeout: 5,
        primary_start_timeout: 0,
        maximum_lag_on_failover: 0,
        synchronous_mode: true,
        synchronous_mode_strict: strict,
        postgresql: {
          use_pg_rewind: true,
          use_slots: true,
          parameters: {
            max_connections: 300,
            wal_level: 'replica',
            hot_standby: 'on',
            wal_log_hints: 'on',
            max_wal_senders: 5,
            max_replication_slots: 5,
            synchronous_commit: 'on',
          },
        },
      },
      initdb: [{ encoding: 'UTF8' }, { locale: 'C.UTF-8' }, 'data-checksums'],
    },
    postgresql: {
      listen: `127.0.0.1:${node.port}`,
      connect_address: `127.0.0.1:${node.port}`,
      data_dir: path.join(node.dir, 'data'),
      bin_dir: binDir,
      pgpass: path.join(node.dir, 'pgpass'),
      // Loopback only, no passwords (the test's machine); a deployment uses scram-sha-256.
      pg_hba: ['local all all trust', 'host all all 127.0.0.1/32 trust', 'host replication replicator 127.0.0.1/32 trust'],
      authentication: {
        superuser: { username: 'postgres' },
        replication: { username: 'replicator' },
        rewind: { username: 'postgres' },
      },
      basebackup: [{ checkpoint: 'fast' }],
      parameters: { unix_socket_directories: node.dir },
    },
    tags: { nofailover: false, noloadbalance: false, clonefrom: false, nosync: false },
  };
}

/**
 * Starts etcd, two Patroni nodes (the first bootstraps the primary, the second clones it and
 * becomes its synchronous standby), creates the database `checkout`, and starts HAProxy on
 * FAILOVER_PORTS.lb. Answers the URL through HAProxy, the nodes, and helpers; `stop()` ends it all.
 */
export async function startPatroniCluster({ strict = false } = {}) {
  const tools = ensurePackages();
  const binDir = path.dirname(tools[POSTGRESQL_SERVER.file]);
  rmSync(ROOT, { recursive: true, force: true });
  mkdirSync(ROOT, { recursive: true });
  const asRoot = process.getuid?.() === 0;
  const owner = asRoot
    ? { uid: Number(execFileSync('id', ['-u', 'postgres']).toString()), gid: Number(execFileSync('id', ['-g', 'postgres']).toString()) }
    : null;

  const children = [];
  const start = (name, command, args, options = {}) => {
    const log = openSync(path.join(ROOT, `${name}.log`), 'a');
    const child = spawn(command, args, { stdio: ['ignore', log, log], ...options });
    closeSync(log);
    child.exited = new Promise((resolve) => child.on('exit', resolve));
    children.push(child);
    return child;
  };

  const nodes = [
    { name: 'pg1', port: FAILOVER_PORTS.pg1, api: FAILOVER_PORTS.api1, dir: path.join(ROOT, 'pg1') },
    { name: 'pg2', port: FAILOVER_PORTS.pg2, api: FAILOVER_PORTS.api2, dir: path.join(ROOT, 'pg2') },
  ];
  const startNode = (node) => {
    mkdirSync(node.dir, { recursive: true });
    const config = path.join(node.dir, 'patroni.yml');
    writeFileSync(config, JSON.stringify(nodeConfig(node, { binDir, strict }), null, 2));
    if (owner) {
      chownSync(node.dir, owner.uid, owner.gid);
      chownSync(config, owner.uid, owner.gid);
    }
    node.patroni = start(node.name, tools.patroni, [config], {
      cwd: node.dir,
      env: { PATH: process.env.PATH, HOME: node.dir, LANG: 'C.UTF-8', PYTHONUNBUFFERED: '1' },
      ...(owner ?? {}),
    });
  };

  let haproxy;
  const stop = async () => {
    haproxy?.kill('SIGTERM');
    // Patroni stops its PostgreSQL (fast shutdown) on SIGTERM; a postmaster left behind is killed.
    for (const node of nodes) node.patroni?.kill('SIGTERM');
    await Promise.race([Promise.all(nodes.map((n) => n.patroni?.exited)), sleep(20_000)]);
    for (const node of nodes) {
      node.patroni?.kill('SIGKILL');
      const pid = postmasterPid(node);
      if (pid) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // gone
        }
      }
    }
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await Promise.race([Promise.all(children.map((c) => c.exited)), sleep(5_000)]);
  };

  try {
    start(
      'etcd',
      tools.etcd,
      [
        '--name=failover',
        `--data-dir=${path.join(ROOT, 'etcd')}`,
        `--listen-client-urls=http://127.0.0.1:${FAILOVER_PORTS.etcd}`,
        `--advertise-client-urls=http://127.0.0.1:${FAILOVER_PORTS.etcd}`,
        `--listen-peer-urls=http://127.0.0.1:${FAILOVER_PORTS.etcdPeer}`,
        `--initial-advertise-peer-urls=http://127.0.0.1:${FAILOVER_PORTS.etcdPeer}`,
        `--initial-cluster=failover=http://127.0.0.1:${FAILOVER_PORTS.etcdPeer}`,
      ],
      // etcd 3.4 refuses to start on an architecture it does not list unless told its name.
      { env: { PATH: process.env.PATH, ETCD_UNSUPPORTED_ARCH: process.arch === 'x64' ? 'amd64' : process.arch } },
    );
    await until(
      'etcd',
      async () => {
        try {
          return (await fetch(`http://127.0.0.1:${FAILOVER_PORTS.etcd}/health`)).ok;
        } catch {
          return false;
        }
      },
      20_000,
    );
    startNode(nodes[0]);
    await until('pg1 bootstrapped as primary', async () => (await patroniStatus(nodes[0].api, '/primary')) === 200, 90_000);
    startNode(nodes[1]);
    // The second node clones the first and is its synchronous standby: a commit waits for it
    // (in strict mode, every commit waits until there is one: the database is made after).
    await until('pg2 synchronous standby', async () => (await patroniStatus(nodes[1].api, '/sync')) === 200, 120_000);
    const admin = new pg.Client({
      connectionString: `postgres://postgres@127.0.0.1:${nodes[0].port}/postgres`,
      connectionTimeoutMillis: 5000,
      query_timeout: 30_000,
    });
    await admin.connect();
    await admin.query('CREATE DATABASE checkout');
    await admin.end();
    haproxy = start('haproxy-postgres', tools.haproxy, ['-db', '-f', 'deploy/haproxy-postgres.cfg'], {
      env: {
        PATH: process.env.PATH,
        PG_LB_PORT: String(FAILOVER_PORTS.lb),
        PG1_PORT: String(FAILOVER_PORTS.pg1),
        PG1_API_PORT: String(FAILOVER_PORTS.api1),
        PG2_PORT: String(FAILOVER_PORTS.pg2),
        PG2_API_PORT: String(FAILOVER_PORTS.api2),
      },
    });
    const url = `postgres://postgres@127.0.0.1:${FAILOVER_PORTS.lb}/checkout`;
    // HAProxy starts with both servers up until their checks say otherwise: ten connections in a
    // row must reach the primary (not in recovery) before anything writes through it.
    let inARow = 0;
    await until(
      'HAProxy to the primary only',
      async () => {
        const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
        try {
          await client.connect();
          const { rows } = await client.query('SELECT pg_is_in_recovery() AS standby');
          inARow = rows[0].standby ? 0 : inARow + 1;
        } catch {
          inARow = 0;
        } finally {
          await client.end().catch(() => undefined);
        }
        return inARow >= 10;
      },
      20_000,
    );
    return {
      url,
      nodes,
      logDir: ROOT,
      /** The node whose Patroni answers 200 on /primary, or null. */
      async primary() {
        for (const node of nodes) if ((await patroniStatus(node.api, '/primary')) === 200) return node;
        return null;
      },
      /** SIGKILL to the node's postmaster (its PID file's first line); answers the PID. */
      killPostmaster(node) {
        const pid = postmasterPid(node);
        if (!pid) throw new Error(`${node.name}: no postmaster.pid`);
        process.kill(pid, 'SIGKILL');
        return pid;
      },
      patroniStatus,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

function postmasterPid(node) {
  try {
    return Number(readFileSync(path.join(node.dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]) || null;
  } catch {
    return null;
  }
}

// `node scripts/cluster/patroni.mjs --install`: the packages only (npm run test:failover, before
// it enters its loopback-only network namespace).
if (import.meta.url === `file://${process.argv[1]}` && process.argv.includes('--install')) ensurePackages();
