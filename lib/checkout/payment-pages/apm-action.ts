'use server';
/**
 * Server action of the APM page: checks the method's fields against the descriptors the
 * payments service gives for this transaction (its methods list; never the client's copy), then starts
 * direct-link processing with the Browser object and `additionalData` (one Idempotency-Key per
 * attempt). A pay-in goes on to the provider's page, a payout to its status page; a payout's
 * account outside the closed loop (403 CLOSED_LOOP) stays on the form with `methodClosedLoop`.
 */
import { z } from 'zod';
import { checkFields, type FieldError } from './method-fields';
import { paymentHref } from '@/lib/checkout/shared/payment-paths';
import { paymentsApi } from '@/lib/payments-api/client';
import { logger } from '@hosted-checkout/runtime/log';
import { failureState, PaymentControl, runPaymentAction, type PaymentFormError } from './payment-action';
import { safeRedirectTarget } from '@/lib/checkout/shared/redirect-target';

export interface MethodFormState {
  attemptKey: string;
  fieldErrors?: Record<string, FieldError>;
  formError?: PaymentFormError;
  /** The form error in words, in the request's locale (./form-banner.ts). */
  banner?: string;
  /** What the customer typed, to put back after a round trip without JavaScript. */
  values?: Record<string, string>;
}

/** A method field's value is at most this long (descriptors' maxLength is checked after). */
const FIELD_MAX = 256;

const MethodForm = z.object({
  ...PaymentControl,
  transactionType: z.enum(['payin', 'payout']).catch('payin'),
  methodId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
});

/** Direct-link processing of the chosen method, for a pay-in or a payout (one action for both). */
export async function payByMethod(previous: MethodFormState, form: FormData): Promise<MethodFormState> {
  return runPaymentAction<typeof MethodForm, MethodFormState>(
    previous,
    form,
    { schema: MethodForm, limits: { methodId: 64 }, type: (data) => data.transactionType },
    async (c, data) => {
      // The methods' answer carries the transaction (docs/design.md, E6 extended): its merchant is remembered from it, so
      // the payout's holder check below asks no locator, and the page a post without JavaScript renders next finds
      // this same answer in the request's memo instead of reading again.
      const { methods } =
        c.type === 'payin' ? await paymentsApi.getPayinWithMethods(c.paymentId) : await paymentsApi.getPayoutWithMethods(c.paymentId);
      const method = methods.find((m) => m.id === data.methodId && m.type !== 'CARD');
      if (!method) return { attemptKey: c.attemptKey, formError: 'rejected' };
      const values: Record<string, string> = {};
      const fieldErrors: Record<string, FieldError> = {};
      for (const field of method.fields) {
        const raw = c.form.get(`field:${field.name}`);
        const value = typeof raw === 'string' ? raw : '';
        if (value.length > FIELD_MAX) fieldErrors[field.name] = 'tooLong';
        else values[field.name] = value.trim();
      }
      Object.assign(
        fieldErrors,
        checkFields(
          method.fields.filter((f) => !(f.name in fieldErrors)),
          values,
        ),
      );
      if (Object.keys(fieldErrors).length > 0) return { attemptKey: c.attemptKey, fieldErrors, values };

      const browser = await c.browser();
      const additionalData = { methodId: data.methodId, ...Object.fromEntries(Object.entries(values).filter(([, v]) => v !== '')) };
      const key = `apm:${c.paymentId}:${c.attemptKey}`;
      if (c.type === 'payout') {
        // Only the browser that holds the payout's page gives its destination.
        await c.requireHolder();
        try {
          await paymentsApi.processPayoutDirectLink(c.paymentId, { browser, additionalData }, key);
        } catch (error) {
          // An account outside the closed loop is said in words of accounts (errors.methodClosedLoop), not of cards.
          const state = failureState(error, { ...c, values });
          return 'formError' in state && state.formError === 'closedLoop' ? { ...state, formError: 'methodClosedLoop' } : state;
        }
        return { go: paymentHref('payout', 'status', c.paymentId, c.locale) };
      }
      const result = await paymentsApi.processPayinDirectLink(c.paymentId, { browser, additionalData }, key);
      if (result.redirectUrl === undefined) return { go: paymentHref('payin', 'status', c.paymentId, c.locale) };
      const target = safeRedirectTarget(result.redirectUrl);
      if (target) return { go: target };
      logger.error({ paymentId: c.paymentId }, 'the service answered a redirectUrl that is not https: not followed');
      return { attemptKey: c.attemptKey, formError: 'unavailable' };
    },
  );
}
