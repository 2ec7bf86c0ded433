/**
 * The branch a new machine takes, on every run of the gate: each script that installs a Debian
 * package runs on a machine where its tools are absent from PATH (scripts/build/new-machine.ts),
 * with a recording stand-in for `apt-get` that then provides them. Each must call
 * `apt-get update` and `apt-get install` of the right packages (through sudo when not root), find
 * what was installed and go on; and fail loudly, not silently, when it cannot.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findFile, POSTGRESQL_SERVER } from './debian-packages.mjs';
import { newMachine, type Machine } from './new-machine';

const asRoot = process.getuid?.() === 0;
/** A run as a user other than root: setpriv when the tests run as root, as is otherwise. */
const NOT_ROOT = asRoot ? { asUser: 65534 } : {};
const SUDO = 'sudo env DEBIAN_FRONTEND=noninteractive ';

const aptCalls = (calls: string[]) => calls.filter((call) => call.startsWith('apt-get '));
const installLine = (packages: string[], recommends: boolean) =>
  `apt-get install -y -qq -o Dpkg::Use-Pty=0 ${recommends ? '' : '--no-install-recommends '}${packages.join(' ')}`;
/** Whether a process runs (a zombie, which a container's init may leave unreaped, does not). */
const running = (pid: string) => {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
};

/**
 * The installing scripts whose install step runs alone: script, arguments, the packages in order,
 * whether with recommends, and the tools found after (a name: on PATH; a path: under the stand-in root).
 */
const INSTALLERS: [string, 'bash' | 'node', string[], string[], boolean, string[]][] = [
  ['scripts/build/ensure-chromium.mjs', 'node', [], ['chromium', 'fonts-liberation'], true, ['/usr/bin/chromium']],
  [
    'scripts/cluster/cluster.mjs',
    'node',
    ['--install'],
    ['postgresql', 'haproxy', 'nginx'],
    true,
    ['/usr/lib/postgresql/17/bin/initdb', '/usr/sbin/haproxy', '/usr/sbin/nginx'],
  ],
  ['scripts/cluster/cluster-prometheus.mjs', 'node', ['--install'], ['prometheus'], false, ['prometheus']],
  [
    'scripts/cluster/patroni.mjs',
    'node',
    ['--install'],
    ['postgresql', 'patroni', 'etcd-server', 'haproxy'],
    true,
    ['/usr/lib/postgresql/17/bin/initdb', 'patroni', 'etcd', '/usr/sbin/haproxy'],
  ],
  [
    'scripts/image/build-image.sh',
    'bash',
    ['--install'],
    ['podman', 'runc', 'mmdebstrap', 'uidmap', 'slirp4netns', 'fuse-overlayfs'],
    false,
    ['podman', 'runc', 'mmdebstrap', 'newuidmap', 'slirp4netns', 'fuse-overlayfs'],
  ],
];

