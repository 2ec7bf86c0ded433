import 'server-only';
/**
 * The action client of the checkout's payment forms (card, saved card, payout destination, APM):
 * what every payment action needs, written once. It reads the post through the one form pipeline
 * (`lib/forms/action-form.ts`: bounded, zod-checked; a forged post is a form error, never a 500),
 * checks the payment id, picks the locale and the attempt's Idempotency-Key, completes the
 * Browser object on demand, runs the action's own logic, maps a failed call of the payments
 * service to the form's state, puts the state's error or decline in words (./form-banner.ts), and
 * redirects when the logic (or the failure) names a next page.
 *
 * The action's logic returns its state, or `{ go }` to leave the page; it throws to fail (a
 * PaymentsApiError, a VelocityLimited, or `HolderRefused` from `requireHolder`).
 */
import { randomUUID } from 'node:crypto';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { requestHolding } from '@/lib/checkout/shared/holding';
import { completeBrowser } from './browser-info';
import { ID_MAX_LENGTH, PAYMENT_ID } from '@/lib/contract/ids';
import { localeParam, paymentHref } from '@/lib/checkout/shared/payment-paths';
import { trustedProxyHops } from '@/lib/config';
import type { Browser } from '@/lib/contract/common';
import type { CheckoutTransactionType } from '@/lib/contract/enums';
import { brandError, hasErrorBrand } from '@/lib/error-brand';
import { parseActionForm } from '@/lib/forms/action-form';
import { logger } from '@/lib/log';
import { clientIpFrom } from '@/lib/net/client-ip';
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

/** The browser does not hold the payout's page; `unavailable` when that could not be checked. */
export class HolderRefused extends Error {
  constructor(readonly unavailable: boolean) {
    super('this browser does not hold the page');
    this.name = 'HolderRefused';
    brandError(this, 'HolderRefused');
  }

  /** Whether `value` is a refusal, thrown by any bundle's copy of this module. */
  static is(value: unknown): value is HolderRefused {
    return hasErrorBrand(value, 'HolderRefused');
  }
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
    logger.warn(
      { event: 'security.binding_refused', paymentId: c.paymentId, unavailable: error.unavailable },
      'a payout destination from a browser that does not hold the page',
    );
    return { attemptKey: c.attemptKey, formError: error.unavailable ? 'unavailable' : 'rejected', values };
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

type BadForm = { problem: 'forged' } | { problem: 'tooLong'; fields: string[] };

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
 * Runs a payment action: the pipeline, then `logic` with the call and the parsed fields; a thrown
 * failure becomes the form's state (`failureState`), and `{ go }` a redirect (outside any catch,
 * so Next's redirect is never swallowed).
 */
export async function runPaymentAction<S extends z.ZodObject, State extends PaymentFormState>(
  previous: unknown,
  form: unknown,
  spec: PaymentActionSpec<S, State>,
  logic: (c: PaymentCall<NonNullable<State['values']>>, data: z.output<S>) => Promise<State | { go: string }>,
): Promise<State> {
  const parsed = parseActionForm(spec.schema, form, { ...CONTROL_LIMITS, ...spec.limits });
  if (!parsed.ok) {
    const attemptKey = attemptKeyOf(undefined, previous);
    if (spec.badForm) return withBanner(spec.badForm(parsed, attemptKey));
    return withBanner({ attemptKey, formError: parsed.problem === 'forged' ? 'notFound' : 'rejected' } as State);
  }
  const data = parsed.data as z.output<S> & {
    paymentId: string;
    attemptKey?: string;
    locale?: string;
    browser?: string;
    acceptHeader?: string;
  };
  const type = typeof spec.type === 'function' ? spec.type(data) : spec.type;
  const paymentId = data.paymentId;
  const c: PaymentCall<NonNullable<State['values']>> = {
    type,
    paymentId,
    locale: localeParam(data.locale),
    attemptKey: attemptKeyOf(data.attemptKey, previous),
    form: parsed.form,
    browser: () => browserOf(data),
    async requireHolder() {
      if (type !== 'payout') return;
      const holding = await requestHolding({ of: 'payout', id: paymentId });
      if (holding !== 'held') throw new HolderRefused(holding === 'unavailable');
    },
  };
  let outcome: State | { go: string };
  try {
    outcome = await logic(c, data);
  } catch (error) {
    outcome = failureState(error, c) as State | { go: string };
  }
  if ('go' in outcome) redirect(outcome.go);
  return withBanner(outcome);
}

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
