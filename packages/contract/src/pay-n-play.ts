/**
 * Pay N Play (docs/design.md, E26): registration by bank login. A cashier session created with
 * `payNPlay: true` has no customer yet; the customer deposits by bank (or logs in with amount 0),
 * the bank hands back the identity it verified, the merchant receives it in the signed webhook
 * `cashier.player.identified` and answers whether the player may play. Until then the deposit
 * awaits the decision; DENY returns it, ALLOW gives the session its customer (a returning player's own).
 */
import { z } from 'zod';

const ID = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

/** POST /public/cashier/session/{id}/pay-n-play: the deposit (or 0 for an identification only) and the bank. */
export const PayNPlayStartRequest = z
  .object({
    amount: z.number().min(0).max(1e12).meta({
      description: 'Major units of the session currency; 0: identification only (a login without a deposit).',
    }),
    bankId: ID.meta({ description: "A bank of the session's `payNPlay.banks`." }),
  })
  .meta({ id: 'PayNPlayStartRequest', 'x-extension': true });
export type PayNPlayStartRequest = z.infer<typeof PayNPlayStartRequest>;

/**
 * Whether a Pay N Play pay-in of `amount` (major or minor units alike: zero is zero) is an
 * identification only: a login that moves no money, so its pages say login, not payment.
 */
export const isIdentification = (amount: number): boolean => amount === 0;

export const PayNPlayStartAnswer = z
  .object({
    identificationId: z.string(),
    paymentId: z.string().optional().meta({ description: 'The deposit’s pay-in (absent for an identification only).' }),
    redirectUrl: z.string().meta({ description: 'The bank’s page, with a one-time token for this browser.' }),
  })
  .meta({ id: 'PayNPlayStartAnswer', 'x-extension': true });
export type PayNPlayStartAnswer = z.infer<typeof PayNPlayStartAnswer>;

/** Why a merchant refuses a player. */
export const DENY_REASONS = ['UNDERAGE', 'SELF_EXCLUDED', 'OTHER'] as const;
export const DenyReason = z.enum(DENY_REASONS);
export type DenyReason = z.infer<typeof DenyReason>;

/** POST /public/cashier/session/{id}/player-decision (merchants only). */
export const PlayerDecisionRequest = z
  .object({
    identificationId: ID,
    decision: z.enum(['ALLOW', 'DENY']),
    customerId: z.string().trim().min(1).max(255).optional().meta({
      description:
        'ALLOW: the merchant’s own id of the player (externalUserId); for a new player, none: the service makes one; for a returning player it must be theirs (409 CONFLICT).',
    }),
    reason: DenyReason.optional().meta({ description: 'DENY: why (default OTHER).' }),
    message: z
      .string()
      .trim()
      .max(200)
      .optional()
      .meta({ description: 'DENY: the merchant’s words, for its own records (not shown to the player).' }),
    balance: z.number().min(0).max(1e12).optional().meta({
      description: 'ALLOW: the player’s balance at the merchant (major units), set on the session as PUT .../balance does.',
    }),
    email: z.email().max(254).optional().meta({
      description: 'ALLOW: the player’s email address as the merchant collected it (a bank gives none); stored on a new player’s customer.',
    }),
    phoneNumber: z.string().trim().min(1).max(32).optional().meta({
      description: 'ALLOW: the player’s phone number as the merchant collected it; stored on a new player’s customer.',
    }),
  })
  .refine((b) => b.decision === 'DENY' || (b.reason === undefined && b.message === undefined), {
    message: 'reason and message go with DENY',
    path: ['reason'],
  })
  .refine(
    (b) =>
      b.decision === 'ALLOW' ||
      (b.customerId === undefined && b.balance === undefined && b.email === undefined && b.phoneNumber === undefined),
    {
      message: 'customerId, balance, email and phoneNumber go with ALLOW',
      path: ['customerId'],
    },
  )
  .meta({ id: 'PlayerDecisionRequest', 'x-extension': true });
export type PlayerDecisionRequest = z.infer<typeof PlayerDecisionRequest>;

export const PlayerDecisionAnswer = z
  .object({
    identificationId: z.string(),
    sessionId: z.string(),
    decision: z.enum(['ALLOW', 'DENY']),
    customerId: z.string().optional().meta({ description: 'ALLOW: the player’s externalUserId.' }),
    returning: z.boolean(),
    denyReason: DenyReason.optional().meta({
      description:
        'DENY: why. An ALLOW of a player under the minimum age of the licence in force (UNDERAGE) or on the sandbox’s self-exclusion register (SELF_EXCLUDED) is answered as DENY with this reason: the service never accepts them.',
    }),
    paymentId: z.string().optional(),
    paymentStatus: z.string().optional().meta({
      description:
        'The deposit’s status after the decision: SUCCESS on ALLOW (DECLINED when an exclusion of the person, the player’s or a probable match’s, or the limits refuse it; PENDING while awaiting limits), DECLINED (returned) on DENY.',
    }),
  })
  .meta({ id: 'PlayerDecisionAnswer', 'x-extension': true });
