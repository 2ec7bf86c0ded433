'use server';
/** Server actions of the sandbox's ACS and provider pages: they answer and return the customer. */
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { checkoutUrl, sandboxEnabled, sandboxPublicUrl } from '@hosted-checkout/runtime/config';
import { parseActionForm } from '@hosted-checkout/contract/action-form';
import { PAYMENT_ID } from '@hosted-checkout/contract/ids';
import { SandboxApiError } from '../core/api-error';
import { answerChallengeAtAcs, decidePayinAtProvider, registerPasskey } from '../payins/payin-decisions';
import { logger } from '@hosted-checkout/runtime/log';
import { sandboxDb } from '../core/store';

const PaymentId = z.string().regex(PAYMENT_ID);
const ChallengeForm = z.object({
  paymentId: PaymentId,
  outcome: z.enum(['pass', 'fail']).catch('fail'),
  passkeyCapable: z.string().optional(),
  trust: z.literal('1').optional().catch(undefined),
});
const Token = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);
const PasskeyForm = z.object({ paymentId: PaymentId, token: Token, credential: z.string() });
const ProviderForm = z.object({
  paymentId: PaymentId,
  decision: z.enum(['approve', 'approve-other', 'decline', 'pending']).catch('pending'),
});

/**
 * The ACS page's Pass or Fail of a 3DS challenge. Passed in a browser that can make a passkey
 * (the page's script says so: a user-verifying platform authenticator), the ACS offers one for
 * the card first (for Secure Payment Confirmation later).
 */
export async function answerChallenge(form: FormData): Promise<void> {
  const parsed = parseActionForm(ChallengeForm, form);
  if (!sandboxEnabled() || !parsed.ok) redirect('/');
  const { paymentId, outcome } = parsed.data;
  let answer: { next: string; enrolToken: string | null };
  try {
    const db = await sandboxDb();
    const ctx = { checkoutUrl: checkoutUrl(), sandboxUrl: sandboxPublicUrl() };
    answer = await db.transaction((tx) =>
      answerChallengeAtAcs(tx, paymentId, outcome === 'pass', parsed.data.passkeyCapable === '1', ctx, parsed.data.trust === '1'),
    );
  } catch (error) {
    if (SandboxApiError.is(error)) redirect('/');
    throw error;
  }
  redirect(answer.enrolToken ? `/sandbox/3ds/${paymentId}/passkey?t=${answer.enrolToken}` : answer.next);
}

/**
 * The cardholder registered a passkey on the ACS's passkey page: `credential` is the
 * browser's RegistrationResponseJSON, `token` the enrolment token only the browser that passed
 * the challenge was given. Kept or not, the customer goes on (a failure is said on
 * the page once, then the payment continues).
 */
export async function answerPasskey(form: FormData): Promise<void> {
  const parsed = parseActionForm(PasskeyForm, form, { token: 64, credential: 4096 });
  if (!sandboxEnabled() || !parsed.ok) redirect('/');
  const { paymentId } = parsed.data;
  let response: unknown;
  try {
    response = JSON.parse(parsed.data.credential);
  } catch {
    response = null;
  }
  let outcome: { kept: boolean; next: string };
  try {
    const db = await sandboxDb();
    outcome = await db.transaction((tx) =>
      registerPasskey(tx, paymentId, parsed.data.token, response, { checkoutUrl: checkoutUrl(), sandboxUrl: sandboxPublicUrl() }),
    );
  } catch (error) {
    if (SandboxApiError.is(error)) redirect('/');
    throw error;
  }
  logger.info({ paymentId, kept: outcome.kept }, 'sandbox ACS: passkey enrolment');
  redirect(outcome.kept ? outcome.next : `/sandbox/3ds/${paymentId}/passkey?t=${parsed.data.token}&failed=1`);
}

/** The provider page's Approve, Approve from another person's account (Brazil's own-account rule), Decline or Leave pending for an APM pay-in. */
export async function decideAtProvider(form: FormData): Promise<void> {
  const parsed = parseActionForm(ProviderForm, form);
  if (!sandboxEnabled() || !parsed.ok) redirect('/');
  const { paymentId, decision: choice } = parsed.data;
  let next: string;
  try {
    const db = await sandboxDb();
    next = await db.transaction((tx) => decidePayinAtProvider(tx, paymentId, choice, { checkoutUrl: checkoutUrl() }));
  } catch (error) {
    if (SandboxApiError.is(error)) redirect('/');
    throw error;
  }
  redirect(next);
}
