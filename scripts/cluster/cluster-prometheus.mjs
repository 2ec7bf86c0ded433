/**
 * A real Prometheus (Debian's `prometheus` package, installed when missing) for the cluster
 * rehearsal: it scrapes the checkout instances' metrics listeners as the job `hosted-checkout`
 * (bearer token, 2 s apart) with the alerting and recording rules of deploy/prometheus loaded
 * (evaluated every 2 s), on loopback, its data under .data/cluster/prometheus.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ensureTools } from '../build/debian-packages.mjs';

const DIR = path.resolve('.data/cluster/prometheus');
export const PROMETHEUS_PORT = 3590;

/**
 * Debian's prometheus, installed when missing (without recommends) and the server its package
 * may have started stopped (scripts/build/debian-packages.mjs): the server's path.
 */
function ensurePrometheus() {
  return ensureTools([{ command: 'prometheus', package: 'prometheus' }], { recommends: false, stopStarted: ['prometheus'] }).prometheus;
}

/**
 * Starts Prometheus scraping `targets` (host:port) with `token`; answers its URL and a stop
 * function once both targets have been scraped up three times. Throws after 60 s.
 */
export async function startPrometheus({ targets, token }) {
  const prometheus = ensurePrometheus();
  rmSync(DIR, { recursive: true, force: true });
  mkdirSync(DIR, { recursive: true });
  writeFileSync(path.join(DIR, 'token'), token);
  const rules = ['checkout.rules.yaml', 'slo.rules.yaml'].map((file) => path.resolve('deploy/prometheus', file));
  writeFileSync(
    path.join(DIR, 'prometheus.yml'),
    [
      'global:',
      '  scrape_interval: 2s',
      '  evaluation_interval: 2s',
      'rule_files:',
      ...rules.map((file) => `  - ${JSON.stringify(file)}`),
      'scrape_configs:',
      '  - job_name: hosted-checkout',
      '    authorization:',
      `      credentials_file: ${JSON.stringify(path.join(DIR, 'token'))}`,
      '    static_configs:',
      `      - targets: ${JSON.stringify(targets)}`,
      '',
    ].join('\n'),
  );
  const url = `http://127.0.0.1:${PROMETHEUS_PORT}`;
  const server = spawn(
    prometheus,
    [
      `--config.file=${path.join(DIR, 'prometheus.yml')}`,
      `--storage.tsdb.path=${path.join(DIR, 'data')}`,
      `--web.listen-address=127.0.0.1:${PROMETHEUS_PORT}`,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let log = '';
  server.stderr.on('data', (chunk) => (log = (log + chunk).slice(-4000)));
  const stop = async () => {
    if (server.exitCode !== null) return;
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  };
  const started = Date.now();
  while (Date.now() - started < 60_000) {
    if (server.exitCode !== null) throw new Error(`prometheus exited (${server.exitCode}): ${log}`);
    try {
      const query = encodeURIComponent('sum(count_over_time(up{job="hosted-checkout"}[1m]))');
      const answer = await (await fetch(`${url}/api/v1/query?query=${query}`)).json();
      const up = await (await fetch(`${url}/api/v1/query?query=${encodeURIComponent('sum(up{job="hosted-checkout"})')}`)).json();
      if (
        Number(answer.data?.result?.[0]?.value?.[1] ?? 0) >= 3 * targets.length &&
        Number(up.data?.result?.[0]?.value?.[1] ?? 0) === targets.length
      )
        return { url, stop };
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  await stop();
  throw new Error(`prometheus did not scrape ${targets.join(', ')} within 60 s: ${log}`);
}

// `node scripts/cluster/cluster-prometheus.mjs --install`: the Debian package only.
if (import.meta.url === `file://${process.argv[1]}` && process.argv.includes('--install')) ensurePrometheus();
