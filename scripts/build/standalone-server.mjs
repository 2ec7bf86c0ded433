/**
 * How every script starts the production build: `node .next/standalone/server.js` (the one
 * build, scripts/build/standalone-assets.mjs), which runs in its own folder, so relative data
 * folders are made absolute here. `HOSTNAME` is set (`0.0.0.0`, every IPv4 address, unless
 * given): a shell's own HOSTNAME would otherwise make the server listen on that name only.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';

export const SERVER = '.next/standalone/server.js';

/** The environment of a server on `port`: `env` over this process's, with SANDBOX_DATA_DIR absolute. */
export function serverEnv(port, env = {}) {
  const merged = { ...process.env, HOSTNAME: '0.0.0.0', ...env, PORT: String(port) };
  const dir = merged.SANDBOX_DATA_DIR;
  if (dir && !dir.startsWith('memory://') && !path.isAbsolute(dir)) merged.SANDBOX_DATA_DIR = path.resolve(dir);
  return merged;
}

/** Spawns the production server on `port`; `options` are node's `spawn` options besides `env`, and `nodeArgs` (e.g. `--cpu-prof`). */
export function startServer(port, env = {}, options = {}) {
  const { nodeArgs = [], ...spawnOptions } = options;
  return spawn(process.execPath, [...nodeArgs, SERVER], { ...spawnOptions, env: serverEnv(port, env) });
}
