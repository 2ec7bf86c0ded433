/**
 * The KSA licence's rules as pure functions (docs/design.md, section 8): who covers an NL
 * customer, the age on either side of the 24th birthday, the net deposit threshold it selects
 * (EUR 700 from 24, EUR 300 from 18 to 23) in EUR and converted as the service converts limits,
 * the calendar month of Amsterdam, and the notices at 50 % and 100 % of a limit. Minor units.
 */
import { describe, expect, it } from 'vitest';
import { ageOn } from './age';
import { applicableRegulators, RULES, rulesForCustomer, rulesInForce } from './regulators';
import { calendarMonthOf, limitNotice, thresholdFor, thresholdIn } from './net-deposit-threshold';

const KSA = RULES.KSA;
const threshold = KSA.netDepositThreshold ?? expect.unreachable('the KSA has a net deposit threshold');
const RATES = { EUR: 1, GBP: 1.17, SEK: 0.087, USD: 0.92 };

describe('the KSA licence', () => {
  it('covers customers of NL billing addresses at a merchant holding it, beside the five others', () => {
    const all = ['UKGC', 'AGCO', 'MGA', 'SPELINSPEKTIONEN', 'GGL', 'KSA'] as const;
    expect(applicableRegulators(all, 'NL')).toEqual(['KSA']);
    expect(applicableRegulators(all, 'nl')).toEqual(['KSA']);
    expect(applicableRegulators(all, 'BE')).toEqual(['MGA']);
    expect(applicableRegulators(['UKGC', 'GGL'], 'NL')).toEqual(['UKGC', 'GGL']);
  });

  it('requires a monthly limit before the first deposit, raises after 7 days, reality checks every 30 minutes, CRUKS and Loket Kansspel', () => {
    const rules = rulesForCustomer(['KSA', 'MGA'], 'NL');
    expect(rules).toMatchObject({
      regulators: ['KSA'],
      minimumAge: 18,
      limitsBeforeFirstDeposit: 'required',
      requiredPeriods: ['month'],
      coolingOffHours: 168,
      withdrawalReversal: false,
      realityCheck: { mandatory: true, defaultMinutes: 30, maxMinutes: 30 },
      selfExclusionScheme: { url: 'https://cruks.kansspelautoriteit.nl', name: 'CRUKS' },
      help: { url: 'https://www.loketkansspel.nl', name: 'Loket Kansspel' },
      limitNoticePercent: 50,
      netDepositThreshold: { currency: 'EUR', adultMinor: 700_00, youngAdultMinor: 300_00, youngAdultBelowAge: 24 },
      limitContactAbove: { currency: 'EUR', adultMinor: 350_00, youngAdultMinor: 150_00 },
    });
  });

  it('keeps its threshold, notices and 30-minute reality checks when combined with another licence (strictest)', () => {
    const both = rulesInForce(['UKGC', 'KSA']);
    expect(both.netDepositThreshold).toEqual(threshold);
    expect(both.limitNoticePercent).toBe(50);
    expect(both.realityCheck.maxMinutes).toBe(30);
    expect(both.coolingOffHours).toBe(168);
    expect(rulesInForce(['UKGC']).netDepositThreshold).toBeUndefined();
    expect(rulesInForce(['UKGC']).limitNoticePercent).toBeUndefined();
  });
});

describe('age from the date of birth', () => {
  it('is 23 the day before the 24th birthday and 24 on it (UTC date)', () => {
    expect(ageOn('2002-06-15', new Date('2026-06-14T23:59:59Z'))).toBe(23);
    expect(ageOn('2002-06-15', new Date('2026-06-15T00:00:00Z'))).toBe(24);
  });

  it('is 24 the day before the 25th birthday (the brief said 25; the KSA says young adults are 18 to 23)', () => {
    expect(ageOn('2001-06-15', new Date('2026-06-14T12:00:00Z'))).toBe(24);
  });

  it('counts a 29 February birthday from 1 March in other years', () => {
    expect(ageOn('2004-02-29', new Date('2028-02-28T12:00:00Z'))).toBe(23);
    expect(ageOn('2004-02-29', new Date('2028-02-29T12:00:00Z'))).toBe(24);
    expect(ageOn('2004-02-29', new Date('2027-02-28T12:00:00Z'))).toBe(22);
    expect(ageOn('2004-02-29', new Date('2027-03-01T00:00:00Z'))).toBe(23);
  });
});

