/**
 * The server actions' form reading under attack: oversized fields are refused before any parsing
 * (no event-loop stall), forged arguments give a clear form error, and the classic expiry attack
 * ("1", 90,000 spaces, "x") costs nothing.
 */
import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseExpiry } from './card-rules';
import { ANY_FIELD_MAX, MAX_FIELDS, parseActionForm } from './action-form';
import { PAYMENT_ID } from './ids';

const Schema = z.object({
  paymentId: z.string().regex(PAYMENT_ID),
  expiry: z.string().default(''),
  note: z.string().optional(),
});
const form = (entries: Record<string, string | Blob>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.append(name, value);
  return data;
};

describe('parseActionForm', () => {
  it('parses a good form', () => {
    const parsed = parseActionForm(Schema, form({ paymentId: 'pi_1', expiry: '12 / 31' }), { expiry: 16 });
    expect(parsed).toMatchObject({ ok: true, data: { paymentId: 'pi_1', expiry: '12 / 31' } });
  });

  it('refuses a 100 KB field by its length within 50 ms (synchronous: the event loop is held no longer)', () => {
    const attack = `1${' '.repeat(100 * 1024)}x`;
    const start = performance.now();
    const parsed = parseActionForm(Schema, form({ paymentId: 'pi_1', expiry: attack }), { expiry: 16 });
    const elapsed = performance.now() - start;
    expect(parsed).toEqual({ ok: false, problem: 'tooLong', fields: ['expiry'] });
    expect(elapsed).toBeLessThan(50);
  });

  it('lets a field past ANY_FIELD_MAX only where the action names a larger limit for it', () => {
    const Token = z.object({ paymentId: z.string(), walletToken: z.string() });
    const long = 'x'.repeat(ANY_FIELD_MAX + 100);
    expect(parseActionForm(Token, form({ paymentId: 'pi_1', walletToken: long }), { walletToken: 16_384 })).toMatchObject({
      ok: true,
      data: { walletToken: long },
    });
    expect(parseActionForm(Token, form({ paymentId: 'pi_1', walletToken: long }))).toMatchObject({
      ok: false,
      problem: 'tooLong',
      fields: ['walletToken'],
    });
    expect(parseActionForm(Token, form({ paymentId: 'pi_1', walletToken: 'x'.repeat(16_385) }), { walletToken: 16_384 })).toMatchObject({
      ok: false,
      problem: 'tooLong',
    });
  });

  it('refuses any field over ANY_FIELD_MAX, even one the schema does not name', () => {
    expect(parseActionForm(Schema, form({ paymentId: 'pi_1', other: 'x'.repeat(ANY_FIELD_MAX + 1) }))).toMatchObject({
      ok: false,
      problem: 'tooLong',
      fields: ['other'],
    });
  });

  it('answers forged arguments as forged, never throws', () => {
    expect(parseActionForm(Schema, 'not a form')).toEqual({ ok: false, problem: 'forged' });
    expect(parseActionForm(Schema, null)).toEqual({ ok: false, problem: 'forged' });
    expect(parseActionForm(Schema, { paymentId: 'pi_1' })).toEqual({ ok: false, problem: 'forged' });
    expect(parseActionForm(Schema, form({ expiry: '12/31' }))).toEqual({ ok: false, problem: 'forged' });
    expect(parseActionForm(Schema, form({ paymentId: '../../etc' }))).toEqual({ ok: false, problem: 'forged' });
    expect(parseActionForm(Schema, form({ paymentId: 'pi_1', expiry: new Blob(['12/31']) }))).toEqual({ ok: false, problem: 'forged' });
    const many = form({ paymentId: 'pi_1' });
    for (let i = 0; i < MAX_FIELDS; i += 1) many.append(`f${i}`, 'x');
    expect(parseActionForm(Schema, many)).toEqual({ ok: false, problem: 'forged' });
  });
});

describe('the expiry attack of the issue', () => {
  it('"1", 90,000 spaces and "x" is refused in well under a millisecond per call', () => {
    const attack = `1${' '.repeat(90_000)}x`;
    const start = performance.now();
    for (let i = 0; i < 100; i += 1) expect(parseExpiry(attack)).toBeNull();
    expect((performance.now() - start) / 100).toBeLessThan(1);
  });

  it('still reads every accepted form of an expiry', () => {
    for (const text of ['12/31', '12 / 31', ' 1231 ', '12/2031', '1 / 31']) expect(parseExpiry(text), text).not.toBeNull();
    expect(parseExpiry(`12${' '.repeat(20)}/31`)).toBeNull();
  });
});
