/**
 * The webhooks the service sends (OpenAPI `webhooks`): events of the public API and the legacy
 * host-to-host webhook. Every delivery carries the Standard Webhooks headers (standardwebhooks.com,
 * v1) beside the brief's `X-Signature` (docs/design.md, section 3).
 */
import { z } from 'zod';
import { PayinTransaction } from './payin';
import { PayoutTransaction } from './payout';
import { SPENT_USER_AGENT_MAX } from './untrusted-text';
import { LimitRaiseRequest } from './responsible-gambling/limit-raise';

/**
 * Whose money a payment of a cashier session is (docs/integration.md, "Crediting the player"): the
 * session, the customer's `externalUserId` and the merchant's own reference of the session. The
 * payment's `orderId` there is the service's and is not to be parsed.
 */
export const CashierEventContext = z
  .object({
    sessionId: z.string().meta({ description: 'The cashier session the payment was made in (cs_…).' }),
    externalUserId: z.string().optional().meta({
      description:
        "The merchant's own id of the customer whose payment it is (the session's `customer.externalUserId`). Absent only in a Pay N Play session before its player is allowed (the bank has not yet told who pays).",
    }),
    merchantReference: z
      .string()
      .optional()
      .meta({ description: "The session's `merchantReference`, when the merchant gave one at its creation." }),
  })
  .meta({ id: 'CashierEventContext', 'x-extension': true });
export type CashierEventContext = z.infer<typeof CashierEventContext>;

/**
 * `payin.status_changed` / `payout.status_changed`: the transaction as it is now, the status it
 * left, and for a deposit or withdrawal of a cashier session, whose it is (`cashier`).
 */
export const PaymentEvent = z
  .object({
    id: z.string().meta({ description: 'The event id (evt_…), the same on every retry and resend of its delivery.' }),
    type: z.enum(['payin.status_changed', 'payout.status_changed']),
    createdAt: z.string(),
    data: z.object({
      object: z.union([PayinTransaction, PayoutTransaction]),
      previousStatus: z.string(),
      cashier: CashierEventContext.optional().meta({
        description:
          'A pay-in or payout made in a cashier session (a deposit or withdrawal): the session, the customer and the merchant reference. Absent from a payment made outside a session.',
      }),
    }),
  })
  .meta({ id: 'PaymentEvent', 'x-extension': true });
export type PaymentEvent = z.infer<typeof PaymentEvent>;

/** The headers of every webhook delivery, as OpenAPI header parameters. */
export const WEBHOOK_HEADERS = [
  {
    name: 'webhook-id',
    description: 'Standard Webhooks: the delivery id, the same on every retry and console resend (deduplicate on it).',
  },
  {
    name: 'webhook-timestamp',
    description: 'Standard Webhooks: Unix seconds of this attempt; refuse one more than 5 minutes away from your clock.',
  },
  {
    name: 'webhook-signature',
    description:
      'Standard Webhooks: `v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}`, keyed with the base64-decoded part of the merchant secret after `whsec_`. Verify with the `standardwebhooks` package.',
  },
  {
    name: 'X-Signature',
    description:
      'Legacy (the brief): `sha256=` and the hex HMAC-SHA256 of the raw body, keyed with the whole merchant secret as text (the UTF-8 bytes of `whsec_…`, the prefix included, not base64-decoded, unlike webhook-signature). No timestamp, so no replay protection: prefer webhook-signature.',
  },
] as const;

/**
 * The client of a `launch.spent`, as the checkout saw it. Its User-Agent is whatever the browser
 * (or a script posing as one) wrote: control characters removed, cut to SPENT_USER_AGENT_MAX
 * characters (packages/contract/src/untrusted-text.ts), and still untrusted text for the merchant to escape.
 */
export const LaunchSpentClient = z
  .object({
    ipAddress: z.string().max(45).optional().meta({ description: 'The client address the checkout saw (IPv4 or IPv6).' }),
    userAgent: z
      .string()
      .max(SPENT_USER_AGENT_MAX)
      .optional()
      .meta({
        description: `Untrusted text: the User-Agent the client sent (any client may write anything there, markup and spreadsheet formulas included), with control characters and bidirectional controls removed, cut to ${SPENT_USER_AGENT_MAX} characters. Escape it for wherever you show or store it (HTML, a log line, a CSV cell); never interpret it.`,
      }),
  })
  .meta({ id: 'LaunchSpentClient', 'x-extension': true });
export type LaunchSpentClient = z.infer<typeof LaunchSpentClient>;

/**
 * `launch.spent`: a browser opened a page of a launch address the merchant was given (the
 * cashier, the widget, or a payout's destination pages; docs/design.md, E22). The merchant
 * compares it with its own customer's visit: an address spent by a browser it did not send there
 * is relaunched (`POST …/launch`, which ends that browser's hold) and flagged.
 */
