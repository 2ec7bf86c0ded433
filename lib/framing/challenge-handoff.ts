/**
 * The issuer's 3-D Secure challenge of a card page shown inside the cashier: handed up to the
 * cashier, which shows it in its own document (one frame below the merchant's page) instead of a
 * frame inside the card page's frame. The cashier names its frame of a payment page
 * `PAYMENT_STEP_FRAME` (components/cashier/flow/payment-step.tsx); a card page that finds itself
 * in that frame (`window.name`) under a parent of our own origin posts the challenge's address to
 * that parent, and to our origin only. Anywhere else (the merchant's frame, a page of its own, the
 * cashier's page without JavaScript) the card page shows the challenge itself, as before.
 * These messages never reach a merchant: they are not the pages' messages to the merchant
 * (parent-messages.ts) and carry a source of their own.
 */
import { framedByOwnOrigin, type WindowLike } from './own-frame';

/** The `name` of the cashier's frame of a payment page, read by the framed page as `window.name`. */
export const PAYMENT_STEP_FRAME = 'checkout-payment-step';

/** The message that hands a challenge to the cashier. */
export interface ChallengeHandoff {
  source: 'checkout-step';
  type: 'challenge';
  /** The ACS's address, as the card page would have framed it (https, or the sandbox's own origin in test mode). */
  challengeUrl: string;
}

/** What `handOffChallenge` uses of a window: its name, its parent (posted to) and its origin. */
export interface HandoffWindow extends WindowLike {
  name: string;
}

/**
 * In the cashier's frame of a payment page (`name` and a parent of our origin): posts the
 * challenge to the cashier, to our origin only, and answers true. Else false: the page shows the
 * challenge itself.
 */
export function handOffChallenge(challengeUrl: string, win: HandoffWindow): boolean {
  if (win.name !== PAYMENT_STEP_FRAME || !framedByOwnOrigin(win)) return false;
  const message: ChallengeHandoff = { source: 'checkout-step', type: 'challenge', challengeUrl };
  (win.parent as { postMessage: (data: unknown, targetOrigin: string) => void }).postMessage(message, win.location.origin);
  return true;
}

/**
 * The challenge address a message event hands over, or null: only a message from `frame` (the
 * cashier's frame of a payment page), of our origin `ownOrigin`, of the handoff's shape, whose
 * address is http(s) without credentials.
 */
export function handedOffChallenge(
  event: { origin: string; source: unknown; data: unknown },
  frame: unknown,
  ownOrigin: string,
): string | null {
  if (event.origin !== ownOrigin || !frame || event.source !== frame) return null;
  const data = event.data as Partial<ChallengeHandoff> | null;
  if (!data || data.source !== 'checkout-step' || data.type !== 'challenge' || typeof data.challengeUrl !== 'string') return null;
  try {
    const url = new URL(data.challengeUrl);
    if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password) return null;
    return url.href;
  } catch {
    return null;
  }
}
