/**
 * bench:memory: does one checkout instance fit a 512 MiB container? Two checkout instances of
 * the same build side by side, on one payments service in its own process:
 * - "unbounded": `next start` as it is;
 * - "bounded": the same in a memory cgroup of LIMIT_MB (512) MiB with no swap (what
 *   `podman run --memory=512m` and the Deployment's limit set), its heap sized from it as the
 *   image and the Deployment do (NODE_OPTIONS, default `--max-old-space-size=320 --max-semi-space-size=16`: in a memory cgroup Node
 *   sizes V8's young generation from the limit, 2 MB of new space in 512 MiB, and the scavenges
 *   that follow cost about a quarter of the requests per second; 16 MB semi-spaces are V8's default).
 * Both serve the same mixed load (the card, APM, cashier and status pages and the home page, each
 * by its own autocannon at CONNECTIONS_EACH connections) in alternating rounds of ROUND_S (30) s,
 * for DURATION_S (300) s each. Printed: the RSS of each over time (a line per round), requests
 * per second of each and their ratio, the bounded one's out-of-memory kills (from its cgroup), and
 * whether its RSS levelled off (its peak in the last third of the run against the middle third).
 * Goals: bounded ≥ 0.9× the unbounded one's requests per second, no OOM kill, RSS level.
 *
 * Needs a build and root (a cgroup of its own: cgroup v1's memory controller or cgroup v2).
 *
 *   npm run build && npm run bench:memory
 *   DURATION_S=60 ROUND_S=15 npm run bench:memory
 */
import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { budget, rssMb } from './bench-support.mjs';
import { startServer } from '../support/production-server.mjs';
import { ONE_ADDRESS_LIMITS } from '../support/one-address-limits.mjs';
import { createPayin, createSession } from '../support/sandbox-merchant.mjs';
import { launch } from '../support/launch.mjs';

const LIMIT_MB = Number(process.env.LIMIT_MB ?? 512);
const DURATION_S = Number(process.env.DURATION_S ?? 300);
const ROUND_S = Number(process.env.ROUND_S ?? 30);
const CONNECTIONS_EACH = Number(process.env.CONNECTIONS_EACH ?? 4);
const BOUNDED_NODE_OPTIONS = process.env.BOUNDED_NODE_OPTIONS ?? '--max-old-space-size=320 --max-semi-space-size=16';
const GROUP = `hosted-checkout-bench-${process.pid}`;

// Every customer of the bench comes from 127.0.0.1.
const unlimited = {
  ...ONE_ADDRESS_LIMITS,
  LOG_LEVEL: 'warn',
};

/** A memory cgroup of `limitMb` MiB without swap: its paths, or null when this machine has none we may make. */
function makeCgroup(limitMb) {
  const bytes = String(limitMb * 1024 * 1024);
  try {
    if (existsSync('/sys/fs/cgroup/cgroup.controllers')) {
      const dir = `/sys/fs/cgroup/${GROUP}`;
      mkdirSync(dir);
      writeFileSync(`${dir}/memory.max`, bytes);
      writeFileSync(`${dir}/memory.swap.max`, '0');
      return {
        dir,
        procs: `${dir}/cgroup.procs`,
        oomKills: () => Number(/oom_kill (\d+)/.exec(readFileSync(`${dir}/memory.events`, 'utf8'))?.[1] ?? 0),
      };
    }
    const dir = `/sys/fs/cgroup/memory/${GROUP}`;
    mkdirSync(dir);
    writeFileSync(`${dir}/memory.limit_in_bytes`, bytes);
    try {
      writeFileSync(`${dir}/memory.memsw.limit_in_bytes`, bytes);
    } catch {
      // no swap accounting: the limit above is the memory limit
    }
    return {
      dir,
      procs: `${dir}/cgroup.procs`,
      oomKills: () => Number(/oom_kill (\d+)/.exec(readFileSync(`${dir}/memory.oom_control`, 'utf8'))?.[1] ?? 0),
    };
  } catch (error) {
    console.error(`No memory cgroup could be made (${error.message}); run as root on a machine with cgroups.`);
    return null;
  }
}

const group = makeCgroup(LIMIT_MB);
if (!group) process.exit(1);
// The bounded instance: this process joins the cgroup only while it spawns it, so the child (and
// its own children) are born inside; then this process leaves for the root group again.
const rootProcs = group.dir.startsWith('/sys/fs/cgroup/memory/') ? '/sys/fs/cgroup/memory/cgroup.procs' : '/sys/fs/cgroup/cgroup.procs';
const service = await startServer('bench-memory-service', 3250, {
  ...unlimited,
  SANDBOX: '1',
  CHECKOUT_URL: 'http://localhost:3251',
  SANDBOX_PUBLIC_URL: 'http://localhost:3250',
});
const checkoutEnv = {
  ...unlimited,
  SANDBOX: '0',
  SANDBOX_PUBLIC_URL: 'http://localhost:3250',
  PAYMENTS_API_BASE_URL: 'http://127.0.0.1:3250/sandbox/api',
  PAYMENTS_API_TOKEN: 'sbx_checkout',
};
const unbounded = await startServer('bench-memory-unbounded', 3251, checkoutEnv);
writeFileSync(group.procs, String(process.pid));
let bounded;
try {
  bounded = await startServer('bench-memory-bounded', 3252, { ...checkoutEnv, NODE_OPTIONS: BOUNDED_NODE_OPTIONS });
} finally {
  writeFileSync(rootProcs, String(process.pid));
}
const instances = [
  { name: 'unbounded', ...unbounded, rps: [], samples: [] },
  { name: `bounded (${LIMIT_MB} MiB, ${BOUNDED_NODE_OPTIONS})`, ...bounded, rps: [], samples: [] },
];

