/**
 * Podman for the image's scripts (measure-image.mjs, test-image.mjs): every call bounded in time,
 * with the project's containers.conf (deploy/containers/containers.conf: runc, no default
 * ulimits), and the one way the image is run here: as the Deployment runs it
 * (deploy/kubernetes/deployment.yaml): a read-only root file system, the data volume on /data,
 * a tmpfs for Next.js's cache, no capabilities, no new privileges, the image's non-root user.
 * The callers run in a network namespace with loopback only (scripts/build/loopback-only.sh), so
 * `--network=host` is that namespace's loopback: nothing the container does leaves the machine.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';

export const CONTAINERS_CONF = path.resolve('deploy/containers/containers.conf');
/** podman stop's timeout: the app's SHUTDOWN_DEADLINE_MS (10 s) and a margin, as the Deployment's grace period. */
export const STOP_TIMEOUT_S = 15;

/** Runs podman; answers its trimmed stdout. Throws on a non-zero exit (unless `check` is false) or after `timeoutMs`. */
export function podman(args, { timeoutMs = 60_000, check = true } = {}) {
  const result = spawnSync('podman', args, {
    encoding: 'utf8',
    timeout: timeoutMs,
    killSignal: 'SIGKILL',
    env: { ...process.env, CONTAINERS_CONF },
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.error) throw new Error(`podman ${args[0]}: ${result.error.message}`);
  if (check && result.status !== 0) throw new Error(`podman ${args.join(' ')} exited ${result.status}: ${result.stderr.trim()}`);
  return { stdout: result.stdout.trim(), stderr: result.stderr.trim(), status: result.status };
}

/** A name nobody else uses: `prefix-<time>-<random>`. */
export const uniqueName = (prefix) => `${prefix}-${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`;

/** Whether this process sees no network but loopback (a namespace of its own, as loopback-only.sh makes). */
export function onlyLoopback() {
  return Object.keys(os.networkInterfaces()).every((name) => name === 'lo');
}

/**
 * Starts `image` detached as `name` on `volume`, listening on `port` of the namespace's loopback;
 * `memory` (such as `512m`) limits its memory and swap as the Deployment's limit does.
 */
export function runContainer({ image, name, volume, port, env = {}, memory }) {
  const environment = { PORT: String(port), CHECKOUT_URL: `http://localhost:${port}`, LOG_LEVEL: 'warn', ...env };
  podman([
    'run',
    '--detach',
    '--name',
    name,
    '--network=host',
    '--read-only',
    '--tmpfs',
    '/app/.next/cache:rw,nosuid,nodev,size=64m,mode=1777',
    '--volume',
    `${volume}:/data`,
    '--cap-drop=all',
    '--security-opt=no-new-privileges',
    '--stop-timeout',
    String(STOP_TIMEOUT_S),
    ...(memory ? ['--memory', memory, '--memory-swap', memory] : []),
    ...Object.entries(environment).flatMap(([key, value]) => ['--env', `${key}=${value}`]),
    image,
  ]);
}

/** The container's state: running, exit code, and whether it was killed for not stopping (OOMKilled aside). */
export function stateOf(name) {
  const { stdout } = podman(['inspect', '--type', 'container', '--format', '{{json .State}}', name]);
  return JSON.parse(stdout);
}

/** The last lines of the container's output, for a failure's message. */
export const logsOf = (name, lines = 40) => {
  const { stdout, stderr } = podman(['logs', '--tail', String(lines), name], { check: false, timeoutMs: 20_000 });
  return `${stdout}\n${stderr}`.trim();
};

const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until `${origin}/api/ready` answers 200 and answers the milliseconds since `since`; throws
 * with the container's log after `timeoutMs`, or as soon as the container has stopped.
 */
export async function waitReady({ origin, name, since, timeoutMs = 120_000 }) {
  let polls = 0;
  while (Date.now() - since < timeoutMs) {
    try {
      const response = await fetch(`${origin}/api/ready`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return Date.now() - since;
      await response.body?.cancel();
    } catch {
      // not listening yet
    }
    polls += 1;
    if (polls % 20 === 0 && !stateOf(name).Running) throw new Error(`${name} stopped before it was ready:\n${logsOf(name)}`);
    await wait(50);
  }
  throw new Error(`${name} was not ready within ${timeoutMs} ms:\n${logsOf(name)}`);
}

/**
 * `podman stop` (SIGTERM, then SIGKILL after STOP_TIMEOUT_S): answers its milliseconds and the
 * exit code. Asynchronous: this process's own connections to the container (a test's clients)
 * go on reading while it stops, as real clients would.
 */
export async function stopTimed(name) {
  const started = Date.now();
  const child = spawn('podman', ['stop', '--time', String(STOP_TIMEOUT_S), name], {
    env: { ...process.env, CONTAINERS_CONF },
    stdio: ['ignore', 'ignore', 'pipe'],
    timeout: (STOP_TIMEOUT_S + 30) * 1000,
    killSignal: 'SIGKILL',
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const status = await new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  });
  const ms = Date.now() - started;
  if (status !== 0) throw new Error(`podman stop ${name} exited ${status}: ${stderr.trim()}`);
  return { ms, exitCode: stateOf(name).ExitCode };
}

/** Removes containers (forced) and then volumes, ignoring what is already gone; never throws. */
export function removeAll({ containers = [], volumes = [] }) {
  for (const name of containers) {
    try {
      podman(['rm', '--force', '--ignore', '--time', '0', name], { check: false, timeoutMs: 60_000 });
    } catch {
      // best effort: the volume below may then stay; its name says whose it is
    }
  }
  for (const name of volumes) {
    try {
      podman(['volume', 'rm', '--force', name], { check: false, timeoutMs: 60_000 });
    } catch {
      // best effort
    }
  }
}
