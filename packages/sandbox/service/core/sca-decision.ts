/**
 * The sandbox's directory server and issuer ACS deciding how a card pay-in is authenticated
 * (docs/design.md, section 3, "3-D Secure outcomes"): per test card, per request and per the
 * issuer's counters. Pure: the counters are read and written by ../payins/issuer-counters.ts.
 *
 * Sources: Commission Delegated Regulation (EU) 2018/389: Art. 13 (trusted beneficiaries),
 * Art. 16 (low value: at most EUR 30, while the payments since the last SCA stay within EUR 100 or
 * five in a row), Art. 18 and its Annex (TRA: the exemption threshold value the acquirer's fraud
 * rate earns, EUR 100 / 250 / 500 at 0.13 % / 0.06 % / 0.01 %). EMV 3DS 2.3.1 for the answer's
 * fields (packages/contract/src/three-ds-outcome.ts).
 *
 * Decided: the sandbox's issuer applies both Art. 16 counters and challenges at whichever is
 * reached first (an issuer may choose either; both is the strictest reading). A card issued
 * outside the EEA and the UK is out of scope (one-leg): no 3DS message unless the merchant asks a
 * challenge or the issuer soft-declined.
 */
import type { AuthenticationRequest, ScaExemption, ThreeDsResult } from '@hosted-checkout/contract/three-ds-outcome';
import type { PendingResult, StoredThreeDsResult } from '@sandbox/db/stored-shapes';
import type { IssuerBehaviour } from './test-cards';

export type { PendingResult };

/** EMV 3DS messageVersion the sandbox's directory server and ACS speak. */
export const THREE_DS_VERSION = '2.3.1';

/** Art. 16: a low-value payment is at most EUR 30 (minor units). */
export const LOW_VALUE_MAX_EUR_MINOR = 3_000;
/** Art. 16(b): at most EUR 100 since the last SCA, this payment included (minor units). */
export const LOW_VALUE_CUMULATIVE_EUR_MINOR = 10_000;
/** Art. 16(c): at most five payments since the last SCA; the sixth is challenged. */
export const LOW_VALUE_CONSECUTIVE = 5;

/** The Annex's bands for remote card payments: the exemption threshold value (EUR) a fraud rate (%) at most this earns. */
export const TRA_BANDS: readonly { etvEur: number; maxFraudRatePercent: number }[] = [
  { etvEur: 500, maxFraudRatePercent: 0.01 },
  { etvEur: 250, maxFraudRatePercent: 0.06 },
  { etvEur: 100, maxFraudRatePercent: 0.13 },
];

/** The TRA exemption threshold value (EUR) of an acquirer with this fraud rate (%, rolling 90 days, Art. 19), or null above every band. */
export function traThresholdEur(fraudRatePercent: number): number | null {
  return TRA_BANDS.find((band) => fraudRatePercent <= band.maxFraudRatePercent)?.etvEur ?? null;
}

/** Countries whose issuers apply SCA: the EEA under the RTS, and the UK under its copy of it. */
const SCA_COUNTRIES = new Set('AT BE BG CY CZ DE DK EE ES FI FR GR HR HU IE IS IT LI LT LU LV MT NL NO PL PT RO SE SI SK GB'.split(' '));
/** Whether SCA applies to a card of this issuer country; unknown: it does (the cautious reading). */
export const inScaScope = (issuerCountry: string | undefined) => issuerCountry === undefined || SCA_COUNTRIES.has(issuerCountry);

/**
 * Why the service refuses a pay-in's request, or null: LOW_VALUE above EUR 30, TRA and DATA_ONLY
 * above the acquirer's threshold value (or an acquirer above every band, or no card acquirer with
 * a fraud rate). `amountEurMinor`: the pay-in in EUR minor units; `fraudRatePercent`: the card
 * acquirer's, undefined when the pay-in has none or it declares none.
 */
