'use server';
/** Server action of the sandbox ACS page: answers the 3DS challenge and returns the customer. */
import { redirect } from 'next/navigation';
import { checkoutUrl, sandboxEnabled } from '@/lib/config';
import { SandboxApiError } from './api-error';
import { completeChallenge } from './payins';
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