export const LaunchSpentEvent = z
  .object({
    id: z.string().meta({ description: 'The event id (evt_…).' }),
    type: z.literal('launch.spent'),
    createdAt: z.string(),
    data: z.object({
      page: z.enum(['cashier', 'widget', 'payout']).meta({ description: 'Which launch address was spent.' }),
      sessionId: z.string().optional(),
      payoutId: z.string().optional(),
      spentAt: z.string().meta({ description: 'When it was spent (ISO 8601).' }),
      client: LaunchSpentClient,
    }),
  })
  .meta({ id: 'LaunchSpentEvent', 'x-extension': true });
export type LaunchSpentEvent = z.infer<typeof LaunchSpentEvent>;

/**
 * `customer.financial_check_due` (docs/design.md, section 8; UKGC LCCP SR code 3.4.4): a customer
 * covered by the merchant's UKGC licence has reached net deposits of £150 over a rolling 30 days,
 * the threshold at which the merchant must run a financial vulnerability check. Sent once per
 * crossing: again only after the customer's net deposits have fallen below the threshold and
 * reached it again. A signal only: the service does not block the customer for it.
 */
export const FinancialCheckDueEvent = z
  .object({
    id: z.string().meta({ description: 'The event id (evt_…).' }),
    type: z.literal('customer.financial_check_due'),
    createdAt: z.string(),
    data: z.object({
      customerId: z.string(),
      externalUserId: z.string().optional().meta({ description: "The merchant's own id of the customer, when it gave one." }),
      regulator: z.literal('UKGC'),
      netDeposits: z
        .object({
          amountMinor: z.number().int().meta({ description: 'Net deposits over the window, ISO 4217 minor units of `currency`.' }),
          currency: z.string().regex(/^[A-Z]{3}$/),
        })
        .meta({
          description:
            "Deposits paid (without the cashier fee, less refunds) less withdrawals paid out (PROCESSED, counted when paid out) over the window, every currency converted into GBP at the sandbox's rates.",
        }),
      threshold: z.object({ amountMinor: z.number().int(), currency: z.string() }).meta({ description: 'GBP 150.00 (15000 minor units).' }),
      window: z
        .object({ from: z.string(), to: z.string() })
        .meta({ description: 'The rolling 30 days, ISO 8601 (from exclusive, to inclusive).' }),
      payinId: z.string().meta({ description: 'The deposit whose payment crossed the threshold.' }),
    }),
  })
  .meta({ id: 'FinancialCheckDueEvent', 'x-extension': true });
export type FinancialCheckDueEvent = z.infer<typeof FinancialCheckDueEvent>;

/**
 * `customer.register_excluded` (docs/design.md, section 8): a national self-exclusion register of
 * a licence in force for the customer answered that they are excluded: Denmark's ROFUS (BEK nr.
 * 1274/2019 § 25 stk. 3: no play; stk. 4: a finally excluded player's account is closed) or
 * Brazil's SIGAP ("Impedido"; IN SPA/MF nº 31/2025, art. 7 ff.: block betting, tell the user
 * within a day, a window to withdraw, close the account). Sent once per exclusion (not again while
 * the same answer stands). The service refuses the customer's deposits; withdrawals stay open.
 */
export const RegisterExcludedEvent = z
  .object({
    id: z.string().meta({ description: 'The event id (evt_…).' }),
    type: z.literal('customer.register_excluded'),
    createdAt: z.string(),
    data: z.object({
      customerId: z.string(),
      externalUserId: z.string().optional().meta({ description: "The merchant's own id of the customer, when it gave one." }),
      regulator: z.enum(['SPILLEMYNDIGHEDEN', 'SPA_MF']),
      register: z.enum(['ROFUS', 'SIGAP']),
      until: z.string().optional().meta({ description: 'The end of a temporary exclusion (ISO 8601); absent: until lifted, or final.' }),
      checkedAt: z.string().meta({ description: 'When the register answered (ISO 8601).' }),
      sessionId: z.string().optional().meta({
        description: 'The cashier session whose start (the login) or deposit asked the register; absent for a deposit outside a session.',
      }),
    }),
  })
  .meta({ id: 'RegisterExcludedEvent', 'x-extension': true });
export type RegisterExcludedEvent = z.infer<typeof RegisterExcludedEvent>;

/**
 * `customer.limit_raise_requested`, `customer.limit_raise_approved`, `customer.limit_raise_declined`
 * (docs/design.md, section 8; GlüStV 2021 §6c(1) S.3): a customer under the merchant's GGL licence
 * asked for a monthly deposit ceiling above EUR 1,000, and the merchant's decision on it. `data`
 * is the request as `GET /public/limit-raise-requests` reads it (amounts in EUR major units); the
 * document is its digest and metadata.
 */
export const LimitRaiseEvent = z
  .object({
    id: z.string().meta({ description: 'The event id (evt_…).' }),
    type: z.enum(['customer.limit_raise_requested', 'customer.limit_raise_approved', 'customer.limit_raise_declined']),
    createdAt: z.string(),
    data: LimitRaiseRequest,
  })
  .meta({ id: 'LimitRaiseEvent', 'x-extension': true });
export type LimitRaiseEvent = z.infer<typeof LimitRaiseEvent>;
