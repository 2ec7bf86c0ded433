/**
 * A solved proof-of-work challenge for tests (lib/security/proof-of-work.ts): a new challenge,
 * made easy (POW_MAX_COUNTER 5000, set here; a test's afterEach resets it: resetProofOfWork), solved
 * as the ALTCHA widget would, as the JSON payload a form posts.
 */
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { newChallenge } from '@/lib/security/proof-of-work';

/** The payload of a freshly solved challenge: `{ challenge: { parameters, signature }, solution }` as JSON. */
export async function solvedChallenge(): Promise<string> {
  process.env.POW_MAX_COUNTER = '5000';
  const challenge = await newChallenge();
  const solution = await solveChallenge({ challenge, deriveKey });
  return JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution });
}

/** Puts the proof-of-work settings a test changed back to their defaults (POW_AFTER_FAILURES, POW_MAX_COUNTER unset): a test's afterEach. */
export function resetProofOfWork(): void {
  delete process.env.POW_AFTER_FAILURES;
  delete process.env.POW_MAX_COUNTER;
}
