'use client';
/**
 * The cashier's withdrawal by bank (docs/design.md, E25): the amount and where to: an account the
 * customer deposited from (masked, chosen by its reference) or, when the merchant allows it, another
 * account whose holder's name the payee's bank checks first; the check's answer is shown before the
 * customer confirms, and a no match (or a check not possible) needs the acknowledgement ticked.
 * Works without JavaScript (the action answers the page); each error is tied to its field.
 */
import { useActionState } from 'react';
import { fieldClass, SubmitButton } from '@/components/theme/controls';
import { amountInput, FormField } from '@/components/form/form-field';
import type { BankWithdrawalAccount } from '@hosted-checkout/contract/bank-withdrawals';
import type { BankWithdrawalState } from '@/lib/checkout/cashier/bank-withdrawal-action';
import type { BankField } from '@/lib/checkout/cashier/bank-withdrawal-errors';
import type { BankWithdrawalText } from './bank-withdrawal-text';

interface BankWithdrawalProps {
  action: (previous: BankWithdrawalState, form: FormData) => Promise<BankWithdrawalState>;
  sessionId: string;
  /** The page it is on: the cashier's withdraw tab, or the withdrawal widget (where it goes back to once done). */
  view: 'cashier' | 'widget';
  locale: string;
  numberLocale: string;
  accounts: BankWithdrawalAccount[];
  otherAccountAllowed: boolean;
  initialAttemptKey: string;
  text: BankWithdrawalText;
}

/** The id of a field's error message, and the props that tie a field to it. */
const errorId = (field: BankField) => `bank-${field}-error`;

