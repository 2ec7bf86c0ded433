/**
 * The first minute of a newcomer (the home page's "try it" buttons): one press creates a test
 * pay-in, a cashier session or a session for the withdrawal widget with a seeded merchant, through
 * the sandbox's public API as a merchant's server would (console-form.ts's client), and answers
 * where to send the browser: the pay-in's card page, the cashier's launch address (the secret
 * only in a Location, as a merchant's launch redirect does), or the demo shop's account page
 * (demo-shop.ts), with the shop's login cookie, whose frame is the shop's own launch redirect:
 * no launch address is ever in the shop's page.
 */
import { randomUUID } from 'node:crypto';
import { api, customer, failure, returnUrls } from './console-form';
import { SHOP_MERCHANT_TOKEN, SHOP_PATH, shopLoginCookie } from './demo-shop';

/** What a "try it" press opens. */
export type TryIt = 'payin' | 'cashier' | 'widget';
export const TRY_ITS: readonly TryIt[] = ['payin', 'cashier', 'widget'];

/** The merchants the buttons use: the demo merchant for a pay-in, the casino (limits, fees, safer gambling; demo-shop.ts's merchant) for the cashier and the widget. */
const DEMO = 'sbx_demo_merchant';
const CASINO = SHOP_MERCHANT_TOKEN;

/**
 * Creates what `kind` opens and answers where to send the browser (`location`) and, for the
 * widget, the demo shop's login (`setCookie`). Throws an Error naming the service's refusal.
 */
export async function tryIt(kind: TryIt): Promise<{ location: string; setCookie?: string }> {
  if (kind === 'payin') {
    const answer = await api(DEMO).POST('/public/payin', {
      body: {
        orderId: `try-${randomUUID()}`,
        amount: 25,
        currency: 'EUR',
        kycVerified: true,
        previousTransactionCount: 0,
        customer: customer(DEMO),
        returnUrls: returnUrls(),
      },
    });
    if (!answer.data) throw new Error(`the test pay-in was refused: ${failure(answer)}`);
    return { location: answer.data.iframeUrls.card };
  }
  const answer = await api(CASINO).POST('/public/cashier/session', {
    body: {
      customer: { ...customer(CASINO), externalUserId: `try-${randomUUID()}` },
      returnUrls: returnUrls(),
      currency: 'EUR',
      kycVerified: true,
      previousTransactionCount: 0,
      balance: 100,
    },
  });
  if (!answer.data) throw new Error(`the test cashier session was refused: ${failure(answer)}`);
  if (kind === 'cashier') return { location: answer.data.checkoutUrl };
  // The shop asks for a new launch address when its page frames it: this one is never used.
  return { location: SHOP_PATH, setCookie: await shopLoginCookie(answer.data.sessionId) };
}
