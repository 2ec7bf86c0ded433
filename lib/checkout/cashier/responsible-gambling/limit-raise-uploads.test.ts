import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

// The browser holds every session; the service answers a German EUR session and waits on each request until released.
const releases: (() => void)[] = [];
const calls = { getSession: 0, requestLimitRaise: 0 };
vi.mock('@/lib/checkout/shared/holding', () => ({ refuseUnlessHolder: () => Promise.resolve(null) }));
vi.mock('@/lib/payments-api/client', () => ({
  paymentsApi: {
    getSession: () => {
      calls.getSession += 1;
      return Promise.resolve({ currency: 'EUR', responsibleGambling: { monthlyCeiling: 1000 } });
    },
    requestLimitRaise: () => {
      calls.requestLimitRaise += 1;
      return new Promise<void>((resolve) => releases.push(() => resolve()));
    },
  },
  PaymentsApiError: { is: () => false },
}));
const { POST } = await import('@/app/api/cashier/[sessionId]/limit-raise/route');
const { LIMIT_RAISE_UPLOADS_MAX } = await import('@/lib/checkout/cashier/responsible-gambling/limit-raise-form');

const CHECKOUT = 'https://checkout.test';
const env = { ...process.env };
beforeAll(() => {
  process.env.CHECKOUT_URL = CHECKOUT;
});
afterAll(() => {
  process.env = env;
});

/** A post of the form with a 1 MiB PDF, from the cashier's page. */
function post(sessionId: string): Promise<Response> {
  const form = new FormData();
  form.set('income', '5000');
  form.set('ceiling', '2000');
  form.set('numberLocale', 'en');
  const pdf = new Uint8Array(1024 * 1024);
  pdf.set([0x25, 0x50, 0x44, 0x46, 0x2d]);
  form.set('document', new File([pdf], 'assessment.pdf', { type: 'application/pdf' }));
  return POST(
    new Request(`${CHECKOUT}/api/cashier/${sessionId}/limit-raise`, { method: 'POST', headers: { Origin: CHECKOUT }, body: form }),
    {
      params: Promise.resolve({ sessionId }),
    },
  );
}

/** Waits until `count` posts have reached the service (each then holds its slot until released). */
const sent = (count: number) => vi.waitFor(() => expect(calls.requestLimitRaise).toBe(count), { timeout: 10_000, interval: 10 });

describe('POST /api/cashier/{sessionId}/limit-raise, many at once', () => {
  it('holds one upload per session and a few in all, refusing the rest before their bodies are read', async () => {
    const first = post('cs_1');
    await sent(1);
    // The same session again while its upload is on its way: told it is waiting, its document not read.
    const again = await post('cs_1');
    expect(again.status).toBe(303);
    expect(again.headers.get('location')).toContain('limitRaiseError=pending');
    expect(calls.getSession).toBe(1);
    // Other sessions up to the process's bound; past it, 503 with Retry-After.
    const others = Array.from({ length: LIMIT_RAISE_UPLOADS_MAX - 1 }, (_, i) => post(`cs_${i + 2}`));
    await sent(LIMIT_RAISE_UPLOADS_MAX);
    const past = await post('cs_99');
    expect(past.status).toBe(503);
    expect(past.headers.get('retry-after')).toBe('5');
    expect(calls.getSession).toBe(LIMIT_RAISE_UPLOADS_MAX);
    // Released, every slot is free again.
    releases.splice(0).forEach((release) => release());
    for (const answer of await Promise.all([first, ...others])) expect(answer.headers.get('location')).toContain('limitRaise=sent');
    const later = post('cs_1');
    await sent(LIMIT_RAISE_UPLOADS_MAX + 1);
    releases.splice(0).forEach((release) => release());
    expect((await later).headers.get('location')).toContain('limitRaise=sent');
  });
});