export type PlayerDecisionAnswer = z.infer<typeof PlayerDecisionAnswer>;

/** The Pay N Play part of a session's answer. */
export const PayNPlayState = z
  .object({
    status: z.enum(['AWAITING_LOGIN', 'AWAITING_DECISION', 'ALLOWED', 'DENIED']),
    identificationId: z.string().optional(),
    kind: z.enum(['DEPOSIT', 'LOGIN']).optional(),
    denyReason: DenyReason.optional(),
    lastAttemptFailed: z
      .boolean()
      .optional()
      .meta({ description: 'The latest bank login ended without an identification (declined, cancelled).' }),
    banks: z
      .array(z.object({ value: z.string(), label: z.string() }))
      .meta({ description: 'The banks to choose from (Pay by Bank, E24).' }),
  })
  .meta({ id: 'PayNPlayState', 'x-extension': true });
export type PayNPlayState = z.infer<typeof PayNPlayState>;

/** The data of the `cashier.player.identified` event: no national identity number in clear, ever. */
export const PlayerIdentifiedEvent = z
  .object({
    identificationId: z.string(),
    sessionId: z.string(),
    kind: z.enum(['DEPOSIT', 'LOGIN']),
    paymentId: z.string().optional(),
    amount: z.number(),
    currency: z.string(),
    returning: z.boolean(),
    customerId: z
      .string()
      .optional()
      .meta({ description: 'A returning player’s externalUserId: the customer of the same national identity number and issuing country.' }),
    probableMatches: z
      .array(
        z.object({
          customerId: z.string().meta({ description: 'The externalUserId of another customer of the merchant who may be this person.' }),
          reason: z.enum(['NAME_BIRTH_DATE_AND_POSTAL_CODE']).meta({
            description:
              'The same given and family name (script, accents, ICAO Doc 9303 spellings, case and spacing aside), date of birth and postal code: what anyone who knows the person can register with.',
          }),
          excluded: z.boolean().meta({
            description:
              'A time-out or self-exclusion of that customer is in force. It protects that customer: ALLOW with their `customerId` binds it (the deposit is returned); ALLOW as another customer does not copy it. The sandbox merchant decides nothing by itself then: the deposit awaits your decision.',
          }),
        }),
      )
      .meta({
        description:
          'The merchant’s other customers who may be this person (not `customerId`), a player without a national identity number’s earlier customer among them: the merchant decides. ALLOW with one’s `customerId` links the login to that customer.',
      }),
    identity: z.object({
      givenName: z.string(),
      familyName: z.string(),
      dateOfBirth: z.string(),
      country: z.string().meta({ description: 'ISO 3166-1 alpha-2: the bank’s country.' }),
      address: z.object({ street: z.string(), city: z.string(), postalCode: z.string() }),
      nationalIdHash: z
        .string()
        .optional()
        .meta({ description: 'HMAC-SHA256 (hex) of the national identity number and the country that issued it, scoped to the merchant.' }),
      nationalIdCountry: z
        .string()
        .optional()
        .meta({ description: 'ISO 3166-1 alpha-2: the country that issued the national identity number (not the bank’s, `country`).' }),
      playerKey: z.string().meta({
        description:
          'The keyed hash the service keys the player by, whatever their bank: of the national id and its issuing country (a returning player), else of the name, date of birth and postal code (a probable match only).',
      }),
      account: z.object({
        scheme: z.enum(['IBAN', 'UK.OBIE.SortCodeAccountNumber']),
        masked: z.string(),
        iban: z.string(),
        sortCode: z.string().optional(),
        accountNumber: z.string().optional(),
        holder: z.string(),
        bankId: z.string(),
      }),
    }),
    decideBy: z.string().meta({ description: 'POST /public/cashier/session/{sessionId}/player-decision' }),
  })
  .meta({ id: 'PlayerIdentifiedEvent', 'x-extension': true });
export type PlayerIdentifiedEvent = z.infer<typeof PlayerIdentifiedEvent>;

/** The `cashier.player.identified` event as POSTed to the merchant's webhook URL (Standard Webhooks). */
export const PlayerIdentifiedWebhook = z
  .object({
    id: z.string().meta({ description: 'The event id (evt_…).' }),
    type: z.literal('cashier.player.identified'),
    createdAt: z.string(),
    data: PlayerIdentifiedEvent,
  })
  .meta({ id: 'PlayerIdentifiedWebhook', 'x-extension': true });
export type PlayerIdentifiedWebhook = z.infer<typeof PlayerIdentifiedWebhook>;
