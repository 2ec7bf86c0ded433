/**
 * The address `npm start` and `npm run demo` listen on (package.json "start"): loopback
 * (127.0.0.1) unless LISTEN_HOST names another, whatever HOSTNAME the shell exports (a machine's
 * or a container's name). The image listens on every address by its own entry point
 * (deploy/containers/entry.mjs). Before, "start" set HOSTNAME=0.0.0.0: the demo answered on
 * every interface.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const SERVER = 'node .next/standalone/server.js';
const start = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts.start ?? '';

/** The HOSTNAME the start script gives the server, run by sh as npm runs it, with `env` as the caller's. */
function listenAddress(env: Record<string, string>): string {
  const probe = start.replace(SERVER, `node -e "process.stdout.write(process.env.HOSTNAME ?? '')"`);
  const base = Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'HOSTNAME' && name !== 'LISTEN_HOST'));
  return execFileSync('sh', ['-c', probe], { env: { ...base, ...env } as NodeJS.ProcessEnv, encoding: 'utf8' });
}

describe('npm start', () => {
  it('starts the standalone server', () => {
    expect(start).toContain(SERVER);
  });

  it('listens on loopback by default, even where the shell exports a HOSTNAME of its own', () => {
    expect(listenAddress({})).toBe('127.0.0.1');
    expect(listenAddress({ HOSTNAME: 'build-box-7' })).toBe('127.0.0.1');
  });

  it('listens where LISTEN_HOST says', () => {
    expect(listenAddress({ LISTEN_HOST: '0.0.0.0' })).toBe('0.0.0.0');
    expect(listenAddress({ LISTEN_HOST: '::' })).toBe('::');
  });
});
