'use client';
/**
 * The new-card form of the card page: number (brand as typed, digit groups), expiry, CVV
 * (the brand's length), holder and "save card". Validates on blur and submit with messages
 * tied to their fields, then posts to the `payByCard` server action. Without JavaScript the
 * same form posts natively and the server validates alike. When the server refuses a payment
 * for want of a proof-of-work check, the browser solves one and sends the same payment again by
 * itself, with the same attempt key (nothing was sent to the payments service).
 * Card data stays in the inputs and the action's request: nothing here stores or logs it.
 * Its parts: the fields (use-card-form-fields.ts), the number as typed (use-card-number.ts), the
 * banner (use-decline-banner.ts), the resend after a check (use-resend-after-check.ts), the values
 * autofilled before hydration (use-autofilled-fields.ts); its text: card-form-text.ts.
 */
import { SubmitButton } from '@/components/theme/controls';
import { useRef, useState, type FormEvent } from 'react';
import { ThreeDSStep, useCardAction, type CardActionProps } from './three-ds-step';
import { formatExpiryInput } from '@hosted-checkout/contract/card-rules';
import { reformatKeepingCaret } from './keep-caret';
import { submitPaymentForm } from '@/lib/checkout/payment-pages/submit-payment-form';
import { SecurityCheck } from './security-check';
import { CardField, CoBadgedChoice, DeclineBanner } from './card-fields';
import { CvvField } from './cvv-field';
import { useBinFacts } from './use-bin-facts';
import type { CardFormText } from './card-form-text';
import { useTypedCardNumber } from './use-card-number';
import { useResendAfterCheck } from './use-resend-after-check';
import { useCardFormFields } from './use-card-form-fields';
import { useDeclineBanner } from './use-decline-banner';
import { useAutofilledFields } from './use-autofilled-fields';
import { ClickToPayLink, type ClickToPayLinkText } from './click-to-pay-link';

interface CardFormProps extends CardActionProps {
  /** Offer "save card" (pay-ins). */
  allowSave: boolean;
  /** The server asks for a proof-of-work check before the next attempt (velocity). */
  challengeRequired?: boolean;
  /** Look the BIN up as it is typed (pay-ins): a refused funding type shows before Pay. */
  binCheck?: boolean;
  text: CardFormText;
  /** "Link this card to Click to Pay", where the merchant offers it (pay-ins). */
  clickToPayLink?: ClickToPayLinkText;
}

