/**
 * The funding a pay-in may not use, before any charge (docs/design.md, section 8, "funding on
 * credit"): the card funding types the merchant refuses itself (checkout settings
 * `refusedFundingTypes`), and those the rules of a licence in force for the pay-in's customer (by
 * their billing country) refuse from their day on: Spelinspektionen refuses cards reported CREDIT
 * (charge cards included) and the APMs the merchant marks as credit-funded (`creditFundedMethods`)
 * from 1 May 2026 in Stockholm. A refusal is 400 VALIDATION_ERROR whose message names who refuses:
 * the rule, or the merchant. Card numbers never reach a message: only the funding type does.
 */
import type { Db } from '@sandbox/db/client';
import type { FundingType } from '@hosted-checkout/contract/bin';
import type { RefusedByRules } from '@hosted-checkout/contract/payin';
import { rulesForCustomer, type Regulator, type RulesInForce } from '@hosted-checkout/contract/responsible-gambling/regulators';
import { creditMethodsBanAt, fundingRefusalAt, refusedFundingNow } from '@hosted-checkout/contract/responsible-gambling/refused-funding';
import type { SandboxMerchantConfig } from '@sandbox/db/stored-shapes';
import { invalid } from '../core/api-error';
import { customerRow } from './limits-prompt';

/** What decides a pay-in's refused funding: the merchant's settings, the rules in force for its customer, and the instant. */
export interface FundingPolicy {
  merchantRefused: readonly FundingType[];
  creditFundedMethods: readonly string[];
  rules: Pick<RulesInForce, 'refusedFunding'>;
  now: Date;
}

/** Why the rules refuse a card, in English, naming the rule (the API's messages are English). */
const RULE_REFUSALS: Partial<Record<Regulator, string>> = {
  SPELINSPEKTIONEN:
    "Sweden's ban on gambling on credit (spellagen 14 kap. 8 §, from 1 May 2026) does not allow a deposit with a credit or charge card: use a debit card",
  // CREDIT and UNKNOWN: a card not shown to be debit or prepaid (own-account.ts).
  SPA_MF:
    "Brazil's Portaria SPA/MF 615/2024 allows card deposits only with a debit or prepaid card from the customer's own account: use a debit or prepaid card, Pix or TED",
};
const METHOD_REFUSALS: Partial<Record<Regulator, string>> = {
  SPELINSPEKTIONEN:
    "Sweden's ban on gambling on credit (spellagen 14 kap. 8 §, from 1 May 2026) does not allow a deposit by a credit-funded method: use another method",
  SPA_MF: "Brazil's Portaria SPA/MF 615/2024 does not allow a deposit by a credit-funded method: use Pix or TED",
};

/** The policy of a pay-in of `customerId` at a merchant of `config`, at `now` (the customer row read, not locked). */
export async function fundingPolicy(tx: Db, config: SandboxMerchantConfig, customerId: string, now = new Date()): Promise<FundingPolicy> {
  const billing = (await customerRow(tx, customerId))?.data?.billing;
  return policyFor(config, { country: billing?.countryCode, region: billing?.state }, now);
}

/** The policy for a customer whose billing country (ISO 3166-1 alpha-2) and province are already read. */
export function policyFor(
  config: SandboxMerchantConfig,
  place: { country?: string | null; region?: string | null },
  now = new Date(),
): FundingPolicy {
  return {
    merchantRefused: config.settings.refusedFundingTypes ?? [],
    creditFundedMethods: config.settings.creditFundedMethods ?? [],
    rules: rulesForCustomer(config.settings.licences, place.country ?? undefined, place.region ?? undefined),
    now,
  };
}

/**
 * Refuses (400) a card whose funding type (the BIN lookup's, payins/bin-table.ts `fundingTypeOf`;
 * undefined when unknown) the policy refuses. The rule is named before the merchant's own choice when both refuse it.
 */
export function assertFundingAccepted(policy: FundingPolicy, funding: FundingType | undefined): void {
  const refusal = fundingRefusalAt(policy.rules, policy.merchantRefused, funding, policy.now);
  if (!refusal || !funding) return;
  if (refusal.by === 'RULES') {
    throw invalid(
      RULE_REFUSALS[refusal.regulator] ??
        `The rules of ${refusal.regulator} do not allow a deposit with a ${funding.toLowerCase()} card: use another card`,
    );
  }
  throw invalid(`This merchant does not accept ${funding.toLowerCase()} cards: use another card`);
}

/** The APMs the policy refuses now: the merchant's credit-funded ones, once a rule in force bans them. */
export function refusedMethods(policy: FundingPolicy): string[] {
  return creditMethodsBanAt(policy.rules, policy.now) ? [...policy.creditFundedMethods] : [];
}

/** Refuses (400) processing by `methodId` when the policy refuses it, naming the rule. */
export function assertMethodAccepted(policy: FundingPolicy, methodId: string): void {
  const ban = creditMethodsBanAt(policy.rules, policy.now);
  if (!ban || !policy.creditFundedMethods.includes(methodId)) return;
  throw invalid(METHOD_REFUSALS[ban.regulator] ?? `The rules of ${ban.regulator} do not allow a deposit by a credit-funded method`);
}

/** The pay-in answer's `refusedFunding`: what the rules refuse now (the merchant's own choices are not repeated); undefined when nothing. */
export function refusedByRules(policy: FundingPolicy): RefusedByRules | undefined {
  const now = refusedFundingNow(policy.rules, policy.now);
  if (!now) return undefined;
  return { regulator: now.regulator, fundingTypes: now.fundingTypes, methods: refusedMethods(policy) };
}
