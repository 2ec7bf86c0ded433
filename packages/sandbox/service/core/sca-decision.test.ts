/**
 * The sandbox's directory server and issuer deciding a card attempt's authentication
 * (sca-decision.ts): RTS 2018/389 Art. 16's counters (the sixth low-value payment, or the one
 * past EUR 100, challenged), Art. 18's bands, Art. 13's trusted list, the issuer refusing an
 * exemption, out of scope, and each outcome's ECI and liability.
 */
import { describe, expect, it } from 'vitest';
import {
  challengeResult,
  countersAfter,
  decideSca,
  eciFor,
  frictionlessResult,
  requestRefusal,
  shownResult,
  traThresholdEur,
  type IssuerCounters,
  type ScaInput,
} from './sca-decision';

const fresh: IssuerCounters = { count: 0, eurMinor: 0, trusted: [] };
const input = (over: Partial<ScaInput> = {}): ScaInput => ({
  issuerWants: 'frictionless',
  issuer: 'ordinary',
  issuerCountry: 'DE',
  scaRequired: false,
  amountEurMinor: 1_000,
  counters: fresh,
  merchantId: 'merchant-demo',
  brand: 'Visa',
  ...over,
});

describe('decideSca', () => {
  it('answers the test card’s own flow without a request: frictionless (Y, ECI 05, liability shifted) or a challenge', () => {
    expect(decideSca(input())).toEqual({
      flow: 'none',
      result: { version: '2.3.1', outcome: 'FRICTIONLESS', transStatus: 'Y', challenged: false, eci: '05', liabilityShift: true },
    });
    expect(decideSca(input({ issuerWants: 'challenge' }))).toEqual({ flow: 'challenge', pending: {} });
    expect(decideSca(input({ issuerWants: 'method' }))).toEqual({ flow: 'card', pending: {} });
  });

  it('exempts a low-value payment until the issuer’s counters reach five payments or EUR 100, then challenges', () => {
    let counters = fresh;
    const outcomes: string[] = [];
    for (let i = 0; i < 6; i += 1) {
      const decision = decideSca(input({ request: 'LOW_VALUE', counters, amountEurMinor: 1_000 }));
      outcomes.push(decision.flow === 'none' ? decision.result.outcome : `challenge:${decision.pending.refusedByIssuer}`);
      if (decision.flow === 'none') counters = countersAfter(counters, decision.result, 1_000, 'merchant-demo', false);
    }
    expect(outcomes).toEqual(['EXEMPTED', 'EXEMPTED', 'EXEMPTED', 'EXEMPTED', 'EXEMPTED', 'challenge:FREQUENCY_LIMIT']);
    // Four of EUR 25 leave EUR 0 of the EUR 100: the fifth (EUR 25) would pass it.
    const spent = { count: 4, eurMinor: 8_000, trusted: [] };
    expect(decideSca(input({ request: 'LOW_VALUE', counters: spent, amountEurMinor: 2_500 })).flow).toBe('challenge');
    expect(decideSca(input({ request: 'LOW_VALUE', counters: spent, amountEurMinor: 2_000 })).flow).toBe('none');
    // A challenge passed starts the counters again.
    const after = countersAfter({ count: 5, eurMinor: 5_000, trusted: [] }, challengeResult({}, 'Visa', true), 1_000, 'm', false);
    expect(after).toEqual({ count: 0, eurMinor: 0, trusted: [] });
  });

  it('gives each exemption honoured no liability shift, and Mastercard its own ECI', () => {
    const lowValue = decideSca(input({ request: 'LOW_VALUE' }));
    expect(lowValue).toMatchObject({
      flow: 'none',
      result: { outcome: 'EXEMPTED', exemption: 'LOW_VALUE', transStatus: 'I', eci: '07', liabilityShift: false },
    });
    expect(decideSca(input({ request: 'TRA', brand: 'Mastercard' }))).toMatchObject({
      result: { outcome: 'EXEMPTED', exemption: 'TRA', eci: '06', liabilityShift: false },
    });
    expect(decideSca(input({ request: 'DATA_ONLY' }))).toMatchObject({
      result: { outcome: 'DATA_ONLY', transStatus: 'I', eci: '07', liabilityShift: false },
    });
    expect(decideSca(input({ request: 'DATA_ONLY', brand: 'Mastercard' }))).toMatchObject({
      result: { outcome: 'DATA_ONLY', transStatus: 'U', transStatusReason: '80', eci: '04' },
    });
  });

  it('challenges when the issuer refuses an exemption (a soft decline), naming what it refused', () => {
    for (const request of ['LOW_VALUE', 'TRA', 'DATA_ONLY'] as const) {
      expect(decideSca(input({ request, issuer: 'refuses-exemptions' }))).toEqual({
        flow: 'challenge',
        pending: { requested: request, refusedByIssuer: 'SOFT_DECLINE' },
      });
    }
    const passed = challengeResult({ requested: 'TRA', refusedByIssuer: 'SOFT_DECLINE' }, 'Visa', true);
    expect(passed).toMatchObject({
      outcome: 'AUTHENTICATED',
      challenged: true,
      eci: '05',
      liabilityShift: true,
      refusedByIssuer: 'SOFT_DECLINE',
    });
  });

  it('exempts a trusted beneficiary only once the cardholder trusted the merchant in a challenge', () => {
    const first = decideSca(input({ request: 'TRUSTED_BENEFICIARY' }));
    expect(first).toEqual({
      flow: 'challenge',
      pending: { requested: 'TRUSTED_BENEFICIARY', refusedByIssuer: 'NOT_TRUSTED', trustPrompt: true },
    });
    const trusted = countersAfter(fresh, challengeResult({}, 'Visa', true), 1_000, 'merchant-demo', true);
    expect(trusted.trusted).toEqual(['merchant-demo']);
    expect(decideSca(input({ request: 'TRUSTED_BENEFICIARY', counters: trusted }))).toMatchObject({
      result: { outcome: 'EXEMPTED', exemption: 'TRUSTED_BENEFICIARY' },
    });
    // Another merchant is not trusted by it; a challenge without the box ticked trusts nobody.
    expect(decideSca(input({ request: 'TRUSTED_BENEFICIARY', counters: trusted, merchantId: 'merchant-other' })).flow).toBe('challenge');
    expect(countersAfter(fresh, challengeResult({}, 'Visa', true), 1_000, 'merchant-demo', false).trusted).toEqual([]);
  });

  it('sends nothing to 3DS for a MOTO payment or a card issued outside the EEA and UK (no liability shift)', () => {
    expect(decideSca(input({ channel: 'MOTO', issuerWants: 'challenge' }))).toEqual({
      flow: 'none',
      result: { version: null, outcome: 'OUT_OF_SCOPE', challenged: false, outOfScope: 'MOTO', eci: null, liabilityShift: false },
    });
    expect(decideSca(input({ issuerCountry: 'US' }))).toMatchObject({
      result: { outcome: 'OUT_OF_SCOPE', outOfScope: 'ONE_LEG_OUT', eci: '07' },
    });
    // The merchant's challenge, or the issuer's soft decline, still authenticates a one-leg card.
    expect(decideSca(input({ issuerCountry: 'US', request: 'CHALLENGE' })).flow).toBe('challenge');
    expect(decideSca(input({ issuerCountry: 'US', scaRequired: true })).flow).toBe('challenge');
    // An unknown issuer country is in scope.
    expect(decideSca(input({ issuerCountry: undefined })).flow).toBe('none');
    expect(decideSca(input({ issuerCountry: undefined }))).toMatchObject({ result: { outcome: 'FRICTIONLESS' } });
  });

  it('answers an attempt when the issuer’s ACS is unavailable (A, ECI 06 / 01, liability shifted)', () => {
    expect(decideSca(input({ issuer: 'attempts' }))).toMatchObject({
      result: { outcome: 'ATTEMPTED', transStatus: 'A', eci: '06', liabilityShift: true },
    });
    expect(eciFor('Mastercard', 'attempted')).toBe('01');
  });

  it('shows a challenge left unanswered as not authenticated (reason 14), and nothing while one runs', () => {
    const pending = {
      pending: { requested: 'LOW_VALUE' as const, refusedByIssuer: 'FREQUENCY_LIMIT' as const },
    };
    expect(shownResult({ status: 'PENDING_3DS', threeDsResult: pending, card: { brand: 'Visa' } })).toBeUndefined();
    expect(shownResult({ status: 'TIMEOUT', threeDsResult: pending, card: { brand: 'Visa' } })).toMatchObject({
      outcome: 'NOT_AUTHENTICATED',
      transStatus: 'U',
      transStatusReason: '14',
      liabilityShift: false,
    });
  });
});

