/** The pages' Permissions-Policy: who may use the payment and passkey features. */
import { describe, expect, it } from 'vitest';
import { FRAME_ALLOW, permissionsPolicy } from './permissions-policy';
import { acsOrigins } from '@/lib/config';

describe('permissionsPolicy', () => {
  it('a payment page allows itself and the ACS origins, for payment and passkeys alike', () => {
    expect(permissionsPolicy('payment-page', ['https://acs.bank.example', 'http://localhost:3000'])).toBe(
      'payment=(self "https://acs.bank.example" "http://localhost:3000"), ' +
        'publickey-credentials-get=(self "https://acs.bank.example" "http://localhost:3000"), ' +
        'publickey-credentials-create=(self "https://acs.bank.example" "http://localhost:3000")',
    );
  });

  it('leaves out anything that is not a serialized origin (a header cannot carry it), and repeats none', () => {
    const policy = permissionsPolicy('payment-page', [
      'https://acs.example/path',
      'https://a.example',
      'https://a.example',
      '*',
      '"), camera=(*',
      'javascript:alert(1)',
    ]);
    expect(policy).toBe(
      'payment=(self "https://a.example"), publickey-credentials-get=(self "https://a.example"), publickey-credentials-create=(self "https://a.example")',
    );
    expect(policy).not.toContain('camera');
  });

  it('the cashier allows itself and the ACS origins: it shows the challenge a card page hands up to it', () => {
    expect(permissionsPolicy('cashier', ['https://acs.example'])).toBe(
      'payment=(self "https://acs.example"), publickey-credentials-get=(self "https://acs.example"), publickey-credentials-create=(self "https://acs.example")',
    );
  });

  it('the ACS page allows itself only; any other page the Payment Request API alone', () => {
    expect(permissionsPolicy('acs')).toBe('payment=(self), publickey-credentials-get=(self), publickey-credentials-create=(self)');
    expect(permissionsPolicy('other', ['https://acs.example'])).toBe('payment=(self)');
  });

  it('frames delegate the three features to their own origin', () => {
    expect(FRAME_ALLOW).toBe('payment; publickey-credentials-get; publickey-credentials-create');
  });

  it('the ACS origins are the sandbox’s and ACS_ORIGINS', () => {
    const saved = { ...process.env };
    try {
      process.env.SANDBOX_PUBLIC_URL = 'http://127.0.0.1:4000';
      process.env.ACS_ORIGINS = 'https://acs.one.example,https://acs.two.example/';
      expect(acsOrigins()).toEqual(['http://127.0.0.1:4000', 'https://acs.one.example', 'https://acs.two.example']);
    } finally {
      process.env = saved;
    }
  });
});
