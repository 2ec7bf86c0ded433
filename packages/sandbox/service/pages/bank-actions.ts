'use server';
/**
 * Server actions of the sandbox bank's pages (docs/design.md, section 3, Pay by Bank): log in,
 * choose an account, confirm with the one-time code, cancel, hand over to the app (QR code), and
 * the waiting page's "I have approved in the app". Each takes the acting token (the browser's or
 * the app's) and redirects: to the next step's address (its new token), back with an error to
 * fix, to the checkout's status page when the browser is done, to the app's closing page when the
 * app is. A forged or replayed form changes nothing (bank-flow.ts).
 */
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { LOCALES } from '@hosted-checkout/contract/locales';
import { parseActionForm } from '@hosted-checkout/contract/action-form';
import { sandboxEnabled } from '@hosted-checkout/runtime/config';
import { SandboxApiError } from '../core/api-error';
import { sandboxDb } from '../core/store';
import { cancelPayment, chooseAccount, confirmPayment, logIn, useApp, type StepResult } from '../bank/bank-flow';
import { afterBankUrl, type BankActor } from '../bank/bank-payments';
import { bankReturnUrl } from '../bank/player-identification';
import { appPagePath, bankPagesContext, browserPagePath, loadBankPage, waitStateOf, type WaitState } from './bank-page';
import { PAYMENT_ID } from '@hosted-checkout/contract/ids';
import type { Db } from '@sandbox/db/client';

const Actor = {
  via: z.enum(['browser', 'app']),
  paymentId: z.string().regex(PAYMENT_ID).optional(),
  t: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  // Only a locale of the catalogue is carried on to the next page.
  locale: z.enum(LOCALES).optional().catch(undefined),
};
const StepForm = z.object({
  ...Actor,
  step: z.enum(['login', 'account', 'confirm', 'cancel', 'app', 'check']),
  username: z.string().max(64).optional(),
  password: z.string().max(128).optional(),
  account: z.string().max(32).optional(),
  code: z.string().max(16).optional(),
});
type StepData = z.output<typeof StepForm>;
/** A step's result, or the waiting page's "not yet". */
type ActionResult = StepResult | { ok: false; error: 'notYet' };

/** Runs one step in a transaction; a payment id that names nothing is a closed payment. */
async function run(work: (tx: Db) => Promise<ActionResult>): Promise<ActionResult> {
  const db = await sandboxDb();
  try {
    return await db.transaction(work);
  } catch (error) {
    if (SandboxApiError.is(error)) return { ok: false, error: 'closed' };
    throw error;
  }
}

/** The step `data.step` asks for, by `actor`. */
function stepOf(actor: BankActor, data: StepData): (tx: Db) => Promise<ActionResult> {
  switch (data.step) {
    case 'login':
      // Any password: the sandbox's test users have none. An empty one is an error to fix, as at a bank.
      return (tx) => (data.password ? logIn(tx, actor, data.username ?? '') : Promise.resolve({ ok: false, error: 'login' }));
    case 'account':
      return (tx) => chooseAccount(tx, actor, data.account ?? '');
    case 'confirm':
      return (tx) => confirmPayment(tx, actor, data.code ?? '');
    case 'cancel':
      return (tx) => cancelPayment(tx, actor);
    case 'app':
      return (tx) => (actor.as === 'browser' ? useApp(tx, actor) : Promise.resolve({ ok: false, error: 'closed' }));
    case 'check':
      // The waiting page's button: nothing changes; the page goes on when the bank is done, else says the app has not approved yet.
      return async () => ({ ok: false, error: 'notYet' });
  }
}

/** One form of the bank's pages (every step posts here, naming its `step`). */
export async function bankStep(form: FormData): Promise<void> {
  const parsed = parseActionForm(StepForm, form, { password: 128 });
  if (!sandboxEnabled() || !parsed.ok) redirect('/');
  const data = parsed.data;
  const locale = data.locale;
  if (data.via === 'browser') {
    if (!data.paymentId) redirect('/');
    const actor: BankActor = { as: 'browser', payinId: data.paymentId, token: data.t };
    const result = await run(stepOf(actor, data));
    // Done in the browser (confirmed or cancelled): the checkout's status page; else the next step, or back with the error.
    if (result.ok && result.done) {
      // The checkout's status page; a Pay N Play login's cashier (docs/design.md, E26).
      const ctx = bankPagesContext();
      const paymentId = data.paymentId;
      redirect(await (await sandboxDb()).transaction((tx) => bankReturnUrl(tx, paymentId, ctx, afterBankUrl(ctx, paymentId))));
    }
    if (result.ok) redirect(browserPagePath(data.paymentId, result.token, { locale }));
    redirect(browserPagePath(data.paymentId, data.t, { error: result.error, locale }));
  }
  const actor: BankActor = { as: 'app', token: data.t };
  const result = await run(stepOf(actor, data));
  if (result.ok && result.done) {
    const r = data.step === 'cancel' ? 'cancelled' : result.identification ? 'identified' : 'approved';
    redirect(`/sandbox/bank/app/done?r=${r}${locale ? `&locale=${locale}` : ''}`);
  }
  if (result.ok) redirect(appPagePath(result.token, { locale }));
  redirect(appPagePath(data.t, { error: result.error, locale }));
}

const WaitArgs = z.tuple([z.string().regex(PAYMENT_ID), z.string().regex(/^[A-Za-z0-9_-]{43}$/)]);

/**
 * The waiting page's question (with JavaScript, every 2 s): where the payment of `paymentId`
 * stands for the browser holding `token`; null for arguments that open nothing.
 */
export async function bankWaitState(paymentId: unknown, token: unknown): Promise<WaitState | null> {
  const args = WaitArgs.safeParse([paymentId, token]);
  if (!args.success) return null;
  const view = await loadBankPage({ as: 'browser', payinId: args.data[0], token: args.data[1] });
  return view ? waitStateOf(view) : null;
}