/** The new-card form (see the module's note); its props are described on CardFormProps. */
export function CardForm({
  action,
  requireCvv,
  allowSave,
  paymentId,
  locale,
  acceptHeader,
  initialAttemptKey,
  initialDeclineReason,
  initialBanner,
  challengeRequired,
  binCheck,
  text,
  clickToPayLink,
}: CardFormProps) {
  const { state, formAction, pending, reportMethod, reportSpc } = useCardAction(
    action,
    { attemptKey: initialAttemptKey, declineReason: initialDeclineReason, banner: initialBanner },
    paymentId,
    locale,
  );
  const formRef = useRef<HTMLFormElement>(null);
  const { brand, digits, readNumber } = useTypedCardNumber();
  const looked = useBinFacts(Boolean(binCheck), paymentId, digits, text.fundingRefused, text.fundingRefusedByRule);
  // After a post without JavaScript, the server's answer names the brands of a co-badged card.
  const binFacts = looked.coBadged || !state.brandChoice ? looked : { ...looked, coBadged: state.brandChoice };
  const fundingRefused = binFacts.refusal;
  /** False while a required security check is still being solved: Pay waits for it. */
  const [checkReady, setCheckReady] = useState(true);
  const { checkRound, onCheckSolved } = useResendAfterCheck(state);
  const { register, handleSubmit, errors, messageFor } = useCardFormFields({
    state,
    requireCvv,
    fundingRefused,
    fieldErrors: text.fieldErrors,
  });
  const { banner, bannerRef } = useDeclineBanner(state, text.errorSummary);

  /** Checks the form as the customer sees it and posts it; `event`: the customer's own submit. */
  const send = (event?: FormEvent<HTMLFormElement>) =>
    handleSubmit(() => {
      const form = formRef.current;
      if (!form || pending) return;
      // A card the merchant refuses is not sent: the message is on the number field.
      if (fundingRefused) {
        form.querySelector<HTMLInputElement>('#cardNumber')?.focus();
        return;
      }
      submitPaymentForm(form, formAction);
    })(event);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void send(event);
  };

  const numberField = register('cardNumber');
  const expiryField = register('expiry');
  useAutofilledFields(formRef, readNumber, numberField, expiryField);

  if (state.challengeUrl || state.threeDSMethod)
    return <ThreeDSStep state={state} paymentId={paymentId} text={text} onMethodDone={reportMethod} onSpcAssertion={reportSpc} />;

  return (
    <form ref={formRef} action={formAction} onSubmit={onSubmit} noValidate aria-busy={pending} className="space-y-1">
      <input type="hidden" name="paymentId" value={paymentId} />
      <input type="hidden" name="locale" value={locale} />
      <input type="hidden" name="attemptKey" value={state.attemptKey} />
      <input type="hidden" name="acceptHeader" value={acceptHeader} />
      <input type="hidden" name="browser" defaultValue="" />
      <SecurityCheck
        key={`${state.attemptKey}:${checkRound}`}
        required={Boolean(challengeRequired || state.challengeRequired)}
        text={text.securityCheck}
        onReady={setCheckReady}
        onSolved={() => onCheckSolved(send)}
      />

      <DeclineBanner banner={banner} ref={bannerRef} spacing="mb-4" />

      <fieldset className="space-y-1">
        <legend className="mb-3 text-base font-semibold">{text.legend}</legend>

        <CardField
          id="cardNumber"
          label={text.cardNumber}
          hint={brand ? text.brandDetected.replace('{brand}', brand.niceType) : text.cardNumberHint}
          message={messageFor('cardNumber')}
          inputClassName="font-mono tracking-wide"
          input={{
            ...numberField,
            onChange: (event) => {
              readNumber(event.target);
              void numberField.onChange(event);
            },
            type: 'text',
            inputMode: 'numeric',
            autoComplete: 'cc-number',
            maxLength: 23,
            dir: 'ltr',
          }}
        />

        {binFacts.coBadged ? (
          // EU IFR article 8: the cardholder chooses the brand of a co-badged card.
          <CoBadgedChoice
            key={binFacts.coBadged.brands.join('+')}
            brands={binFacts.coBadged.brands}
            preferred={binFacts.coBadged.preferred}
            legend={text.brandChoice}
            hint={`${text.brandChoiceHint}${state.brandChoice && !looked.coBadged ? ` ${text.brandChoiceAgain}` : ''}`}
          />
        ) : null}

        <div className={requireCvv ? 'grid grid-cols-2 gap-3' : ''}>
          <CardField
            id="expiry"
            label={text.expiry}
            hint={text.expiryHint}
            message={messageFor('expiry')}
            input={{
              ...expiryField,
              defaultValue: state.values?.expiry,
              onChange: (event) => {
                reformatKeepingCaret(event.target, formatExpiryInput);
                void expiryField.onChange(event);
              },
              type: 'text',
              inputMode: 'numeric',
              autoComplete: 'cc-exp',
              maxLength: 7,
              dir: 'ltr',
            }}
          />
          {requireCvv ? (
            <CvvField
              id="cvv"
              label={text.cvv}
              size={brand?.cvvSize ?? 3}
              error={errors.cvv?.message ?? state.fieldErrors?.cvv}
              text={text}
              input={register('cvv')}
            />
          ) : null}
        </div>

        <CardField
          id="cardHolderName"
          label={text.cardHolderName}
          message={messageFor('cardHolderName')}
          input={{
            ...register('cardHolderName'),
            defaultValue: state.values?.cardHolderName,
            type: 'text',
            autoComplete: 'cc-name',
            maxLength: 64,
          }}
        />

        {allowSave ? (
          <div className="flex items-center gap-2 py-2">
            <input
              id="saveCard"
              type="checkbox"
              {...register('saveCard')}
              defaultChecked={state.values?.saveCard}
              className="size-6 accent-primary"
            />
            <label htmlFor="saveCard" className="text-sm">
              {text.saveCard}
            </label>
          </div>
        ) : null}
        {clickToPayLink ? <ClickToPayLink text={clickToPayLink} typedBrand={brand?.niceType} /> : null}
      </fieldset>

      <SubmitButton pending={pending} disabled={!checkReady} label={text.pay} processing={text.processing} className="mt-2" />
      <p className="pt-2 text-center text-xs text-fg-muted">{text.secureNote}</p>
    </form>
  );
}
