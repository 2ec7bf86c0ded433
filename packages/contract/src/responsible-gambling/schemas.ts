/**
 * The regulated cashier (docs/design.md, section 8): the rules of the merchant's
 * licences in force for the session's customer, the customer's own deposit limits (a lower one
 * now, a higher one after the cooling-off), reality checks, and a time-out or self-exclusion set
 * by the merchant. Amounts in major units of the session's currency, like the rest of the API.
 */
import { z } from 'zod';
import { REGULATORS } from '../enums';
import { LimitRaiseView } from './limit-raise';

export const Regulator = z.enum(REGULATORS).meta({
  id: 'Regulator',
  'x-extension': true,
  description:
    'A gambling regulator whose licence the merchant holds: UK Gambling Commission, AGCO (Ontario), Malta Gaming Authority, Spelinspektionen (Sweden), GGL (Germany), Kansspelautoriteit (Netherlands), Spillemyndigheden (Denmark), Secretaria de Prêmios e Apostas do Ministério da Fazenda (SPA/MF, Brazil).',
});
const Period = z.enum(['day', 'week', 'month']);
const Major = z.number().positive().max(1e12);

/**
 * The kinds of financial limit a customer sets (UKGC RTS 12; docs/design.md, section 8): `deposit`
 * (gross: what is deposited, the only kind called a deposit limit), `loss` (net deposits less the
 * balance's increase over the window) and `netDeposit` (deposits less withdrawals paid out over the window: a withdrawal counts once PROCESSED, never while it can still be cancelled or fail).
 */
export const LimitKind = z.enum(['deposit', 'loss', 'netDeposit']).meta({
  id: 'LimitKind',
  'x-extension': true,
  description:
    'deposit: what the customer deposits over the period (gross; the only kind called a deposit limit). netDeposit: deposits less withdrawals paid out (PROCESSED) over the period. loss: net deposits less the increase of the balance over the period.',
});
export type LimitKind = z.infer<typeof LimitKind>;
const PeriodAmounts = z.object({ day: z.number().optional(), week: z.number().optional(), month: z.number().optional() });
const AskedLimits = z
  .object({ day: Major.nullable().optional(), week: Major.nullable().optional(), month: Major.nullable().optional() })
  .strict()
  .optional();

/** Where a limit was set: its currency (ISO 4217) and its amount there, major units (null: a removal). */
const LimitSetIn = z
  .object({
    currency: z.string().regex(/^[A-Z]{3}$/),
    amount: z.number().nullable(),
  })
  .meta({
    id: 'LimitSetIn',
    'x-extension': true,
    description:
      "The currency a limit was set in and its amount in that currency (major units; null: the limit is removed). A customer has one limit per period, kept in the currency it was last set in; a session shows it converted at the sandbox's rates.",
  });

/** A raise or removal of a limit waiting for its cooling-off; `ready`: the wait is over and the customer must confirm it (UKGC). */
const PendingLimit = z.object({
  kind: LimitKind.optional().meta({ description: 'The kind of limit; absent: a deposit limit.' }),
  period: Period,
  limit: z.number().nullable().meta({ description: 'The new limit in the session currency (converted from `setIn`); null: none.' }),
  effectiveAt: z.string(),
  ready: z.boolean(),
  setIn: LimitSetIn.optional(),
});

export const Exclusion = z
  .object({
    kind: z.enum(['TIME_OUT', 'SELF_EXCLUSION']),
    until: z
      .string()
      .optional()
      .meta({ description: 'End of a time-out or of a fixed-term self-exclusion; none: until the merchant lifts it.' }),
  })
  .meta({ id: 'Exclusion', 'x-extension': true });

/** A national self-exclusion register that refuses the customer's deposits (docs/design.md, section 8: ROFUS, SIGAP). */
export const NationalRegister = z
  .object({
    status: z.enum(['EXCLUDED', 'IDENTITY_REQUIRED']).meta({
      description:
        "EXCLUDED: the register's last answer excludes the customer (deposits refused, 409 CUSTOMER_EXCLUDED; withdrawals stay open). IDENTITY_REQUIRED: the customer's `kyc` carries no valid id the register is queried by (`idType`): the merchant must identify them first (409 KYC_REQUIRED).",
    }),
    regulator: Regulator,
    register: z.enum(['ROFUS', 'SIGAP']),
    idType: z
      .enum(['CPR', 'CPF'])
      .meta({ description: 'The id the register is queried by: `kyc.idType` CPR (idCountry DK) or CPF (idCountry BR).' }),
    until: z.string().optional().meta({ description: 'The end of a temporary exclusion (ISO 8601); none: until lifted.' }),
    checkedAt: z.string().optional().meta({ description: 'When the register answered (ISO 8601).' }),
    scheme: z.object({ url: z.string(), name: z.string() }).meta({ description: "The register's public page, for the customer." }),
  })
  .meta({ id: 'NationalRegister', 'x-extension': true });
