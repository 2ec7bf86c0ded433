/**
 * A settled status page sends only its own view's texts; a view that polls sends them all.
 */
import { describe, expect, it } from 'vitest';
import type { PaymentStatusText } from './payment-status';
import { settledStatusText } from './settled-status-text';
import { statusSnapshot } from './status-snapshot';

const text: PaymentStatusText = {
  authentication: { frictionless: 'Approved without asking.', lowValue: 'Small amount.' },
  views: {
    form: 'Waiting.',
    retry: 'Declined: {reason}',
    processing: 'Processing.',
    challenge: 'Your bank.',
    success: 'Paid.',
    failed: 'Not paid: {reason}',
    waiting: 'Merchant.',
    rejected: 'Rejected.',
  },
  reasons: { CARD_DECLINED: 'declined.', PSP_ISSUES: 'provider.', TRANSACTION_TIMEOUT: 'too long.', generic: 'not completed.' },
  timeoutHelp: 'Nothing was charged.',
  stillWaiting: 'Still waiting.',
  returnToMerchant: 'Return to merchant',
  tryAnotherCard: 'Try another card',
  redirecting: 'Returning you…',
  continueChallenge: 'Continue with your bank',
};

describe('settledStatusText', () => {
  it('gives a paid pay-in its own view, the return link and nothing else', () => {
    const settled = settledStatusText(text, 'payin', statusSnapshot({ type: 'payin', status: 'SUCCESS', attemptsRemaining: 0 }));
    expect(settled).toEqual({
      views: { success: 'Paid.' },
      reasons: {},
      timeoutHelp: '',
      stillWaiting: '',
      returnToMerchant: 'Return to merchant',
      tryAnotherCard: '',
      redirecting: 'Returning you…',
      continueChallenge: '',
      authentication: {},
    });
    // With its 3-D Secure sentence: that one alone.
    const exempted = statusSnapshot({ type: 'payin', status: 'SUCCESS', attemptsRemaining: 0, authentication: 'lowValue' });
    expect(settledStatusText(text, 'payin', exempted).authentication).toEqual({ lowValue: 'Small amount.' });
  });

  it('gives a final decline its reason, and a timed-out pay-in its help', () => {
    const declined = statusSnapshot({ type: 'payin', status: 'DECLINED', attemptsRemaining: 0, detailedStatus: 'PSP_ISSUES' });
    const settled = settledStatusText(text, 'payin', declined);
    expect(settled.views).toEqual({ failed: 'Not paid: {reason}' });
    expect(settled.reasons).toEqual({ PSP_ISSUES: 'provider.' });
    expect(settled.timeoutHelp).toBe('');
    const timedOut = statusSnapshot({ type: 'payin', status: 'TIMEOUT', attemptsRemaining: 0 });
    expect(settledStatusText(text, 'payin', timedOut).timeoutHelp).toBe('Nothing was charged.');
  });

  it('gives every text to a view that polls or offers another try', () => {
    for (const snapshot of [
      statusSnapshot({ type: 'payin', status: 'PROCESSING', attemptsRemaining: 3 }),
      statusSnapshot({ type: 'payin', status: 'DECLINED', attemptsRemaining: 2, detailedStatus: 'CARD_DECLINED' }),
      statusSnapshot({ type: 'payout', status: 'WAITING_FOR_CONFIRMATION', attemptsRemaining: 0 }),
    ]) {
      expect(settledStatusText(text, snapshot.status === 'WAITING_FOR_CONFIRMATION' ? 'payout' : 'payin', snapshot)).toBe(text);
    }
  });
});