describe('the install branch of a new machine', () => {
  let machine: Machine;
  beforeEach(() => {
    machine = newMachine();
  });
  afterEach(() => machine.remove());

  it('npm run test:rules installs prometheus, stops the server it started, then checks and tests every rule file', () => {
    const first = machine.run('bash', ['scripts/ops/prometheus-rules.sh']);
    const output = first.stdout + first.stderr;
    expect(first.status, output).toBe(0);
    expect(aptCalls(machine.calls())).toEqual(['apt-get update -qq', installLine(['prometheus'], false)]);
    const rules = readdirSync('deploy/prometheus').filter((file) => file.endsWith('.rules.yaml'));
    const tests = readdirSync('deploy/prometheus/tests').filter((file) => file.endsWith('.yaml'));
    expect(machine.calls()).toContain(`promtool check rules ${rules.map((file) => `deploy/prometheus/${file}`).join(' ')}`);
    expect(machine.calls()).toContain(`promtool test rules ${tests.map((file) => `deploy/prometheus/tests/${file}`).join(' ')}`);
    expect(first.stdout).toContain(`prometheus rules: ${rules.length} files checked, ${tests.length} test files passed`);
    const pid = readFileSync(`${machine.dir}/daemon/pid`, 'utf8').trim();
    expect(output).toContain(`stopping the prometheus server the package started (pid ${pid})`);
    expect(running(pid)).toBe(false);

    // The second run finds promtool: no apt-get.
    const second = machine.run('bash', ['scripts/ops/prometheus-rules.sh']);
    expect(second.status, second.stderr).toBe(0);
    expect(aptCalls(machine.calls())).toHaveLength(2);
  });

  it.each(INSTALLERS)('%s installs what is missing and finds it', (script, command, args, packages, recommends, found) => {
    const result = machine.run(command, [script, ...args]);
    const output = result.stdout + result.stderr;
    expect(result.status, output).toBe(0);
    expect(aptCalls(machine.calls())).toEqual(['apt-get update -qq', installLine(packages, recommends)]);
    if (!asRoot) expect(machine.calls()).toContain(SUDO + installLine(packages, recommends));
    // Found after the install where the package put it: on PATH, or off it (/usr/sbin, /usr/lib/postgresql).
    const where = found.map((tool) => (tool.startsWith('/') ? machine.env.DEBIAN_INSTALL_ROOT + tool : `${machine.dir}/bin/${tool}`));
    expect(output).toContain(`debian-packages: installed ${packages.join(' ')}: ${where.join(', ')}`);
  });

  it("takes PostgreSQL's client for no server, and the newest server's version", () => {
    const root = String(machine.env.DEBIAN_INSTALL_ROOT);
    const executable = (file: string) => {
      mkdirSync(path.dirname(root + file), { recursive: true });
      writeFileSync(root + file, '#!/bin/sh\n', { mode: 0o755 });
    };
    // The client packages make /usr/lib/postgresql/15/bin too, with psql and no initdb.
    executable('/usr/lib/postgresql/15/bin/psql');
    const result = machine.run('node', ['scripts/cluster/cluster.mjs', '--install']);
    expect(result.status, result.stderr).toBe(0);
    expect(aptCalls(machine.calls())).toContain(installLine(['postgresql', 'haproxy', 'nginx'], true));
    expect(result.stdout).toContain(`${root}/usr/lib/postgresql/17/bin/initdb`);
    // 9.6 sorts after 17 as text, not as a version.
    executable('/usr/lib/postgresql/9.6/bin/initdb');
    const previous = process.env.DEBIAN_INSTALL_ROOT;
    process.env.DEBIAN_INSTALL_ROOT = root;
    try {
      expect(findFile(POSTGRESQL_SERVER.file)).toBe(`${root}/usr/lib/postgresql/17/bin/initdb`);
    } finally {
      if (previous === undefined) delete process.env.DEBIAN_INSTALL_ROOT;
      else process.env.DEBIAN_INSTALL_ROOT = previous;
    }
  });

  it('npm run lint:shell installs shellcheck and runs it over every shell script', () => {
    const result = machine.run('bash', ['scripts/build/lint-shell.sh']);
    expect(result.status, result.stdout + result.stderr).toBe(0);
    expect(aptCalls(machine.calls())).toEqual(['apt-get update -qq', installLine(['shellcheck'], false)]);
    const checked = machine.calls().find((call) => call.startsWith('shellcheck '));
    for (const file of ['.ci/run', 'scripts/ops/prometheus-rules.sh', 'scripts/build/lint-shell.sh', 'scripts/image/build-image.sh'])
      expect(checked?.split(' ')).toContain(file);
  });

  it('goes through sudo when not root, and stops the server with it', () => {
    const result = machine.run('bash', ['scripts/ops/prometheus-rules.sh'], NOT_ROOT);
    expect(result.status, result.stdout + result.stderr).toBe(0);
    const pid = readFileSync(`${machine.dir}/daemon/pid`, 'utf8').trim();
    expect(machine.calls()).toEqual(
      expect.arrayContaining([SUDO + 'apt-get update -qq', SUDO + installLine(['prometheus'], false), `sudo kill ${pid}`]),
    );
  });

  it('says what to do when not root and without sudo', () => {
    machine.withoutSudo();
    const result = machine.run('bash', ['scripts/ops/prometheus-rules.sh'], NOT_ROOT);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      "`promtool` missing: installing Debian's prometheus needs root, and there is no sudo here (as root: apt-get install prometheus)",
    );
    expect(aptCalls(machine.calls())).toEqual([]);
  });

  it('fails loudly when the install fails or leaves the tool missing', () => {
    const unknown = machine.run('node', ['scripts/build/debian-packages.mjs', 'nothing=no-such-package']);
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('debian-packages: `nothing` missing: apt-get install no-such-package failed (exit 100)');
    const empty = machine.run('node', ['scripts/build/debian-packages.mjs', 'vanishing=empty-package']);
    expect(empty.status).toBe(1);
    expect(empty.stderr).toContain(
      "debian-packages: `vanishing` is still missing after installing Debian's empty-package (looked for along PATH=",
    );
  });
});
