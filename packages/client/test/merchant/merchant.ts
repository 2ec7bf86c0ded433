/**
 * A TypeScript merchant: pack.test.ts type-checks it with tsc against the installed package's
 * declarations alone (in the repository it checks against the package's source, through the
 * `paths` of tsconfig.json). Never run.
 */
import {
  createPaymentsClient,
  must,
  verifyWebhook,
  type CheckoutMessage,
  type components,
  type WebhookEvent,
} from '@hosted-checkout/client';

const api = createPaymentsClient({ baseUrl: 'http://127.0.0.1:9/api', token: 'sbx_demo_merchant' });

export async function cardPage(): Promise<string> {
  const body: components['schemas']['PayinCreateRequest'] = {
    orderId: 'order-1001',
    amount: 25.5,
    currency: 'EUR',
    kycVerified: false,
    previousTransactionCount: 0,
    customer: {
      externalUserId: 'user-42',
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      phoneNumber: '+442071234567',
      dateOfBirth: '1990-12-10',
      billing: { address: '1 Main Street', city: 'London', state: 'London', countryCode: 'GB', postalCode: 'N1 1AA' },
    },
    returnUrls: { success: 'https://shop.example/paid', failure: 'https://shop.example/not-paid' },
  };
  const created = must(await api.POST('/public/payin', { body }), 'create the pay-in');
  return created.iframeUrls.card;
}

export async function notAPath(): Promise<void> {
  // @ts-expect-error: not a path of the API
  await api.POST('/public/no-such-path', {});
}

export function paidAmount(raw: string, headers: Record<string, string>, secret: string): number | undefined {
  const event: WebhookEvent = verifyWebhook(raw, headers, secret);
  if (event.type !== 'payin.status_changed') return undefined;
  return 'amount' in event.data.object ? event.data.object.amount : undefined; // a pay-in's amount; a payout has a value
}

export const frameHeight = (message: CheckoutMessage): number | undefined => (message.type === 'resize' ? message.height : undefined);
