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

/** What `variable` the start script gives the server, run by sh as npm runs it, with `env` as the caller's. */
function serverEnv(variable: string, env: Record<string, string>): string {
  const probe = start.replace(SERVER, `node -e "process.stdout.write(process.env.${variable} ?? '')"`);
  const base = Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'HOSTNAME' && name !== 'LISTEN_HOST'));
  return execFileSync('sh', ['-c', probe], { env: { ...base, ...env } as NodeJS.ProcessEnv, encoding: 'utf8', timeout: 10_000 });
}

/** The HOSTNAME the start script gives the server. */
const listenAddress = (env: Record<string, string>) => serverEnv('HOSTNAME', env);

describe('npm start', () => {
  it('starts the standalone server', () => {
    expect(start).toContain(SERVER);
  });

  it('listens on loopback by default, even where the shell exports a HOSTNAME of its own', () => {
    expect(listenAddress({})).toBe('127.0.0.1');
    expect(listenAddress({ HOSTNAME: 'build-box-7' })).toBe('127.0.0.1');
  });

  it('bounds V8’s old space (MAX_OLD_SPACE_MB, 384 MB unless given), before the caller’s own NODE_OPTIONS', () => {
    const base = Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'MAX_OLD_SPACE_MB' && name !== 'NODE_OPTIONS'));
    const options = (env: Record<string, string>) => serverEnv('NODE_OPTIONS', { ...base, ...env } as Record<string, string>).trim();
    expect(options({})).toBe('--max-old-space-size=384');
    expect(options({ MAX_OLD_SPACE_MB: '512' })).toBe('--max-old-space-size=512');
    // The caller's own options come after, so its own --max-old-space-size wins.
    expect(options({ NODE_OPTIONS: '--max-old-space-size=900 --trace-warnings' })).toBe(
      '--max-old-space-size=384 --max-old-space-size=900 --trace-warnings',
    );
  });

  it('listens where LISTEN_HOST says', () => {
    expect(listenAddress({ LISTEN_HOST: '0.0.0.0' })).toBe('0.0.0.0');
    expect(listenAddress({ LISTEN_HOST: '::' })).toBe('::');
  });
});
