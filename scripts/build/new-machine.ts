/**
 * A new machine for the installer tests (scripts/build/debian-packages.test.ts), made of PATH
 * alone: a temporary bin folder of symlinks to the basics the scripts run (bash, node, env, id,
 * git…) and nothing else, so promtool, chromium, nginx and the rest are absent however the real
 * machine is set up; stand-ins for `apt-get` and `sudo` first on that PATH; and a stand-in root
 * (DEBIAN_INSTALL_ROOT) for what Debian puts off PATH (/usr/sbin, /usr/lib/postgresql,
 * /usr/bin/chromium). Every stand-in appends its argv to one log. The `apt-get` stand-in knows
 * the packages of PACKAGES: `install` provides their files (executable stand-ins that log their
 * own calls) and fails, like apt-get, on a package it does not know; `prometheus` also starts a
 * process named `prometheus`, as the real package's init script starts the server.
 */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findCommand } from './debian-packages.mjs';

/** What each package provides: a name is a command put on PATH, an absolute path a file under the stand-in root. */
export const PACKAGES: Record<string, string[]> = {
  prometheus: ['promtool', 'prometheus'],
  chromium: ['/usr/bin/chromium'],
  'fonts-liberation': [],
  postgresql: ['/usr/lib/postgresql/17/bin/initdb', '/usr/lib/postgresql/17/bin/pg_ctl', '/usr/lib/postgresql/17/bin/postgres'],
  nginx: ['/usr/sbin/nginx'],
  haproxy: ['/usr/sbin/haproxy'],
  patroni: ['patroni'],
  'etcd-server': ['etcd'],
  podman: ['podman'],
  runc: ['runc'],
  mmdebstrap: ['mmdebstrap'],
  uidmap: ['newuidmap', 'newgidmap'],
  slirp4netns: ['slirp4netns'],
  'fuse-overlayfs': ['fuse-overlayfs'],
  shellcheck: ['shellcheck'],
  // Installs, yet provides nothing: the installer must notice.
  'empty-package': [],
};

const SETPRIV = findCommand('setpriv');
/** The basics a new machine has (those of them this machine has): linked into the stand-in PATH. */
const BASICS = [
  'bash',
  'sh',
  'env',
  'id',
  'cat',
  'tr',
  'grep',
  'sed',
  'head',
  'tail',
  'basename',
  'dirname',
  'date',
  'mkdir',
  'chmod',
  'git',
  'kill',
  'pgrep',
];

export type Machine = {
  /** The temporary folder (removed by `remove`). */
  dir: string;
  /** PATH, HOME and DEBIAN_INSTALL_ROOT of the new machine. */
  env: NodeJS.ProcessEnv;
  /** Runs `command` (bash or node: this machine's) in the repository; `asUser`: under setpriv as that uid (needs root). */
  run: (command: 'bash' | 'node', args: string[], options?: { asUser?: number }) => SpawnSyncReturns<string>;
  /** The log's lines so far ("apt-get install -y …", "sudo env …", "promtool check rules …"). */
  calls: () => string[];
  /** Removes sudo from the machine. */
  withoutSudo: () => void;
  remove: () => void;
};

const bashScript = (file: string, body: string) => {
  writeFileSync(file, `#!/bin/bash\n${body}\n`);
  chmodSync(file, 0o755);
};

/** Makes a new machine (see the file's comment). */
export function newMachine(): Machine {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'new-machine-'));
  const bin = path.join(dir, 'bin');
  const root = path.join(dir, 'root');
  const log = path.join(dir, 'calls.log');
  for (const folder of [bin, root, path.join(dir, 'daemon'), path.join(dir, 'home')]) mkdirSync(folder, { recursive: true });
  writeFileSync(log, '');
  for (const name of BASICS) {
    const real = findCommand(name);
    if (real) symlinkSync(real, path.join(bin, name));
  }
  symlinkSync(process.execPath, path.join(bin, 'node'));

  const provide = Object.entries(PACKAGES).map(([pkg, files]) => {
    const lines = files.map((file) => {
      const target = file.startsWith('/') ? `${root}${file}` : `${bin}/${file}`;
      const name = path.basename(file);
      return `    mkdir -p "$(dirname '${target}')"; printf '%s\\n' '#!/bin/bash' 'printf "%s\\n" "${name} $*" >> "${log}"' '[ "\${1:-}" != --version ] || echo "${name}, version 0.0.0 (stand-in)"' > '${target}'; chmod 755 '${target}'`;
    });
    if (pkg === 'prometheus')
      // Started, and named prometheus (exec done) before the install ends, as the package's init script leaves it.
      lines.push(
        `    "${dir}/daemon/prometheus" </dev/null >/dev/null 2>&1 & pid=$!; echo "$pid" > "${dir}/daemon/pid"`,
        '    comm=; until [ "$comm" = prometheus ]; do read -r comm < "/proc/$pid/comm"; done',
      );
    return `  ${pkg}) :\n${lines.join('\n')} ;;`;
  });
  bashScript(
    path.join(bin, 'apt-get'),
    [
      `printf '%s\\n' "apt-get $*" >> "${log}"`,
      '[ "$1" = install ] || exit 0',
      'packages=()',
      // Options, and -o's value, are not packages.
      'option=; for arg in "${@:2}"; do case "$option$arg" in -o) option=-o ;; -*) option= ;; *) packages+=("$arg") ;; esac; done',
      'for pkg in "${packages[@]}"; do',
      `  case "$pkg" in ${Object.keys(PACKAGES).join('|')}) ;; *) echo "E: Unable to locate package $pkg" >&2; exit 100 ;; esac`,
      'done',
      'for pkg in "${packages[@]}"; do case "$pkg" in',
      ...provide,
      'esac; done',
    ].join('\n'),
  );
  bashScript(path.join(bin, 'sudo'), `printf '%s\\n' "sudo $*" >> "${log}"\nwhile [ "\${1#-}" != "$1" ]; do shift; done\nexec "$@"`);
  // The server the prometheus package starts: a process named prometheus, waiting on a fifo (no child to leave behind).
  spawnSync('mkfifo', [path.join(dir, 'daemon', 'fifo')]);
  bashScript(path.join(dir, 'daemon', 'prometheus'), `read -r -t 30 <> "${dir}/daemon/fifo" || true`);
  // A uid other than root's runs here too (setpriv): the stand-ins write into these folders.
  for (const folder of [dir, bin, root, path.join(dir, 'daemon'), path.join(dir, 'home')]) chmodSync(folder, 0o777);
  chmodSync(log, 0o666);

  const env: NodeJS.ProcessEnv = { NODE_ENV: 'test', PATH: bin, HOME: path.join(dir, 'home'), DEBIAN_INSTALL_ROOT: root, LANG: 'C.UTF-8' };
  return {
    dir,
    env,
    run: (command, args, { asUser } = {}) => {
      const [file, argv] =
        asUser === undefined
          ? [command === 'node' ? process.execPath : path.join(bin, 'bash'), args]
          : [SETPRIV ?? 'setpriv', [`--reuid=${asUser}`, `--regid=${asUser}`, '--clear-groups', path.join(bin, command), ...args]];
      return spawnSync(file, argv, { cwd: process.cwd(), env, encoding: 'utf8', timeout: 15_000 });
    },
    calls: () => readFileSync(log, 'utf8').split('\n').filter(Boolean),
    withoutSudo: () => rmSync(path.join(bin, 'sudo')),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
