'use server';
/**
 * Server action of the card page's Apple Pay button: Apple Pay's merchant validation, under the
 * card form's rules (the proof-of-work rule, a few validations per pay-in). Creates nothing and
 * takes no card data.
 */
import { headers } from 'next/headers';
import { z } from 'zod';
import { checkoutUrl } from '@/lib/config';
import { PAYMENT_ID } from '@hosted-checkout/contract/ids';
import { paymentsApi } from '@/lib/payments-api/client';
import { logger } from '@hosted-checkout/runtime/log';
import { failureLogFields } from '@/lib/checkout/shared/call-failure';
import { requestClientIp } from '@hosted-checkout/runtime/net/client-ip';
import { challengeRequired, MAX_PAYLOAD_CHARS, verifyPayload } from '@/lib/security/proof-of-work';
import { takeApplePayValidation } from './apple-pay-limit';

const ApplePayValidation = z.object({
  paymentId: z.string().regex(PAYMENT_ID),
  validationUrl: z.string().max(2048),
  altcha: z.string().max(MAX_PAYLOAD_CHARS).optional(),
});

/**
 * The answer of Apple Pay's merchant validation: Apple's merchant session, or why not:
 * `challenge` (this address needs a solved proof-of-work first: solve one and ask again),
 * `limited` (this pay-in's validations are spent for now), `failed` (a bad request, or the
 * service refused or did not answer).
 */
export type ApplePayValidationAnswer = { merchantSession: Record<string, unknown> } | { refused: 'challenge' | 'limited' | 'failed' };

/**
 * Apple Pay's merchant validation, called by the card page's Apple Pay button with the
 * validation URL of the browser's merchantvalidation event, and `altcha` (a solved
 * proof-of-work) when the last answer asked for one. Under the card form's rules, each one being
 * a call to Apple with the merchant's certificate: once the address needs a check
 * (lib/security/proof-of-work.ts) none goes on without a solved one, and a pay-in gets a few per
 * ten minutes (lib/checkout/payment-pages/apple-pay-limit.ts). The service validates with its certificate.
 */
export async function applePayMerchantSession(
  paymentId: unknown,
  validationUrl: unknown,
  altcha?: unknown,
): Promise<ApplePayValidationAnswer> {
  const parsed = ApplePayValidation.safeParse({ paymentId, validationUrl, altcha: altcha ?? undefined });
  if (!parsed.success) return { refused: 'failed' };
  const customerIp = requestClientIp(await headers());
  if ((await challengeRequired(customerIp)) && !(await verifyPayload(parsed.data.altcha))) {
    logger.warn(
      { event: 'security.challenge_required', paymentId: parsed.data.paymentId, customerIp },
      'Apple Pay merchant validation without a solved challenge',
    );
    return { refused: 'challenge' };
  }
  if (!(await takeApplePayValidation(parsed.data.paymentId, customerIp))) return { refused: 'limited' };
  try {
    const domain = new URL(checkoutUrl()).hostname;
    const answer = await paymentsApi.startApplePaySession(parsed.data.paymentId, { validationUrl: parsed.data.validationUrl, domain });
    return { merchantSession: answer.merchantSession };
  } catch (error) {
    logger.warn({ paymentId: parsed.data.paymentId, ...failureLogFields(error) }, 'Apple Pay merchant validation failed');
    return { refused: 'failed' };
  }
}
