'use client';
/**
 * The card form's fields under react-hook-form: the card rules' resolver with the holder-name
 * check, validation on blur then on change, the values the server sent back after a post (never
 * the card's number or code), and each field's message in words.
 */
import { useForm, type Resolver } from 'react-hook-form';
import type { CardFieldError } from '@hosted-checkout/contract/card-rules';
import { cardFormResolver, type CardFormInput } from '@/lib/card/card-form-resolver';
import type { CardPaymentState } from '@/lib/checkout/payment-pages/card-payment-action';
import { HOLDER_NAME_IS_CARD_NUMBER, holdsCardNumber } from '@/lib/checkout/payment-pages/holder-name';

/** The fields of CardField (the security code's messages are CvvField's own). */
export type CardFormField = 'cardNumber' | 'expiry' | 'cardHolderName';

/** The card rules' resolver, with a card number typed into the name field named as such (lib/checkout/payment-pages/holder-name.ts). */
function withHolderNameCheck(resolver: Resolver<CardFormInput>): Resolver<CardFormInput> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    if (!holdsCardNumber(values.cardHolderName ?? '')) return result;
    return { values: {}, errors: { ...result.errors, cardHolderName: { type: 'validate', message: HOLDER_NAME_IS_CARD_NUMBER } } };
  };
}

/**
 * The form of the action's `state` (`requireCvv`: false for a payout's card, no CVV): react-hook-form's
 * `register`, `handleSubmit` and `errors`, and `messageFor(field)`: the field's error in words
 * (`fieldErrors`, by key; a key without a text of its own reads as the field's "invalid"), or on
 * the number field `fundingRefused` when it has no error of its own; undefined for none.
 */
export function useCardFormFields({
  state,
  requireCvv,
  fundingRefused,
  fieldErrors,
}: {
  state: CardPaymentState;
  requireCvv: boolean;
  fundingRefused: string | null;
  fieldErrors: Record<CardFieldError, string>;
}) {
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

  const messageFor = (field: CardFormField): string | undefined => {
    const key = (errors[field]?.message ?? state.fieldErrors?.[field]) as CardFieldError | undefined;
    if (field === 'cardNumber' && !key && fundingRefused) return fundingRefused;
    // A key without a text of its own reads as the field's "invalid".
    return key ? (fieldErrors[key] ?? fieldErrors[`${field}.invalid` as CardFieldError] ?? key) : undefined;
  };
  return { register, handleSubmit, errors, messageFor };
}
