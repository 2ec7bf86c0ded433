'use server';
/**
 * Server action of the APM page: checks the method's fields against the descriptors the
 * payments service gives for this transaction (E6; never the client's copy), then starts
 * direct-link processing with the Browser object and `additionalData` (one Idempotency-Key per
 * attempt). A pay-in goes on to the provider's page, a payout to its status page.
 */
import { randomUUID } from 'node:crypto';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { completeBrowser } from '@/lib/checkout/browser-info';
import { PAYMENT_ID } from '@/lib/checkout/load-transaction';
import { checkFields, type FieldError } from '@/lib/checkout/method-fields';
import { localeParam, paymentHref } from '@/lib/checkout/payment-paths';
import { paymentsApi, PaymentsApiError } from '@/lib/payments-api/client';
import { logger } from '@/lib/log';

export interface MethodFormState {
  attemptKey: string;
  fieldErrors?: Record<string, FieldError>;
  formError?: 'unavailable' | 'rejected' | 'notFound';
  /** What the customer typed, to put back after a round trip without JavaScript. */
  values?: Record<string, string>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};

export async function payByMethod(previous: MethodFormState, form: FormData): Promise<MethodFormState> {
  const type = text(form, 'transactionType') === 'payout' ? 'payout' : 'payin';
  const paymentId = text(form, 'paymentId');
  const methodId = text(form, 'methodId');
  const locale = localeParam(text(form, 'locale'));
  const attemptKey = UUID.test(text(form, 'attemptKey')) ? text(form, 'attemptKey') : (previous?.attemptKey ?? randomUUID());
  if (!PAYMENT_ID.test(paymentId)) return { attemptKey, formError: 'notFound' };

  let next: string;
  try {
    const { methods } = await paymentsApi.getMethods(type, paymentId);
    const method = methods.find((m) => m.id === methodId && m.type !== 'CARD');
    if (!method) return { attemptKey, formError: 'rejected' };
    const values: Record<string, string> = {};
    for (const field of method.fields) values[field.name] = text(form, `field:${field.name}`).trim().slice(0, 256);
    const fieldErrors = checkFields(method.fields, values);
    if (Object.keys(fieldErrors).length > 0) return { attemptKey, fieldErrors, values };

    const h = await headers();
    const browser = completeBrowser(form.get('browser') as string | null, {
      acceptHeader: text(form, 'acceptHeader') || h.get('accept'),
      userAgent: h.get('user-agent'),
      forwardedFor: h.get('x-forwarded-for') ?? h.get('x-real-ip'),
      acceptLanguage: h.get('accept-language'),
    });
    const additionalData = { methodId, ...Object.fromEntries(Object.entries(values).filter(([, v]) => v !== '')) };
    const key = `apm:${paymentId}:${attemptKey}`;
    if (type === 'payin') {
      const result = await paymentsApi.processPayinDirectLink(paymentId, { browser, additionalData }, key);
      next = result.redirectUrl ?? paymentHref('payin', 'status', paymentId, locale);
    } else {
      await paymentsApi.processPayoutDirectLink(paymentId, { browser, additionalData }, key);
      next = paymentHref('payout', 'status', paymentId, locale);
    }
  } catch (error) {
    if (!(error instanceof PaymentsApiError)) {
      logger.error({ err: error, paymentId }, 'APM action failed unexpectedly');
      return { attemptKey, formError: 'unavailable' };
    }
    logger.warn({ paymentId, kind: error.kind, status: error.status, errorKey: error.errorKey }, 'direct-link call failed');
    if (error.retryable) return { attemptKey, formError: 'unavailable' };
    if (error.status === 409) next = paymentHref(type, 'status', paymentId, locale);
    else if (error.status === 404) return { attemptKey: randomUUID(), formError: 'notFound' };
    else return { attemptKey: randomUUID(), formError: 'rejected' };
  }
  redirect(next);
}
