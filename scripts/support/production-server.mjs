/**
 * The production build (`.next/standalone/server.js`) started for a script (benches, the script
 * inventory, the header fuzz) with sandbox data of its own, and a start-up probe.
 */
import { existsSync, rmSync } from 'node:fs';
import http from 'node:http';
import { SERVER, startServer as startProductionServer } from '../build/standalone-server.mjs';

/**
 * Starts the production build (`.next/standalone/server.js`) on `port` with sandbox data under
 * .data/{name} (wiped first) and `extraEnv`, and waits until it answers. Exits the process when
 * there is no production build.
 */
export async function startServer(name, port, extraEnv = {}) {
  if (!existsSync(SERVER)) {
    console.error('No production build: run `npm run build` first.');
    process.exit(1);
  }
  const origin = `http://localhost:${port}`;
  rmSync(`.data/${name}`, { recursive: true, force: true });
  const server = startProductionServer(
    port,
    { CHECKOUT_URL: origin, SANDBOX_DATA_DIR: `.data/${name}/db`, LOG_LEVEL: 'warn', ...extraEnv },
    { stdio: ['ignore', process.env.BENCH_SERVER_LOG ? 'inherit' : 'ignore', 'inherit'] },
  );
  for (let i = 0; i < 100; i += 1) {
    if (await answersOk(`${origin}/robots.txt`)) return { origin, server };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  server.kill('SIGTERM');
  throw new Error('server did not start');
}

/**
 * Whether `url` answers 200, on a connection of its own that is closed after: a start-up probe's
 * socket, accepted while the server was still starting, is not left in fetch's pool for the
 * bench's first calls (one kept that way was reset under them).
 */
export function answersOk(url) {
  return new Promise((resolve) => {
    const request = http.get(url, { agent: false, headers: { Connection: 'close' } }, (response) => {
      response.resume();
      resolve(response.statusCode === 200);
    });
    request.on('error', () => resolve(false));
    request.setTimeout(5000, () => request.destroy());
  });
}
