import { describe, expect, it } from 'vitest';
import { maskPans, sanitizeForLog } from './log';

describe('log sanitizing', () => {
  it('redacts card keys at any depth', () => {
    const sanitized = sanitizeForLog({ body: { cardData: { cardNumber: '4242424242424242', cvv: '123', cardHolderName: 'Ada' } }, list: [{ pan: '1' }, { cardCvv: '999' }] });
    expect(sanitized).toEqual({
      body: { cardData: { cardNumber: '[redacted]', cvv: '[redacted]', cardHolderName: 'Ada' } },
      list: [{ pan: '[redacted]' }, { cardCvv: '[redacted]' }],
    });
  });

  it('redacts wallet tokens (E21): they stand for a card', () => {
    const googlePayToken = JSON.stringify({ protocolVersion: 'ECv2', signedMessage: Buffer.from('{"pan":"4111111111111111"}').toString('base64') });
    expect(sanitizeForLog({ body: { wallet: { type: 'GOOGLE_PAY', token: googlePayToken } }, form: { walletToken: 'sbw1.x.y' }, details: { token: { paymentData: { data: 'x' } } } })).toEqual({
      body: { wallet: { type: 'GOOGLE_PAY', token: '[redacted]' } },
      form: { walletToken: '[redacted]' },
      details: { token: '[redacted]' },
    });
  });

  it('masks Luhn-valid digit runs of 13 to 19 digits in any text, spaced or not', () => {
    expect(maskPans('card 4242424242424242 used')).toBe('card 424242******4242 used');
    expect(maskPans('card 4242 4242 4242 4242.')).toBe('card 424242******4242.');
    expect(maskPans('amex 378282246310005')).toBe('amex 378282*****0005');
  });

  it('leaves other numbers alone', () => {
    expect(maskPans('order 1234567890123 and 4242424242424241')).toBe('order 1234567890123 and 4242424242424241');
    expect(maskPans('amount 2550 at 2026-11-21')).toBe('amount 2550 at 2026-11-21');
  });

  it('masks inside error messages and stacks', () => {
    const out = sanitizeForLog(new Error('bad card 4000000000000002')) as { message: string };
    expect(out.message).toBe('bad card 400000******0002');
  });

  it('never logs a request’s raw headers, and cuts a client’s long text (issue 20, finding 9)', () => {
    const out = sanitizeForLog({ request: { headers: { origin: 'x'.repeat(20_000), cookie: 'secret' }, rawHeaders: ['a'] }, cookie: 'c', note: 'y'.repeat(20_000) }) as {
      request: Record<string, unknown>;
      cookie: string;
      note: string;
    };
    expect(out.request).toEqual({ headers: '[redacted]', rawHeaders: '[redacted]' });
    expect(out.cookie).toBe('[redacted]');
    expect(out.note.length).toBeLessThan(4200);
    expect(JSON.stringify(out).length).toBeLessThan(5000);
  });
});
