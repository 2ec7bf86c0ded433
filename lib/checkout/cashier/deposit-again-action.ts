'use server';
/**
 * Server action of the widget's "deposit again" (the session's `depositAgain`): the customer's
 * last paid card deposit, the same amount with the same saved card (the card page then asks the
 * CVV alone). Its Idempotency-Key is the last deposit's id, so a double click or a second tab
 * gets the same pay-in, which is paid at most once. Only the browser that holds the session may.
 * Amounts in major units.
 */
import { z } from 'zod';
import { paymentsApi } from '@/lib/payments-api/client';
import { paymentHref } from '@/lib/checkout/shared/payment-paths';
import { DEPOSIT_STEP_FIELDS, runDepositStepAction, type DepositStepState } from './deposit-step';

const AgainForm = z.object(DEPOSIT_STEP_FIELDS);

/**
 * Deposit again: the session's offer (`depositAgain`) must still be the one the page showed
 * (else the page reloads). The pay-in is created for the card, under every rule of the session
 * (limits, exclusion, bounds: refused with the cashier's messages), and opened on the card page
 * with the saved card chosen.
 */
export async function depositAgain(_previous: DepositStepState, form: FormData): Promise<DepositStepState> {
  return runDepositStepAction(
    form,
    'deposit again',
    AgainForm,
    // An expired session is refused as any session this browser may not use; a 400 is no balance matter here.
    ({ error, nothingCreated }) => ({
      error: error === 'aboveBalance' || (error === 'expired' && nothingCreated) ? 'rejected' : error,
    }),
    async ({ sessionId, session, locale }, { payinId }) => {
      const offer = session.depositAgain;
      if (!offer || offer.payinId !== payinId) return { error: 'conflict' };
      // One key per offer (the last deposit's id): two clicks, two tabs, two instances get one pay-in, paid at most once.
      const created = await paymentsApi.createSessionPayin(sessionId, offer.amount, `again:${offer.payinId}`, 'card');
      return {
        step: {
          url: paymentHref('payin', 'card', created.paymentId, locale, { card: offer.cardId }),
          type: 'payin',
          id: created.paymentId,
        },
      };
    },
  );
}
