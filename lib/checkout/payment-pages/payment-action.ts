import 'server-only';
/**
 * The payment pages' side of the checkout's one action pipeline (lib/checkout/shared/action-pipeline.ts),
 * for the card, saved card, payout destination and APM forms. What is the payment pages' own: the
 * control fields (a bad payment id is a forged post), the locale and the attempt's
 * Idempotency-Key, the Browser object completed on demand, the payout's holder check
 * (`requireHolder`, run by the logic before it gives a destination), the failure table
 * (`failureState`), and the state's error or decline in words (./form-banner.ts).
 *
 * The action's logic returns its state, or `{ go }` to leave the page; it throws to fail (a
 * PaymentsApiError, a VelocityLimited, or `HolderRefused` from `requireHolder`).
 */
import { randomUUID } from 'node:crypto';
import { headers } from 'next/headers';
import { z } from 'zod';
import { requestHolding } from '@/lib/checkout/shared/holding';
import { completeBrowser } from './browser-info';
import { ID_MAX_LENGTH, PAYMENT_ID } from '@hosted-checkout/contract/ids';
import { localeParam, paymentHref } from '@/lib/checkout/shared/payment-paths';
import { trustedProxyHops } from '@/lib/config';
import type { Browser } from '@hosted-checkout/contract/common';
import type { CheckoutTransactionType } from '@hosted-checkout/contract/enums';
import { HolderRefused, runAction, type BadForm, type Go, type Outcome } from '@/lib/checkout/shared/action-pipeline';
import { loadTransaction } from '@/lib/checkout/shared/load-transaction';
import { viewOf } from '@/lib/checkout/shared/payment-state';
import { logger } from '@hosted-checkout/runtime/log';
import { clientIpFrom } from '@hosted-checkout/runtime/net/client-ip';
import { classifyFailure, failureLogFields } from '@/lib/checkout/shared/call-failure';
import { attemptKeyOf } from '@/lib/checkout/shared/attempt-key';
import { withBanner } from './form-banner';

/** The control fields every payment form posts: a bad one is a forged post. */
export const PaymentControl = {
  paymentId: z.string().regex(PAYMENT_ID),
  attemptKey: z.string().optional(),
  locale: z.string().optional(),
  browser: z.string().optional(),
  acceptHeader: z.string().optional(),
};
/** Longest value of each control field, in characters. */
export const CONTROL_LIMITS = { paymentId: ID_MAX_LENGTH, attemptKey: 64, locale: 35, browser: 2048, acceptHeader: 2048 };

/** Form-level problems every payment form can show (`errors.*` keys; `limit`: `errors.depositLimit`). */
/** `excluded`, `limitsRequired`: the regulated cashier's refusals of a deposit (a time-out or self-exclusion; limits asked first). */
/** `closedLoop`: a payout's destination card the customer never deposited with (`errors.cardClosedLoop`); `methodClosedLoop`: its APM account (`errors.methodClosedLoop`). */
export type PaymentFormError =
  'unavailable' | 'rejected' | 'notFound' | 'rateLimited' | 'limit' | 'excluded' | 'limitsRequired' | 'closedLoop' | 'methodClosedLoop';

/** The state every payment form's action answers: at least the next attempt's key. */
export interface PaymentFormState<V = unknown> {
  attemptKey: string;
  formError?: string;
  /** The form error or decline in words, in the request's locale (./form-banner.ts). */
  banner?: string;
  values?: V;
}

/** A payment action's call, as its logic sees it. */
export interface PaymentCall<V = unknown> {
  type: CheckoutTransactionType;
  paymentId: string;
  /** The `?locale=` to keep on the next page ('' for none). */
  locale: string;
  /** This attempt's Idempotency-Key part: the form's, else the previous state's, else a new one. */
  attemptKey: string;
  /** The post, for fields the schema does not name (an APM's descriptors). */
  form: FormData;
  /** What the customer typed to put back if the call fails (no card number, no CVV). */
  values?: V;
  /** The EMVCo Browser object of the request: the form's fields completed from its headers. */
  browser(): Promise<Browser>;
  /** Throws HolderRefused unless this browser holds the payout's page (it spent the launch secret); pay-ins pass. */
  requireHolder(): Promise<void>;
}

/**
 * A failed call as the form's state: the same key where nothing can have been charged (so a
 * retry cannot charge twice), a new one otherwise; or `{ go }`: the status page once the
 * transaction moved on (409 INVALID_STATE).
 */
