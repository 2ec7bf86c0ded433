/**
 * Messages from a framed page to the merchant's page (docs/design.md, section 5):
 * `{ source: "checkout", version: 1, type, transactionType, paymentId, ... }`, posted only to
 * the parent's origin when it is an allowed origin, never to `*`. Their types and fields are the
 * merchant's client package's (`CheckoutMessageFields`, packages/client), so a message the pages
 * send differently from what merchants are told fails the type check. Browser-only module.
 */
import type { CheckoutMessageFields, CheckoutMessageType } from '@hosted-checkout/client';
import { isAllowedOrigin } from '@hosted-checkout/contract/origin-patterns';

let target: string | null = null;
let context: { transactionType?: string; paymentId?: string; sessionId?: string } = {};

/** Whether this page is inside a frame. */
export const isFramed = (): boolean => typeof window !== 'undefined' && window.parent !== window;

const STORED_PARENT = 'checkout.parentOrigin';

/**
 * The parent's origin: `location.ancestorOrigins` where the browser has it (Chromium, Safari);
 * else the referrer's origin, which is the parent's on the first page a frame loads and is kept
 * in sessionStorage (partitioned per top-level site) for the later pages of the same frame
 * (card → ACS → status), whose referrer is no longer the parent (Firefox).
 */
function parentOrigin(): string | null {
  const ancestors = window.location.ancestorOrigins;
  if (ancestors && ancestors.length > 0) return ancestors[0] ?? null;
  let fromReferrer: string | null = null;
  try {
    fromReferrer = document.referrer ? new URL(document.referrer).origin : null;
  } catch {
    fromReferrer = null;
  }
  try {
    if (fromReferrer && fromReferrer !== window.location.origin) {
      window.sessionStorage.setItem(STORED_PARENT, fromReferrer);
      return fromReferrer;
    }
    return window.sessionStorage.getItem(STORED_PARENT) ?? fromReferrer;
  } catch {
    return fromReferrer;
  }
}

/** Sets where messages go: the parent, when framed by an allowed origin (or our own). */
export function initParentMessaging(
  allowedOrigins: readonly string[],
  ctx: { transactionType?: string; paymentId?: string; sessionId?: string },
): void {
  context = Object.fromEntries(Object.entries(ctx).filter(([, v]) => v !== undefined));
  target = null;
  if (!isFramed()) return;
  const origin = parentOrigin();
  if (origin && (origin === window.location.origin || isAllowedOrigin(allowedOrigins, origin))) target = origin;
}

/** Posts a message of `type` with its fields to the parent; does nothing when there is no allowed parent. */
export function postToParent<T extends CheckoutMessageType>(
  type: T,
  ...[fields]: Record<never, never> extends CheckoutMessageFields[T]
    ? [fields?: CheckoutMessageFields[T]]
    : [fields: CheckoutMessageFields[T]]
): void {
  if (!target) return;
  window.parent.postMessage({ source: 'checkout', version: 1, type, ...context, ...fields }, target);
}
