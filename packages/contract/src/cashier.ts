/**
 * Cashier sessions (reference, "Cashier") with their extensions (docs/design.md, section 3):
 * the session read, a deposit or withdrawal in it, its transactions and its balance update.
 */
import { z } from 'zod';
import { CurrencyCode, Customer, IframeUrls, MajorAmount, ReturnUrls } from './common';
import { PayinCreateResponse } from './payin';
import { PayoutCreateResponse } from './payout';
import { PayinStatus, PayoutStatus } from './enums';
import { ResponsibleGambling } from './responsible-gambling/schemas';
import { BankAccountChoice } from './bank-withdrawals';
import { PayNPlayState } from './pay-n-play';

/** The widget's "deposit again": the customer's last paid card deposit in the session currency with a card still saved. */
export const DepositAgain = z
  .object({
    payinId: z.string(),
    amount: z.number().meta({ description: 'What was deposited, without its fee.' }),
    cardId: z.string(),
    cardMask: z.string(),
    cardBrand: z.string(),
  })
  .meta({ id: 'DepositAgain', 'x-extension': true });
export type DepositAgain = z.infer<typeof DepositAgain>;

/** The merchant's own reference of a cashier session: opaque text, as an orderId is (1 to 128 characters, trimmed). */
export const MERCHANT_REFERENCE_MAX = 128;
export const MerchantReference = z.string().trim().min(1).max(MERCHANT_REFERENCE_MAX);

export const CashierSessionCreateRequest = z
  .object({
    customer: Customer.optional().meta({ description: 'Required, except in a Pay N Play session (none: the bank identifies the player).' }),
    payNPlay: z.boolean().optional().meta({
      'x-extension': true,
      description:
        'Decided by this project (docs/design.md, E26): a session without a customer; the cashier offers a deposit by bank or a bank login only, and the merchant allows or denies the player the bank identified.',
    }),
    returnUrls: ReturnUrls,
    currency: CurrencyCode,
    kycVerified: z.boolean(),
    previousTransactionCount: z.number().int().min(0).max(2147483647),
    balance: z.number().min(0).max(1e12).optional().meta({ description: 'Major units of the session currency.' }),
    merchantReference: MerchantReference.optional().meta({
      'x-extension': true,
      description:
        "Decided by this project: the merchant's own reference of the session (its cashier visit, its ledger entry), 1 to 128 characters; the service never reads it, and sends it back in the `cashier` object of every event of a payment made in the session.",
    }),
  })
  .refine((b) => (b.payNPlay === true ? b.customer === undefined : b.customer !== undefined), {
    message: 'customer is required, and absent with payNPlay',
    path: ['customer'],
  })
  .meta({ id: 'CashierSessionCreateRequest' });
export type CashierSessionCreateRequest = z.infer<typeof CashierSessionCreateRequest>;

/** A holder's proof: HMAC-SHA256 of the browser's secret, lower-case hex. */
export const HolderProof = z.string().regex(/^[0-9a-f]{64}$/);
export const CashierSessionCreateResponse = z
  .object({
    sessionId: z.string(),
    checkoutUrl: z.string().meta({
      description: '{checkout_url}/cashier/{sessionId}?launch=…: opens the cashier once, by its one-time launch secret.',
    }),
    widgetUrl: z.string().optional().meta({
      description:
        'Decided by this project: {checkout_url}/cashier/{sessionId}/widget?launch=…, the withdrawal widget, opened once by its own launch secret.',
    }),
    launchExpiresAt: z.string().optional().meta({ description: 'When the launch secrets stop opening the pages (the session’s expiry).' }),
  })
  .meta({ id: 'CashierSessionCreateResponse' });

/**
 * The merchant launches a session again: new one-time launch secrets for
 * the cashier and the widget; the browser that opens one becomes that page's holder and the
 * browser that held it before loses it.
 */
export const CashierLaunchAnswer = z
  .object({ checkoutUrl: z.string(), widgetUrl: z.string(), launchExpiresAt: z.string() })
  .meta({ id: 'CashierLaunchAnswer', 'x-extension': true });

/**
 * The merchant launches one page of a session (docs/design.md, E22): the cashier or the widget.
 * Only that page's launch secret is renewed; the other page's address, not yet spent, still opens
 * it (a merchant's page framing both launches each by its own redirect).
 */
export const CashierPageLaunchRequest = z
  .object({ page: z.enum(['cashier', 'widget']).meta({ description: 'The page to launch: the cashier or the withdrawal widget.' }) })
  .meta({ id: 'CashierPageLaunchRequest', 'x-extension': true });
export type CashierPageLaunchRequest = z.infer<typeof CashierPageLaunchRequest>;

/** The new one-time address of the page launched (`{checkout_url}/cashier/{id}?launch=…` or `…/widget?launch=…`). */
export const CashierPageLaunchAnswer = z
  .object({ url: z.string(), launchExpiresAt: z.string() })
  .meta({ id: 'CashierPageLaunchAnswer', 'x-extension': true });

