/**
 * Deposits only from an account of the bettor's own (docs/design.md, section 8, rows "funding" and
 * "own-name account"): Brazil's Portaria SPA/MF nº 615, de 16/04/2024 (DOU 18/04/2024; in force on
 * publication; the article numbers were not confirmed, so none is cited). Deposits ("aportes") go
 * only by electronic transfer from the bettor's registered account ("conta cadastrada") to the
 * operator's: Pix, TED, a debit or prepaid card; cash, boleto, cheque, crypto-assets, credit
 * cards and any post-paid instrument are excluded. The cards' part is refused-funding.ts's (CREDIT
 * and UNKNOWN refused); this module holds the APMs offered and the payer's identity: a transfer
 * whose payer's CPF is not the customer's is returned to its payer, never credited.
 *
 * Shared by the service (which refuses and returns) and the pages (which say why). Pure; `now` is
 * always passed in.
 */
import { banInForce } from './refused-funding';
import { cpfOfKyc, parseCpf, type KycIdentity } from '../cpf';
import type { Regulator } from '../enums';

/** One regulator's rule of deposits from the bettor's own account (RegulatorRules.ownAccountDeposits). */
export interface OwnAccountDeposits {
  /**
   * The APMs (method ids of the service's methods list) by which a deposit may come: transfers
   * from an account at an institution the central bank authorises (Brazil: `pix`, and
   * `bank-transfer` for TED). Any other APM is neither offered nor processed. Cards are not APMs:
   * their funding types are refused-funding.ts's.
   */
  methods: string[];
  /** The national id of the customer (their `kyc`) the payer of a transfer must carry: Brazil's CPF. */
  payerId: 'CPF';
  /** The first day in force, an ISO 8601 calendar date in `timeZone`. */
  from: string;
  /** The IANA time zone whose calendar `from` counts in (Brazil: America/Sao_Paulo). */
  timeZone: string;
}

/** The rule of the licences in force: the first regulator that has it, the methods every such licence allows (the intersection). */
export interface OwnAccountDepositsInForce extends OwnAccountDeposits {
  regulator: Regulator;
}

/** Combines the rule of several licences: the methods all of them allow, from the first one's day; undefined when none has it. */
export function combineOwnAccountDeposits(
  entries: readonly (readonly [Regulator, OwnAccountDeposits | undefined])[],
): OwnAccountDepositsInForce | undefined {
  let combined: OwnAccountDepositsInForce | undefined;
  for (const [regulator, rule] of entries) {
    if (!rule) continue;
    combined = combined
      ? { ...combined, methods: combined.methods.filter((m) => rule.methods.includes(m)) }
      : { regulator, ...rule, methods: [...rule.methods] };
  }
  return combined;
}

/** The rules' part these functions read (RulesInForce). */
type WithOwnAccount = { ownAccountDeposits?: OwnAccountDepositsInForce };

/** The rule in force at `now` for a customer under `rules`, or null. */
export function ownAccountDepositsAt(rules: WithOwnAccount, now: Date): OwnAccountDepositsInForce | null {
  const rule = rules.ownAccountDeposits;
  return rule && banInForce(rule, now) ? rule : null;
}

/** The APMs of `methodIds` the rule in force refuses at `now` (cards, `card`, are never among them). */
export function refusedApms(rules: WithOwnAccount, methodIds: readonly string[], now: Date): string[] {
  const rule = ownAccountDepositsAt(rules, now);
  return rule ? methodIds.filter((id) => id !== 'card' && !rule.methods.includes(id)) : [];
}

/**
 * Whether the payer a provider reports is the customer: the payer's CPF (formatted or bare) the
 * customer's own (their `kyc`, cpf.ts's convention). False when either is missing or malformed: a
 * payer who cannot be shown to be the bettor is not the bettor.
 */
export function payerIsCustomer(customerKyc: KycIdentity | undefined, payerCpf: string | undefined): boolean {
  const own = cpfOfKyc(customerKyc);
  const payer = payerCpf === undefined ? null : parseCpf(payerCpf);
  return own !== null && payer !== null && own === payer;
}
