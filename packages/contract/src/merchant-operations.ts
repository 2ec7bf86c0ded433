/**
 * The operations of a merchant (docs/design.md): the BIN lookup, its PSP record, a host-to-host transaction, and its hosted checkout settings.
 * Spread into the operations table (operations.ts), in the order of the OpenAPI document.
 */
import { CheckoutSettings, MerchantSettings, MerchantSettingsUpdate, WebhookSecret } from './merchant';
import { BinLookup } from './bin';
import { PspRecord } from './methods';
import { H2hCreateRequest, H2hCreateResponse, H2hWebhook } from './h2h';
import { both, merchantOnly } from './operation-spec';
import type { OperationSpec } from './operation-spec';

export const MERCHANT_OPERATIONS = {
  lookupBin: {
    method: 'GET',
    path: '/public/bin/{bin}',
    summary: 'What the service knows of a card from its first 6 to 8 digits: brands, funding type, issuer country',
    answer: BinLookup,
    answerDescription: 'The BIN',
    idempotent: false,
    extension: true,
    callers: both,
  },
  getPsp: {
    method: 'GET',
    path: '/public/psp/{merchantEnabledPspId}',
    summary: 'A PSP enabled for the merchant (fields: decided by this project)',
    answer: PspRecord,
    answerDescription: 'The PSP',
    idempotent: false,
    extension: false,
    callers: merchantOnly,
  },
  createH2hTransaction: {
    method: 'POST',
    path: '/transaction/h2h/create',
    summary: 'Legacy host-to-host card transaction; the result arrives by webhook',
    request: H2hCreateRequest,
    answer: H2hCreateResponse,
    answerDescription: 'Accepted (answer: decided by this project, docs/design.md)',
    idempotent: true,
    extension: false,
    callers: merchantOnly,
    callbacks: {
      transactionWebhook: {
        '{$request.body#/hookUrl}': {
          post: {
            summary: 'Transaction result, signed with X-Signature: sha256=<hex HMAC-SHA256 of the raw body>',
            request: H2hWebhook,
            responses: 'Any 2xx acknowledges; others are retried after 1, 2, 4, 8, 16 s',
          },
        },
      },
    },
  },
  getCheckoutSettings: {
    method: 'GET',
    path: '/public/merchant/{merchantId}/checkout-settings',
    summary: "The merchant's hosted checkout settings",
    answer: CheckoutSettings,
    answerDescription: 'Settings',
    idempotent: false,
    extension: true,
    callers: both,
  },
  putCheckoutSettings: {
    method: 'PUT',
    path: '/public/merchant/{merchantId}/checkout-settings',
    summary:
      "Sets the merchant's hosted checkout settings (the whole of them: GET, change, PUT) and, when given, its webhook URL; the pages show them within 5 s. 400 for a setting that breaks the schema, a logo that is not https or a data: image, or a webhook URL the service may not reach; 404 for another merchant.",
    request: MerchantSettingsUpdate,
    answer: MerchantSettings,
    answerDescription: 'The settings as stored',
    idempotent: true,
    extension: true,
    callers: merchantOnly,
  },
  rollWebhookSecret: {
    method: 'POST',
    path: '/public/merchant/{merchantId}/webhook-secret',
    summary:
      'Rolls the merchant’s webhook signing secret: a new one signs every delivery from now on (retries included) and is answered once, here; the console shows it too. For a merchant server that sets its own webhook URL (PUT …/checkout-settings) and keeps the secret it rolled. 404 for another merchant.',
    answer: WebhookSecret,
    answerDescription: 'The new secret',
    idempotent: true,
    extension: true,
    callers: merchantOnly,
  },
} as const satisfies Record<string, OperationSpec>;