describe('the net deposit threshold', () => {
  it('is EUR 300 for a customer whose 24th birthday is tomorrow and EUR 700 on the birthday', () => {
    expect(thresholdFor(threshold, '2002-06-15', new Date('2026-06-14T12:00:00Z'))).toEqual({
      minor: 300_00,
      currency: 'EUR',
      youngAdult: true,
    });
    expect(thresholdFor(threshold, '2002-06-15', new Date('2026-06-15T12:00:00Z'))).toEqual({
      minor: 700_00,
      currency: 'EUR',
      youngAdult: false,
    });
  });

  it('is EUR 700 at 24 and at 25 and over, EUR 300 at 18, and the stricter one without a date of birth', () => {
    const on = new Date('2026-06-14T12:00:00Z');
    expect(thresholdFor(threshold, '2001-06-15', on).minor).toBe(700_00);
    expect(thresholdFor(threshold, '1980-01-01', on).minor).toBe(700_00);
    expect(thresholdFor(threshold, '2008-06-14', on).minor).toBe(300_00);
    expect(thresholdFor(threshold, undefined, on)).toMatchObject({ minor: 300_00, youngAdult: true });
  });

  it('is converted into another currency at the sandbox rates, on both sides of the birthday', () => {
    const young = thresholdFor(threshold, '2002-06-15', new Date('2026-06-14T12:00:00Z'));
    const adult = thresholdFor(threshold, '2002-06-15', new Date('2026-06-15T12:00:00Z'));
    // EUR 300 / 1.17 = GBP 256.41; EUR 700 / 1.17 = GBP 598.29; EUR 700 / 0.087 = SEK 8,045.98.
    expect(thresholdIn(young.minor, 'EUR', 'GBP', RATES)).toBe(256_41);
    expect(thresholdIn(adult.minor, 'EUR', 'GBP', RATES)).toBe(598_29);
    expect(thresholdIn(adult.minor, 'EUR', 'SEK', RATES)).toBe(8_045_98);
    expect(thresholdIn(adult.minor, 'EUR', 'EUR', RATES)).toBe(700_00);
    expect(thresholdIn(adult.minor, 'EUR', 'JPY', RATES)).toBe(0);
  });
});

describe('the calendar month of Amsterdam', () => {
  it('starts at local midnight on the 1st, in winter (UTC+1) and in summer (UTC+2)', () => {
    expect(calendarMonthOf(new Date('2026-01-15T12:00:00Z'), 'Europe/Amsterdam')).toEqual({
      start: new Date('2025-12-31T23:00:00Z'),
      end: new Date('2026-01-31T23:00:00Z'),
    });
    expect(calendarMonthOf(new Date('2026-06-30T21:59:59Z'), 'Europe/Amsterdam')).toEqual({
      start: new Date('2026-05-31T22:00:00Z'),
      end: new Date('2026-06-30T22:00:00Z'),
    });
    // 30 June 22:30 UTC is already 1 July in Amsterdam.
    expect(calendarMonthOf(new Date('2026-06-30T22:30:00Z'), 'Europe/Amsterdam').start).toEqual(new Date('2026-06-30T22:00:00Z'));
    // March: the month starts in winter time and ends in summer time.
    expect(calendarMonthOf(new Date('2026-03-20T12:00:00Z'), 'Europe/Amsterdam')).toEqual({
      start: new Date('2026-02-28T23:00:00Z'),
      end: new Date('2026-03-31T22:00:00Z'),
    });
    expect(calendarMonthOf(new Date('2026-12-20T12:00:00Z'), 'Europe/Amsterdam').end).toEqual(new Date('2026-12-31T23:00:00Z'));
  });
});

describe('the notices of a limit', () => {
  it('say nothing below the share, SHARE from 50 %, FULL at 100 %', () => {
    expect(limitNotice(100_00, 49_99, 50)).toBeNull();
    expect(limitNotice(100_00, 50_00, 50)).toBe('SHARE');
    expect(limitNotice(100_00, 99_99, 50)).toBe('SHARE');
    expect(limitNotice(100_00, 100_00, 50)).toBe('FULL');
    expect(limitNotice(100_00, 120_00, 50)).toBe('FULL');
    expect(limitNotice(100_00, 100_00, undefined)).toBeNull();
  });
});
