/**
 * The browser's half of the proof-of-work (ALTCHA): fetches a challenge from /api/challenge and
 * finds its counter with Web Crypto (altcha-lib), in the page's own origin and script (no worker,
 * no third party: the CSP is unchanged). Loaded on demand only when the server asks for a check,
 * so the card page's own script does not grow. Answers the form's `altcha` value.
 */
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';

export async function solveSecurityChallenge(signal?: AbortSignal): Promise<string> {
  const response = await fetch('/api/challenge', { cache: 'no-store', signal });
  if (!response.ok) throw new Error(`challenge ${response.status}`);
  const challenge = await response.json();
  const controller = new AbortController();
  signal?.addEventListener('abort', () => controller.abort());
  const solution = await solveChallenge({ challenge, deriveKey, controller, timeout: 60_000 });
  if (!solution) throw new Error('challenge not solved');
  return JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution });
}
