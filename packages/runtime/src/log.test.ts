import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { maskPans, sanitizeForLog } from './log';

describe('log sanitizing', () => {
  it('redacts card keys at any depth', () => {
    const sanitized = sanitizeForLog({
      body: { cardData: { cardNumber: '4242424242424242', cvv: '123', cardHolderName: 'Ada' } },
      list: [{ pan: '1' }, { cardCvv: '999' }],
    });
    expect(sanitized).toEqual({
      body: { cardData: { cardNumber: '[redacted]', cvv: '[redacted]', cardHolderName: 'Ada' } },
      list: [{ pan: '[redacted]' }, { cardCvv: '[redacted]' }],
    });
  });

  it("redacts a customer's national id (a CPR, a CPF: too short for the card number net) at any depth", () => {
    const body = {
      customer: { externalUserId: 'u1', kyc: { idType: 'CPF', idCountry: 'BR', idNumber: '123.456.789-09' } },
      list: [{ kyc: { idType: 'CPR', idCountry: 'DK', idNumber: '0101801010' } }],
      additionalData: { methodId: 'pix', cpf: '52998224725' },
    };
    expect(sanitizeForLog({ body })).toEqual({
      body: {
        customer: { externalUserId: 'u1', kyc: { idType: 'CPF', idCountry: 'BR', idNumber: '[redacted]' } },
        list: [{ kyc: { idType: 'CPR', idCountry: 'DK', idNumber: '[redacted]' } }],
        additionalData: { methodId: 'pix', cpf: '[redacted]' },
      },
    });
  });

  it('redacts wallet tokens: they stand for a card', () => {
    const googlePayToken = JSON.stringify({
      protocolVersion: 'ECv2',
      signedMessage: Buffer.from('{"pan":"4111111111111111"}').toString('base64'),
    });
    expect(
      sanitizeForLog({
        body: { wallet: { type: 'GOOGLE_PAY', token: googlePayToken } },
        form: { walletToken: 'sbw1.x.y' },
        details: { token: { paymentData: { data: 'x' } } },
      }),
    ).toEqual({
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

  it('never logs a request’s raw headers, and cuts a client’s long text', () => {
    const out = sanitizeForLog({
      request: { headers: { origin: 'x'.repeat(20_000), cookie: 'secret' }, rawHeaders: ['a'] },
      cookie: 'c',
      note: 'y'.repeat(20_000),
    }) as {
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

describe('maskPans at the edges of a run', () => {
  it('masks a card number next to other digit groups (a quantity before it, an expiry after it)', () => {
    // Before: the run was cut at 19 digits from its start, so neither card was found.
    expect(maskPans('qty 2 4242 4242 4242 4242 exp')).toBe('qty 2 424242******4242 exp');
    expect(maskPans('card 4242 4242 4242 4242 1226')).toBe('card 424242******4242 1226');
    expect(maskPans('x-forwarded-host: 4000-0000-0000-3220-77')).toBe('x-forwarded-host: 400000******3220-77');
    expect(maskPans('a 5555555555554444, b 4242424242424242')).toBe('a 555555******4444, b 424242******4242');
  });

  it('leaves a run of more than 19 digits without group breaks alone (no card number is that long)', () => {
    expect(maskPans('id 42424242424242424242424242')).toBe('id 42424242424242424242424242');
  });

  it('is linear: a megabyte of digits, of spaced digits and of text takes milliseconds', () => {
    for (const text of ['7'.repeat(1_000_000), '1 '.repeat(500_000), 'a'.repeat(1_000_000), '1-1 '.repeat(250_000)]) {
      const started = performance.now();
      maskPans(text);
      expect(performance.now() - started, text.slice(0, 8)).toBeLessThan(2_000);
    }
  });
});

describe('maskPansInOutput, from outside: a child process writes card numbers to its console and streams', () => {
  it('masks console.error/warn/log/info and raw stdout/stderr writes, strings and buffers, and nothing else', () => {
    const script = `
      const { maskPansInOutput } = require(${JSON.stringify(path.resolve('packages/runtime/src/log.ts'))});
      maskPansInOutput();
      console.error("x-forwarded-host header with value 4242424242424242 does not match");
      console.warn('warn', { card: '5555 5555 5555 4444' });
      console.log('log 4000-0000-0000-3220');
      console.info('info %s', '378282246310005');
      process.stdout.write(Buffer.from('buffer 4242424242424242\\n'));
      process.stderr.write('plain 1234567890123 2026-11-21\\n');
      process.stdout.write('6869', 'hex');
    `;
    // The react-server condition, as the server runs it: config.ts is `server-only`.
    const run = spawnSync(process.execPath, ['--conditions=react-server', '--import', 'tsx', '-e', script], {
      encoding: 'utf8',
      env: { ...process.env, LOG_LEVEL: 'silent' },
      timeout: 60_000,
    });
    const output = run.stdout + run.stderr;
    expect(run.status, output).toBe(0);
    expect(output).toContain('424242******4242');
    expect(output).toContain('555555******4444');
    expect(output).toContain('400000******3220');
    expect(output).toContain('378282*****0005');
    expect(output).toContain('buffer 424242******4242');
    expect(output).not.toMatch(/4242424242424242|5555 5555 5555 4444|4000-0000-0000-3220|378282246310005/);
    // Numbers that are not card numbers, and text in another encoding, pass unchanged.
    expect(output).toContain('plain 1234567890123 2026-11-21');
    expect(run.stdout).toContain('hi');
  }, 60_000);
});