export function BankWithdrawal(props: BankWithdrawalProps) {
  const { text } = props;
  const [state, formAction, pending] = useActionState<BankWithdrawalState, FormData>(props.action, {
    attemptKey: props.initialAttemptKey,
    step: 'choose',
  });
  const values = state.values ?? {};
  const message = state.error ? (text.errors[state.error] ?? text.errors.rejected) : null;
  const fieldError = (field: BankField) => (state.field === field && message ? message : null);
  const describe = (field: BankField, hint?: string) => ({
    'aria-describedby': [hint, errorId(field)].filter(Boolean).join(' '),
    ...(fieldError(field) ? { 'aria-invalid': true } : {}),
  });
  const errorLine = (field: BankField) => (
    <p id={errorId(field)} className="min-h-5 text-sm text-danger">
      {fieldError(field)}
    </p>
  );
  const hidden = (
    <>
      <input type="hidden" name="sessionId" value={props.sessionId} />
      <input type="hidden" name="view" value={props.view} />
      <input type="hidden" name="locale" value={props.locale} />
      <input type="hidden" name="numberLocale" value={props.numberLocale} />
      <input type="hidden" name="attemptKey" value={state.attemptKey} />
    </>
  );
  const general =
    message && !state.field ? (
      <p role="alert" className="rounded-theme border border-danger p-3 text-sm text-danger">
        {message}
      </p>
    ) : null;

  if (state.step === 'review' && state.check) {
    const check = state.check;
    const outcome =
      text.outcomes[
        check.outcome === 'ACCOUNT_TYPE_MISMATCH' ? (check.accountType === 'BUSINESS' ? 'typeBusiness' : 'typePersonal') : check.outcome
      ];
    return (
      <form action={formAction} aria-busy={pending} className="space-y-3" data-testid="bank-review">
        {hidden}
        <input type="hidden" name="amount" value={values.amount ?? ''} />
        <input type="hidden" name="name" value={values.name ?? ''} />
        <input type="hidden" name="checkId" value={check.checkId} />
        <h3 className="font-semibold">{text.reviewHeading}</h3>
        {general}
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-sm">
          <dt className="text-fg-muted">{text.reviewAccount}</dt>
          <dd dir="ltr" className="text-start">
            <bdi>{check.masked}</bdi>
          </dd>
          <dt className="text-fg-muted">{text.reviewName}</dt>
          <dd>
            <bdi>{values.name}</bdi>
          </dd>
        </dl>
        <p
          role="status"
          data-outcome={check.outcome}
          className={`rounded-theme border p-3 text-sm ${check.acknowledgementRequired ? 'border-danger' : 'border-control'}`}
        >
          {outcome.replace('{nameHeld}', check.nameHeld ?? '')}
        </p>
        {check.acknowledgementRequired ? (
          <div>
            <label className="flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                name="acknowledge"
                value="yes"
                required
                className="mt-0.5 size-5 shrink-0"
                {...describe('acknowledge')}
              />
              {text.acknowledge}
            </label>
            {errorLine('acknowledge')}
          </div>
        ) : null}
        <div className="flex flex-wrap gap-3">
          <button
            name="intent"
            value="confirm"
            disabled={pending}
            className="flex-1 rounded-theme bg-primary px-4 py-3 text-base font-semibold text-on-primary hover:bg-primary-strong disabled:cursor-wait disabled:opacity-70"
          >
            {pending ? text.processing : text.confirm}
          </button>
          <button name="intent" value="back" formNoValidate className="min-h-6 rounded-theme border border-control px-4 py-2">
            {text.back}
          </button>
        </div>
      </form>
    );
  }

  return (
    <form action={formAction} noValidate aria-busy={pending} className="space-y-3">
      {hidden}
      <input type="hidden" name="intent" value="continue" />
      <p className="text-sm text-fg-muted">{text.intro}</p>
      {general}
      <FormField id="bank-amount" label={text.amount}>
        <input
          id="bank-amount"
          {...amountInput}
          defaultValue={values.amount ?? ''}
          className={`${fieldClass} mt-1 w-full`}
          {...describe('amount')}
        />
        {errorLine('amount')}
      </FormField>
      <fieldset {...describe('destination')}>
        <legend className="text-sm font-medium">{text.destination}</legend>
        <div className="mt-1 space-y-2">
          {/* Nothing is chosen for the customer: they pick the account, seeing whose it is. */}
          {props.accounts.map((account) => (
            <label key={account.ref} className="flex min-h-6 items-center gap-2">
              <input
                type="radio"
                name="destination"
                value={account.ref}
                defaultChecked={values.destination === account.ref}
                className="size-6 accent-primary"
              />
              <span>
                <bdi dir="ltr">{account.masked}</bdi> · {account.bankName} · <bdi>{account.holder}</bdi>
              </span>
            </label>
          ))}
          {props.otherAccountAllowed ? (
            <label className="flex min-h-6 items-center gap-2">
              <input
                type="radio"
                name="destination"
                value="other"
                defaultChecked={values.destination === 'other' || props.accounts.length === 0}
                className="size-6 accent-primary"
              />
              {text.otherAccount}
            </label>
          ) : null}
        </div>
        {errorLine('destination')}
      </fieldset>
      {props.otherAccountAllowed ? (
        <fieldset className="space-y-2 rounded-theme border border-line p-3">
          <legend className="px-1 text-sm font-medium">{text.otherAccount}</legend>
          <p id="bank-other-hint" className="text-sm text-fg-muted">
            {text.otherHint}
          </p>
          {(
            [
              ['name', text.name, 'name', values.name],
              ['iban', text.iban, 'off', values.iban],
              ['sortCode', text.sortCode, 'off', values.sortCode],
              ['accountNumber', text.accountNumber, 'off', values.accountNumber],
            ] as const
          ).map(([field, label, autoComplete, value]) => (
            <FormField key={field} id={`bank-${field}`} label={label}>
              <input
                id={`bank-${field}`}
                name={field}
                autoComplete={autoComplete}
                defaultValue={value ?? ''}
                {...(field === 'name' ? {} : { dir: 'ltr', inputMode: field === 'iban' ? 'text' : 'numeric' })}
                className={`${fieldClass} mt-1 w-full`}
                {...describe(field, field === 'name' ? 'bank-other-hint' : undefined)}
              />
              {errorLine(field)}
            </FormField>
          ))}
          <label htmlFor="bank-accountType" className="block text-sm font-medium">
            {text.accountType}
          </label>
          <select id="bank-accountType" name="accountType" defaultValue={values.accountType ?? ''} className={`${fieldClass} w-full`}>
            <option value="">{text.accountTypeAny}</option>
            <option value="PERSONAL">{text.personal}</option>
            <option value="BUSINESS">{text.business}</option>
          </select>
        </fieldset>
      ) : null}
      <SubmitButton pending={pending} label={text.submit} processing={text.processing} />
    </form>
  );
}
