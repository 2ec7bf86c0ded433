/** The proof-of-work challenge: solved once, never twice, never forged; required after K failures from an IP. */
import { afterEach, describe, expect, it } from 'vitest';
import { challengeRequired, verifyPayload } from './proof-of-work';
import { resetProofOfWork, solvedChallenge } from '@/lib/testing/solved-challenge';
import { recordFailure } from '@hosted-checkout/runtime/security/velocity';

afterEach(resetProofOfWork);

describe('verifyPayload', () => {
  it('accepts a solved challenge once', async () => {
    const payload = await solvedChallenge();
    expect(await verifyPayload(payload)).toBe(true);
    expect(await verifyPayload(payload)).toBe(false);
  });

  it('accepts one of two posts of the same solution at once', async () => {
    const payload = await solvedChallenge();
    const results = await Promise.all([verifyPayload(payload), verifyPayload(payload)]);
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('refuses a wrong counter, a forged signature, junk and oversized input', async () => {
    const payload = JSON.parse(await solvedChallenge());
    expect(
      await verifyPayload(JSON.stringify({ ...payload, solution: { ...payload.solution, counter: payload.solution.counter + 1 } })),
    ).toBe(false);
    expect(await verifyPayload(JSON.stringify({ ...payload, challenge: { ...payload.challenge, signature: 'ab'.repeat(32) } }))).toBe(
      false,
    );
    for (const junk of [undefined, '', 'null', '{"challenge":1}', '{', 'x'.repeat(5000)]) expect(await verifyPayload(junk)).toBe(false);
  });
});

describe('challengeRequired', () => {
  it('asks for a check once an IP has POW_AFTER_FAILURES failed attempts', async () => {
    process.env.POW_AFTER_FAILURES = '2';
    const ip = `192.0.2.${Math.floor(Math.random() * 250)}`;
    expect(await challengeRequired(ip)).toBe(false);
    await recordFailure([{ limit: 'cardFailuresPerIp', key: ip }]);
    expect(await challengeRequired(ip)).toBe(false);
    await recordFailure([{ limit: 'cardFailuresPerIp', key: ip }]);
    expect(await challengeRequired(ip)).toBe(true);
    // No trusted address is a check, never a free pass.
    expect(await challengeRequired(undefined)).toBe(true);
  });
});