export function failureState<V>(
  error: unknown,
  c: Pick<PaymentCall<V>, 'type' | 'paymentId' | 'locale' | 'attemptKey' | 'values'>,
): (PaymentFormState<V> & { formError: PaymentFormError }) | { go: string } {
  const values = c.values;
  if (HolderRefused.is(error)) {
    const unavailable = error.refusal === 'unavailable';
    logger.warn(
      { event: 'security.binding_refused', paymentId: c.paymentId, unavailable },
      'a payout destination from a browser that does not hold the page',
    );
    return { attemptKey: c.attemptKey, formError: unavailable ? 'unavailable' : 'rejected', values };
  }
  const failure = classifyFailure(error);
  logger.warn({ paymentId: c.paymentId, type: c.type, failure, ...failureLogFields(error) }, 'payment processing call failed');
  switch (failure) {
    // Nothing was tried: the same key may be used once the wait is over.
    case 'rateLimited':
      return { attemptKey: c.attemptKey, formError: 'rateLimited', values };
    // Same key: trying again cannot charge twice.
    case 'unavailable':
      return { attemptKey: c.attemptKey, formError: 'unavailable', values };
    case 'invalidState':
      return { go: paymentHref(c.type, 'status', c.paymentId, c.locale) };
    case 'notFound':
      return { attemptKey: randomUUID(), formError: 'notFound' };
    // A cashier deposit above the customer's deposit limit: nothing was charged.
    case 'limitExceeded':
      return { attemptKey: randomUUID(), formError: 'limit', values };
    // The customer's time-out or self-exclusion, or limits the gambling rules ask first: nothing was charged.
    case 'excluded':
      return { attemptKey: randomUUID(), formError: 'excluded', values };
    case 'limitsRequired':
      return { attemptKey: randomUUID(), formError: 'limitsRequired', values };
    // A payout's card outside the closed loop: nothing was given; another card is another request (a new key).
    case 'closedLoop':
      return { attemptKey: randomUUID(), formError: 'closedLoop', values };
    default:
      return { attemptKey: randomUUID(), formError: 'rejected', values };
  }
}

/**
 * A call that failed as unavailable may still have been carried out by the service (its answer
 * lost mid-request, as at a database failover): when the transaction has since moved past its
 * form, the customer goes to its status page by the action's own redirect (303: a browser
 * follows it with a GET), not by the form page's render-time one (307: a browser would post the
 * card form again to the status page). Any other state, or a read that fails, is kept.
 */
async function movedOnOr<S>(state: S | Go, c: Pick<PaymentCall, 'type' | 'paymentId' | 'locale'>): Promise<S | Go> {
  if (!state || typeof state !== 'object' || !('formError' in state) || state.formError !== 'unavailable') return state;
  const loaded = await loadTransaction(c.type, c.paymentId);
  if (loaded.outcome !== 'ok') return state;
  const view = viewOf(loaded.transaction.type, loaded.transaction.status, loaded.transaction.attemptsRemaining);
  return view === 'form' || view === 'retry' ? state : { go: paymentHref(c.type, 'status', c.paymentId, c.locale) };
}

interface PaymentActionSpec<S extends z.ZodObject, State> {
  /** The action's fields, `PaymentControl` among them. */
  schema: S;
  /** Longest value of the action's own fields; the control fields' are added. */
  limits?: Partial<Record<string, number>>;
  /** The transaction's type: fixed by the action, or read from its form. */
  type: CheckoutTransactionType | ((data: z.output<S>) => CheckoutTransactionType);
  /** The state of a post the pipeline refused; default: `notFound` when forged, else `rejected`. */
  badForm?: (bad: BadForm, attemptKey: string) => State;
}

/**
 * Runs a payment action through the checkout's action pipeline: `logic` gets the call and the
 * parsed fields; a thrown failure becomes the form's state (`failureState`), a state gets its
 * banner, and `{ go }` is a redirect.
 */
export async function runPaymentAction<S extends z.ZodObject, State extends PaymentFormState>(
  previous: unknown,
  form: unknown,
  spec: PaymentActionSpec<S, State>,
  logic: (c: PaymentCall<NonNullable<State['values']>>, data: z.output<S>) => Promise<Outcome<State>>,
): Promise<State> {
  type Call = PaymentCall<NonNullable<State['values']>>;
  return runAction<S, Call, Call, State>(
    form,
    {
      schema: spec.schema,
      limits: { ...CONTROL_LIMITS, ...spec.limits },
      badForm(bad) {
        const attemptKey = attemptKeyOf(undefined, previous);
        if (spec.badForm) return spec.badForm(bad, attemptKey);
        return { attemptKey, formError: bad.problem === 'forged' ? 'notFound' : 'rejected' } as State;
      },
      open(fields, posted) {
        const data = fields as ControlData;
        const type = typeof spec.type === 'function' ? spec.type(fields) : spec.type;
        return {
          type,
          paymentId: data.paymentId,
          locale: localeParam(data.locale),
          attemptKey: attemptKeyOf(data.attemptKey, previous),
          form: posted,
          browser: () => browserOf(data),
          async requireHolder() {
            if (type !== 'payout') return;
            const holding = await requestHolding({ of: 'payout', id: data.paymentId });
            if (holding !== 'held') throw new HolderRefused(holding === 'unavailable' ? 'unavailable' : 'rejected');
          },
        };
      },
      // A pay-in moves no money of the browser's; a payout's holder check waits for its destination (`requireHolder`):
      // the field errors come first, and an APM payout's check finds the merchant in the methods' answer.
      hold: async (c) => c,
      failed: async (error, c) => (await movedOnOr(failureState(error, c), c)) as Outcome<State>,
      finish: withBanner,
    },
    logic,
  );
}

/** The control fields as parsed (`PaymentControl`). */
type ControlData = { paymentId: string; attemptKey?: string; locale?: string; browser?: string; acceptHeader?: string };

/** The Browser object: the page's fields (`browser`, JSON) completed from the request's headers. */
async function browserOf(data: { browser?: string; acceptHeader?: string }): Promise<Browser> {
  const h = await headers();
  return completeBrowser(data.browser ?? null, {
    acceptHeader: data.acceptHeader || h.get('accept'),
    userAgent: h.get('user-agent'),
    customerIp: clientIpFrom(h.get('x-forwarded-for'), trustedProxyHops()),
    acceptLanguage: h.get('accept-language'),
  });
}
