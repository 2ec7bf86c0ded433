/**
 * The sandbox bank's forms, as plain HTML forms posting to one server action
 * (packages/sandbox/service/pages/bank-actions.ts, bankStep), so every step works without JavaScript: login,
 * account, confirmation with the one-time code, cancel, and the hand-over to the app. Every field
 * has its label; an error is tied to its field with aria-describedby.
 */
import type { InputHTMLAttributes, ReactNode } from 'react';
import { BankError } from './bank-shell';

/** Who posts (the browser's page or the app's), with the acting token and the page's locale. */
export interface BankFormActor {
  via: 'browser' | 'app';
  paymentId?: string;
  token: string;
  locale?: string;
}

type Action = (form: FormData) => Promise<void>;

const primary = 'w-full rounded-theme bg-primary px-4 py-3 text-base font-semibold text-on-primary hover:bg-primary-strong';
const secondary = 'w-full rounded-theme border border-control px-4 py-3 text-base font-semibold text-fg hover:bg-primary-soft';
// The bank's text field: the theme's tokens, as its buttons above (the bank is not the checkout: it
// styles its own page and imports none of the checkout's UI).
const input =
  'mt-1 block w-full rounded-theme border border-control bg-page px-3 py-2.5 text-base text-fg placeholder:text-fg-muted aria-[invalid=true]:border-danger';

function Hidden({ actor, step }: { actor: BankFormActor; step: string }) {
  return (
    <>
      <input type="hidden" name="via" value={actor.via} />
      {actor.paymentId ? <input type="hidden" name="paymentId" value={actor.paymentId} /> : null}
      <input type="hidden" name="t" value={actor.token} />
      {actor.locale ? <input type="hidden" name="locale" value={actor.locale} /> : null}
      <input type="hidden" name="step" value={step} />
    </>
  );
}

/**
 * A step's form: the actor's hidden fields, `children`, the step's error (`errorId`), what stands
 * `after` it, and the primary submit button (`text.submit`).
 */
function BankStepForm(props: {
  action: Action;
  actor: BankFormActor;
  step: string;
  error: string | null;
  errorId: string;
  after?: ReactNode;
  text: { submit: string };
  children: ReactNode;
}) {
  return (
    <form action={props.action} className="space-y-3">
      <Hidden actor={props.actor} step={props.step} />
      {props.children}
      <BankError id={props.errorId} message={props.error} />
      {props.after}
      <button type="submit" className={primary}>
        {props.text.submit}
      </button>
    </form>
  );
}

/** A text field under its `label`, in the bank's field style. */
function BankField({ id, label, ...field }: InputHTMLAttributes<HTMLInputElement> & { id: string; label: string }) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <input id={id} {...field} className={input} />
    </div>
  );
}

/** The login step: user ID and password (any password in the sandbox), the test users named below the fields. */
export function BankLoginForm(props: {
  action: Action;
  actor: BankFormActor;
  error: string | null;
  text: { username: string; password: string; submit: string; testUsers: string };
}) {
  const invalid = props.error ? true : undefined;
  return (
    <BankStepForm
      {...props}
      step="login"
      errorId="bank-login-error"
      after={
        <p id="bank-test-users" className="text-sm text-fg-muted">
          {props.text.testUsers}
        </p>
      }
    >
      <BankField
        id="bank-username"
        label={props.text.username}
        name="username"
        type="text"
        required
        autoComplete="username"
        spellCheck={false}
        autoCapitalize="none"
        maxLength={64}
        aria-invalid={invalid}
        aria-describedby="bank-login-error bank-test-users"
      />
      <BankField
        id="bank-password"
        label={props.text.password}
        name="password"
        type="password"
        required
        autoComplete="current-password"
        maxLength={128}
        aria-invalid={invalid}
        aria-describedby="bank-login-error"
      />
    </BankStepForm>
  );
}

/** The account step: one radio per account (its kind and masked identifier), the first chosen. */
export function BankAccountForm(props: {
  action: Action;
  actor: BankFormActor;
  error: string | null;
  accounts: { key: string; label: string; masked: string }[];
  text: { legend: string; submit: string };
}) {
  return (
    <BankStepForm {...props} step="account" errorId="bank-account-error">
      <fieldset aria-describedby="bank-account-error" className="space-y-2">
        <legend className="mb-2 text-base font-semibold">{props.text.legend}</legend>
        {props.accounts.map((account, i) => (
          <div key={account.key} className="flex items-center gap-3 rounded-theme border border-line p-3">
            <input
              id={`bank-account-${account.key}`}
              type="radio"
              name="account"
              value={account.key}
              required
              defaultChecked={i === 0}
              className="size-5 accent-primary"
            />
            <label htmlFor={`bank-account-${account.key}`} className="flex flex-col">
              <span className="font-medium">{account.label}</span>
              <span className="text-sm text-fg-muted" dir="ltr">
                {account.masked}
              </span>
            </label>
          </div>
        ))}
      </fieldset>
    </BankStepForm>
  );
}

/** The confirmation step: the amount, payee and account, and the one-time code bound to them (the sandbox shows it). */
export function BankConfirmForm(props: {
  action: Action;
  actor: BankFormActor;
  error: string | null;
  text: { summary: string; code: string; hint: string; submit: string };
}) {
  return (
    <BankStepForm
      {...props}
      step="confirm"
      errorId="bank-code-error"
      after={
        <p id="bank-code-hint" className="rounded-theme border border-line bg-surface p-3 text-sm">
          {props.text.hint}
        </p>
      }
    >
      <p>{props.text.summary}</p>
      <BankField
        id="bank-code"
        label={props.text.code}
        name="code"
        type="text"
        required
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]{6}"
        maxLength={6}
        dir="ltr"
        aria-invalid={props.error ? true : undefined}
        aria-describedby="bank-code-error bank-code-hint"
      />
    </BankStepForm>
  );
}

/** A one-button form: cancel, hand over to the app, or "I have approved in the app". */
export function BankButtonForm(props: {
  action: Action;
  actor: BankFormActor;
  step: 'cancel' | 'app' | 'check';
  label: string;
  primary?: boolean;
}) {
  return (
    <form action={props.action}>
      <Hidden actor={props.actor} step={props.step} />
      <button type="submit" className={props.primary ? primary : secondary}>
        {props.label}
      </button>
    </form>
  );
}
