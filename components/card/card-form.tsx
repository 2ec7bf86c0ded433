'use client';
/**
 * The new-card form of the card page: number (brand as typed, digit groups), expiry, CVV
 * (the brand's length), holder and "save card". Validates on blur and submit with messages
 * tied to their fields, then posts to the `payByCard` server action. Without JavaScript the
 * same form posts natively and the server validates alike. When the server refuses a payment
 * for want of a proof-of-work check, the browser solves one and sends the same payment again by
 * itself, with the same attempt key (nothing was sent to the payments service).
 * Card data stays in the inputs and the action's request: nothing here stores or logs it.
 */
import { SubmitButton } from '@/components/theme/controls';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { ThreeDSStep, useCardAction, type ThreeDSText } from './three-ds-step';
import {
  checkCardNumber,
  formatCardNumber,
  formatExpiryInput,
  reformatKeepingCaret,
  type CardBrand,
  type CardFieldError,
} from '@/lib/card/card-rules';
import { cardFormResolver, type CardFormInput } from '@/lib/card/card-form-resolver';
import { submitPaymentForm } from '@/lib/checkout/payment-pages/submit-payment-form';
import type { CardPaymentState } from '@/lib/checkout/payment-pages/card-payment-action';
import { postToParent } from '@/lib/framing/parent-messages';
import { HOLDER_NAME_IS_CARD_NUMBER, holdsCardNumber } from '@/lib/checkout/payment-pages/holder-name';
import { SecurityCheck } from './security-check';
import { CardField, CoBadgedChoice } from './card-fields';
import { CvvField, type CvvFieldText } from './cvv-field';
import { useBinFacts } from './use-bin-facts';

/** Catalogue text the form shows; `{brand}` and `{reason}` are filled in here. */
export interface CardFormText extends ThreeDSText, CvvFieldText {
  legend: string;
  cardNumber: string;
  cardNumberHint: string;
  brandDetected: string;
  expiry: string;
  expiryHint: string;
  /** The security code's label (its hint and errors: CvvFieldText, shared with the saved cards). */
  cvv: string;
  cardHolderName: string;
  saveCard: string;
  pay: string;
  processing: string;
  secureNote: string;
  errorSummary: string;
  fieldErrors: Record<CardFieldError, string>;
  securityCheck: { working: string; done: string };
  /** The merchant refuses this funding type (pay-ins; the BIN lookup tells it). */
  fundingRefused: Record<'CREDIT' | 'DEBIT' | 'PREPAID', string>;
  /** The choice of brand of a co-badged card. */
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
  /** That decline in words (lib/checkout/payment-pages/form-banner.ts); later ones come with the action's state. */
  initialBanner?: string;
  /** The server asks for a proof-of-work check before the next attempt (velocity). */
  challengeRequired?: boolean;
  /** Look the BIN up as it is typed (pay-ins): a refused funding type shows before Pay. */
  binCheck?: boolean;
  text: CardFormText;
}

/** The fields of CardField (the security code's messages are CvvField's own). */
type Field = 'cardNumber' | 'expiry' | 'cardHolderName';

/** The card rules' resolver, with a card number typed into the name field named as such (lib/checkout/payment-pages/holder-name.ts). */
function withHolderNameCheck(resolver: Resolver<CardFormInput>): Resolver<CardFormInput> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    if (!holdsCardNumber(values.cardHolderName ?? '')) return result;
    return { values: {}, errors: { ...result.errors, cardHolderName: { type: 'validate', message: HOLDER_NAME_IS_CARD_NUMBER } } };
  };
}

/**
 * Counts the server's refusals for want of a security check (`formError: 'challenge'`), one per
 * answer: each one starts a new check (the last one's solution may have expired or been spent).
 */