let exitCode = 0;
try {
  // The client's kept-alive sockets of the start-up probes go idle while the instances start:
  // let them expire (4 s) before the first calls, so none is reused as the server closes it.
  await new Promise((resolve) => setTimeout(resolve, 5000));
  // A pay-in's pages are the checkout's; the service's addresses name the unbounded one, so the
  // bounded one is sent the same paths on its own origin.
  for (const instance of instances) {
    const payin = await createPayin(service.origin);
    const session = await createSession(service.origin);
    const checkoutUrl = session.checkoutUrl.replace('http://localhost:3251', instance.origin);
    const { url: cashierUrl, cookie } = await launch(checkoutUrl, { checkoutOrigin: instance.origin });
    const onInstance = (url) => url.replace('http://localhost:3251', instance.origin);
    instance.targets = [
      [`${instance.origin}/`, {}],
      [onInstance(payin.iframeUrls.card), {}],
      [onInstance(payin.iframeUrls.apm), {}],
      [`${instance.origin}/payments/payin/${payin.paymentId}/status`, {}],
      [cashierUrl, cookie ? { cookie } : {}],
    ];
  }
  const started = performance.now();
  const sample = () => {
    const at = Math.round((performance.now() - started) / 1000);
    for (const instance of instances) instance.samples.push({ at, mb: instance.server.exitCode === null ? rssMb(instance.server.pid) : 0 });
  };
  const sampler = setInterval(sample, 5000);
  console.log(`two checkout instances, ${DURATION_S} s of mixed load each in rounds of ${ROUND_S} s (${5 * CONNECTIONS_EACH} connections)`);
  console.log('  time    instance   req/s   RSS unbounded   RSS bounded');
  for (let round = 0; round * ROUND_S < DURATION_S; round += 1) {
    for (const instance of instances) {
      if (instance.server.exitCode !== null) continue;
      const results = await Promise.all(
        instance.targets.map(([url, headers]) => autocannon({ url, headers, connections: CONNECTIONS_EACH, duration: ROUND_S })),
      );
      const rps = results.reduce((sum, r) => sum + r.requests.average, 0);
      instance.rps.push(rps);
      sample();
      console.log(
        `  ${String(Math.round((performance.now() - started) / 1000)).padStart(4)} s  ${instance === instances[0] ? 'unbounded' : 'bounded  '}  ${rps.toFixed(0).padStart(5)}   ${String(instances[0].samples.at(-1).mb).padStart(8)} MB   ${String(instances[1].samples.at(-1).mb).padStart(8)} MB`,
      );
    }
  }
  clearInterval(sampler);
  const mean = (values) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
  const [free, limited] = instances;
  const ratio = mean(limited.rps) / mean(free.rps);
  console.log(`requests per second: unbounded ${mean(free.rps).toFixed(0)}, bounded ${mean(limited.rps).toFixed(0)}: ${ratio.toFixed(2)}×`);
  for (const instance of instances) {
    const peak = (from, to) => Math.max(0, ...instance.samples.filter((s) => s.at >= from && s.at < to).map((s) => s.mb));
    const end = instance.samples.at(-1)?.at ?? 0;
    const middle = peak(end / 3, (2 * end) / 3);
    const last = peak((2 * end) / 3, end + 1);
    instance.growth = middle ? last / middle - 1 : 0;
    console.log(
      `RSS of ${instance.name}: ${instance.samples[0]?.mb} MB at the start, peak ${Math.max(...instance.samples.map((s) => s.mb))} MB; middle third's peak ${middle} MB, last third's ${last} MB (${(instance.growth * 100).toFixed(1)}%)`,
    );
  }
  budget('bounded / unbounded requests per second', Number(ratio.toFixed(2)), 0.9, { atMost: false, unit: '×' });
  budget('out-of-memory kills of the bounded instance', group.oomKills(), 0);
  budget('bounded instance still running', limited.server.exitCode === null ? 1 : 0, 1, { atMost: false });
  budget('bounded RSS growth over the last third (levelled off)', Math.round(limited.growth * 100), 10, { unit: '%' });
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  for (const instance of [service, ...instances]) instance.server.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 3000));
  try {
    rmdirSync(group.dir);
  } catch {
    // still emptying: the kernel removes nothing; a later run makes its own
  }
}
if (exitCode) process.exitCode = exitCode;