/** A payout's destination pages launched again: new one-time launch secrets in `iframeUrls`. */
export const PayoutLaunchAnswer = z
  .object({ iframeUrls: IframeUrls, launchExpiresAt: z.string() })
  .meta({ id: 'PayoutLaunchAnswer', 'x-extension': true });

/** What the hosted pages may know of a session or payout before its holder is known: its merchant (for framing) and a payout's session. */
export const Locator = z
  .object({
    merchantId: z.string(),
    sessionId: z.string().optional(),
    held: z.boolean().optional().meta({ description: 'With a `Holder-Proof` header: whether that browser holds the session or payout.' }),
    expired: z.boolean().optional().meta({ description: 'A session’s: whether it has expired (its pages say so to anyone).' }),
    opened: z.boolean().optional().meta({
      'x-extension': true,
      description:
        'Whether a browser holds the page by its newest launch address (docs/design.md, E22): a session’s `page` (either page without it), a payout’s destination pages (a cashier payout’s: either page of its session). False before the address is spent, and after the merchant launches again until the new address is spent. A page that is not this browser’s says “open in another browser” only when true. Nothing of which browser.',
    }),
  })
  .meta({ id: 'Locator', 'x-extension': true });
export type Locator = z.infer<typeof Locator>;

/** The query of GET …/session/{id}/locator: which page of the session `opened` is about. */
export const LocatorQuery = z.object({
  page: z
    .enum(['cashier', 'widget'])
    .optional()
    .meta({ description: 'The page `opened` is about: the cashier or the withdrawal widget. Without it: either.' }),
});

/** The body of PUT .../balance (the merchant sets the session balance). */
export const BalanceUpdateRequest = z
  .object({ balance: z.number().min(0).max(1e12) })
  .meta({ id: 'BalanceUpdateRequest', 'x-extension': true });

/** A deposit limit per period and what is left of it now (major units). */
const PeriodRoom = z.object({ limit: z.number(), remaining: z.number() });
export const DepositRoom = z
  .object({ day: PeriodRoom.optional(), week: PeriodRoom.optional(), month: PeriodRoom.optional() })
  .meta({ id: 'DepositRoom', 'x-extension': true });
export type DepositRoom = z.infer<typeof DepositRoom>;

/** The session's pay-ins and payouts, newest first. */
export const SessionTransaction = z
  .object({
    id: z.string(),
    kind: z.enum(['payin', 'payout']),
    amount: z.number().meta({
      description:
        "Major units of `currency`, the session's: what a deposit charged, or what a withdrawal takes from the balance (the cashier fee included).",
    }),
    currency: z.string(),
    status: z.union([PayinStatus, PayoutStatus]),
    transactionType: z.string().optional(),
    fee: z.number().optional().meta({
      description:
        "The cashier fee (major units of `currency`), included in `amount`: a deposit's amount charged, a withdrawal's amount taken from the balance.",
    }),
    statusReason: z.string().optional().meta({ description: 'The detailedStatus of a final transaction (CUSTOMER_CANCELLED…).' }),
    payoutDueAt: z.string().optional().meta({
      'x-extension': true,
      description:
        'Decided by this project (docs/design.md, section 8): for a cashier withdrawal under a licence with a payout deadline (SPA/MF, Brazil: paid within 120 minutes of the request), when it must be paid out at the latest (ISO 8601). While it is not final, the merchant is sent `payout.deadline_approaching` (a quarter of the time left) and `payout.deadline_passed`, once each. Absent for other payouts.',
    }),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'SessionTransaction', 'x-extension': true });