describe('decideSca with a wallet’s device cryptogram', () => {
  it('ends authenticated by the device: no 3DS message, the brand’s authenticated ECI, whatever was asked', () => {
    const device = { version: null, outcome: 'AUTHENTICATED', challenged: false, liabilityShift: true };
    for (const request of [undefined, 'CHALLENGE', 'LOW_VALUE', 'TRUSTED_BENEFICIARY'] as const)
      expect(decideSca(input({ deviceAuthenticated: true, issuerWants: 'challenge', ...(request ? { request } : {}) }))).toEqual({
        flow: 'none',
        result: { ...device, eci: '05', ...(request ? { requested: request } : {}) },
      });
    expect(decideSca(input({ deviceAuthenticated: true, scaRequired: true, brand: 'Mastercard', issuerCountry: 'US' }))).toEqual({
      flow: 'none',
      result: { ...device, eci: '02' },
    });
    expect(decideSca(input({ deviceAuthenticated: true, channel: 'MOTO' }))).toMatchObject({ result: { outOfScope: 'MOTO' } });
  });
});

describe('a network token (Click to Pay)', () => {
  const token = { payToken: { verified: true } };

  it('is let through where the card would be challenged, and says it was a token', () => {
    expect(decideSca(input({ ...token, issuerWants: 'challenge' }))).toEqual({
      flow: 'none',
      result: {
        version: '2.3.1',
        outcome: 'FRICTIONLESS',
        transStatus: 'Y',
        challenged: false,
        payToken: true,
        eci: '05',
        liabilityShift: true,
      },
    });
    // An unverified token is the card.
    expect(decideSca(input({ payToken: { verified: false }, issuerWants: 'challenge' })).flow).toBe('challenge');
  });

  it('is challenged still by an issuer that challenges tokens, a merchant’s CHALLENGE and a soft decline', () => {
    expect(decideSca(input({ ...token, issuerWants: 'challenge', issuer: 'challenges-tokens' }))).toEqual({
      flow: 'challenge',
      pending: { payToken: true },
    });
    // Its typed card passes frictionless; its token does not (4000 0000 0000 3246, docs/sandbox.md).
    expect(decideSca(input({ issuerWants: 'frictionless', issuer: 'challenges-tokens' })).flow).toBe('none');
    expect(decideSca(input({ ...token, issuerWants: 'frictionless', issuer: 'challenges-tokens' }))).toEqual({
      flow: 'challenge',
      pending: { payToken: true },
    });
    expect(decideSca(input({ ...token, request: 'CHALLENGE' })).flow).toBe('challenge');
    expect(decideSca(input({ ...token, scaRequired: true })).flow).toBe('challenge');
    // An exemption the issuer refuses is refused for a token too.
    expect(decideSca(input({ ...token, request: 'TRA', issuer: 'refuses-exemptions' })).flow).toBe('challenge');
  });

  it('carries the token through exemptions and out of scope, with the token’s ECI without 3DS', () => {
    expect(decideSca(input({ ...token, request: 'LOW_VALUE' }))).toMatchObject({ result: { outcome: 'EXEMPTED', payToken: true } });
    expect(decideSca(input({ ...token, issuerCountry: 'US', brand: 'Mastercard' }))).toMatchObject({
      result: { outcome: 'OUT_OF_SCOPE', outOfScope: 'ONE_LEG_OUT', payToken: true, eci: '06' },
    });
    expect(decideSca(input({ ...token, issuerCountry: 'US' }))).toMatchObject({ result: { eci: '07' } });
    // A token's frictionless payment counts at the issuer as any other.
    const result = frictionlessResult({ payToken: true }, 'Visa');
    expect(countersAfter(fresh, result, 1_000, 'm', false)).toEqual({ count: 1, eurMinor: 1_000, trusted: [] });
  });
});