function useCheckRound(state: CardPaymentState): number {
  const [seen, setSeen] = useState(state);
  const [round, setRound] = useState(0);
  if (seen !== state) {
    setSeen(state);
    if (state.formError === 'challenge') setRound(round + 1);
  }
  return round;
}

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
}: CardFormProps) {
  const { state, formAction, pending, reportMethod, reportSpc } = useCardAction(
    action,
    { attemptKey: initialAttemptKey, declineReason: initialDeclineReason, banner: initialBanner },
    paymentId,
    locale,
  );
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
  const checkRound = useCheckRound(state);
  /** The round of a refusal for want of a check: once that check is solved, the same payment goes again, once. */
  const sendAfterCheck = useRef<number | null>(null);
  useEffect(() => {
    if (state.formError === 'challenge') sendAfterCheck.current = checkRound;
  }, [state, checkRound]);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<CardFormInput>({
    resolver: withHolderNameCheck(cardFormResolver({ requireCvv })),
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

  // With JavaScript a refusal for want of a check is no error: the check's status says what
  // happens, and the payment goes on once it is solved. A form error or a decline comes in words
  // with the action's state (the form carries no table of them).
  const banner =
    state.formError === 'challenge'
      ? null
      : state.formError || state.declineReason
        ? (state.banner ?? null)
        : state.fieldErrors && Object.keys(state.fieldErrors).length > 0
          ? text.errorSummary
          : null;

  useEffect(() => {
    if ((state.formError && state.formError !== 'challenge') || state.declineReason) {
      // A decline is CARD_DECLINED to the merchant's page, whatever its reason (no card-testing oracle).
      postToParent('error', { errorKey: state.formError === 'rateLimited' ? 'RATE_LIMITED' : (state.formError ?? 'CARD_DECLINED') });
      bannerRef.current?.focus();
    }
  }, [state]);

  const messageFor = (field: Field): string | undefined => {
    const key = (errors[field]?.message ?? state.fieldErrors?.[field]) as CardFieldError | undefined;
    if (field === 'cardNumber' && !key && fundingRefused) return fundingRefused;
    // A key without a text of its own reads as the field's "invalid".
    return key ? (text.fieldErrors[key] ?? text.fieldErrors[`${field}.invalid` as CardFieldError] ?? key) : undefined;
  };

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

  /** The check the server asked for is solved (its solution is in the form): the refused payment goes again. */
  const onCheckSolved = () => {
    if (sendAfterCheck.current === null || sendAfterCheck.current !== checkRound) return;
    sendAfterCheck.current = null;
    void send();
  };

  const numberField = register('cardNumber');
  const expiryField = register('expiry');
  /** The number as typed: in its brand's groups, with the brand and digits kept for the hint, the CVV's size and the BIN facts. */
  const readNumber = (input: HTMLInputElement) => {
    const check = checkCardNumber(input.value);
    reformatKeepingCaret(input, () => formatCardNumber(check.digits, check.brand?.gaps));
    setBrand(check.brand);
    setDigits(check.digits);
  };

  // Values already in the fields when the form hydrates (a browser's autofill, or typing while the
  // page's script was still loading) get what typed ones get: the number's groups and brand, the
  // expiry's slash. React fires no change for them: its value tracking starts from them.
  const hydrated = useRef(false);
  useEffect(() => {
    if (hydrated.current) return;
    hydrated.current = true;
    const number = formRef.current?.querySelector<HTMLInputElement>('#cardNumber');
    if (number?.value) {
      readNumber(number);
      void numberField.onChange({ target: number, type: 'change' });
    }
    const expiry = formRef.current?.querySelector<HTMLInputElement>('#expiry');
    if (expiry?.value) {
      reformatKeepingCaret(expiry, formatExpiryInput);
      void expiryField.onChange({ target: expiry, type: 'change' });
    }
  });

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
        onSolved={onCheckSolved}
      />

      <div
        ref={bannerRef}
        tabIndex={-1}
        role="alert"
        className={banner ? 'mb-4 rounded-theme border border-danger bg-danger-soft p-3 text-sm text-danger' : ''}
      >
        {banner}
      </div>

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
      </fieldset>

      <SubmitButton pending={pending} disabled={!checkReady} label={text.pay} processing={text.processing} className="mt-2" />
      <p className="pt-2 text-center text-xs text-fg-muted">{text.secureNote}</p>
    </form>
  );
}
