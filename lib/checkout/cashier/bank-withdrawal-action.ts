'use server';
/**
 * Server action of the cashier's withdrawal by bank (docs/design.md, E25 and section 9), on the
 * cashier's action client (holder check, session read, failure mapping). Works without JavaScript
 * (a form with `useActionState`). Two ways:
 * - to an account the customer deposited from: the amount and the account's opaque `ref` (the page
 *   shows it masked), one step, then back to the cashier with a notice;
 * - to another account, when the merchant allows it: the account (IBAN, or UK sort code and account
 *   number) and the holder's name are checked by the payee's bank first (`continue`), the answer is
 *   shown, and the customer confirms (`confirm`) by the check's id, never posting the identifier
 *   again; a no match or a check not possible is confirmed only with `acknowledge` ticked.
 * One Idempotency-Key per attempt (a replayed post creates nothing more).
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { paymentsApi, PaymentsApiError } from '@/lib/payments-api/client';
import type { PayeeCheckAnswer, PayeeCheckRequest } from '@hosted-checkout/contract/bank-withdrawals';
import { DEFAULT_LOCALE, LOCALES } from '@hosted-checkout/contract/locales';
import { PAYMENT_ID } from '@hosted-checkout/contract/ids';
import { runCashierAction } from './cashier-action-client';
import { checkedAmount, MAX_AMOUNT_CHARS } from './cashier-amount';
import { toMajor } from '@hosted-checkout/contract/money';
import { cashierTerms } from './cashier-terms';
import { bankWithdrawalError, type BankField, type BankWithdrawalError } from './bank-withdrawal-errors';

/** What the customer typed, kept for a round trip (the typed account in their own form only). */
export interface BankWithdrawalValues {
  amount: string;
  destination: string;
  iban: string;
  sortCode: string;
  accountNumber: string;
  name: string;
  accountType: string;
}

export interface BankWithdrawalState {
  attemptKey: string;
  step: 'choose' | 'review';
  error?: BankWithdrawalError;
  /** The field the error belongs to (its message is tied to it by aria-describedby). */
  field?: BankField;
  values?: Partial<BankWithdrawalValues>;
  /** The payee check shown for confirmation (review step). */
  check?: Omit<PayeeCheckAnswer, 'expiresAt'>;
}

const ID = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);
const BankWithdrawalForm = z.object({
  sessionId: z.string().regex(PAYMENT_ID),
  view: z.enum(['cashier', 'widget']).catch('cashier'),
  locale: z.string().optional(),
  numberLocale: z.enum(LOCALES).catch(DEFAULT_LOCALE),
  attemptKey: z.string().optional(),
  intent: z.enum(['continue', 'confirm', 'back']).catch('continue'),
  amount: z.string().default(''),
  destination: z.string().default(''),
  iban: z.string().default(''),
  sortCode: z.string().default(''),
  accountNumber: z.string().default(''),
  name: z.string().default(''),
  accountType: z.enum(['', 'PERSONAL', 'BUSINESS']).catch(''),
  checkId: z.string().default(''),
  acknowledge: z.string().default(''),
});
type Data = z.output<typeof BankWithdrawalForm>;

const valuesOf = (d: Data): BankWithdrawalValues => ({
  amount: d.amount,
  destination: d.destination,
  iban: d.iban,
  sortCode: d.sortCode,
  accountNumber: d.accountNumber,
  name: d.name,
  accountType: d.accountType,
});

/** The payee check's body from the typed fields, or the field that is missing or malformed. */
function payeeRequest(d: Data): PayeeCheckRequest | { field: BankField; error: BankWithdrawalError } {
  const name = d.name.trim();
  if (!name) return { field: 'name', error: 'nameRequired' };
  const iban = d.iban.replace(/\s/g, '');
  const sortCode = d.sortCode.replace(/[\s-]/g, '');
  const accountNumber = d.accountNumber.replace(/\s/g, '');
  const accountType = d.accountType || undefined;
  if (iban) return { account: { iban }, name, ...(accountType ? { accountType } : {}) };
  if (!sortCode && !accountNumber) return { field: 'iban', error: 'accountRequired' };
  if (!/^\d{6}$/.test(sortCode)) return { field: 'sortCode', error: 'sortCodeInvalid' };
  if (!/^\d{8}$/.test(accountNumber)) return { field: 'accountNumber', error: 'accountNumberInvalid' };
  return { account: { sortCode, accountNumber }, name, ...(accountType ? { accountType } : {}) };
}

/**
 * The cashier's withdrawal by bank (steps above). Answers the next state, or leaves for the
 * cashier's withdraw tab (or the withdrawal widget, `view`) with `notice=bankWithdrawal` once the
 * payout is created.
 */
