/**
 * What the cashier's two deposit forms that open a payment page share (deposit again:
 * deposit-again-action.ts; a deposit retry after a decline: deposit-retry-action.ts): the state
 * they answer, the fields they post and the run through the cashier's action client. Not a
 * server action module: its exports are not actions.
 */
import { z } from 'zod';
import type { CheckoutTransactionType } from '@hosted-checkout/contract/enums';
import type { CashierError, CashierFailure } from './cashier-failure';
import { runCashierAction, type CashierCall } from './cashier-action-client';
import { ID_MAX_LENGTH, PAYMENT_ID } from '@hosted-checkout/contract/ids';

/** The answer of a form that opens a deposit's payment page: the page to show next, or the error to say. */
export interface DepositStepState {
  /** The payment page to show in the frame next. */
  step?: { url: string; type: CheckoutTransactionType; id: string };
  error?: CashierError;
}

/** The fields both forms post: the session, the deposit offered or retried, the page's locale. */
export const DEPOSIT_STEP_FIELDS = {
  sessionId: z.string().regex(PAYMENT_ID),
  payinId: z.string().regex(PAYMENT_ID),
  locale: z.string().optional(),
};

/**
 * Runs such a form's action (`action` names it in logs) through the cashier's action client: a
 * forged post is `rejected`, a refusal or failed call is what `failed` makes of it.
 */
export function runDepositStepAction<S extends z.ZodObject>(
  form: FormData,
  action: string,
  schema: S,
  failed: (failure: CashierFailure) => DepositStepState,
  logic: (c: CashierCall, data: z.output<S>) => Promise<DepositStepState>,
): Promise<DepositStepState> {
  return runCashierAction<S, DepositStepState>(
    form,
    { action, schema, limits: { payinId: ID_MAX_LENGTH, locale: 35 }, badForm: () => ({ error: 'rejected' }), failed },
    logic,
  );
}
