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
import { z } from 'zod';
import { completeBrowser } from '@/lib/checkout/browser-info';
import { PAYMENT_ID } from '@/lib/checkout/load-transaction';
import { checkFields, type FieldError } from '@/lib/checkout/method-fields';
import { localeParam, paymentHref } from '@/lib/checkout/payment-paths';
import { paymentsApi } from '@/lib/payments-api/client';
import { logger } from '@/lib/log';
import { trustedProxyHops } from '@/lib/config';
import { clientIpFrom } from '@/lib/net/client-ip';
import { requestHolding } from '@/lib/cashier/binding';
import { parseActionForm } from '@/lib/forms/action-form';
import { classifyFailure, failureLogFields } from './call-failure';
import { safeRedirectTarget } from './redirect-target';

export interface MethodFormState {
  attemptKey: string;
  fieldErrors?: Record<string, FieldError>;
  formError?: 'unavailable' | 'rejected' | 'notFound';
  /** What the customer typed, to put back after a round trip without JavaScript. */
  values?: Record<string, string>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A method field's value is at most this long (descriptors' maxLength is checked after). */
const FIELD_MAX = 256;

const MethodForm = z.object({
  transactionType: z.enum(['payin', 'payout']).catch('payin'),
  paymentId: z.string().regex(PAYMENT_ID),
  methodId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  locale: z.string().optional(),
  attemptKey: z.string().optional(),
  browser: z.string().optional(),
  acceptHeader: z.string().optional(),
});
const LIMITS = { paymentId: 128, methodId: 64, locale: 35, attemptKey: 64, browser: 2048, acceptHeader: 2048 };

export async function payByMethod(previous: MethodFormState, form: FormData): Promise<MethodFormState> {
  const earlier = (previous as { attemptKey?: unknown } | null)?.attemptKey;
  const fallbackKey = typeof earlier === 'string' && UUID.test(earlier) ? earlier : randomUUID();
  const parsed = parseActionForm(MethodForm, form, LIMITS);
  if (!parsed.ok) return { attemptKey: fallbackKey, formError: parsed.problem === 'forged' ? 'notFound' : 'rejected' };
  const { transactionType: type, paymentId, methodId } = parsed.data;
  const locale = localeParam(parsed.data.locale);
  const attemptKey = parsed.data.attemptKey && UUID.test(parsed.data.attemptKey) ? parsed.data.attemptKey : fallbackKey;

  let next: string;
  try {
    const { methods } = await paymentsApi.getMethods(type, paymentId);
    const method = methods.find((m) => m.id === methodId && m.type !== 'CARD');
    if (!method) return { attemptKey, formError: 'rejected' };
    const values: Record<string, string> = {};
    const fieldErrors: Record<string, FieldError> = {};
    for (const field of method.fields) {
      const raw = parsed.form.get(`field:${field.name}`);
      const value = typeof raw === 'string' ? raw : '';
      if (value.length > FIELD_MAX) fieldErrors[field.name] = 'tooLong';
      else values[field.name] = value.trim();
    }
    Object.assign(fieldErrors, checkFields(method.fields.filter((f) => !(f.name in fieldErrors)), values));
    if (Object.keys(fieldErrors).length > 0) return { attemptKey, fieldErrors, values };

    const h = await headers();
    const browser = completeBrowser(parsed.data.browser ?? null, {
      acceptHeader: parsed.data.acceptHeader || h.get('accept'),
      userAgent: h.get('user-agent'),
      customerIp: clientIpFrom(h.get('x-forwarded-for'), trustedProxyHops()),
      acceptLanguage: h.get('accept-language'),
    });
    const additionalData = { methodId, ...Object.fromEntries(Object.entries(values).filter(([, v]) => v !== '')) };
    const key = `apm:${paymentId}:${attemptKey}`;
    if (type === 'payin') {
      const result = await paymentsApi.processPayinDirectLink(paymentId, { browser, additionalData }, key);
      const target = result.redirectUrl === undefined ? paymentHref('payin', 'status', paymentId, locale) : safeRedirectTarget(result.redirectUrl);
      if (!target) {
        logger.error({ paymentId }, 'the service answered a redirectUrl that is not https: not followed');
        return { attemptKey, formError: 'unavailable' };
      }
      next = target;
    } else {
      // Only the browser that holds the payout's page gives its destination (E22).
      const holding = await requestHolding({ kind: 'payout', id: paymentId });
      if (holding !== 'held') {
        logger.warn({ event: 'security.binding_refused', paymentId, holding }, 'a payout destination from a browser that does not hold the page');
        return { attemptKey, formError: holding === 'unavailable' ? 'unavailable' : 'rejected' };
      }
      await paymentsApi.processPayoutDirectLink(paymentId, { browser, additionalData }, key);
      next = paymentHref('payout', 'status', paymentId, locale);
    }
  } catch (error) {
    const kind = classifyFailure(error);
    logger.warn({ paymentId, failure: kind, ...failureLogFields(error) }, 'direct-link call failed');
    if (kind === 'unavailable') return { attemptKey, formError: 'unavailable' };
    if (kind === 'notFound') return { attemptKey: randomUUID(), formError: 'notFound' };
    if (kind !== 'invalidState') return { attemptKey: randomUUID(), formError: 'rejected' };
    next = paymentHref(type, 'status', paymentId, locale);
  }
  redirect(next);
}
