/**
 * The header fuzz's stall verdict from outside: against a loopback server whose handler blocks its
 * event loop on a long User-Agent (as Next.js's bot regex did), the slowest probe passes the run's
 * stall limit; against the same server without the block, it stays under it. The limit is a ratio
 * to the run's own quiet probes, with a floor.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { afterAll, describe, expect, it } from 'vitest';
import { runHeaderFuzz, STALL_FLOOR_MS, STALL_RATIO, stallLimitMs } from './header-fuzz';

/** The server, in a process of its own (a block of its event loop must not block the fuzz's clock): STALL=1 blocks 900 ms on a User-Agent over 10,000 bytes. */
const SERVER = `
  const http = require('node:http');
  const stall = process.env.STALL === '1';
  const server = http.createServer((request, response) => {
    if (stall && String(request.headers['user-agent'] ?? '').length > 10000) {
      const until = performance.now() + 900;
      while (performance.now() < until) {}
    }
    request.resume();
    response.end('ok');
  });
  server.listen(0, '127.0.0.1', () => console.log(server.address().port));
`;

async function start(stall: boolean): Promise<{ origin: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['-e', SERVER], {
    env: { ...process.env, STALL: stall ? '1' : '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [chunk] = (await once(child.stdout!, 'data')) as [Buffer];
  return { origin: `http://127.0.0.1:${chunk.toString().trim()}`, child };
}

const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) child.kill();
});

describe('stall limit', () => {
  it('is STALL_RATIO times the quiet median, never under the floor', () => {
    expect(stallLimitMs({ quietMedianProbeMs: 2 })).toBe(STALL_FLOOR_MS);
    expect(stallLimitMs({ quietMedianProbeMs: 20 })).toBe(20 * STALL_RATIO);
  });

  it('flags a server that blocks its event loop on a long User-Agent, and passes it without the block', async () => {
    const ids = { paymentId: 'p', payoutId: 'p', sessionId: 's' };
    const blocking = await start(true);
    const calm = await start(false);
    children.push(blocking.child, calm.child);
    const stalled = await runHeaderFuzz(blocking.origin, 60, 5, ids);
    expect(stalled.longestProbeMs).toBeGreaterThanOrEqual(stallLimitMs(stalled));
    const quiet = await runHeaderFuzz(calm.origin, 60, 5, ids);
    expect(quiet.longestProbeMs).toBeLessThan(stallLimitMs(quiet));
  }, 60_000);
});
