/**
 * The browser's calls to the Click to Pay SRC system at its own origin (docs/design.md, E28;
 * the sandbox's: packages/sandbox/routes/src/api): JSON posts with the session's client token,
 * cookies included (the SRC system's recognition cookie lives on its origin, partitioned by the
 * merchant's site). Each call gives up after 5 s, as the Click to Pay SDKs' integrations do; a
 * refusal comes back as its reason and extra fields (`attemptsRemaining`, `lockedUntil`…), never
 * thrown. No card number ever passes here: cards are listed masked and paid by a sealed payload.
 */
import type { SrcCard } from '@hosted-checkout/contract/click-to-pay';

/** How long one call may take (ms). */
const CALL_TIMEOUT_MS = 5000;

/** A masked identity as the SRC system answers it. */
export interface SrcMaskedIdentity {
  type: 'EMAIL' | 'MOBILE_PHONE_NUMBER';
  value: string;
}

/** The answers of the ops, by op. */
export interface SrcAnswers {
  recognize:
    | { recognized: true; idToken: string; maskedIdentity: SrcMaskedIdentity; cards: SrcCard[] }
    | { recognized: false; consumerPresent: boolean; maskedIdentity?: SrcMaskedIdentity };
  'identity-lookup': { consumerPresent: boolean; maskedIdentity?: SrcMaskedIdentity };
  'validation-initiate': { maskedValidationChannel: string; resendAfterSeconds: number; codeLength: number };
  'validation-complete': { idToken: string; maskedIdentity: SrcMaskedIdentity; cards: SrcCard[] };
  checkout: { srcCorrelationId: string; checkoutResponse: string };
  'sign-out': { recognized: false };
}

/** An op's answer, or its refusal: `reason` (the SRC system's, or NETWORK for no answer) and its extra fields. */
export type SrcResult<T> = { ok: true; body: T } | { ok: false; reason: string; extra: Record<string, unknown> };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** Calls `op` of the SRC system at `origin` with `body` and the session's `srcClientToken`. */
export async function srcCall<Op extends keyof SrcAnswers>(
  origin: string,
  op: Op,
  srcClientToken: string,
  body: Record<string, unknown> = {},
): Promise<SrcResult<SrcAnswers[Op]>> {
  try {
    const response = await fetch(`${origin}/sandbox/src/api/${op}`, {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...body, srcClientToken }),
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    });
    const answer: unknown = await response.json().catch(() => null);
    if (!isRecord(answer)) return { ok: false, reason: 'NETWORK', extra: {} };
    if (!response.ok) return { ok: false, reason: typeof answer.reason === 'string' ? answer.reason : 'NETWORK', extra: answer };
    return { ok: true, body: answer as SrcAnswers[Op] };
  } catch {
    return { ok: false, reason: 'NETWORK', extra: {} };
  }
}