export function requestRefusal(
  request: AuthenticationRequest,
  amountEurMinor: number,
  fraudRatePercent: number | undefined,
): string | null {
  if (request.channel === 'MOTO' && request.request)
    return 'a MOTO payment is outside strong customer authentication: it carries no 3-D Secure request';
  const eur = (amountEurMinor / 100).toFixed(2);
  if (request.request === 'LOW_VALUE' && amountEurMinor > LOW_VALUE_MAX_EUR_MINOR)
    return `LOW_VALUE applies to at most EUR 30 (RTS 2018/389 Art. 16(a)); this pay-in is EUR ${eur}`;
  if (request.request === 'TRA' || request.request === 'DATA_ONLY') {
    const what = request.request === 'TRA' ? 'TRA' : 'DATA_ONLY (the acquirer takes the TRA exemption)';
    if (fraudRatePercent === undefined)
      return `${what} needs a card acquirer with a fraud rate (RTS 2018/389 Art. 18); none of this pay-in's PSPs is one`;
    const etv = traThresholdEur(fraudRatePercent);
    if (etv === null)
      return `${what} needs the acquirer's fraud rate (${fraudRatePercent} %) within the reference rates of RTS 2018/389's Annex (at most 0.13 %)`;
    if (amountEurMinor > etv * 100)
      return `${what} applies up to the acquirer's exemption threshold value of EUR ${etv} (RTS 2018/389 Art. 18(2)(b), fraud rate ${fraudRatePercent} %); this pay-in is EUR ${eur}`;
  }
  return null;
}

/** What the issuer counts for a card (Art. 16): payments since the last SCA, their sum in EUR minor units, and the merchants it trusts (Art. 13). */
export interface IssuerCounters {
  count: number;
  eurMinor: number;
  trusted: string[];
}

/** A decision's input. `issuerWants`: the test card's own flow without any request (frictionless, a challenge, or its 3DS Method first). */
export interface ScaInput {
  issuerWants: 'frictionless' | 'challenge' | 'method';
  issuer: IssuerBehaviour;
  request?: AuthenticationRequest['request'];
  channel?: 'ECOMMERCE' | 'MOTO';
  issuerCountry?: string;
  /** The issuer soft-declined this pay-in before (or the cashier deposit it retries): SCA now. */
  scaRequired: boolean;
  amountEurMinor: number;
  counters: IssuerCounters;
  merchantId: string;
  brand: string;
  /**
   * A wallet's device cryptogram (Google Pay CRYPTOGRAM_3DS, Apple Pay 3DSecure): the device
   * authenticated the cardholder, so no 3DS message is sent and nothing is asked of the issuer.
   */
  deviceAuthenticated?: boolean;
  /**
   * A network token with its cryptogram (TAVV/DSRP, Click to Pay) in place of the PAN, verified by
   * the token service: the issuer lets it through where it would challenge the card, unless it
   * challenges tokens too (test card 4000 0000 0000 3246). Not SCA: neither the SRC's cookie nor
   * its one-time code authenticates the cardholder.
   */
  payToken?: { verified: boolean };
}

/** A decision: an ended authentication (`result`), a challenge, or the test card's own flow (its 3DS Method). */
export type ScaDecision =
  { flow: 'none'; result: ThreeDsResult } | { flow: 'challenge'; pending: PendingResult } | { flow: 'card'; pending: PendingResult };

const isMastercard = (brand: string) => /mastercard/i.test(brand);

/** The brand's ECI (Visa and the others: 05/06/07; Mastercard: 02/01/00, 04 data only, 06 exempt or a network token without 3DS). */
export function eciFor(brand: string, kind: 'authenticated' | 'attempted' | 'none' | 'dataOnly' | 'exempt' | 'tokenWithout3ds'): string {
  const mc = isMastercard(brand);
  switch (kind) {
    case 'authenticated':
      return mc ? '02' : '05';
    case 'attempted':
      return mc ? '01' : '06';
    case 'dataOnly':
      return mc ? '04' : '07';
    case 'exempt':
    case 'tokenWithout3ds':
      return mc ? '06' : '07';
    default:
      return mc ? '00' : '07';
  }
}

