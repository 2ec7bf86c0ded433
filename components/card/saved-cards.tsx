'use client';
/**
 * The customer's saved cards on the card page: brand, mask and expiry (and on a payout the name
 * on the card); an expired card is shown but cannot be chosen. A pay-in preselects the last used
 * one and asks for the CVV alone (the chosen brand's length) in the new-card form's own field
 * (cvv-field.tsx). A payout preselects none: a card someone else saved on the customer's pay-in is
 * listed too (docs/design.md, "Withdrawals by card (closed loop)"), so the customer chooses where
 * the money goes, and sending with none chosen says so. Posts to the server action it is given
 * (`payWithSavedCard`, `payoutToSavedCard`); works without JavaScript.
 */
import { SubmitButton } from '@/components/theme/controls';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { DeclineBanner } from './card-fields';
import { ThreeDSStep, useCardAction, type CardActionProps, type ThreeDSText } from './three-ds-step';
import { submitPaymentForm } from '@/lib/checkout/payment-pages/submit-payment-form';
import { postToParent } from '@/lib/framing/parent-messages';
import { checkCvv, type CvvError } from '@hosted-checkout/contract/card-rules';
import { CvvField, type CvvFieldText } from './cvv-field';

export interface SavedCardItem {
  cardId: string;
  brand: string;
  /** "Visa ending 4242", from the catalogue. */
  label: string;
  /** "Expires 12/2031" or "Expired 01/2020", from the catalogue. */
  expiryText: string;
  /** "Name on card: Ada Lovelace", from the catalogue: a payout's cards, so whose card it is shows. */
  holderText?: string;
  expired: boolean;
  cvvSize: 3 | 4;
  /** Where the removal is confirmed; absent where this browser cannot prove it may remove the card (it holds neither the payout nor a cashier session of the customer). */
  removeHref?: string;
  removeLabel: string;
}

export interface SavedCardsText extends ThreeDSText, CvvFieldText {
  legend: string;
  /** The security code's label (its hint and errors: CvvFieldText, shared with the new-card form). */
  cvv: string;
  submit: string;
  processing: string;
  /** Sending with no card chosen (a payout preselects none). */
  chooseCard: string;
}

interface SavedCardsProps extends CardActionProps {
  /** Whether the first usable card starts chosen: a pay-in's (the CVV still proves the card); never a payout's. */
  preselect: boolean;
  cards: SavedCardItem[];
  text: SavedCardsText;
}

export function SavedCards(props: SavedCardsProps) {
  const { cards, requireCvv, text } = props;
  const { state, formAction, pending, reportMethod, reportSpc } = useCardAction(
    props.action,
    { attemptKey: props.initialAttemptKey, declineReason: props.initialDeclineReason, banner: props.initialBanner },
    props.paymentId,
    props.locale,
  );
  const firstUsable = props.preselect ? (cards.find((c) => !c.expired)?.cardId ?? '') : '';
  const [selected, setSelected] = useState(firstUsable);
  /** Sending was asked with no card chosen (here, or the server's answer to a post without JavaScript). */
  const [noChoice, setNoChoice] = useState(false);
  const choiceMissing = noChoice || (!selected && state.fieldErrors?.cardId !== undefined);
  /** The security code's error as last checked here; until then, the server's (a post without JavaScript). */
  const [cvvError, setCvvError] = useState<CvvError | undefined>(undefined);
  const formRef = useRef<HTMLFormElement>(null);
  const bannerRef = useRef<HTMLDivElement>(null);
  const cvvSize = cards.find((c) => c.cardId === selected)?.cvvSize ?? 3;

  const cvvInput = () => formRef.current?.elements.namedItem('cvv') as HTMLInputElement | null | undefined;

  // A form error or a decline comes in words with the action's state (the form carries no table of them).
  const banner = state.formError || state.declineReason ? (state.banner ?? null) : null;

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
    if (!selected) {
      setNoChoice(true);
      form.querySelector<HTMLInputElement>('input[name="cardId"]:not(:disabled)')?.focus();
      return;
    }
    if (requireCvv) {
      const error = checkCvv(cvvInput()?.value ?? '', cvvSize);
      setCvvError(error);
      if (error) {
        cvvInput()?.focus();
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
      <DeclineBanner banner={banner} ref={bannerRef} />
      <fieldset aria-describedby={choiceMissing ? 'saved-card-choice-error' : undefined}>
        <legend className="mb-2 text-base font-semibold">{text.legend}</legend>
        {choiceMissing ? (
          <p id="saved-card-choice-error" className="mb-2 text-sm text-danger">
            {text.chooseCard}
          </p>
        ) : null}
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
                  onChange={() => {
                    setSelected(c.cardId);
                    setNoChoice(false);
                    // A shown error is checked again against the newly chosen brand's length.
                    if (cvvError) setCvvError(checkCvv(cvvInput()?.value ?? '', c.cvvSize));
                  }}
                  className="size-6 accent-primary"
                />
                <span>
                  <span className="block font-medium">{c.label}</span>
                  {c.holderText ? <span className="block text-sm">{c.holderText}</span> : null}
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
        <div className="grid grid-cols-2 gap-3">
          <CvvField
            id="saved-cvv"
            label={text.cvv}
            size={cvvSize}
            error={cvvError ?? state.fieldErrors?.cvv}
            text={text}
            input={{
              // As in the new-card form: checked when the customer leaves the field, and as they type once it is wrong.
              onBlur: (event) => setCvvError(checkCvv(event.target.value, cvvSize)),
              onChange: (event) => {
                if (cvvError) setCvvError(checkCvv(event.target.value, cvvSize));
              },
            }}
          />
        </div>
      ) : null}
      {/* Enabled with none chosen: a page without JavaScript cannot enable it once a card is chosen. */}
      <SubmitButton pending={pending} disabled={cards.every((c) => c.expired)} label={text.submit} processing={text.processing} />
    </form>
  );
}