export async function bankWithdrawal(previous: BankWithdrawalState, form: FormData): Promise<BankWithdrawalState> {
  const previousCheck = previous?.step === 'review' ? previous.check : undefined;
  return runCashierAction<typeof BankWithdrawalForm, BankWithdrawalState>(
    form,
    {
      action: 'bank withdrawal',
      schema: BankWithdrawalForm,
      limits: {
        view: 10,
        locale: 35,
        numberLocale: 35,
        attemptKey: 64,
        intent: 10,
        amount: MAX_AMOUNT_CHARS,
        destination: 64,
        iban: 64,
        sortCode: 16,
        accountNumber: 16,
        name: 140,
        accountType: 10,
        checkId: 64,
        acknowledge: 5,
      },
      previous,
      // "Change details" shows the first step again, with what was typed: nothing is called.
      local: (d, attemptKey) => (d.intent === 'back' ? { attemptKey, step: 'choose', values: valuesOf(d) } : undefined),
      badForm: (_bad, attemptKey) => ({ attemptKey, step: 'choose', error: 'rejected' }),
      failed: ({ error }, d, attemptKey) => {
        const review = d.intent === 'confirm' && previousCheck;
        return {
          attemptKey,
          step: review ? 'review' : 'choose',
          error: bankWithdrawalError(error),
          values: valuesOf(d),
          ...(review ? { check: previousCheck } : {}),
        };
      },
    },
    async ({ sessionId, session, locale, attemptKey }, d) => {
      const values = valuesOf(d);
      const { rules } = cashierTerms(await paymentsApi.getCheckoutSettings(session.merchantId), session, 'withdraw');
      const checked = checkedAmount(
        d.amount,
        session.currency,
        'withdraw',
        session.available ?? session.balance ?? null,
        d.numberLocale,
        rules,
      );
      const stay = (error: BankWithdrawalError, field?: BankField): BankWithdrawalState => ({
        attemptKey,
        step: d.intent === 'confirm' && previousCheck ? 'review' : 'choose',
        error,
        ...(field ? { field } : {}),
        values,
        ...(d.intent === 'confirm' && previousCheck ? { check: previousCheck } : {}),
      });
      if ('error' in checked) return stay(checked.error, 'amount');
      // Minor units from the parse on; the API's major units only in the call.
      const amount = toMajor(checked.minor, session.currency);
      const done = () => {
        const widget = d.view === 'widget';
        const query = new URLSearchParams({
          ...(locale ? { locale } : {}),
          ...(widget ? {} : { tab: 'withdraw' }),
          notice: 'bankWithdrawal',
        });
        return { go: `/cashier/${encodeURIComponent(sessionId)}${widget ? '/widget' : ''}?${query.toString()}` };
      };
      try {
        if (d.intent === 'confirm') {
          if (!ID.safeParse(d.checkId).success) return { attemptKey, step: 'choose', error: 'checkExpired', values };
          await paymentsApi.createBankWithdrawal(
            sessionId,
            amount,
            { payeeCheckId: d.checkId, ...(d.acknowledge === 'yes' ? { acknowledgeNoMatch: true } : {}) },
            `cashier:${sessionId}:${attemptKey}`,
          );
          return done();
        }
        if (!d.destination) return stay('destinationRequired', 'destination');
        if (d.destination !== 'other') {
          if (!ID.safeParse(d.destination).success) return stay('destinationRequired', 'destination');
          await paymentsApi.createBankWithdrawal(sessionId, amount, { ref: d.destination }, `cashier:${sessionId}:${attemptKey}`);
          return done();
        }
        const body = payeeRequest(d);
        if ('field' in body) return stay(body.error, body.field);
        const { expiresAt: _expires, ...check } = await paymentsApi.checkPayee(sessionId, body, `payee-check:${sessionId}:${attemptKey}`);
        // The review step: the identifier is not kept in the page any more, only its mask and the check's id.
        return { attemptKey: randomUUID(), step: 'review', check, values: { amount: d.amount, name: d.name } };
      } catch (error) {
        // The service's refusals of the bank destination have their own words; any other failure goes to the action client.
        if (PaymentsApiError.is(error) && !error.retryable) {
          if (error.errorKey === 'CLOSED_LOOP') return stay('closedLoop');
          if (error.errorKey === 'PAYEE_NOT_CONFIRMED') return stay('acknowledgeRequired', 'acknowledge');
          if (error.errorKey === 'VALIDATION_ERROR' && d.destination === 'other' && d.intent === 'continue')
            return stay('accountInvalid', d.iban.trim() ? 'iban' : 'sortCode');
          if (error.errorKey === 'VALIDATION_ERROR' || error.errorKey === 'CONFLICT')
            return { attemptKey: randomUUID(), step: 'choose', error: 'checkExpired', values };
        }
        throw error;
      }
    },
  );
}
