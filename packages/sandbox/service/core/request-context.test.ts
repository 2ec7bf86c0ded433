/** The request context: what it takes from the headers, and the per-request merchant memo. */
import { beforeAll, describe, expect, it } from 'vitest';
import { SandboxApiError } from './api-error';
import { clientMetadata, merchantConfig, requestContext } from './request-context';
import { cvvFitsBrand } from '@hosted-checkout/contract/card-rules';
import { sandboxDb } from './store';

beforeAll(async () => {
  await sandboxDb();
});

describe('requestContext', () => {
  it('takes the socket’s X-Forwarded-For entry (the last, with no trusted proxy), the User-Agent and the direct-link headers', () => {
    const ctx = requestContext(
      new Request('http://localhost/sandbox/api/public/payin', {
        headers: {
          'x-forwarded-for': '203.0.113.9, 10.0.0.1',
          'user-agent': 'curl/8',
          'x-user-agent': 'Mozilla/5.0 (iPhone) Mobile',
          'x-ip-address': '198.51.100.4',
        },
      }),
    );
    expect(ctx).toEqual({
      checkoutUrl: 'http://checkout.test',
      sandboxUrl: 'http://checkout.test',
      ip: '10.0.0.1',
      userAgent: 'curl/8',
      customerUserAgent: 'Mozilla/5.0 (iPhone) Mobile',
      customerIp: '198.51.100.4',
    });
    expect(clientMetadata(ctx.customerIp, ctx.customerUserAgent)).toEqual({ ipAddress: '198.51.100.4', deviceType: 'MOBILE' });
    const forged = requestContext(new Request('http://localhost/', { headers: { 'x-ip-address': '1.2.3.4; DROP TABLE' } }));
    expect(forged.customerIp).toBeUndefined();
  });
});

describe('merchantConfig', () => {
  it('loads a merchant once per request context, and again for another request', async () => {
    const db = await sandboxDb();
    const ctx = requestContext(new Request('http://localhost/'));
    const first = await merchantConfig(db, 'merchant-demo', ctx);
    expect(first.displayName).toBe('Demo Shop');
    expect(await merchantConfig(db, 'merchant-demo', ctx)).toBe(first);
    expect(await merchantConfig(db, 'merchant-demo', requestContext(new Request('http://localhost/')))).not.toBe(first);
    expect(await merchantConfig(db, 'merchant-demo')).not.toBe(first);
  });

  it('is 404 for an unknown merchant, and does not remember the miss', async () => {
    const db = await sandboxDb();
    const ctx = requestContext(new Request('http://localhost/'));
    await expect(merchantConfig(db, 'merchant-nope', ctx)).rejects.toBeInstanceOf(SandboxApiError);
    await expect(merchantConfig(db, 'merchant-nope', ctx)).rejects.toMatchObject({ key: 'NOT_FOUND' });
  });
});

describe('cvvFitsBrand (saved cards)', () => {
  it("uses card-validator's brand table by the stored brand name", () => {
    expect(cvvFitsBrand('American Express', '1234')).toBe(true);
    expect(cvvFitsBrand('American Express', '123')).toBe(false);
    expect(cvvFitsBrand('Visa', '123')).toBe(true);
    expect(cvvFitsBrand('Visa', '1234')).toBe(false);
    expect(cvvFitsBrand('Mastercard', '12a')).toBe(false);
    expect(cvvFitsBrand('Unknown', '1234')).toBe(true);
  });
});
