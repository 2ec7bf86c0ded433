/**
 * The checkout's velocity limits on card attempts (packages/runtime/src/security/velocity.ts): per customer IP
 * (the trusted address, packages/runtime/src/net/client-ip.ts) and per card (an in-memory HMAC of the number, or
 * the saved card's id). Checked and counted before the processing call; a decline or failure
 * counts against both. The service adds its own per-session limits (429 RATE_LIMITED).
 */
import { NO_TRUSTED_ADDRESS } from '@hosted-checkout/runtime/net/client-ip';
import { assertRemaining, cardKey, consume, recordFailure, type Check } from '@hosted-checkout/runtime/security/velocity';

export interface CardAttemptLimits {
  attempts: Check[];
  failures: Check[];
  context: Record<string, unknown>;
}

/** The limits of one attempt: `card` is the PAN's digits or `{ savedCardId }`. No card data is kept in them. */
export function cardAttemptLimits(
  customerIp: string | undefined,
  card: string | { savedCardId: string },
  paymentId: string,
): CardAttemptLimits {
  const key = typeof card === 'string' ? cardKey(card) : cardKey(`saved:${card.savedCardId}`);
  return {
    attempts: [
      // No trusted address (only without the request guard) shares one bucket: a limit, never none.
      { limit: 'cardAttemptsPerIp', key: customerIp ?? NO_TRUSTED_ADDRESS },
      { limit: 'cardAttemptsPerCard', key },
    ],
    failures: [
      { limit: 'cardFailuresPerIp', key: customerIp ?? NO_TRUSTED_ADDRESS },
      { limit: 'cardFailuresPerCard', key },
    ],
    context: { paymentId, customerIp },
  };
}

/** Before the call: throws VelocityLimited when failures are spent, else counts the attempt. */
export async function beginCardAttempt(limits: CardAttemptLimits): Promise<void> {
  await assertRemaining(limits.failures, limits.context);
  await consume(limits.attempts, limits.context);
}

/** After the answer: a decline or failure counts against the IP and the card. */
export async function endCardAttempt(limits: CardAttemptLimits, status: string): Promise<void> {
  if (status === 'DECLINED' || status === 'FAILED') await recordFailure(limits.failures);
}
