/**
 * A proof-of-work challenge after suspicious velocity (ALTCHA, altcha-lib: self-hosted, no
 * third party, nothing for the customer to read or click). Once an IP has POW_AFTER_FAILURES
 * declined or failed card attempts in the limit's window, each further card attempt needs a
 * solved challenge: the browser fetches one from /api/challenge, finds its secret counter
 * (about a second of work), and posts the solution with the form. Challenges are HMAC-signed
 * (POW_SECRET), expire after 5 minutes and are accepted once each (per instance).
 */
import { randomBytes } from 'node:crypto';
import { createChallenge, randomInt, verifySolution, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import { appConfig } from '@/lib/config';
import { countPowChallengeIssued, countPowVerification } from '@/lib/metrics/metrics';
import { consumedPoints, VelocityUnavailable } from '@hosted-checkout/runtime/security/velocity';

/** Lifetime of a challenge, in ms. */
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;
/** Longest payload read, in characters. */
export const MAX_PAYLOAD_CHARS = 2048;

/**
 * The process's secret and used signatures live on globalThis: Next.js bundles the challenge
 * route and the card action apart, each with its own copy of this module.
 */
const shared = (() => {
  const key = Symbol.for('hosted-checkout.proof-of-work');
  const g = globalThis as typeof globalThis & { [key]?: { secret: string; used: LRUCache<string, true> } };
  g[key] ??= { secret: randomBytes(32).toString('hex'), used: new LRUCache<string, true>({ max: 100_000, ttl: CHALLENGE_TTL_MS }) };
  return g[key];
})();
const secret = () => appConfig().POW_SECRET ?? shared.secret;

/** A new signed challenge (JSON for the browser's solver). */
export function newChallenge(): Promise<Challenge> {
  countPowChallengeIssued();
  return createChallenge({
    algorithm: 'SHA-256',
    cost: 1,
    counter: randomInt(Math.floor(appConfig().POW_MAX_COUNTER / 2), appConfig().POW_MAX_COUNTER),
    deriveKey,
    hmacSignatureSecret: secret(),
    expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
  });
}

const Hex = z.string().regex(/^[0-9a-f]{1,256}$/i);
const Payload = z.object({
  challenge: z.object({
    parameters: z.object({
      algorithm: z.literal('SHA-256'),
      cost: z.number().int().positive(),
      expiresAt: z.number().int().optional(),
      keyLength: z.number().int().positive().max(64),
      keyPrefix: Hex,
      nonce: Hex,
      salt: Hex,
    }),
    signature: Hex,
  }),
  solution: z.object({ counter: z.number().int().min(0), derivedKey: Hex, time: z.number().optional() }),
});

/** Signatures of challenges already used: a solution counts once. */
const used = shared.used;

/** Whether `raw` (the form's `altcha` field) is a solved, unexpired, unused challenge of ours (counted: solved or failed). */
export async function verifyPayload(raw: string | undefined): Promise<boolean> {
  const solved = await checkPayload(raw);
  countPowVerification(solved ? 'solved' : 'failed');
  return solved;
}

async function checkPayload(raw: string | undefined): Promise<boolean> {
  if (!raw || raw.length > MAX_PAYLOAD_CHARS) return false;
  let parsed: z.infer<typeof Payload>;
  try {
    const result = Payload.safeParse(JSON.parse(raw));
    if (!result.success) return false;
    parsed = result.data;
  } catch {
    return false;
  }
  // Taken before the (asynchronous) check, so two posts of one solution at once count once.
  const signature = parsed.challenge.signature;
  if (used.has(signature)) return false;
  used.set(signature, true);
  const result = await verifySolution({
    challenge: parsed.challenge,
    solution: parsed.solution,
    deriveKey,
    hmacSignatureSecret: secret(),
  }).catch(() => null);
  if (!result?.verified) {
    used.delete(signature);
    return false;
  }
  return true;
}

/** Whether card attempts from `ip` now need a solved challenge. */
export async function challengeRequired(ip: string | undefined): Promise<boolean> {
  // No trusted address (only without the request guard): the check, never a free pass.
  if (!ip) return true;
  try {
    return (await consumedPoints('cardFailuresPerIp', ip)) >= appConfig().POW_AFTER_FAILURES;
  } catch (error) {
    // The limits' store failed and they fail closed: the check is asked for.
    if (VelocityUnavailable.is(error)) return true;
    throw error;
  }
}