/** The result of a challenge (or passkey) passed or failed, or of one left unanswered (`timedOut`). */
export function challengeResult(pending: PendingResult, brand: string, passed: boolean, timedOut = false): ThreeDsResult {
  const asked = { ...pending };
  delete asked.trustPrompt;
  return passed
    ? {
        version: THREE_DS_VERSION,
        outcome: 'AUTHENTICATED',
        transStatus: 'Y',
        challenged: true,
        ...asked,
        eci: eciFor(brand, 'authenticated'),
        liabilityShift: true,
      }
    : {
        version: THREE_DS_VERSION,
        outcome: 'NOT_AUTHENTICATED',
        transStatus: timedOut ? 'U' : 'N',
        transStatusReason: timedOut ? '14' : '01',
        challenged: true,
        ...asked,
        eci: eciFor(brand, 'none'),
        liabilityShift: false,
      };
}

/** The frictionless result (transStatus Y without a challenge). */
export const frictionlessResult = (pending: PendingResult, brand: string): ThreeDsResult => {
  const asked = { ...pending };
  delete asked.trustPrompt;
  return {
    version: THREE_DS_VERSION,
    outcome: 'FRICTIONLESS',
    transStatus: 'Y',
    challenged: false,
    ...asked,
    eci: eciFor(brand, 'authenticated'),
    liabilityShift: true,
  };
};

const exempted = (exemption: ScaExemption, input: ScaInput): ThreeDsResult => ({
  version: THREE_DS_VERSION,
  outcome: 'EXEMPTED',
  transStatus: 'I',
  challenged: false,
  exemption,
  requested: exemption,
  ...(input.payToken?.verified ? { payToken: true as const } : {}),
  eci: eciFor(input.brand, 'exempt'),
  liabilityShift: false,
});

/** Whether the Art. 16 counters let one more payment of `amountEurMinor` through. */
export const lowValueAllowed = (counters: IssuerCounters, amountEurMinor: number) =>
  counters.count < LOW_VALUE_CONSECUTIVE && counters.eurMinor + amountEurMinor <= LOW_VALUE_CUMULATIVE_EUR_MINOR;

/**
 * The directory server's and the issuer's decision for one card attempt (order: channel, a
 * wallet's device authentication, scope,
 * an earlier soft decline, the merchant's request, the issuer's counters and behaviour, then the
 * test card's own flow).
 */
