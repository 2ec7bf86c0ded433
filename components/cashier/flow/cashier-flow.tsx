'use client';
/**
 * The cashier's deposit or withdrawal flow (also the withdrawal widget's): amount with the
 * merchant's presets, method, then the payment page (card or APM) inside the cashier's frame.
 * The framed page's messages tell the flow when it is done (a final status, a payout waiting
 * for the merchant, or a redirect: payment-step.tsx); the cashier then returns to its start with
 * the history refreshed, or, after a deposit that did not go through, offers what can work next
 * (deposit-retry.tsx): after any decline, under the payment page while it takes another
 * attempt, and in its place once it has ended. A withdrawal by card above what the customer's
 * deposit cards can take is said in words as the amount is typed (card-share.ts). Amount rules are the server's (`checkAmount`). Works without JavaScript: the action
 * answers the page with the frame in it.
 */
import { fieldClass, SubmitButton } from '@/components/theme/controls';
import { amountInput, FieldHint, FormField } from '@/components/form/form-field';
import { startTransition, useActionState, useEffect, useRef, useState, type FormEvent } from 'react';
import { useRouter } from 'next/navigation';
import { checkAmount, typedMinor, type AmountRules } from '@/lib/checkout/cashier/cashier-amount';
import type { FeeRule } from '@hosted-checkout/contract/merchant';
import type { CashierState } from '@/lib/checkout/cashier/cashier-action';
import { endNotice, PaymentStep } from './payment-step';
import { feeLineOf, useSettled } from './fee-line';
import { aboveCardShare } from './card-share';
import { DepositRetry } from '../deposit-retry/deposit-retry';
import type { CashierFlowText } from './cashier-text';
import { LimitMeter, useLimitsWatch, type LimitMeterView } from './limit-meter';

interface CashierFlowProps {
  action: (previous: CashierState, form: FormData) => Promise<CashierState>;
  sessionId: string;
  flow: 'deposit' | 'withdraw';
  locale: string;
  /** The page's resolved language: amounts are read with its separators (parseAmount). */
  numberLocale: string;
  currency: string;
  /** Major units: what a withdrawal may take (the available balance), or null without a balance. */
  balance: number | null;
  /** Preset amounts: value as typed, label formatted for the locale. */
  presets: { value: string; label: string }[];
  /** The merchant's bounds and the customer's deposit limit left (major units). */
  rules?: AmountRules;
  /** The fee rule of each method choice, or null. */
  fees?: { card: FeeRule | null; apm: FeeRule | null };
  /** Major units: the most one withdrawal by card may send (the session's `cardWithdrawalMax`), or null when unknown. */
  cardWithdrawalMax?: number | null;
  initialAttemptKey: string;
  /** The payment page to open at once: a withdrawal waiting for its destination, continued (`?continue=`). */
  initialStep?: CashierState['step'];
  text: CashierFlowText;
  /** A deposit's limit meter (what the most restrictive limit leaves), watched while the step is open. */
  meter?: LimitMeterView;
}

