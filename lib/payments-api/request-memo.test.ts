/** One answer per GET per request; a write forgets the request's answers; a failed read is not shared. */
import { describe, expect, it } from 'vitest';
import { memoized } from './request-memo';

describe('request memo', () => {
  it('shares a GET within one request, not across requests, and forgets after a write', async () => {
    let calls = 0;
    const get = () => Promise.resolve((calls += 1));
    expect(await memoized('r1', 'GET', 'getPayin /p/1', get)).toBe(1);
    expect(await memoized('r1', 'GET', 'getPayin /p/1', get)).toBe(1);
    expect(await memoized('r2', 'GET', 'getPayin /p/1', get)).toBe(2);
    expect(await memoized('r1', 'GET', 'getPayin /p/2', get)).toBe(3);
    await memoized('r1', 'POST', 'processCard /p/1/process/card', () => Promise.resolve(null));
    expect(await memoized('r1', 'GET', 'getPayin /p/1', get)).toBe(4);
    expect(await memoized(null, 'GET', 'getPayin /p/1', get)).toBe(5);
    expect(await memoized(null, 'GET', 'getPayin /p/1', get)).toBe(6);
  });

  it('does not share a failed read', async () => {
    let calls = 0;
    const flaky = () => ((calls += 1) === 1 ? Promise.reject(new Error('503')) : Promise.resolve('ok'));
    await expect(memoized('r3', 'GET', 'getPayin /p/9', flaky)).rejects.toThrow('503');
    await new Promise((r) => setTimeout(r, 0));
    expect(await memoized('r3', 'GET', 'getPayin /p/9', flaky)).toBe('ok');
  });
});
