'use client';
/**
 * The new-card form of the card page: number (brand as typed, digit groups), expiry, CVV
 * (the brand's length), holder and "save card". Validates on blur and submit with messages
 * tied to their fields, then posts to the `payByCard` server action. Without JavaScript the
 * same form posts natively and the server validates alike.
 * Card data stays in the inputs and the action's request: nothing here stores or logs it.
 */
import { fieldClass, SubmitButton } from '@/components/theme/controls';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { ThreeDSStep, useCardAction, type ThreeDSText } from './three-ds-step';
import { checkCardNumber, formatCardNumber, formatExpiryInput, reformatKeepingCaret, type CardBrand, type CardFieldError } from '@/lib/card/card-rules';
import { cardFormResolver, type CardFormInput } from '@/lib/card/card-form-resolver';
import { submitPaymentForm } from '@/lib/checkout/submit-payment-form';
import type { CardPaymentState } from '@/lib/checkout/card-payment-action';
import type { CardFormError } from '@/lib/checkout/card-outcome';
import { postToParent } from '@/lib/framing/parent-messages';
import { SecurityCheck } from './security-check';

/** Catalogue text the form shows; `{brand}` and `{reason}` are filled in here. */
export interface CardFormText extends ThreeDSText {
  legend: string;
  cardNumber: string;
  cardNumberHint: string;
  brandDetected: string;
  expiry: string;
  expiryHint: string;
  cvv: string;
  cvvHint3: string;
  cvvHint4: string;
  cardHolderName: string;
  saveCard: string;
  pay: string;
  processing: string;
  secureNote: string;
  errorSummary: string;
  declined: string;
  fieldErrors: Record<CardFieldError, string>;
  formErrors: Record<CardFormError, string>;
  reasons: Record<string, string>;
  securityCheck: { working: string; done: string };
  /** E17: the merchant refuses this funding type (pay-ins). */
  fundingRefused: Record<'CREDIT' | 'DEBIT' | 'PREPAID', string>;
  /** E17: the choice of brand of a co-badged card. */
  brandChoice: string;
  brandChoiceHint: string;
  /** After a post without JavaScript: the card's number and code are asked again. */
  brandChoiceAgain: string;
}

interface CardFormProps {
  /** Server action the form posts to. */
  action: (previous: CardPaymentState, form: FormData) => Promise<CardPaymentState>;
  /** False for a payout's destination card: no CVV field. */
  requireCvv: boolean;
  /** Offer "save card" (pay-ins). */
  allowSave: boolean;
  paymentId: string;
  /** `?locale=` of the page, kept on the way to the status page ('' when absent). */
  locale: string;
  acceptHeader: string;
  initialAttemptKey: string;
  /** Reason key of the decline that brought the customer back to the form. */
  initialDeclineReason?: string;
  /** The server asks for a proof-of-work check before the next attempt (velocity). */
  challengeRequired?: boolean;
  /** Look the BIN up as it is typed (pay-ins, E17): a refused funding type shows before Pay. */
  binCheck?: boolean;
  text: CardFormText;
}

type Field = 'cardNumber' | 'expiry' | 'cvv' | 'cardHolderName';

const inputClass = `${fieldClass} w-full`;

interface BinFacts {
  /** The message for a funding type the merchant refuses, or null. */
  refusal: string | null;
  /** The two brands of a co-badged card and the one it defaults to, or null. */
  coBadged: { brands: string[]; preferred: string } | null;
}

/**
 * What the BIN tells (E17), looked up (debounced, cancelled when the number changes) once the
 * first 8 digits are typed; nothing when the lookup fails (the service checks again anyway).
 */
function useBinFacts(enabled: boolean, paymentId: string, digits: string, text: CardFormText['fundingRefused']): BinFacts {
  const bin = enabled && digits.length >= 8 ? digits.slice(0, 8) : null;
  const [facts, setFacts] = useState<(BinFacts & { bin: string }) | null>(null);
  useEffect(() => {
    if (!bin) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetch(`/api/payments/payin/${encodeURIComponent(paymentId)}/bin`, { method: 'POST', body: JSON.stringify({ bin }), headers: { 'Content-Type': 'application/json' }, signal: controller.signal })
        .then(async (response) => (response.ok ? ((await response.json()) as { brands: string[]; fundingType: keyof typeof text | 'UNKNOWN'; refused: boolean; preferred: string }) : null))
        .then((answer) =>
          setFacts(
            answer
              ? {
                  bin,
                  refusal: answer.refused && answer.fundingType !== 'UNKNOWN' ? text[answer.fundingType] : null,
                  coBadged: answer.brands.length === 2 ? { brands: answer.brands, preferred: answer.preferred } : null,
                }
              : null,
          ),
        )
        .catch(() => undefined);
    }, 150);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [bin, paymentId, text]);
  return facts && facts.bin === bin ? facts : { refusal: null, coBadged: null };
}