/** The flow of one session and direction: the amount form, then the payment step, or the retry after a deposit that failed. */
export function CashierFlow(props: CashierFlowProps) {
  const { text, flow } = props;
  const router = useRouter();
  const [state, formAction, pending] = useActionState<CashierState, FormData>(props.action, { attemptKey: props.initialAttemptKey });
  const [step, setStep] = useState<CashierState['step']>(state.step ?? props.initialStep);
  // An answer already in the first render (a post without JavaScript) shows its error too.
  const [error, setError] = useState<string | null>(state.error ? text.errors[state.error] : null);
  const [notice, setNotice] = useState<string | null>(null);
  const [retrying, setRetrying] = useState<string | null>(null);
  // A decline shown by the open payment page: its pay-in, and how many so far (each reloads the choices).
  const [declined, setDeclined] = useState<{ id: string; count: number } | null>(null);
  const amountRef = useRef<HTMLInputElement>(null);
  // Figures older than the service's: Pay waits until the page has the new ones (limit-meter.tsx).
  const meter = flow === 'deposit' ? props.meter : undefined;
  const stale = useLimitsWatch(props.sessionId, meter);
  const [typed, setTyped] = useState(state.amount ?? '');
  const [method, setMethod] = useState<'card' | 'apm'>('card');
  // What is typed, in minor units: read once, the fee line and the card share work from it.
  const minor = typedMinor(typed, props.numberLocale, props.currency);
  // Announced once typing pauses, not at every keystroke.
  const feeText = useSettled(feeLineOf(minor, method, props, text.feeLine), 400);
  // Above what the deposit cards can take: said on choosing card, before the card page (card-share.ts).
  const shareText = useSettled(flow === 'withdraw' && text.cardShare && aboveCardShare(minor, method, props) ? text.cardShare : '', 400);

  // Each answer of the action shows once: its step and its error (state adjusted while rendering).
  const [answered, setAnswered] = useState(state);
  if (state !== answered) {
    setAnswered(state);
    if (state.step !== answered.step) setStep(state.step);
    if (state.error) setError(text.errors[state.error]);
  }
  // A deposit refused on figures that moved (a limit changed, another deposit used it): the page reloads them.
  useEffect(() => {
    if (state.error === 'limitsChanged' || state.error === 'aboveLimit') router.refresh();
  }, [state, router]);
  // A new step forgets the decline of the one before.
  const [stepShown, setStepShown] = useState(step);
  if (step !== stepShown) {
    setStepShown(step);
    setDeclined(null);
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (stale) return;
    const form = event.currentTarget;
    const problem = checkAmount(amountRef.current?.value ?? '', props.currency, flow, props.balance, props.numberLocale, props.rules);
    setNotice(null);
    if (problem) {
      setError(text.errors[problem]);
      amountRef.current?.focus();
      return;
    }
    setError(null);
    startTransition(() => formAction(new FormData(form)));
  };

  // What a deposit retry, full or beside a declined step, is told of the session and the page.
  const retryPage = { sessionId: props.sessionId, locale: props.locale, errors: text.errors };

  if (retrying && text.retry) {
    return (
      <DepositRetry
        {...retryPage}
        payinId={retrying}
        text={text.retry}
        onStep={(next) => {
          setRetrying(null);
          setStep(next);
        }}
        onLeave={() => {
          setRetrying(null);
          router.refresh();
        }}
      />
    );
  }

  if (step) {
    const finish = (message: string) => {
      setStep(undefined);
      setNotice(message);
      router.refresh();
    };
    const openRetry = declined && declined.id === step.id && text.retry ? { ...declined, text: text.retry } : null;
    return (
      <div className="space-y-3">
        <PaymentStep
          key={step.id}
          step={step}
          text={text}
          onCancel={() => {
            setStep(undefined);
            router.refresh();
          }}
          onDecline={() => setDeclined((d) => ({ id: step.id, count: d && d.id === step.id ? d.count + 1 : 1 }))}
          onEnd={(end) => {
            // A deposit that did not go through offers what can work next, never a dead end.
            if (end === 'failed' && step.type === 'payin' && text.retry) {
              setStep(undefined);
              setRetrying(step.id);
              router.refresh();
            } else finish(endNotice(end, text.done));
          }}
        />
        {/* After a decline the page takes another attempt; another card or method is offered beside it. */}
        {openRetry ? (
          <DepositRetry
            key={`${openRetry.id}-${openRetry.count}`}
            inline
            {...retryPage}
            payinId={openRetry.id}
            text={openRetry.text}
            onStep={(next) => {
              setDeclined(null);
              setStep(next);
            }}
            onLeave={() => setDeclined(null)}
          />
        ) : null}
      </div>
    );
  }

  return (
    <form action={formAction} onSubmit={onSubmit} noValidate aria-busy={pending} className="space-y-4">
      <input type="hidden" name="sessionId" value={props.sessionId} />
      <input type="hidden" name="flow" value={flow} />
      <input type="hidden" name="locale" value={props.locale} />
      <input type="hidden" name="numberLocale" value={props.numberLocale} />
      <input type="hidden" name="attemptKey" value={state.attemptKey} />
      {meter ? <input type="hidden" name="limitsVersion" value={meter.version} /> : null}
      {notice ? (
        <p role="status" className="rounded-theme border border-control bg-surface p-3 text-sm">
          {notice}
        </p>
      ) : null}
      {meter ? <LimitMeter meter={meter} stale={stale} /> : null}
      <FormField id={`${flow}-amount`} label={text.amount}>
        <FieldHint id={`${flow}-amount`}>{text.amountHint}</FieldHint>
        {text.terms.length > 0 || text.limitsLink || text.limitsHere ? (
          <ul id={`${flow}-terms`} className="text-sm text-fg-muted">
            {text.terms.map((line) => (
              <li key={line}>{line}</li>
            ))}
            {text.limitsHere ? (
              <li>
                <a href={text.limitsHere.href} className="text-primary underline" data-testid="deposit-limits-link">
                  {text.limitsHere.text}
                </a>
              </li>
            ) : null}
            {text.limitsLink ? (
              <li>
                <a href={text.limitsLink.href} target="_blank" rel="noopener noreferrer" className="text-primary underline">
                  {text.limitsLink.text}
                </a>
              </li>
            ) : null}
          </ul>
        ) : null}
        <input
          ref={amountRef}
          id={`${flow}-amount`}
          {...amountInput}
          defaultValue={state.amount ?? ''}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${flow}-amount-hint${meter ? ' limit-meter-figure' : ''}${text.terms.length > 0 ? ` ${flow}-terms` : ''} ${flow}-amount-error`}
          onInput={(event) => setTyped(event.currentTarget.value)}
          className={`${fieldClass} mt-1 w-full`}
        />
        <p id={`${flow}-amount-error`} aria-live="polite" className="mt-1 min-h-5 text-sm text-danger">
          {error}
          {state.error === 'kyc' && text.kycLink ? (
            <>
              {' '}
              <a href={text.kycLink.href} target="_blank" rel="noopener noreferrer" className="font-semibold underline">
                {text.kycLink.text}
              </a>
            </>
          ) : null}
        </p>
      </FormField>
      {props.presets.length > 0 ? (
        <div role="group" aria-label={text.presets} className="flex flex-wrap gap-2">
          {props.presets.map((preset) => (
            <button
              key={preset.value}
              type="button"
              onClick={() => {
                if (amountRef.current) amountRef.current.value = preset.value;
                setTyped(preset.value);
                setError(null);
              }}
              className="min-h-6 min-w-6 rounded-full border border-primary px-3 py-1.5 text-sm text-primary hover:bg-primary-soft"
            >
              <bdi>{preset.label}</bdi>
            </button>
          ))}
        </div>
      ) : null}
      <fieldset>
        <legend className="text-sm font-medium">{text.method}</legend>
        <div className="mt-1 flex flex-wrap gap-4">
          <label className="flex min-h-6 items-center gap-2">
            <input
              type="radio"
              name="method"
              value="card"
              defaultChecked
              onChange={() => setMethod('card')}
              className="size-6 accent-primary"
            />{' '}
            {text.card}
            {text.methodFees.card ? <span className="text-sm text-fg-muted">({text.methodFees.card})</span> : null}
          </label>
          <label className="flex min-h-6 items-center gap-2">
            <input type="radio" name="method" value="apm" onChange={() => setMethod('apm')} className="size-6 accent-primary" />{' '}
            {text.otherMethods}
            {text.methodFees.apm ? <span className="text-sm text-fg-muted">({text.methodFees.apm})</span> : null}
          </label>
        </div>
      </fieldset>
      <p data-testid="fee-line" aria-live="polite" className="min-h-5 text-sm font-medium">
        {feeText}
      </p>
      {flow === 'withdraw' && text.cardShare ? (
        <p
          data-testid="card-share"
          aria-live="polite"
          className={shareText ? 'rounded-theme border border-control bg-surface p-3 text-sm' : ''}
        >
          {shareText}
        </p>
      ) : null}
      <SubmitButton pending={pending} disabled={stale} label={text.submit} processing={text.processing} />
    </form>
  );
}
