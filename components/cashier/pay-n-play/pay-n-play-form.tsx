'use client';
/**
 * A Pay N Play cashier's one form (docs/design.md, E26): the amount and the bank, then "Deposit and
 * play", or "Log in without depositing" (amount 0, the amount not checked). The action leaves for
 * the bank's page; an error comes back tied to its field (aria-describedby) or, for the whole
 * form, as an alert. Works without JavaScript (the action answers the page).
 */
import { useActionState } from 'react';
import { fieldClass } from '@/components/theme/controls';
import { amountInput, FieldError, FieldHint, FormField } from '@/components/form/form-field';
import type { PayNPlayFormState } from '@/lib/checkout/cashier/pay-n-play-action';
import type { PayNPlayFormText } from './pay-n-play-text';

interface PayNPlayFormProps {
  action: (previous: PayNPlayFormState, form: FormData) => Promise<PayNPlayFormState>;
  sessionId: string;
  locale: string;
  numberLocale: string;
  banks: { value: string; label: string }[];
  initialAttemptKey: string;
  text: PayNPlayFormText;
}

const button =
  'min-h-6 rounded-theme px-4 py-3 text-base font-semibold disabled:cursor-wait disabled:opacity-70 focus-visible:outline-2 focus-visible:outline-offset-2';

export function PayNPlayForm(props: PayNPlayFormProps) {
  const { text } = props;
  const [state, formAction, pending] = useActionState<PayNPlayFormState, FormData>(props.action, {
    attemptKey: props.initialAttemptKey,
  });
  const message = state.error ? text.errors[state.error] : null;
  const fieldError = (field: 'amount' | 'bankId') => (state.field === field && message ? message : null);
  const invalid = (field: 'amount' | 'bankId') => (fieldError(field) ? { 'aria-invalid': true as const } : {});
  return (
    <form action={formAction} noValidate aria-busy={pending} className="space-y-4" data-testid="pay-n-play-form">
      <input type="hidden" name="sessionId" value={props.sessionId} />
      <input type="hidden" name="locale" value={props.locale} />
      <input type="hidden" name="numberLocale" value={props.numberLocale} />
      <input type="hidden" name="attemptKey" value={state.attemptKey} />
      {message && !state.field ? (
        <p role="alert" className="rounded-theme border border-danger p-3 text-sm text-danger">
          {message}
        </p>
      ) : null}
      <FormField id="pnp-bank" label={text.bank}>
        <select
          id="pnp-bank"
          name="bankId"
          defaultValue={state.bankId ?? ''}
          aria-describedby="pnp-bank-error"
          className={`${fieldClass} mt-1 w-full`}
          {...invalid('bankId')}
        >
          <option value="">{text.bankChoose}</option>
          {props.banks.map((b) => (
            <option key={b.value} value={b.value}>
              {b.label}
            </option>
          ))}
        </select>
        <FieldError id="pnp-bank">{fieldError('bankId')}</FieldError>
      </FormField>
      <FormField id="pnp-amount" label={text.amount}>
        <input
          id="pnp-amount"
          {...amountInput}
          defaultValue={state.amount ?? ''}
          aria-describedby="pnp-amount-hint pnp-amount-error"
          className={`${fieldClass} mt-1 w-full text-start`}
          {...invalid('amount')}
        />
        <FieldHint id="pnp-amount">{text.amountHint}</FieldHint>
        <FieldError id="pnp-amount">{fieldError('amount')}</FieldError>
      </FormField>
      <button
        type="submit"
        name="intent"
        value="deposit"
        disabled={pending}
        className={`${button} w-full bg-primary text-on-primary hover:bg-primary-strong`}
      >
        {pending ? text.processing : text.deposit}
      </button>
      <div className="space-y-1 border-t border-line pt-4">
        <p id="pnp-login-hint" className="text-sm text-fg-muted">
          {text.loginHint}
        </p>
        <button
          type="submit"
          name="intent"
          value="login"
          disabled={pending}
          aria-describedby="pnp-login-hint"
          className={`${button} w-full border border-control bg-page text-fg`}
        >
          {text.login}
        </button>
      </div>
    </form>
  );
}
