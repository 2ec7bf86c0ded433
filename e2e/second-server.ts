/** A second production server of the same build for a browser test of its own configuration, and the pay-ins a test makes on it. */
import type { ChildProcess } from 'node:child_process';
import { startServer } from '../scripts/build/standalone-server.mjs';
import { test } from './fixtures';
import { createPayin, DEMO_TOKEN, fetchPayin } from './support';

/**
 * Starts the production build (`.next/standalone/server.js`) on `origin`'s port with `env` added to this process's environment and
 * waits until it answers (30 s at most). Answers the process, to kill after the tests. `onLog`
 * gets each line of its standard output (the JSON log).
 */
export async function startSecondServer(
  origin: string,
  env: Record<string, string>,
  onLog?: (line: string) => void,
): Promise<ChildProcess> {
  const port = new URL(origin).port;
  const server: ChildProcess = startServer(
    port,
    { CHECKOUT_URL: origin, LOG_LEVEL: 'warn', ...env },
    { stdio: ['ignore', onLog ? 'pipe' : 'ignore', 'ignore'] },
  );
  if (onLog && server.stdout) {
    let buffer = '';
    server.stdout.setEncoding('utf8');
    server.stdout.on('data', (chunk: string) => {
      buffer += chunk;
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      for (const line of lines) onLog(line);
    });
  }
  let exited: number | null = null;
  server.once('exit', (code) => (exited = code ?? 0));
  for (let i = 0; i < 150; i += 1) {
    // A server that exits (its port taken by another) must not pass for the one that answers.
    if (exited !== null) throw new Error(`the server for ${origin} exited (${exited}): is its port in use?`);
    try {
      if ((await fetch(`${origin}/robots.txt`)).ok) return server;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  server.kill('SIGTERM');
  throw new Error(`the server on ${origin} did not start`);
}

/**
 * Starts the second server at `origin` with `env` before the tests of the file or describe block
 * this is called in, and ends it (SIGTERM) after them.
 */
export function serveSecondServer(origin: string, env: Record<string, string>): void {
  let server: ChildProcess | undefined;
  test.beforeAll(async () => {
    server = await startSecondServer(origin, env);
  });
  test.afterAll(() => server?.kill('SIGTERM'));
}

/** A pay-in of EUR 10 on the server at `origin` (the demo merchant unless told), returning to example.com unless `overrides` say. */
export const payinAt = (origin: string, overrides: Record<string, unknown> = {}, token = DEMO_TOKEN) =>
  createPayin(
    undefined,
    { amount: 10, returnUrls: { success: 'https://example.com/ok', failure: 'https://example.com/ko' }, ...overrides },
    token,
    origin,
  );

/** A pay-in's status on the server at `origin`, as its merchant (the demo merchant unless told) reads it. */
export const payinStatusAt = async (origin: string, paymentId: string, token = DEMO_TOKEN) =>
  (await fetchPayin(undefined, paymentId, origin, token)).status;
