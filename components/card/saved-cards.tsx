'use client';
/**
 * The customer's saved cards on the card page (E7): brand, mask and expiry; an expired card is
 * shown but cannot be chosen; the last used one is preselected. A pay-in asks for the CVV alone
 * (the chosen brand's length); a payout needs none. Posts to the server action it is given
 * (`payWithSavedCard`, `payoutToSavedCard`); works without JavaScript.
 */
import { fieldClass, SubmitButton } from '@/components/theme/controls';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ThreeDSStep, useCardAction, type ThreeDSText } from './three-ds-step';
import { submitPaymentForm } from '@/lib/checkout/payment-pages/submit-payment-form';
import type { CardPaymentState } from '@/lib/checkout/payment-pages/card-payment-action';
import type { CardFormError } from '@/lib/checkout/payment-pages/card-outcome';
import { postToParent } from '@/lib/framing/parent-messages';

export interface SavedCardItem {
  cardId: string;
  brand: string;
  /** "Visa ending 4242", from the catalogue. */
  label: string;
  /** "Expires 12/2031" or "Expired 01/2020", from the catalogue. */
  expiryText: string;
  expired: boolean;
  cvvSize: 3 | 4;
  /** Where the removal is confirmed; absent where this browser cannot prove it may remove the card (E22). */
  removeHref?: string;
  removeLabel: string;
}

export interface SavedCardsText extends ThreeDSText {
  legend: string;
  cvv: string;
  cvvHint3: string;
  cvvHint4: string;
  submit: string;
  processing: string;
  cvvRequired: string;
  cvvInvalid: string;
  declined: string;
  reasons: Record<string, string>;
  formErrors: Record<CardFormError, string>;
}

interface SavedCardsProps {
  action: (previous: CardPaymentState, form: FormData) => Promise<CardPaymentState>;
  requireCvv: boolean;
  cards: SavedCardItem[];
  paymentId: string;
  locale: string;
  acceptHeader: string;
  initialAttemptKey: string;
  initialDeclineReason?: string;
  text: SavedCardsText;
}

export function SavedCards(props: SavedCardsProps) {
  const { cards, requireCvv, text } = props;
  const { state, formAction, pending, reportMethod, reportSpc } = useCardAction(
    props.action,
    { attemptKey: props.initialAttemptKey, declineReason: props.initialDeclineReason },
    props.paymentId,
    props.locale,
  );
  const firstUsable = cards.find((c) => !c.expired)?.cardId ?? '';
  const [selected, setSelected] = useState(firstUsable);
  const [cvvError, setCvvError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const bannerRef = useRef<HTMLDivElement>(null);
  const cvvSize = cards.find((c) => c.cardId === selected)?.cvvSize ?? 3;

  const serverCvvError = state.fieldErrors?.cvv === 'cvv.required' ? text.cvvRequired : state.fieldErrors?.cvv ? text.cvvInvalid : null;
  const cvvMessage = cvvError ?? serverCvvError;
  const banner = state.formError
    ? text.formErrors[state.formError]
    : state.declineReason
      ? text.declined.replace('{reason}', text.reasons[state.declineReason] ?? text.reasons.generic ?? '')
      : null;

  useEffect(() => {
    if (state.formError || state.declineReason) {
      // A decline is CARD_DECLINED to the merchant's page, whatever its reason (no card-testing oracle).
      postToParent('error', { errorKey: state.formError === 'rateLimited' ? 'RATE_LIMITED' : (state.formError ?? 'CARD_DECLINED') });
      bannerRef.current?.focus();
    }
  }, [state]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = formRef.current;
    if (!form || pending) return;
    if (requireCvv) {
      const cvv = (form.elements.namedItem('cvv') as HTMLInputElement | null)?.value ?? '';
      const error = cvv === '' ? text.cvvRequired : new RegExp(`^\\d{${cvvSize}}$`).test(cvv) ? null : text.cvvInvalid;
      setCvvError(error);
      if (error) {
        (form.elements.namedItem('cvv') as HTMLInputElement | null)?.focus();
        return;
      }
    }
    submitPaymentForm(form, formAction);
  };

  if (state.challengeUrl || state.threeDSMethod)
    return <ThreeDSStep state={state} paymentId={props.paymentId} text={text} onMethodDone={reportMethod} onSpcAssertion={reportSpc} />;

  return (
    <form ref={formRef} action={formAction} onSubmit={onSubmit} noValidate aria-busy={pending} className="mb-6 space-y-3">
      <input type="hidden" name="paymentId" value={props.paymentId} />
      <input type="hidden" name="locale" value={props.locale} />
      <input type="hidden" name="attemptKey" value={state.attemptKey} />
      <input type="hidden" name="acceptHeader" value={props.acceptHeader} />
      <input type="hidden" name="browser" defaultValue="" />
      <div
        ref={bannerRef}
        tabIndex={-1}
        role="alert"
        className={banner ? 'rounded-theme border border-danger bg-danger-soft p-3 text-sm text-danger' : ''}
      >
        {banner}
      </div>
      <fieldset>
        <legend className="mb-2 text-base font-semibold">{text.legend}</legend>
        <ul className="space-y-2">
          {cards.map((c) => (
            <li key={c.cardId} className="flex items-center justify-between gap-3 rounded-theme border border-line p-3">
              <label className={`flex min-h-6 flex-1 items-center gap-3 ${c.expired ? 'text-fg-muted' : ''}`}>
                <input
                  type="radio"
                  name="cardId"
                  value={c.cardId}
                  disabled={c.expired}
                  checked={selected === c.cardId}
                  onChange={() => setSelected(c.cardId)}
                  className="size-6 accent-primary"
                />
                <span>
                  <span className="block font-medium">{c.label}</span>
                  <span className="block text-sm">{c.expiryText}</span>
                </span>
              </label>
              {c.removeHref ? (
                <a href={c.removeHref} className="rounded-theme px-2 py-1 text-sm text-primary underline">
                  {c.removeLabel}
                </a>
              ) : null}
            </li>
          ))}
        </ul>
      </fieldset>
      {requireCvv ? (
        <div>
          <label htmlFor="saved-cvv" className="block text-sm font-medium">
            {text.cvv}
          </label>
          <p id="saved-cvv-hint" className="text-sm text-fg-muted">
            {cvvSize === 4 ? text.cvvHint4 : text.cvvHint3}
          </p>
          <input
            id="saved-cvv"
            name="cvv"
            type="text"
            inputMode="numeric"
            autoComplete="cc-csc"
            maxLength={cvvSize}
            dir="ltr"
            aria-invalid={cvvMessage ? true : undefined}
            aria-describedby="saved-cvv-hint saved-cvv-error"
            className={`${fieldClass} mt-1 w-32`}
          />
          <p id="saved-cvv-error" aria-live="polite" className="mt-1 min-h-5 text-sm text-danger">
            {cvvMessage}
          </p>
        </div>
      ) : null}
      <SubmitButton pending={pending} disabled={!selected} label={text.submit} processing={text.processing} />
    </form>
  );
}
