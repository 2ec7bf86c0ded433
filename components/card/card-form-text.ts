/** The text of the card page's new-card form (card-form.tsx), resolved on the server from the catalogue. */
import type { ThreeDSText } from './three-ds-step';
import type { CvvFieldText } from './cvv-field';
import type { CardFieldError } from '@hosted-checkout/contract/card-rules';

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
  /** The rules of a licence in force refuse this card (Sweden's ban on gambling on credit): per regulator, `other` for one without its own text. */
  fundingRefusedByRule: { SPELINSPEKTIONEN: string; SPA_MF: string; other: string };
  /** The choice of brand of a co-badged card. */
  brandChoice: string;
  brandChoiceHint: string;
  /** After a post without JavaScript: the card's number and code are asked again. */
  brandChoiceAgain: string;
}