export function CardForm({ action, requireCvv, allowSave, paymentId, locale, acceptHeader, initialAttemptKey, initialDeclineReason, challengeRequired, binCheck, text }: CardFormProps) {
  const { state, formAction, pending, reportMethod } = useCardAction(action, { attemptKey: initialAttemptKey, declineReason: initialDeclineReason }, paymentId, locale);
  const formRef = useRef<HTMLFormElement>(null);
  const bannerRef = useRef<HTMLDivElement>(null);
  const [brand, setBrand] = useState<CardBrand | null>(null);
  const [digits, setDigits] = useState('');
  const looked = useBinFacts(Boolean(binCheck), paymentId, digits, text.fundingRefused);
  // After a post without JavaScript, the server's answer names the brands of a co-badged card.
  const binFacts = looked.coBadged || !state.brandChoice ? looked : { ...looked, coBadged: state.brandChoice };
  const fundingRefused = binFacts.refusal;
  /** False while a required security check is still being solved: Pay waits for it. */
  const [checkReady, setCheckReady] = useState(true);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<CardFormInput>({
    resolver: cardFormResolver({ requireCvv }),
    mode: 'onBlur',
    reValidateMode: 'onChange',
    defaultValues: {
      cardNumber: '',
      expiry: state.values?.expiry ?? '',
      cvv: '',
      cardHolderName: state.values?.cardHolderName ?? '',
      saveCard: state.values?.saveCard ?? false,
    },
  });

  const banner = state.formError
    ? text.formErrors[state.formError]
    : state.declineReason
      ? text.declined.replace('{reason}', text.reasons[state.declineReason] ?? text.reasons.generic ?? '')
      : state.fieldErrors && Object.keys(state.fieldErrors).length > 0
        ? text.errorSummary
        : null;

  useEffect(() => {
    if (state.formError || state.declineReason) {
      // A decline is CARD_DECLINED to the merchant's page, whatever its reason (no card-testing oracle).
      postToParent('error', { errorKey: state.formError === 'rateLimited' ? 'RATE_LIMITED' : (state.formError ?? 'CARD_DECLINED') });
      bannerRef.current?.focus();
    }
  }, [state]);

  const messageFor = (field: Field): string | undefined => {
    const key = (errors[field]?.message ?? state.fieldErrors?.[field]) as CardFieldError | undefined;
    if (field === 'cardNumber' && !key && fundingRefused) return fundingRefused;
    if (field === 'cvv' && !requireCvv) return undefined;
    return key ? (text.fieldErrors[key] ?? key) : undefined;
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void handleSubmit(() => {
      const form = formRef.current;
      if (!form || pending) return;
      // A card the merchant refuses is not sent: the message is on the number field.
      if (fundingRefused) {
        form.querySelector<HTMLInputElement>('#cardNumber')?.focus();
        return;
      }
      submitPaymentForm(form, formAction);
    })(event);
  };

  const numberField = register('cardNumber');
  const expiryField = register('expiry');
  const cvvSize = brand?.cvvSize ?? 3;

  const describedBy = (field: Field, hint = true) =>
    [hint ? `${field}-hint` : null, `${field}-error`].filter(Boolean).join(' ');

  const errorLine = (field: Field) => (
    <p id={`${field}-error`} className="mt-1 min-h-5 text-sm text-danger" aria-live="polite">
      {messageFor(field)}
    </p>
  );

  if (state.challengeUrl || state.threeDSMethod) return <ThreeDSStep state={state} paymentId={paymentId} text={text} onMethodDone={reportMethod} />;

  return (
    <form ref={formRef} action={formAction} onSubmit={onSubmit} noValidate aria-busy={pending} className="space-y-1">
      <input type="hidden" name="paymentId" value={paymentId} />
      <input type="hidden" name="locale" value={locale} />
      <input type="hidden" name="attemptKey" value={state.attemptKey} />
      <input type="hidden" name="acceptHeader" value={acceptHeader} />
      <input type="hidden" name="browser" defaultValue="" />
      <SecurityCheck key={state.attemptKey} required={Boolean(challengeRequired || state.challengeRequired)} text={text.securityCheck} onReady={setCheckReady} />

      <div ref={bannerRef} tabIndex={-1} role="alert" className={banner ? 'mb-4 rounded-theme border border-danger bg-danger-soft p-3 text-sm text-danger' : ''}>
        {banner}
      </div>

      <fieldset className="space-y-1">
        <legend className="mb-3 text-base font-semibold">{text.legend}</legend>

        <div>
          <label htmlFor="cardNumber" className="block text-sm font-medium">
            {text.cardNumber}
          </label>
          <p id="cardNumber-hint" className="text-sm text-fg-muted">
            {brand ? text.brandDetected.replace('{brand}', brand.niceType) : text.cardNumberHint}
          </p>
          <input
            id="cardNumber"
            {...numberField}
            onChange={(event) => {
              const check = checkCardNumber(event.target.value);
              reformatKeepingCaret(event.target, () => formatCardNumber(check.digits, check.brand?.gaps));
              setBrand(check.brand);
              setDigits(check.digits);
              void numberField.onChange(event);
            }}
            type="text"
            inputMode="numeric"
            autoComplete="cc-number"
            maxLength={23}
            dir="ltr"
            aria-invalid={messageFor('cardNumber') ? true : undefined}
            aria-describedby={describedBy('cardNumber')}
            className={`${inputClass} mt-1 font-mono tracking-wide`}
          />
          {errorLine('cardNumber')}
        </div>

        {binFacts.coBadged ? (
          // EU IFR article 8: the cardholder chooses the brand of a co-badged card.
          <fieldset key={binFacts.coBadged.brands.join('+')} className="mb-2" aria-describedby="brand-choice-hint">
            <legend className="text-sm font-medium">{text.brandChoice}</legend>
            <p id="brand-choice-hint" className="text-sm text-fg-muted">
              {text.brandChoiceHint}
              {state.brandChoice && !looked.coBadged ? ` ${text.brandChoiceAgain}` : ''}
            </p>
            <div className="mt-1 flex flex-wrap gap-4">
              {binFacts.coBadged.brands.map((name) => (
                <label key={name} className="flex items-center gap-2 text-sm">
                  <input type="radio" name="preferredBrand" value={name} defaultChecked={name === binFacts.coBadged!.preferred} className="size-4 accent-primary" />
                  {name}
                </label>
              ))}
            </div>
          </fieldset>
        ) : null}

        <div className={requireCvv ? 'grid grid-cols-2 gap-3' : ''}>
          <div>
            <label htmlFor="expiry" className="block text-sm font-medium">
              {text.expiry}
            </label>
            <p id="expiry-hint" className="text-sm text-fg-muted">
              {text.expiryHint}
            </p>
            <input
              id="expiry"
              {...expiryField}
              defaultValue={state.values?.expiry}
              onChange={(event) => {
                reformatKeepingCaret(event.target, formatExpiryInput);
                void expiryField.onChange(event);
              }}
              type="text"
              inputMode="numeric"
              autoComplete="cc-exp"
              maxLength={7}
              dir="ltr"
              aria-invalid={messageFor('expiry') ? true : undefined}
              aria-describedby={describedBy('expiry')}
              className={`${inputClass} mt-1`}
            />
            {errorLine('expiry')}
          </div>
          {requireCvv ? (
          <div>
            <label htmlFor="cvv" className="block text-sm font-medium">
              {text.cvv}
            </label>
            <p id="cvv-hint" className="text-sm text-fg-muted">
              {cvvSize === 4 ? text.cvvHint4 : text.cvvHint3}
            </p>
            <input
              id="cvv"
              {...register('cvv')}
              type="text"
              inputMode="numeric"
              autoComplete="cc-csc"
              maxLength={cvvSize}
              dir="ltr"
              aria-invalid={messageFor('cvv') ? true : undefined}
              aria-describedby={describedBy('cvv')}
              className={`${inputClass} mt-1`}
            />
            {errorLine('cvv')}
          </div>
          ) : null}
        </div>

        <div>
          <label htmlFor="cardHolderName" className="block text-sm font-medium">
            {text.cardHolderName}
          </label>
          <input
            id="cardHolderName"
            {...register('cardHolderName')}
            defaultValue={state.values?.cardHolderName}
            type="text"
            autoComplete="cc-name"
            maxLength={64}
            aria-invalid={messageFor('cardHolderName') ? true : undefined}
            aria-describedby={describedBy('cardHolderName', false)}
            className={`${inputClass} mt-1`}
          />
          {errorLine('cardHolderName')}
        </div>

        {allowSave ? (
          <div className="flex items-center gap-2 py-2">
            <input id="saveCard" type="checkbox" {...register('saveCard')} defaultChecked={state.values?.saveCard} className="size-6 accent-primary" />
            <label htmlFor="saveCard" className="text-sm">
              {text.saveCard}
            </label>
          </div>
        ) : null}
      </fieldset>

      <SubmitButton pending={pending} disabled={!checkReady} label={text.pay} processing={text.processing} className="mt-2" />
      <p className="pt-2 text-center text-xs text-fg-muted">{text.secureNote}</p>
    </form>
  );
}
