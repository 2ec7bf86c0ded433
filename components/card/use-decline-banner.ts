'use client';
/**
 * The card form's banner: the words of a form error or a decline (they come with the action's
 * state; the form carries no table of them), or the summary of field errors; announced to the
 * merchant's page and focused when an error or a decline arrives.
 */
import { useEffect, useRef } from 'react';
import type { CardPaymentState } from '@/lib/checkout/payment-pages/card-payment-action';
import { postToParent } from '@/lib/framing/parent-messages';

/**
 * The banner's text for the action's `state`: none for a refusal for want of a security check
 * (with JavaScript that is no error: the check's status says what happens, and the payment goes
 * on once it is solved); the state's own words for a form error or a decline; `errorSummary`
 * when fields are in error; else none.
 */
export function declineBannerText(state: CardPaymentState, errorSummary: string): string | null {
  if (state.formError === 'challenge') return null;
  if (state.formError || state.declineReason) return state.banner ?? null;
  if (state.fieldErrors && Object.keys(state.fieldErrors).length > 0) return errorSummary;
  return null;
}

/**
 * The banner of the action's `state` (declineBannerText) and the ref of its element. On a form
 * error (but a check's) or a decline, posts `error` to the merchant's page (a decline is
 * CARD_DECLINED whatever its reason: no card-testing oracle; a rate limit RATE_LIMITED) and
 * focuses the banner. Nothing of the card is in either.
 */
export function useDeclineBanner(state: CardPaymentState, errorSummary: string) {
  const bannerRef = useRef<HTMLDivElement>(null);
  const banner = declineBannerText(state, errorSummary);
  useEffect(() => {
    if ((state.formError && state.formError !== 'challenge') || state.declineReason) {
      // A decline is CARD_DECLINED to the merchant's page, whatever its reason (no card-testing oracle).
      postToParent('error', { errorKey: state.formError === 'rateLimited' ? 'RATE_LIMITED' : (state.formError ?? 'CARD_DECLINED') });
      bannerRef.current?.focus();
    }
  }, [state]);
  return { banner, bannerRef };
}
