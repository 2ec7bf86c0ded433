/**
 * What operators and load balancers use: /api/health and /api/ready, and a request id on every
 * answer (the client's when it sends a plain one), logged with the request's duration.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures';
import { DATA_DIR } from './support';

test('health and readiness answer; every answer carries a request id, logged with its duration', async ({ request }) => {
  const health = await request.get('/api/health');
  expect(health.status()).toBe(200);
  expect(await health.json()).toEqual({ status: 'ok' });
  const ready = await request.get('/api/ready');
  expect(ready.status()).toBe(200);
  expect(await ready.json()).toEqual({
    status: 'ready',
    checks: {
      database: { status: 'ok', durationMs: expect.any(Number) },
      paymentsService: { status: 'ok', durationMs: expect.any(Number) },
      rateLimitStore: { status: 'ok', store: 'in-process' },
    },
  });

  const mine = await request.get('/api/health', { headers: { 'X-Request-Id': 'trace-abc.123' } });
  expect(mine.headers()['x-request-id']).toBe('trace-abc.123');
  const forged = await request.get('/api/health', { headers: { 'X-Request-Id': `not a plain token: ${'x'.repeat(100)}` } });
  expect(forged.headers()['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  await expect.poll(() => readFileSync(`${DATA_DIR}/server.log`, 'utf8').includes('"requestId":"trace-abc.123"')).toBe(true);
  const line = readFileSync(`${DATA_DIR}/server.log`, 'utf8')
    .split('\n')
    .find((l) => l.includes('"requestId":"trace-abc.123"'))!;
  expect(JSON.parse(line)).toMatchObject({ method: 'GET', path: '/api/health', status: 200, durationMs: expect.any(Number) });
});
