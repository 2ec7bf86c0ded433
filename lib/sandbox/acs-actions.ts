'use server';
/** Server actions of the sandbox's ACS and provider pages: they answer and return the customer. */
import { redirect } from 'next/navigation';
import { checkoutUrl, sandboxEnabled } from '@/lib/config';
import { SandboxApiError } from './api-error';
import { completeChallenge, decidePayinAtProvider } from './payin-decisions';
import { sandboxDb } from './store';

export async function answerChallenge(form: FormData): Promise<void> {
  const paymentId = form.get('paymentId');
  const outcome = form.get('outcome');
  if (!sandboxEnabled() || typeof paymentId !== 'string' || !/^[A-Za-z0-9_-]{1,128}$/.test(paymentId)) redirect('/');
  let next: string;
  try {
    const db = await sandboxDb();
    next = await db.transaction((tx) => completeChallenge(tx, paymentId, outcome === 'pass', { checkoutUrl: checkoutUrl() }));
  } catch (error) {
    if (error instanceof SandboxApiError) redirect('/');
    throw error;
  }
  redirect(next);
}

/** The provider page's Approve, Decline or Leave pending for an APM pay-in. */
export async function decideAtProvider(form: FormData): Promise<void> {
  const paymentId = form.get('paymentId');
  const decision = form.get('decision');
  if (!sandboxEnabled() || typeof paymentId !== 'string' || !/^[A-Za-z0-9_-]{1,128}$/.test(paymentId)) redirect('/');
  const choice = decision === 'approve' || decision === 'decline' ? decision : 'pending';
  let next: string;
  try {
    const db = await sandboxDb();
    next = await db.transaction((tx) => decidePayinAtProvider(tx, paymentId, choice, { checkoutUrl: checkoutUrl() }));
  } catch (error) {
    if (error instanceof SandboxApiError) redirect('/');
    throw error;
  }
  redirect(next);
}
