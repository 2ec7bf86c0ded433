import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST } from '@/app/api/cashier/[sessionId]/limit-raise/route';

const CHECKOUT = 'https://checkout.test';
const env = { ...process.env };
beforeAll(() => {
  process.env.CHECKOUT_URL = CHECKOUT;
});
afterAll(() => {
  process.env = env;
});

const post = (headers: Record<string, string>, sessionId = 'cs_1') =>
  POST(new Request(`${CHECKOUT}/api/cashier/${sessionId}/limit-raise`, { method: 'POST', headers, body: 'x' }), {
    params: Promise.resolve({ sessionId }),
  });

describe('POST /api/cashier/{sessionId}/limit-raise', () => {
  it('refuses a post from another origin (CSRF), one that is not a multipart form, and one past 5 MB, before any call', async () => {
    const multipart = { 'Content-Type': 'multipart/form-data; boundary=x' };
    expect((await post({ ...multipart, Origin: 'https://evil.example' })).status).toBe(403);
    expect((await post({ ...multipart })).status).toBe(403);
    expect((await post({ 'Content-Type': 'application/x-www-form-urlencoded', Origin: CHECKOUT })).status).toBe(400);
    expect((await post({ ...multipart, Origin: CHECKOUT, 'Content-Length': String(6 * 1024 * 1024) })).status).toBe(413);
    expect((await post({ ...multipart, Origin: CHECKOUT }, 'not an id!')).status).toBe(404);
  });
});
