'use server';
/**
 * Server actions of the sandbox console (/sandbox) that go through the sandbox's public API over
 * HTTP with the chosen merchant's token, as a merchant's server would: create a pay-in, a payout,
 * a cashier session or a legacy h2h transaction, open a session's or payout's pages, confirm or
 * reject a payout, set a session's balance. The console-only ones, which act on the store
 * directly, are console-store-actions.ts's; what both share is console-form.ts's.
 * Each ends with a redirect back to the console carrying a notice key.
 */
import { randomUUID } from 'node:crypto';
import { redirect } from 'next/navigation';
import { SAMPLE_H2H_BROWSER, sampleH2hBilling, sampleH2hCardData } from '../core/sample-billing';
import { TEST_CARD_NUMBERS } from '../core/test-cards';
import { api, back, customer, failure, returnUrls, text, tokenOf } from './console-form';

export async function createPayinAction(form: FormData): Promise<void> {
  const token = tokenOf(form);
  const answer = await api(token).POST('/public/payin', {
    body: {
      orderId: `console-${randomUUID()}`,
      amount: Number(text(form, 'amount')),
      currency: text(form, 'currency'),
      kycVerified: form.get('kycVerified') === 'on',
      previousTransactionCount: 0,
      customer: customer(token),
      returnUrls: returnUrls(),
      ...(text(form, 'routerId') ? { routerId: text(form, 'routerId') } : {}),
    },
  });
  if (!answer.data) return back(token, 'failed', { detail: failure(answer) });
  await back(token, 'payinCreated', { created: answer.data.paymentId });
}

export async function createPayoutAction(form: FormData): Promise<void> {
  const token = tokenOf(form);
  const answer = await api(token).POST('/public/payout', {
    body: {
      orderId: `console-${randomUUID()}`,
      value: Number(text(form, 'value')),
      currency: text(form, 'currency'),
      kycVerified: form.get('kycVerified') === 'on',
      customer: customer(token),
    },
  });
  if (!answer.data) return back(token, 'failed', { detail: failure(answer) });
  await back(token, 'payoutCreated', { created: answer.data.payoutId });
}

export async function createSessionAction(form: FormData): Promise<void> {
  const token = tokenOf(form);
  const balance = text(form, 'balance');
  const answer = await api(token).POST('/public/cashier/session', {
    body: {
      customer: customer(token),
      returnUrls: returnUrls(),
      currency: text(form, 'currency'),
      kycVerified: form.get('kycVerified') === 'on',
      previousTransactionCount: 0,
      ...(balance ? { balance: Number(balance) } : {}),
    },
  });
  if (!answer.data) return back(token, 'failed', { detail: failure(answer) });
  await back(token, 'sessionCreated', { created: answer.data.sessionId });
}

/**
 * Opens a session's cashier or widget, or a payout's destination page, as a merchant does
 * (docs/design.md, the launch of a session or a payout's pages): launches it again through the API (a new one-time address; the browser
 * that opens it becomes the holder) and goes there, or shows it embedded on the second origin.
 */
export async function launchAction(form: FormData): Promise<void> {
  const token = tokenOf(form);
  const view = text(form, 'view');
  const embed = text(form, 'embed') === '1';
  let url: string | undefined;
  if (view === 'payout') {
    const answer = await api(token).POST('/public/payout/{payoutId}/launch', { params: { path: { payoutId: text(form, 'payoutId') } } });
    if (!answer.data) return back(token, 'failed', { detail: failure(answer) });
    url = answer.data.iframeUrls.card;
  } else {
    const answer = await api(token).POST('/public/cashier/session/{sessionId}/launch', {
      params: { path: { sessionId: text(form, 'sessionId') } },
    });
    if (!answer.data) return back(token, 'failed', { detail: failure(answer) });
    url = view === 'widget' ? answer.data.widgetUrl : answer.data.checkoutUrl;
  }
  redirect(embed ? `/sandbox?${new URLSearchParams({ token, embed: url })}` : url);
}

/** A legacy h2h transaction with one of the test cards (chosen from a list, never typed here). */
export async function createH2hAction(form: FormData): Promise<void> {
  const token = tokenOf(form);
  const testCard = text(form, 'testCard');
  if (!TEST_CARD_NUMBERS.includes(testCard)) return back(token, 'failed', { detail: 'unknown test card' });
  const hookUrl = text(form, 'hookUrl');
  const base = returnUrls();
  const answer = await api(token).POST('/transaction/h2h/create', {
    body: {
      amount: Number(text(form, 'amount')),
      currency: text(form, 'currency'),
      lang: 'en',
      hookUrl,
      callback: base.success,
      callbackFail: base.failure,
      billing: sampleH2hBilling(`console-${token}`),
      orderId: `console-h2h-${randomUUID()}`,
      cardToken: `tok_${randomUUID()}`,
      cardData: sampleH2hCardData(testCard, String(new Date().getUTCFullYear() + 3), {
        ...SAMPLE_H2H_BROWSER,
        userAgent: 'sandbox-console',
      }),
      saveCard: false,
    },
  });
  if (!answer.data) return back(token, 'failed', { detail: failure(answer) });
  await back(token, 'h2hCreated', { created: answer.data.id });
}

export async function confirmPayoutAction(form: FormData): Promise<void> {
  const token = tokenOf(form);
  const answer = await api(token).PUT('/public/payout/{payoutId}/confirm', { params: { path: { payoutId: text(form, 'payoutId') } } });
  await back(token, answer.response.ok ? 'payoutConfirmed' : 'failed', answer.response.ok ? {} : { detail: failure(answer) });
}

export async function rejectPayoutAction(form: FormData): Promise<void> {
  const token = tokenOf(form);
  const answer = await api(token).PUT('/public/payout/{payoutId}/reject', { params: { path: { payoutId: text(form, 'payoutId') } } });
  await back(token, answer.response.ok ? 'payoutRejected' : 'failed', answer.response.ok ? {} : { detail: failure(answer) });
}

export async function updateBalanceAction(form: FormData): Promise<void> {
  const token = tokenOf(form);
  const answer = await api(token).PUT('/public/cashier/session/{sessionId}/balance', {
    params: { path: { sessionId: text(form, 'sessionId') } },
    body: { balance: Number(text(form, 'balance')) },
  });
  await back(token, answer.response.ok ? 'balanceUpdated' : 'failed', answer.response.ok ? {} : { detail: failure(answer) });
}
