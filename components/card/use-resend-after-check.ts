'use client';
/**
 * The card form's resend after a security check: when the server refuses a payment for want of a
 * proof-of-work check (`formError: 'challenge'`), a new check starts, and once it is solved the
 * same payment is sent again, once, with the same attempt key (nothing reached the payments service).
 */
import { useEffect, useRef, useState } from 'react';
import type { CardPaymentState } from '@/lib/checkout/payment-pages/card-payment-action';

/**
 * Counts the server's refusals for want of a security check (`formError: 'challenge'`), one per
 * answer: each one starts a new check (the last one's solution may have expired or been spent).
 */
function useCheckRound(state: CardPaymentState): number {
  const [seen, setSeen] = useState(state);
  const [round, setRound] = useState(0);
  if (seen !== state) {
    setSeen(state);
    if (state.formError === 'challenge') setRound(round + 1);
  }
  return round;
}

/**
 * `checkRound`: the number of refusals for want of a check so far (the check's key: each one is a
 * new check). `onCheckSolved(send)`: for the check's solved event; calls `send` (which posts the
 * form, the solution in it) when this round's check was asked for by a refusal, once.
 */
export function useResendAfterCheck(state: CardPaymentState) {
  const checkRound = useCheckRound(state);
  /** The round of a refusal for want of a check: once that check is solved, the same payment goes again, once. */
  const sendAfterCheck = useRef<number | null>(null);
  useEffect(() => {
    if (state.formError === 'challenge') sendAfterCheck.current = checkRound;
  }, [state, checkRound]);

  /** The check the server asked for is solved (its solution is in the form): the refused payment goes again. */
  const onCheckSolved = (send: () => Promise<void>) => {
    if (sendAfterCheck.current === null || sendAfterCheck.current !== checkRound) return;
    sendAfterCheck.current = null;
    void send();
  };
  return { checkRound, onCheckSolved };
}
