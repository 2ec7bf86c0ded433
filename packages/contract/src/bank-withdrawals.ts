/**
 * Withdrawals by bank transfer from a cashier session (docs/design.md, section 3, E25; section 9):
 * where the customer may be paid (the accounts they deposited from by Pay by Bank, shown masked and
 * chosen by an opaque reference; another account only when the merchant allows it), the payee name
 * check of another account (the EPC's Verification of Payee, Pay.UK's Confirmation of Payee), and
 * the destination a session withdrawal names. Amounts are not here: the withdrawal's `value` is
 * E9's, in major units.
 */
import { z } from 'zod';

/** A deposit account as the cashier may show it: never the identifier in full. */
export const BankWithdrawalAccount = z
  .object({
    ref: z.string().meta({ description: 'Opaque reference of the account (the latest paid deposit from it): what a withdrawal names.' }),
    bankId: z.string(),
    bankName: z.string(),
    scheme: z.enum(['IBAN', 'UK.OBIE.SortCodeAccountNumber']),
    masked: z.string().meta({ description: 'The identifier masked: `SE•• •••• 7466`, `08-••-•• ••••4958`.' }),
    holder: z.string().meta({ description: 'The account holder as their bank reported it (the customer).' }),
    lastDepositAt: z.string(),
  })
  .meta({ id: 'BankWithdrawalAccount', 'x-extension': true });
export type BankWithdrawalAccount = z.infer<typeof BankWithdrawalAccount>;

/** GET /public/cashier/session/{sessionId}/withdrawal-destinations. */
export const WithdrawalDestinations = z
  .object({
    bank: z.object({
      accounts: z.array(BankWithdrawalAccount).meta({ description: 'The accounts the customer paid a deposit from, latest first.' }),
      otherAccountAllowed: z.boolean().meta({
        description:
          'The merchant allows an account the customer did not deposit from (checkout settings `bankWithdrawalOtherAccounts`); it needs a payee name check first.',
      }),
      offered: z.boolean().meta({ description: 'Whether the cashier offers a withdrawal by bank at all.' }),
    }),
  })
  .meta({ id: 'WithdrawalDestinations', 'x-extension': true });
export type WithdrawalDestinations = z.infer<typeof WithdrawalDestinations>;

/** An account the payer names in full: an IBAN, or a UK sort code and account number. */
export const PayeeAccount = z
  .union([
    z.object({ iban: z.string().trim().min(5).max(64) }).strict(),
    z
      .object({
        sortCode: z
          .string()
          .trim()
          .regex(/^\d{2}-?\d{2}-?\d{2}$/, 'six digits, as 08-99-99 or 089999'),
        accountNumber: z
          .string()
          .trim()
          .regex(/^\d{8}$/, 'eight digits'),
      })
      .strict(),
  ])
  .meta({ id: 'PayeeAccount', 'x-extension': true });
export type PayeeAccount = z.infer<typeof PayeeAccount>;

/** POST /public/cashier/session/{sessionId}/payee-check. */
export const PayeeCheckRequest = z
  .object({
    account: PayeeAccount,
    name: z
      .string()
      .trim()
      .min(1)
      .max(140)
      .meta({ description: "The account holder's name as the customer typed it (ISO 20022 Max140Text)." }),
    accountType: z
      .enum(['PERSONAL', 'BUSINESS'])
      .optional()
      .meta({ description: 'What the customer says the account is (Confirmation of Payee asks; Verification of Payee ignores it).' }),
  })
  .strict()
  .meta({ id: 'PayeeCheckRequest', 'x-extension': true });
export type PayeeCheckRequest = z.infer<typeof PayeeCheckRequest>;

/** The check's outcome in one vocabulary for both schemes. */
export const PAYEE_CHECK_OUTCOMES = [
  'MATCH',
  'CLOSE_MATCH',
  'NO_MATCH',
  'NOT_POSSIBLE',
  'ACCOUNT_TYPE_MISMATCH',
  'DEPOSIT_ACCOUNT',
] as const;
export type PayeeCheckOutcome = (typeof PAYEE_CHECK_OUTCOMES)[number];

export const PayeeCheckAnswer = z
  .object({
    checkId: z.string().meta({ description: 'Names this check in the withdrawal that follows (one use, until `expiresAt`).' }),
    scheme: z
      .enum(['VOP', 'COP', 'NONE'])
      .meta({ description: '`NONE`: the account is one the customer deposited from; no check is needed.' }),
    outcome: z.enum(PAYEE_CHECK_OUTCOMES),
    code: z.string().optional().meta({
      description:
        "The scheme's own code: VoP `MTCH`, `CMTC`, `NMTC`, `NOAP`; CoP's reason code (`MBAM`, `ANNM`, `BANM`, `PANM`, `BAMM`, `PAMM`, `AC01`, `SCNS`).",
    }),
    nameHeld: z.string().optional().meta({ description: "The name the payee's bank holds: on a close match only." }),
    accountType: z.enum(['PERSONAL', 'BUSINESS']).optional().meta({ description: 'The account type held, on an account type mismatch.' }),
    masked: z.string(),
    acknowledgementRequired: z.boolean().meta({
      description: 'NO_MATCH and NOT_POSSIBLE: the withdrawal needs `acknowledgeNoMatch: true` (the customer was warned and goes on).',
    }),
    expiresAt: z.string(),
  })
  .meta({ id: 'PayeeCheckAnswer', 'x-extension': true });
export type PayeeCheckAnswer = z.infer<typeof PayeeCheckAnswer>;

/** The destination of a session withdrawal by bank (E9's body gains it, with `method: "bank"`). */
export const BankAccountChoice = z
  .union([
    z.object({ ref: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) }).strict(),
    z.object({ payeeCheckId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/), acknowledgeNoMatch: z.boolean().optional() }).strict(),
  ])
  .meta({
    id: 'BankAccountChoice',
    'x-extension': true,
    description: 'A deposit account by its `ref`, or an account checked by a payee check (never the identifier itself).',
  });
export type BankAccountChoice = z.infer<typeof BankAccountChoice>;