export type NationalRegister = z.infer<typeof NationalRegister>;

export const ResponsibleGambling = z
  .object({
    regulators: z
      .array(Regulator)
      .meta({ description: "The merchant's licences that cover this customer (by billing country; MGA for other countries)." }),
    limits: z.object({ day: z.number().optional(), week: z.number().optional(), month: z.number().optional() }).meta({
      description:
        "Deposit limits in force now, in the session currency: a limit set in another currency converted at the sandbox's rates (the tightest, where a merchant set several).",
    }),
    limitsSetIn: z
      .object({ day: LimitSetIn.optional(), week: LimitSetIn.optional(), month: LimitSetIn.optional() })
      .optional()
      .meta({ description: 'Per limit in force: the currency it was set in and its amount there.' }),
    lossLimits: PeriodAmounts.optional().meta({
      description:
        'Loss limits in force now, in the session currency (converted as `limits`): net deposits less the increase of the balance over the period.',
    }),
    netDepositLimits: PeriodAmounts.optional().meta({
      description:
        'Net deposit limits in force now, in the session currency (converted as `limits`): deposits less withdrawals paid out (PROCESSED) over the period.',
    }),
    room: z
      .array(z.object({ kind: LimitKind, period: Period, limit: z.number(), remaining: z.number() }))
      .optional()
      .meta({
        description:
          'Per limit in force of every kind: the limit and what it leaves of a deposit now, in the session currency. Where several bind, the smallest `remaining` is the one a deposit passes first (named in a refusal).',
      }),
    review: z
      .object({ dueSince: z.string().meta({ description: 'When the review fell due (ISO 8601).' }) })
      .optional()
      .meta({
        description:
          'Present when the customer is due the reminder to review their limits and their account history (UKGC RTS 12: at least every six months, 182 days); answered with `reviewDismissed`.',
      }),
    pending: z.array(PendingLimit),
    limitsPrompt: z.enum(['NONE', 'ASK', 'REQUIRED']).meta({
      description:
        'Before the first deposit: ASK (the customer sets limits or declines), REQUIRED (limits must be set: `requiredPeriods`), NONE (nothing, or already answered).',
    }),
    requiredPeriods: z.array(Period),
    requiredOneOf: z.boolean().optional().meta({
      description: 'true: a limit for one of `requiredPeriods` answers REQUIRED (Denmark, Brazil); absent: each of them must carry one.',
    }),
    coolingOffHours: z.number().int(),
    coolingOffSpansPeriod: z.boolean().meta({ description: 'A raise also waits the length of its period (Sweden).' }),
    confirmAfterCoolingOff: z.boolean(),
    monthlyCeiling: z.number().optional().meta({
      description:
        "The highest monthly limit the rules allow, in the session currency (GGL: EUR 1,000; the merchant's approved ceiling once it approved a raise).",
    }),
    limitRaise: LimitRaiseView.optional().meta({
      description:
        "Germany: the customer's latest request for a higher monthly ceiling (pending, approved or declined), asked with `POST …/limit-raise-request`.",
    }),
    withdrawalReversal: z.boolean().meta({ description: 'Whether the rules let a customer cancel a withdrawal they asked for.' }),
    limitNoticePercent: z
      .number()
      .int()
      .optional()
      .meta({ description: 'The share of a deposit limit (per cent) at which the cashier tells the customer, besides 100 % (KSA: 50).' }),
    netDepositThreshold: z
      .object({
        limit: z.number().meta({ description: 'The threshold in the session currency (KSA: EUR 700; EUR 300 for 18 to 23-year-olds).' }),
        netDeposited: z
          .number()
          .meta({ description: 'Net deposits of the calendar month so far, every currency converted (may be negative).' }),
        remaining: z.number(),
        youngAdult: z.boolean().meta({ description: 'The customer is 18 to 23 by the date of birth on file.' }),
        resetsAt: z.string().meta({ description: 'The start of the next calendar month (Amsterdam), when it starts again.' }),
      })
      .optional()
      .meta({
        description:
          "The Kansspelautoriteit's net deposit threshold per calendar month: a cashier deposit past it is refused (400 LIMIT_EXCEEDED) until the month ends.",
      }),
    limitContactAbove: z.number().optional().meta({
      description:
        "A monthly limit above this (session currency; KSA: EUR 350, EUR 150 for 18 to 23-year-olds) applies only after the operator's trained staff have spoken with the customer.",
    }),
    realityCheck: z.object({
      intervalMinutes: z.number().int().meta({ description: '0: off.' }),
      mandatory: z.boolean(),
      maxMinutes: z.number().int(),
      startedAt: z.string().meta({ description: 'The session start, from which time is counted.' }),
      deposited: z.number().meta({ description: 'Paid deposits of the session.' }),
      withdrawn: z.number().meta({ description: 'Withdrawals of the session, paid or on their way.' }),
    }),
    exclusion: Exclusion.optional().meta({
      description: 'An active time-out or self-exclusion: deposits are refused (409 CUSTOMER_EXCLUDED); withdrawals stay open.',
    }),
    nationalRegister: NationalRegister.optional().meta({
      description:
        'Present when a national self-exclusion register of a licence in force refuses deposits: the customer is on it, or has not given the id it is queried by. Queried when a cashier session starts and before a deposit (ROFUS: every session; SIGAP: the first session of the day, Brasília).',
    }),
    help: z.object({ url: z.string(), name: z.string() }),
    selfExclusionScheme: z.object({ url: z.string(), name: z.string() }),
  })
  .meta({ id: 'ResponsibleGambling', 'x-extension': true });
