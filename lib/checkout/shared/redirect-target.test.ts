/** The service's redirectUrl is followed only when it is https (or local http in test mode). */
import { afterEach, describe, expect, it } from 'vitest';
import { safeRedirectTarget } from './redirect-target';

afterEach(() => {
  delete process.env.PAYMENTS_API_BASE_URL;
  delete process.env.PAYMENTS_API_TOKEN;
});

describe('safeRedirectTarget', () => {
  it('follows https, and in test mode http to loopback or this checkout', () => {
    expect(safeRedirectTarget('https://acs.issuer.example/challenge?id=1')).toBe('https://acs.issuer.example/challenge?id=1');
    expect(safeRedirectTarget('http://localhost:3000/sandbox/3ds/pi_1')).toBe('http://localhost:3000/sandbox/3ds/pi_1');
    expect(safeRedirectTarget('http://127.0.0.1:3000/sandbox/3ds/pi_1')).toBe('http://127.0.0.1:3000/sandbox/3ds/pi_1');
    expect(safeRedirectTarget('http://checkout.test/sandbox/3ds/pi_1')).toBe('http://checkout.test/sandbox/3ds/pi_1');
  });

  it('never follows other schemes, credentials, or plain http elsewhere', () => {
    for (const raw of [
      'javascript:alert(1)',
      'data:text/html,hi',
      'http://acs.issuer.example/x',
      'https://user:pw@acs.example/',
      'not a url',
      '//evil.example/',
    ]) {
      expect(safeRedirectTarget(raw), raw).toBeNull();
    }
  });

  it('live (a real service’s credential): no http at all, not even loopback', () => {
    process.env.PAYMENTS_API_BASE_URL = 'https://api.psp.example';
    process.env.PAYMENTS_API_TOKEN = 'live_1';
    expect(safeRedirectTarget('http://localhost:3000/sandbox/3ds/pi_1')).toBeNull();
    expect(safeRedirectTarget('https://acs.issuer.example/')).toBe('https://acs.issuer.example/');
  });
});

describe('a sandbox on its own origin (SANDBOX_PUBLIC_URL)', () => {
  afterEach(() => {
    delete process.env.SANDBOX_PUBLIC_URL;
  });

  it('follows its http ACS in test mode (the sandbox answers that address: packages/sandbox/service/payins/three-ds.test.ts)', () => {
    process.env.SANDBOX_PUBLIC_URL = 'http://sandbox.internal:4000';
    expect(safeRedirectTarget('http://sandbox.internal:4000/sandbox/3ds/pi_1')).toBe('http://sandbox.internal:4000/sandbox/3ds/pi_1');
  });
});
