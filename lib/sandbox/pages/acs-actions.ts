'use server';
/** Server actions of the sandbox's ACS and provider pages: they answer and return the customer. */
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { checkoutUrl, sandboxEnabled } from '@/lib/config';
import { parseActionForm } from '@/lib/forms/action-form';
import { SandboxApiError } from '../core/api-error';
import { completeChallenge, decidePayinAtProvider } from '../payins/payin-decisions';
import { sandboxDb } from '../core/store';

const PaymentId = z.string().regex(/^[A-Za-z0-9_-]{1,128}$/);
const ChallengeForm = z.object({ paymentId: PaymentId, outcome: z.enum(['pass', 'fail']).catch('fail') });
const ProviderForm = z.object({ paymentId: PaymentId, decision: z.enum(['approve', 'decline', 'pending']).catch('pending') });

/** The ACS page's Pass or Fail of a 3DS challenge. */
export async function answerChallenge(form: FormData): Promise<void> {
  const parsed = parseActionForm(ChallengeForm, form);
  if (!sandboxEnabled() || !parsed.ok) redirect('/');
  const { paymentId, outcome } = parsed.data;
  let next: string;
  try {
    const db = await sandboxDb();
    next = await db.transaction((tx) => completeChallenge(tx, paymentId, outcome === 'pass', { checkoutUrl: checkoutUrl() }));
  } catch (error) {
    if (SandboxApiError.is(error)) redirect('/');
    throw error;
  }
  redirect(next);
}

/** The provider page's Approve, Decline or Leave pending for an APM pay-in. */
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
