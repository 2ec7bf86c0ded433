/**
 * The one installer of the Debian packages the scripts need (promtool, Chromium, nginx, HAProxy,
 * PostgreSQL, Patroni, etcd, podman, shellcheck): node scripts import `ensureTools`, shell
 * scripts run this file (`node scripts/build/debian-packages.mjs promtool=prometheus`).
 *
 * A tool is a command or a file. A command is looked for as `command -v` does (the first
 * executable file of that name along PATH), then in Debian's sbin folders, which are not on a
 * non-root user's PATH (nginx and haproxy live there). A file is an absolute path, one segment of
 * which may be `*`, a version folder (for /usr/lib/postgresql/`*`/bin/initdb: the highest
 * version's initdb). Files and sbin folders are looked for under DEBIAN_INSTALL_ROOT when it is set
 * (the tests' stand-in root; `/` otherwise).
 *
 * When some are missing: `apt-get update` (a failure there is reported, not fatal: the install
 * may still find what it needs), then one `apt-get install -y` of every missing tool's package,
 * as root or through sudo, with DEBIAN_FRONTEND=noninteractive; then every tool is looked for
 * again, and one still missing is an error that names it, its package and where it was looked for.
 * Server processes the packages' own scripts may start (Debian's prometheus starts one) can be
 * stopped: `stopStarted` names them; those that were running before are left alone.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * Debian's PostgreSQL server, as a tool: the newest version's initdb, whose folder holds pg_ctl
 * and postgres (the client packages make /usr/lib/postgresql/N/bin too, without initdb).
 */
export const POSTGRESQL_SERVER = { file: '/usr/lib/postgresql/*/bin/initdb', package: 'postgresql' };

const SBIN = ['usr/local/sbin', 'usr/sbin', 'sbin'];
const installRoot = () => process.env.DEBIAN_INSTALL_ROOT || '/';

function isExecutable(file) {
  try {
    if (!statSync(file).isFile()) return false;
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** `command -v command` on PATH, then Debian's sbin folders: its absolute path, or null. */
export function findCommand(command) {
  const onPath = (process.env.PATH ?? '').split(':').map((dir) => dir || '.');
  for (const dir of [...onPath, ...SBIN.map((dir) => path.join(installRoot(), dir))]) {
    const file = path.resolve(dir, command);
    if (isExecutable(file)) return file;
  }
  return null;
}

/** Version folders in order: 9 before 15, 15 before 17. */
const byVersion = (a, b) => a.localeCompare(b, 'en', { numeric: true });

/** An absolute file (one segment may be `*`, the highest version wins) under DEBIAN_INSTALL_ROOT: its path, or null. */
export function findFile(pattern) {
  const parts = path.join(installRoot(), path.resolve(pattern)).split('/');
  const star = parts.indexOf('*');
  if (star === -1) return isExecutable(parts.join('/')) ? parts.join('/') : null;
  const parent = parts.slice(0, star).join('/') || '/';
  let versions;
  try {
    versions = readdirSync(parent).sort(byVersion).reverse();
  } catch {
    return null;
  }
  for (const version of versions) {
    const file = [...parts.slice(0, star), version, ...parts.slice(star + 1)].join('/');
    if (isExecutable(file)) return file;
  }
  return null;
}

/** The ids of the running processes named `name` (their /proc comm), as strings. */
export function processIds(name) {
  const ids = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === name) ids.push(entry);
    } catch {
      // ended meanwhile
    }
  }
  return ids;
}

const keyOf = (tool) => tool.command ?? tool.file;
const locate = (tool) => (tool.command ? findCommand(tool.command) : findFile(tool.file));
const describe = (tool) => (tool.command ? `\`${tool.command}\`` : tool.file);

