/**
 * Every detailedStatus the service may return (reference, statusReason) has a message the
 * customer can act on, in all 16 catalogues; fraud and block reasons are never named.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DETAILED_STATUSES } from '@hosted-checkout/contract/enums';
import { REASON_MESSAGES, REASON_OF, reasonKey } from './payment-state';

const catalogues = readdirSync('messages').map(
  (file) => [file, JSON.parse(readFileSync(`messages/${file}`, 'utf8')) as { reasons: Record<string, string> }] as const,
);

describe('decline reasons', () => {
  it('every detailedStatus has a message in every catalogue', () => {
    expect(catalogues).toHaveLength(16);
    for (const status of DETAILED_STATUSES) {
      const key = reasonKey(status, 'DECLINED');
      expect(REASON_MESSAGES, status).toContain(key);
      expect(REASON_OF[status], status).toBe(key);
      for (const [file, catalogue] of catalogues)
        expect(catalogue.reasons[key]?.trim().length, `${file}: reasons.${key} (${status})`).toBeGreaterThan(0);
    }
  });

  it('the card data and fraud reasons the customer can act on are not the generic message', () => {
    for (const status of [
      'CVV_MISMATCH',
      'INVALID_CARD_NUMBER',
      'INVALID_EXPIRY_DATE',
      'INSUFFICIENT_FUNDS',
      'CARD_NOT_SUPPORTED',
      'BANK_ISSUES',
      'DUPLICATE_TRANSACTION',
    ] as const) {
      expect(reasonKey(status, 'DECLINED'), status).not.toBe('generic');
    }
    for (const status of ['FRAUD_SCORE_ABOVE_THRESHOLD', 'BLACKLISTED', 'MARKED_AS_FRAUD', 'BLOCKED_CUSTOMER'] as const) {
      expect(reasonKey(status, 'DECLINED')).toBe('NOT_ACCEPTED');
    }
    for (const [, catalogue] of catalogues) expect(catalogue.reasons.NOT_ACCEPTED).not.toMatch(/fraud|blacklist/i);
  });

  it('a timeout without a reason reads as a timeout, anything else unknown as the generic message', () => {
    expect(reasonKey(undefined, 'TIMEOUT')).toBe('TRANSACTION_TIMEOUT');
    expect(reasonKey(undefined, 'DECLINED')).toBe('generic');
    expect(reasonKey('NOT_A_STATUS' as never, 'DECLINED')).toBe('generic');
  });
});

describe('decline reasons as a card-testing oracle', async () => {
  const { shownDeclineReason } = await import('@/lib/checkout/payment-pages/card-outcome');
  it('names the reason of a pay-in’s first decline only', () => {
    expect(shownDeclineReason('INSUFFICIENT_FUNDS', 2)).toBe(reasonKey('INSUFFICIENT_FUNDS', 'DECLINED'));
    expect(shownDeclineReason('CVV_INVALID', 1)).toBe('CARD_DECLINED');
    expect(shownDeclineReason('CARD_EXPIRED', 0)).toBe('CARD_DECLINED');
    expect(shownDeclineReason('CARD_EXPIRED', undefined)).toBe('CARD_DECLINED');
  });
});