/** The cashier session, as GET /public/cashier/session/{id} answers it. */
export const CashierSession = z
  .object({
    sessionId: z.string(),
    merchantId: z.string(),
    customer: z.object({ externalUserId: z.string(), firstName: z.string(), lastName: z.string(), email: z.string() }),
    currency: z.string(),
    balance: z.number().optional(),
    reserved: z.number().optional().meta({
      'x-extension': true,
      description: 'The withdrawals of the session that are not final (major units); with a balance only.',
    }),
    available: z.number().optional().meta({
      'x-extension': true,
      description: 'Balance minus reserved, never below 0 (major units): the most a new withdrawal may take.',
    }),
    cardWithdrawalMax: z.number().optional().meta({
      'x-extension': true,
      description:
        'The most one withdrawal by card may send now (major units of `currency`): the largest share left of the customer’s deposit cards, each at most what it paid in to the customer less refunds and what it has already received (docs/design.md, "Withdrawals by card (closed loop)"); 0 when no card may receive anything. The rest of the balance goes to a bank account in the customer’s own name, or through the merchant’s back office.',
    }),
    withdrawalCancel: z.boolean().optional().meta({
      'x-extension': true,
      description:
        "Whether this customer may cancel a withdrawal whose destination is given (the merchant allows it, the customer's billing country is not GB, and no licence in force bans a reversal). One still waiting for its destination (CREATED) its customer may always drop.",
    }),
    depositLimits: DepositRoom.optional().meta({
      'x-extension': true,
      description: "The customer's deposit limits in the session currency and what is left of each now.",
    }),
    responsibleGambling: ResponsibleGambling.optional().meta({
      'x-extension': true,
      description:
        "Responsible gambling: the rules of the merchant's gambling licences in force for this customer, their own limits, reality checks and any exclusion.",
    }),
    depositAgain: DepositAgain.optional().meta({
      'x-extension': true,
      description:
        "The customer's last paid card deposit in this currency, with a card still saved: the widget offers it again (CVV only).",
    }),
    payNPlay: PayNPlayState.optional().meta({
      'x-extension': true,
      description:
        'A Pay N Play session’s state (docs/design.md, E26); until ALLOWED the customer is a provisional one (empty names) and only its bank login may be made.',
    }),
    transactions: z.array(SessionTransaction).optional().meta({
      'x-extension': true,
      description:
        "The session's pay-ins and payouts, newest first, as GET …/transactions lists them (with `?transactions=open`, only those not final): the cashier shows the session in one read. Absent from a service without the extension: then ask the list.",
    }),
    returnUrls: ReturnUrls,
    kycVerified: z.boolean(),
    previousTransactionCount: z.number().int(),
    status: z.enum(['ACTIVE', 'EXPIRED']),
    expiresAt: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'CashierSession', 'x-extension': true });
export type CashierSession = z.infer<typeof CashierSession>;

/** The bodies of a deposit and a withdrawal created in the session (POST .../payin, .../payout). */
const SessionMethod = z
  .string()
  .regex(/^[a-z0-9-]{1,40}$/)
  .optional()
  .meta({ description: 'The method the customer chose (`card`, `apm` or an APM id), for its fee; none: no fee.' });
export const SessionPayinRequest = z
  .object({
    amount: MajorAmount,
    method: SessionMethod,
    replaces: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,64}$/)
      .optional()
      .meta({
        description:
          'A pay-in of the session that ended without being paid (declined, failed, timed out), which this one retries by another card or method; one retry per pay-in (409 CONFLICT for a second), and a retry of a soft decline (AUTHENTICATION_REQUIRED) is authenticated with 3-D Secure.',
      }),
  })
  .meta({ id: 'SessionPayinRequest', 'x-extension': true });
export const SessionPayoutRequest = z
  .object({
    value: MajorAmount,
    method: SessionMethod,
    bankAccount: BankAccountChoice.optional().meta({
      description:
        'With `method: "bank"` (docs/design.md, E25): the destination account, a deposit account by `ref` or an account checked by a payee check; the payout is created with its destination given.',
    }),
  })
  .meta({ id: 'SessionPayoutRequest', 'x-extension': true });
export { PayinCreateResponse, PayoutCreateResponse };

/** The session read's query (docs/design.md, E9): which of its transactions the answer lists. */
export const SessionReadQuery = z.object({
  transactions: z.enum(['all', 'open']).optional().meta({
    description:
      '`all` (the default): every pay-in and payout of the session. `open`: only those not final (pay-ins CREATED, PENDING or PENDING_3DS; payouts CREATED, WAITING_FOR_CONFIRMATION or PENDING): what a cashier page shows before its history is asked for (GET …/transactions).',
  }),
});

export type SessionRead = z.output<typeof SessionReadQuery>;

export const SessionTransactionList = z
  .object({ transactions: z.array(SessionTransaction) })
  .meta({ id: 'SessionTransactionList', 'x-extension': true });

/** The browser that spent a launch secret, as the checkout saw it: passed on to the merchant in `launch.spent`. */
export const LaunchClient = z
  .object({
    ipAddress: z.string().max(45).optional().meta({ description: 'The client address the checkout saw (IPv4 or IPv6).' }),
    userAgent: z.string().max(512).optional().meta({ description: 'The browser’s User-Agent, cut to 512 characters.' }),
  })
  .meta({ id: 'LaunchClient', 'x-extension': true });
export type LaunchClient = z.infer<typeof LaunchClient>;

/**
 * Binding: a browser becomes the holder of a cashier page (the cashier or the widget) or a payout's
 * destination pages by spending the one-time launch secret of the address the merchant gave it.
 * The service keeps only SHA-256 of the launch secret and of the proof.
 */
export const BindingRequest = z
  .object({
    launchToken: z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/)
      .meta({ description: 'The one-time launch secret of the address the merchant received (`launch=`).' }),
    holderProof: HolderProof.meta({
      description:
        'HMAC-SHA256 (lower-case hex) of the browser’s secret and the merchant; sent again as `Holder-Proof` on every call acting for this customer.',
    }),
    client: LaunchClient.optional(),
  })
  .meta({ id: 'BindingRequest', 'x-extension': true });
export type BindingRequest = z.infer<typeof BindingRequest>;
