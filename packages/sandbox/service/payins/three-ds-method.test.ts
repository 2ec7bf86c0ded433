/**
 * The issuer's 3DS Method through the sandbox's router, answers checked against the OpenAPI document:
 * a Method card answers `threeDSMethod` (URL and data naming the checkout's notification URL),
 * the report moves it on (frictionless SUCCESS, or the challenge), the indicator is recorded, a
 * report out of turn is 409, the same report twice answers once, and the Method page's inputs
 * are checked (a notification URL that is not the checkout's is refused).
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { contractCall as api } from '@sandbox/testing/sandbox-http';
import { cardRequest, createTestPayin } from '@sandbox/testing/sandbox-fixtures';
import { checkoutUrl } from '@hosted-checkout/runtime/config';
import { eq } from 'drizzle-orm';
import { payins } from '@sandbox/db/schema';
import { sandboxDb } from '../core/store';
import { isCheckoutNotification, methodPageHtml, readMethodData } from '../pages/method-page';

const CHECKOUT = 'sbx_checkout';

const payin = () => createTestPayin({ amount: 10, prefix: 'm', key: true });

const pay = (id: string, cardNumber: string) =>
  api('POST', `/public/payin/${id}/process/card`, { token: CHECKOUT, key: randomUUID(), body: cardRequest(cardNumber) });
const report = (id: string, threeDSCompInd: string, key: string = randomUUID()) =>
  api('POST', `/public/payin/${id}/process/3ds-method`, { token: CHECKOUT, key, body: { threeDSCompInd } });

beforeAll(async () => {
  await sandboxDb();
});

describe('3DS Method', () => {
  it('a Method card asks for the Method, then pays frictionless and records the indicator', async () => {
    const id = await payin();
    const first = await pay(id, '4000003100003066');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ status: 'PENDING_3DS' });
    expect(first.body.redirectUrl).toBeUndefined();
    const method = first.body.threeDSMethod as { url: string; data: string };
    expect(method.url).toMatch(new RegExp(`/sandbox/3ds/${id}/method$`));
    const data = readMethodData(method.data);
    expect(data?.notificationUrl).toBe(`${checkoutUrl()}/api/payments/payin/${id}/3ds-method`);
    const done = await report(id, 'Y');
    expect(done.body).toMatchObject({ paymentId: id, status: 'SUCCESS' });
    expect((await api('GET', `/public/payin/${id}`)).body).toMatchObject({ status: 'SUCCESS', threeDSCompInd: 'Y' });
  });

  it('the timeout card continues with N; the challenge card goes on to the ACS', async () => {
    const late = await payin();
    expect((await pay(late, '4000003200003065')).body.threeDSMethod).toBeDefined();
    expect((await report(late, 'N')).body.status).toBe('SUCCESS');
    expect((await api('GET', `/public/payin/${late}`)).body.threeDSCompInd).toBe('N');

    const challenged = await payin();
    expect((await pay(challenged, '4000003300003064')).body.threeDSMethod).toBeDefined();
    const next = await report(challenged, 'Y');
    expect(next.body).toMatchObject({
      status: 'PENDING_3DS',
      redirectUrl: expect.stringMatching(new RegExp(`/sandbox/3ds/${challenged}$`)),
    });
    expect(next.body.threeDSMethod).toBeUndefined();
  });

  it('a report out of turn is 409, a bad indicator 400, and the same report twice has one effect', async () => {
    const plain = await payin();
    expect((await report(plain, 'Y')).status).toBe(409);
    await pay(plain, '4242424242424242');
    expect((await report(plain, 'Y')).body.errorKey).toBe('INVALID_STATE');

    const id = await payin();
    await pay(id, '4000003300003064');
    expect((await report(id, 'maybe')).status).toBe(400);
    const key = randomUUID();
    const [a, b] = await Promise.all([report(id, 'Y', key), report(id, 'Y', key)]);
    expect(a.body).toEqual(b.body);
    // Another report, another key: the Method is over.
    expect((await report(id, 'Y')).status).toBe(409);
  });

  it('a Method nobody reports within 30 s goes on as N (the page was closed)', async () => {
    const id = await payin();
    await pay(id, '4000003300003064');
    const db = await sandboxDb();
    await db
      .update(payins)
      .set({ pendingUntil: new Date(Date.now() - 1000) })
      .where(eq(payins.id, id));
    // The challenge card moves on to its challenge, with a challenge's time to answer.
    const after = (await api('GET', `/public/payin/${id}`)).body;
    expect(after).toMatchObject({ status: 'PENDING_3DS', threeDSCompInd: 'N' });
    const [row] = await db.select().from(payins).where(eq(payins.id, id));
    expect(row!.pendingUntil!.getTime()).toBeGreaterThan(Date.now() + 5 * 60_000);
    expect((await report(id, 'Y')).status).toBe(409);
  });

  it('the no-Method challenge card is unchanged: redirectUrl at once', async () => {
    const id = await payin();
    const answer = await pay(id, '4000000000003220');
    expect(answer.body.redirectUrl).toMatch(/\/sandbox\/3ds\//);
    expect(answer.body.threeDSMethod).toBeUndefined();
  });

  it('the BIN lookup says which ranges have a Method', async () => {
    expect((await api('GET', '/public/bin/40000031', { token: CHECKOUT })).body.threeDSMethod).toBe(true);
    expect((await api('GET', '/public/bin/42424242', { token: CHECKOUT })).body.threeDSMethod).toBe(false);
  });
});

describe('the Method page', () => {
  const data = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const id = randomUUID();

  it('reads only well-formed Method data', () => {
    expect(readMethodData(data({ threeDSServerTransID: id, threeDSMethodNotificationURL: 'https://x.example/n' }))).toEqual({
      serverTransId: id,
      notificationUrl: 'https://x.example/n',
    });
    for (const bad of [
      null,
      '',
      '!!',
      'a'.repeat(3000),
      data({ threeDSServerTransID: 'x', threeDSMethodNotificationURL: 'https://x' }),
      data({ threeDSServerTransID: id }),
      Buffer.from('not json').toString('base64url'),
    ]) {
      expect(readMethodData(bad as string | null)).toBeNull();
    }
  });

  it("forwards only to the checkout's own notification URL of that pay-in", () => {
    const own = `${checkoutUrl()}/api/payments/payin/pi_1/3ds-method`;
    expect(isCheckoutNotification(own, 'pi_1')).toBe(true);
    expect(isCheckoutNotification(own, 'pi_2')).toBe(false);
    expect(isCheckoutNotification(`${own}?next=https://evil.example`, 'pi_1')).toBe(false);
    expect(isCheckoutNotification('https://evil.example/api/payments/payin/pi_1/3ds-method', 'pi_1')).toBe(false);
    expect(isCheckoutNotification('javascript:alert(1)', 'pi_1')).toBe(false);
  });

  it('escapes what it writes and posts only when the card answers', () => {
    const html = methodPageHtml({ notificationUrl: 'https://a.example/"><script>', serverTransId: id, answers: false, nonce: 'n' });
    expect(html).not.toContain('"><script>');
    expect(html).not.toContain('<script');
    expect(methodPageHtml({ notificationUrl: 'https://a.example/', serverTransId: id, answers: true, nonce: 'n' })).toContain(
      '<script nonce="n">',
    );
  });
});