export type ResponsibleGambling = z.infer<typeof ResponsibleGambling>;

export const ResponsibleGamblingRequest = z
  .object({
    depositLimits: z
      .object({ day: Major.nullable().optional(), week: Major.nullable().optional(), month: Major.nullable().optional() })
      .strict()
      .optional()
      .meta({
        description:
          'The limits the customer asks, per period, in the session currency (null: none; absent: unchanged). Compared with the limit in force converted into the session currency, wherever it was set: lower, at once (it then replaces that limit); higher or none, after the cooling-off.',
      }),
    lossLimits: AskedLimits.meta({
      description: 'Loss limits the customer asks, as `depositLimits` (same periods, same cooling-off and confirmation).',
    }),
    netDepositLimits: AskedLimits.meta({
      description: 'Net deposit limits the customer asks, as `depositLimits` (same periods, same cooling-off and confirmation).',
    }),
    reviewDismissed: z
      .literal(true)
      .optional()
      .meta({ description: 'The customer read the six-monthly review reminder: it is not shown again until the next six months.' }),
    noLimits: z.literal(true).optional().meta({ description: 'The customer, asked before the first deposit (ASK), chose no limits.' }),
    confirmReady: z.literal(true).optional().meta({ description: 'The customer confirms the raises whose cooling-off is over.' }),
    realityCheckMinutes: z
      .number()
      .int()
      .min(0)
      .max(1440)
      .optional()
      .meta({ description: 'The reality-check interval the customer chose; 0 (off) only where the rules allow.' }),
  })
  .strict()
  .refine((body) => Object.keys(body).length > 0, 'Name at least one change')
  .meta({ id: 'ResponsibleGamblingRequest', 'x-extension': true });
export type ResponsibleGamblingRequest = z.infer<typeof ResponsibleGamblingRequest>;

export const ExclusionRequest = z
  .object({
    kind: z.enum(['NONE', 'TIME_OUT', 'SELF_EXCLUSION']).meta({ description: 'NONE lifts an exclusion.' }),
    until: z.iso
      .datetime({ offset: true })
      .optional()
      .meta({ description: 'Required for a time-out; optional for a self-exclusion (none: indefinite).' }),
  })
  .strict()
  .meta({ id: 'ExclusionRequest', 'x-extension': true });
export type ExclusionRequest = z.infer<typeof ExclusionRequest>;

/** The merchant records when the customer last reviewed their limits and account history (UKGC RTS 12's six-monthly reminder counts from it). */
export const ReviewRequest = z
  .object({
    reviewedAt: z.iso.datetime({ offset: true }).meta({
      description:
        'When the customer last reviewed their limits and history (on the merchant’s own site, say); not in the future. The cashier reminds them 182 days after it (before, from the account’s creation).',
    }),
  })
  .strict()
  .meta({ id: 'ReviewRequest', 'x-extension': true });
export type ReviewRequest = z.infer<typeof ReviewRequest>;
