'use client';
/**
 * After a deposit that did not go through, after any decline: what can work next, loaded
 * from the service (loadRetryOptions): the same deposit again in its payment page while it has
 * attempts left, the 3DS retry where the last decline asked for authentication, another card (the
 * customer's other saved cards named), another method of the merchant. Another card or method
 * creates the deposit that replaces the unpaid one (retryDeposit; one retry per pay-in, its
 * attempts spent, so the two cannot both be paid) and shows its payment page.
 * Two forms: in place of the payment page once it has ended (the heading takes the focus, so a
 * screen reader says it), and `inline`, under the payment page that still shows its decline and
 * its form (the focus stays there; the choices are announced politely).
 */
import { startTransition, useActionState, useEffect, useRef, useState } from 'react';
import { loadRetryOptions, retryDeposit, type RetryOptions } from '@/lib/checkout/cashier/deposit-retry-action';
import type { DepositStepState } from '@/lib/checkout/cashier/deposit-step';
import type { CashierError } from '@/lib/checkout/cashier/cashier-failure';

export interface RetryText {
  heading: string;
  intro: string;
  threeDS: string;
  card: string;
  /** "Pay with another card ({cards})". */
  cards: string;
  /** "Pay with another method ({methods})". */
  apm: string;
  leave: string;
  loading: string;
  /** "Try again (attempts left: {count})": the same deposit again in its payment page. Without it, that choice is not offered. */
  samePage?: string;
  /** Under a payment page still open: "You can try again in the payment form above (attempts left: {count}), or choose another way:". */
  samePageHere?: string;
  /** A saved card: "{brand} ending {last4}" (card.savedLabel). */
  savedCard: string;
  /** The page's language, for the lists of cards and methods. */
  locale: string;
  /** "That did not work": a refused step, or no options to offer (the flow's own `rejected` is about a deposit). */
  failed: string;
}

interface Props {
  sessionId: string;
  payinId: string;
  locale: string;
  text: RetryText;
  /** The flow's error texts (the same object the flow shows its own errors with, sent once). */
  errors: Partial<Record<CashierError, string>>;
  onStep: (step: NonNullable<DepositStepState['step']>) => void;
  onLeave: () => void;
  /** Shown under the payment page, which is still open after a decline with attempts left. */
  inline?: boolean;
}

const button =
  'min-h-6 w-full rounded-theme border border-primary px-4 py-2 text-start font-semibold text-primary hover:bg-primary-soft disabled:opacity-70';

export function DepositRetry({ sessionId, payinId, locale, text, errors, onStep, onLeave, inline = false }: Props) {
  const [options, setOptions] = useState<RetryOptions | null | undefined>(undefined);
  const [state, formAction, pending] = useActionState<DepositStepState, FormData>(retryDeposit, {});
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    let live = true;
    loadRetryOptions(sessionId, payinId, locale).then(
      (found) => live && setOptions(found),
      () => live && setOptions(null),
    );
    return () => {
      live = false;
    };
  }, [sessionId, payinId, locale]);
  // In place of the payment page, the heading takes the focus; under it, the page's own decline keeps it.
  useEffect(() => {
    if (!inline) headingRef.current?.focus();
  }, [inline]);
  useEffect(() => {
    if (state.step) onStep(state.step);
  }, [state.step, onStep]);

  const choose = (next: 'threeDS' | 'card' | 'apm') => {
    const form = new FormData();
    form.set('sessionId', sessionId);
    form.set('payinId', payinId);
    form.set('next', next);
    form.set('locale', locale);
    startTransition(() => formAction(form));
  };
  const error = state.error ? (state.error !== 'rejected' && errors[state.error]) || text.failed : null;
  const list = (items: string[]) => new Intl.ListFormat(text.locale, { type: 'conjunction' }).format(items);
  const cardNames = options ? options.cards.map((c) => text.savedCard.replace('{brand}', c.brand).replace('{last4}', c.last4)) : [];
  const count = String(options?.attemptsRemaining ?? 0);
  // The same deposit again: under the open page, its own form (said in the intro); in its place, a button that opens it again.
  const retryHere = inline && options?.retryUrl && text.samePageHere ? text.samePageHere.replace('{count}', count) : null;
  const samePageUrl = options?.retryUrl ?? null;
  const retryButton =
    !inline && samePageUrl && text.samePage ? (options?.softDecline ? text.threeDS : text.samePage.replace('{count}', count)) : null;
  const headingId = inline ? 'retry-inline-heading' : 'retry-heading';

  return (
    <section
      aria-labelledby={headingId}
      aria-busy={options === undefined || pending}
      className="space-y-3 rounded-theme border border-control p-4"
      data-testid={inline ? 'retry-inline' : 'retry'}
    >
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className="text-base font-semibold">
        {text.heading}
      </h2>
      {/* No options (the service did not answer, or the deposit moved on): say so; going back stays. */}
      <p role={inline ? 'status' : undefined}>
        {options === undefined ? text.loading : options === null ? text.failed : (retryHere ?? text.intro)}
      </p>
      <p role="alert" className="min-h-5 text-sm text-danger">
        {error}
      </p>
      {options ? (
        <ul className="space-y-2">
          {retryButton && samePageUrl ? (
            <li>
              <button
                type="button"
                disabled={pending}
                onClick={() => onStep({ url: samePageUrl, type: 'payin', id: payinId })}
                className={button}
              >
                {retryButton}
              </button>
            </li>
          ) : null}
          {options.threeDS ? (
            <li>
              <button type="button" disabled={pending} onClick={() => choose('threeDS')} className={button}>
                {text.threeDS}
              </button>
            </li>
          ) : null}
          {options.card ? (
            <li>
              <button type="button" disabled={pending} onClick={() => choose('card')} className={button}>
                {cardNames.length ? text.cards.replace('{cards}', list(cardNames)) : text.card}
              </button>
            </li>
          ) : null}
          {options.methods.length ? (
            <li>
              <button type="button" disabled={pending} onClick={() => choose('apm')} className={button}>
                {text.apm.replace('{methods}', list(options.methods))}
              </button>
            </li>
          ) : null}
        </ul>
      ) : null}
      {inline ? null : (
        <button type="button" onClick={onLeave} className="min-h-6 rounded-theme px-3 py-2 text-sm text-primary underline">
          {text.leave}
        </button>
      )}
    </section>
  );
}