describe('requestRefusal', () => {
  it('refuses LOW_VALUE above EUR 30, and TRA or DATA_ONLY above the acquirer’s threshold value', () => {
    expect(requestRefusal({ request: 'LOW_VALUE' }, 3_000, 0.05)).toBeNull();
    expect(requestRefusal({ request: 'LOW_VALUE' }, 3_001, 0.05)).toMatch(/EUR 30.*Art\. 16/);
    expect(requestRefusal({ request: 'TRA' }, 25_000, 0.05)).toBeNull();
    expect(requestRefusal({ request: 'TRA' }, 25_001, 0.05)).toMatch(/EUR 250.*Art\. 18/);
    expect(requestRefusal({ request: 'DATA_ONLY' }, 10_001, 0.1)).toMatch(/EUR 100/);
    expect(requestRefusal({ request: 'TRA' }, 100, 0.2)).toMatch(/0\.13 %/);
    expect(requestRefusal({ request: 'TRUSTED_BENEFICIARY' }, 1_000_000, 0.2)).toBeNull();
    expect(requestRefusal({ channel: 'MOTO', request: 'LOW_VALUE' }, 100, 0.05)).toMatch(/MOTO/);
  });

  it('names the missing card acquirer rather than a rate it does not have', () => {
    for (const request of ['TRA', 'DATA_ONLY'] as const) {
      const refusal = requestRefusal({ request }, 1_000, undefined);
      expect(refusal).toMatch(/card acquirer with a fraud rate/);
      expect(refusal).not.toMatch(/undefined|Infinity|NaN/);
    }
    expect(requestRefusal({ request: 'LOW_VALUE' }, 1_000, undefined)).toBeNull();
  });

  it('reads the Annex’s bands: 0.01 % → EUR 500, 0.06 % → EUR 250, 0.13 % → EUR 100, above: none', () => {
    expect([0.01, 0.02, 0.06, 0.1, 0.13, 0.14].map(traThresholdEur)).toEqual([500, 250, 250, 100, 100, null]);
  });
});