export function decideSca(input: ScaInput): ScaDecision {
  const { request, brand } = input;
  const token = input.payToken?.verified === true;
  const asked: PendingResult = { ...(request ? { requested: request } : {}), ...(token ? { payToken: true as const } : {}) };
  const outOfScope = (why: 'MOTO' | 'ONE_LEG_OUT'): ScaDecision => ({
    flow: 'none',
    result: {
      version: null,
      outcome: 'OUT_OF_SCOPE',
      challenged: false,
      outOfScope: why,
      ...asked,
      eci: why === 'MOTO' ? null : eciFor(brand, token ? 'tokenWithout3ds' : 'none'),
      liabilityShift: false,
    },
  });
  if (input.channel === 'MOTO') return outOfScope('MOTO');
  // Decided: the wallet's authentication is the cardholder's SCA (a soft decline, a CHALLENGE or an
  // exemption asks nothing more of it); no 3DS message (version null), the brand's authenticated ECI.
  if (input.deviceAuthenticated)
    return {
      flow: 'none',
      result: {
        version: null,
        outcome: 'AUTHENTICATED',
        challenged: false,
        ...asked,
        eci: eciFor(brand, 'authenticated'),
        liabilityShift: true,
      },
    };
  if (input.scaRequired)
    return { flow: 'challenge', pending: { ...asked, ...(request && request !== 'CHALLENGE' ? { refusedByIssuer: 'SOFT_DECLINE' } : {}) } };
  if (request === 'CHALLENGE') return { flow: 'challenge', pending: asked };
  if (!inScaScope(input.issuerCountry)) return outOfScope('ONE_LEG_OUT');
  if (input.issuer === 'attempts')
    return {
      flow: 'none',
      result: {
        version: THREE_DS_VERSION,
        outcome: 'ATTEMPTED',
        transStatus: 'A',
        challenged: false,
        ...asked,
        eci: eciFor(brand, 'attempted'),
        liabilityShift: true,
      },
    };
  if (request === 'TRUSTED_BENEFICIARY') {
    if (input.counters.trusted.includes(input.merchantId)) return { flow: 'none', result: exempted('TRUSTED_BENEFICIARY', input) };
    return { flow: 'challenge', pending: { ...asked, refusedByIssuer: 'NOT_TRUSTED', trustPrompt: true } };
  }
  if (request === 'LOW_VALUE' || request === 'TRA' || request === 'DATA_ONLY') {
    if (input.issuer === 'refuses-exemptions') return { flow: 'challenge', pending: { ...asked, refusedByIssuer: 'SOFT_DECLINE' } };
    if (request === 'LOW_VALUE' && !lowValueAllowed(input.counters, input.amountEurMinor))
      return { flow: 'challenge', pending: { ...asked, refusedByIssuer: 'FREQUENCY_LIMIT' } };
    if (request === 'DATA_ONLY')
      return {
        flow: 'none',
        result: {
          version: THREE_DS_VERSION,
          outcome: 'DATA_ONLY',
          // Visa acknowledges the data share (I); Mastercard's Identity Check Insights answers U with reason 80.
          transStatus: isMastercard(brand) ? 'U' : 'I',
          ...(isMastercard(brand) ? { transStatusReason: '80' } : {}),
          challenged: false,
          ...asked,
          eci: eciFor(brand, 'dataOnly'),
          liabilityShift: false,
        },
      };
    return { flow: 'none', result: exempted(request, input) };
  }
  // A verified network token: the issuer lets through what it would challenge on the card (the Method first, where the card has one).
  if (token && input.issuerWants === 'challenge' && input.issuer !== 'challenges-tokens')
    return { flow: 'none', result: frictionlessResult(asked, brand) };
  // An issuer that challenges tokens: its token payments are challenged even where the typed card passes frictionless.
  if (token && input.issuer === 'challenges-tokens' && input.issuerWants === 'frictionless') return { flow: 'challenge', pending: asked };
  if (input.issuerWants === 'frictionless') return { flow: 'none', result: frictionlessResult(asked, brand) };
  if (input.issuerWants === 'challenge') return { flow: 'challenge', pending: asked };
  return { flow: 'card', pending: asked };
}

/**
 * The issuer's counters after an ended attempt: an authentication by the cardholder starts them
 * again (and adds the merchant to the trusted list when the cardholder agreed, `trust`); a
 * payment without one counts (Art. 16); one out of scope or not authenticated leaves them.
 */
export function countersAfter(
  counters: IssuerCounters,
  result: ThreeDsResult,
  amountEurMinor: number,
  merchantId: string,
  trust: boolean,
): IssuerCounters {
  if (result.outcome === 'AUTHENTICATED') {
    const trusted = trust && !counters.trusted.includes(merchantId) ? [...counters.trusted, merchantId] : counters.trusted;
    return { count: 0, eurMinor: 0, trusted };
  }
  if (result.outcome === 'OUT_OF_SCOPE' || result.outcome === 'NOT_AUTHENTICATED') return counters;
  return { ...counters, count: counters.count + 1, eurMinor: counters.eurMinor + amountEurMinor };
}

/**
 * The result a pay-in shows (PayinTransaction.threeDs): the ended one; for an authentication that
 * ended by timing out (TIMEOUT while pending), not authenticated with transStatusReason 14; none
 * while it runs.
 */
export function shownResult(row: {
  status: string;
  threeDsResult: StoredThreeDsResult | null;
  card: { brand: string } | null;
}): ThreeDsResult | undefined {
  const stored = row.threeDsResult;
  if (!stored) return undefined;
  if (!('pending' in stored)) return stored;
  if (row.status === 'TIMEOUT' && row.card) return challengeResult(stored.pending, row.card.brand, false, true);
  return undefined;
}
