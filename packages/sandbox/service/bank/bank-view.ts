/**
 * What the sandbox bank's pages show of a payment (the browser's page and the app's): the bank,
 * the payee and amount (minor units of the ISO 4217 currency), the step, the user's accounts
 * (masked), the one-time code (the sandbox shows it where a real bank would send it to a phone),
 * and for the decoupled flow the app's address for the QR code. Null for a token that opens none.
 */
import type { Db } from '@sandbox/db/client';
import { merchantConfig, type RequestContext } from '../core/request-context';
import { bankById } from './bank-directory';
import type { BankStatus } from './bank-status';
import { accountsOf, scaCode } from './bank-flow';
import { afterBankUrl, bankAppUrl, loadBankPayment, type BankActor } from './bank-payments';
import { bankReturnUrl } from './player-identification';
import { appTokenOf } from './bank-tokens';

export type BankStep = 'LOGIN' | 'ACCOUNT' | 'CONFIRM' | 'DONE';

export interface BankPageView {
  payinId: string;
  bankName: string;
  merchantName: string;
  amountMinor: number;
  currency: string;
  step: BankStep;
  flow: 'REDIRECT' | 'DECOUPLED';
  status: BankStatus;
  /** The pay-in still waits for this payment: the steps are open. */
  open: boolean;
  /** The logged-in user's accounts (from the account step on). */
  accounts: { key: string; kind: 'current' | 'savings'; masked: string; holder: string }[];
  /** The account chosen (masked), from the confirmation step on. */
  chosenAccount: string | null;
  /** The one-time code of the confirmation step. */
  scaCode: string | null;
  /** The decoupled flow before the app has logged in: the app's address (the QR code's content). */
  appUrl: string | null;
  /** Where the browser goes when the bank is done: the checkout's status page. */
  next: string;
}

/** The page view of the payment `actor`'s token opens, or null. */
export async function bankPageView(
  tx: Db,
  actor: BankActor,
  ctx: Pick<RequestContext, 'checkoutUrl' | 'sandboxUrl'>,
): Promise<BankPageView | null> {
  const locked = await loadBankPayment(tx, actor);
  if (!locked) return null;
  const { bank, payin } = locked;
  const config = await merchantConfig(tx, payin.merchantId);
  const step = bank.step as BankStep;
  const appWaiting =
    bank.flow === 'DECOUPLED' && step === 'LOGIN' && !!bank.appNonce && !!bank.appTokenExpiresAt && bank.appTokenExpiresAt > new Date();
  return {
    payinId: payin.id,
    bankName: bankById(bank.bankId)?.name ?? bank.bankId,
    merchantName: config.displayName,
    amountMinor: payin.amountMinor,
    currency: payin.currency,
    step,
    flow: bank.flow as BankPageView['flow'],
    status: bank.status as BankStatus,
    open: locked.open && step !== 'DONE',
    accounts: step === 'ACCOUNT' ? accountsOf(locked).map(({ key, kind, masked, holder }) => ({ key, kind, masked, holder })) : [],
    chosenAccount: bank.debtorAccount?.masked ?? null,
    scaCode: step === 'CONFIRM' ? await scaCode(tx, locked) : null,
    appUrl: appWaiting && bank.appNonce ? bankAppUrl(ctx, await appTokenOf(tx, bank.id, bank.appNonce)) : null,
    next: await bankReturnUrl(tx, payin.id, ctx, afterBankUrl(ctx, payin.id)),
  };
}
