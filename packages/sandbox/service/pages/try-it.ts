/**
 * The first minute of a newcomer (the home page's "try it" buttons): one press creates a test
 * pay-in, a cashier session or a session for the withdrawal widget with a seeded merchant, through
 * the sandbox's public API as a merchant's server would (console-form.ts's client), and answers
 * where to send the browser: the pay-in's card page, the cashier's launch address (the secret
 * only in a Location, as a merchant's launch redirect does), or the console's merchant page on
 * the checkout's twin origin framing the widget.
 */
import { randomUUID } from 'node:crypto';
import { checkoutUrl, twinOrigin } from '@/lib/config';
import { api, customer, failure, returnUrls } from './console-form';

/** What a "try it" press opens. */
export type TryIt = 'payin' | 'cashier' | 'widget';
export const TRY_ITS: readonly TryIt[] = ['payin', 'cashier', 'widget'];

/** The merchants the buttons use: the demo shop for a pay-in, the casino (limits, fees, safer gambling) for the cashier. */
const DEMO = 'sbx_demo_merchant';
const CASINO = 'sbx_casino_merchant';

/** Creates what `kind` opens and answers the address to send the browser to. Throws an Error naming the service's refusal. */
export async function tryIt(kind: TryIt): Promise<string> {
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
    return answer.data.iframeUrls.card;
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
  if (kind === 'cashier') return answer.data.checkoutUrl;
  const widgetUrl = answer.data.widgetUrl;
  if (!widgetUrl) throw new Error('the test cashier session has no widget address');
  const origin = new URL(checkoutUrl()).origin;
  return `${twinOrigin(origin) ?? origin}/sandbox/embed?src=${encodeURIComponent(widgetUrl)}`;
}