/** apt-get with `args`, as root or through sudo; answers its exit status. Throws when it cannot be started. */
function aptGet(args, asRoot) {
  const [command, commandArgs] = asRoot ? ['apt-get', args] : ['sudo', ['env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get', ...args]];
  const result = spawnSync(command, commandArgs, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (result.error)
    throw new Error(`${command} could not be started (${result.error.code ?? result.error.message}): is this a Debian machine?`);
  return result.status ?? 1;
}

/**
 * Makes sure every tool is there, installing the missing ones' Debian packages (see the file's
 * comment). `tools`: `{ command, package, with? }` or `{ file, package, with? }` (`with`: packages
 * installed alongside, such as fonts). `recommends: false` adds --no-install-recommends;
 * `stopStarted`: process names whose new instances are stopped after the install; `log`: where
 * progress lines go. Answers `{ [command or file]: absolute path }`. Throws an Error naming what
 * is missing when it cannot install (not root and no sudo, apt-get failing) or when a tool is
 * still missing after the install.
 */
export function ensureTools(tools, { recommends = true, stopStarted = [], log = (line) => console.log(line) } = {}) {
  const found = Object.fromEntries(tools.map((tool) => [keyOf(tool), locate(tool)]));
  const missing = tools.filter((tool) => !found[keyOf(tool)]);
  if (missing.length === 0) return found;

  const packages = [...new Set(missing.flatMap((tool) => [tool.package, ...(tool.with ?? [])]))];
  const what = `${missing.map(describe).join(', ')} missing`;
  const asRoot = process.getuid?.() === 0;
  if (!asRoot && !findCommand('sudo'))
    throw new Error(
      `${what}: installing Debian's ${packages.join(' ')} needs root, and there is no sudo here (as root: apt-get install ${packages.join(' ')})`,
    );
  log(`debian-packages: ${what}: apt-get install ${packages.join(' ')}${asRoot ? '' : ' (sudo)'}`);

  const before = new Set(stopStarted.flatMap(processIds));
  const updated = aptGet(['update', '-qq'], asRoot);
  if (updated !== 0) log(`debian-packages: apt-get update failed (exit ${updated}); installing from the package lists there are`);
  const installed = aptGet(
    ['install', '-y', '-qq', '-o', 'Dpkg::Use-Pty=0', ...(recommends ? [] : ['--no-install-recommends']), ...packages],
    asRoot,
  );
  for (const name of stopStarted)
    for (const pid of processIds(name)) {
      if (before.has(pid)) continue;
      log(`debian-packages: stopping the ${name} server the package started (pid ${pid})`);
      if (!asRoot) spawnSync('sudo', ['kill', pid], { stdio: 'inherit' });
      else
        try {
          process.kill(Number(pid), 'SIGTERM');
        } catch {
          // ended meanwhile
        }
    }
  if (installed !== 0) throw new Error(`${what}: apt-get install ${packages.join(' ')} failed (exit ${installed})`);

  for (const tool of missing) found[keyOf(tool)] = locate(tool);
  const still = missing.filter((tool) => !found[keyOf(tool)]);
  if (still.length > 0) {
    const where = `PATH=${process.env.PATH ?? ''}, then ${SBIN.map((dir) => path.join(installRoot(), dir)).join(':')}`;
    throw new Error(
      still
        .map(
          (tool) =>
            `${describe(tool)} is still missing after installing Debian's ${tool.package}${tool.command ? ` (looked for along ${where})` : ''}`,
        )
        .join('; '),
    );
  }
  log(`debian-packages: installed ${packages.join(' ')}: ${missing.map((tool) => found[keyOf(tool)]).join(', ')}`);
  return found;
}

/**
 * The command line, for shell scripts: `node scripts/build/debian-packages.mjs
 * [--no-install-recommends] [--stop-started=NAME]… COMMAND[=PACKAGE]…` (PACKAGE defaults to
 * COMMAND). Silent when every command is there; exits 1 with the error on stderr otherwise.
 */
function main(args) {
  const tools = [];
  const options = { recommends: true, stopStarted: [], log: (line) => console.error(line) };
  for (const arg of args) {
    if (arg === '--no-install-recommends') options.recommends = false;
    else if (arg.startsWith('--stop-started=')) options.stopStarted.push(arg.slice('--stop-started='.length));
    else if (/^[\w.+-]+(=[a-z0-9][a-z0-9.+-]*)?$/.test(arg)) {
      const [command, pkg = command] = arg.split('=');
      tools.push({ command, package: pkg });
    } else throw new Error(`not a COMMAND[=PACKAGE] nor an option: ${arg}`);
  }
  if (tools.length === 0) throw new Error('usage: debian-packages.mjs [--no-install-recommends] [--stop-started=NAME]… COMMAND[=PACKAGE]…');
  ensureTools(tools, options);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    main(process.argv.slice(2));
  } catch (error) {
    console.error(`debian-packages: ${error.message}`);
    process.exit(1);
  }
}
