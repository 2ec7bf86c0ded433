/**
 * The sandbox's test cards (docs/design.md, section 6): what processing a PAN leads to.
 * Any other Luhn-valid number of a known brand succeeds without 3DS.
 */
import type { DetailedStatus } from '@hosted-checkout/contract/enums';
import { maskPan } from '@hosted-checkout/contract/card-rules';

export type CardOutcome =
  | { scenario: 'success' }
  | { scenario: 'challenge' }
  /** The issuer has a 3DS Method; then a frictionless success or a challenge. `answers` false: its Method page never notifies. */
  | { scenario: 'method'; then: 'success' | 'challenge'; answers: boolean }
  | { scenario: 'declined'; reason: DetailedStatus }
  | { scenario: 'failed'; reason: DetailedStatus }
  | { scenario: 'pending'; afterMs: number; then: 'SUCCESS' | 'TIMEOUT'; reason?: DetailedStatus };

const TABLE: Record<string, CardOutcome> = {
  '4000000000003220': { scenario: 'challenge' },
  '4000003100003066': { scenario: 'method', then: 'success', answers: true },
  '4000003200003065': { scenario: 'method', then: 'success', answers: false },
  '4000003300003064': { scenario: 'method', then: 'challenge', answers: true },
  '4000000000000002': { scenario: 'declined', reason: 'CARD_DECLINED' },
  '4000000000009995': { scenario: 'declined', reason: 'INSUFFICIENT_FUNDS' },
  '4000000000000069': { scenario: 'declined', reason: 'CARD_EXPIRED' },
  '4000000000000127': { scenario: 'declined', reason: 'CVV_INVALID' },
  '4000000000000119': { scenario: 'failed', reason: 'PSP_ISSUES' },
  // A soft decline (the issuer asks for SCA); on a pay-in that must authenticate, the challenge.
  '4000002760003184': { scenario: 'declined', reason: 'AUTHENTICATION_REQUIRED' },
  '4000000000000077': { scenario: 'pending', afterMs: 5_000, then: 'SUCCESS' },
  '4000000000000101': { scenario: 'pending', afterMs: 10_000, then: 'TIMEOUT', reason: 'TRANSACTION_TIMEOUT' },
};

/**
 * Issuers that behave otherwise in 3-D Secure (packages/sandbox/service/payins/sca-decision.ts):
 * an ACS that is unavailable (the directory server answers an attempt, A), and one that refuses
 * every exemption and data-only request (a soft decline: the cardholder is challenged), and one
 * that challenges a network token's payment as it would the card's (Click to Pay). All authorise.
 */
const ISSUERS: Record<string, IssuerBehaviour> = {
  '4000000000003063': 'attempts',
  '4000000000003089': 'refuses-exemptions',
  '4000000000003246': 'challenges-tokens',
};

/** How a test card's issuer behaves in 3-D Secure. */
export type IssuerBehaviour = 'ordinary' | 'attempts' | 'refuses-exemptions' | 'challenges-tokens';

const ISSUERS_BY_MASK = new Map(Object.entries(ISSUERS).map(([pan, behaviour]) => [maskPan(pan), behaviour]));

/** How the issuer of a card (known by its mask: first 6, last 4) behaves in 3-D Secure. */
export const issuerBehaviourOf = (mask: string): IssuerBehaviour => ISSUERS_BY_MASK.get(mask) ?? 'ordinary';

/** Test cards a merchant can pick in the console: a plain success and every card of the tables. */
export const TEST_CARD_NUMBERS: readonly string[] = ['4242424242424242', ...Object.keys(TABLE), ...Object.keys(ISSUERS)];

/** The outcome of processing `pan` (digits only). */
export function outcomeForCard(pan: string): CardOutcome {
  return TABLE[pan] ?? { scenario: 'success' };
}

const BY_MASK = new Map(Object.entries(TABLE).map(([pan, outcome]) => [maskPan(pan), outcome]));

/**
 * The outcome of a saved card, known by its mask only (first 6, last 4): the test cards'
 * masks are distinct, and any other card succeeds.
 */
export function outcomeForMask(mask: string): CardOutcome {
  return BY_MASK.get(mask) ?? { scenario: 'success' };
}
