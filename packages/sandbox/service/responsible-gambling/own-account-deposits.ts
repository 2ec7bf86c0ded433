/**
 * Deposits only from the bettor's own account (docs/design.md, section 8, "funding" and "own-name
 * account"; the rule: packages/contract/src/responsible-gambling/own-account.ts): Brazil's Portaria SPA/MF
 * 615/2024 (DOU 18/04/2024; article not confirmed). For a customer under the rule:
 * - among APMs only Pix and bank transfer (TED) are offered (`refusedApmsFor`) and processed
 *   (`assertOwnAccountApm`, 400 naming the rule); boleto, cash, crypto, e-wallets are neither;
 * - the customer's CPF (their `kyc`, packages/contract/src/cpf.ts) must be known before a transfer is asked,
 *   and a Pix key CPF typed on the APM page must be a valid CPF and the customer's own (400);
 * - when the provider reports a completed transfer it names the payer's CPF (`payerReport`, kept
 *   masked in the pay-in's `additionalData.payer`); a payer who is not the customer is returned
 *   the money: the pay-in ends DECLINED, never credited (`ownAccountRefusal`, a payment guard heard
 *   by changePayin on every path to SUCCESS). A real operator does the same: a Pix from a third
 *   party's account is refunded to its payer (a "devolução").
 * A CPF is personal data: only its mask (cpf.ts, `maskCpf`) reaches a message or the payer report;
 * logs redact it (`cpf`, `idNumber`). The Pix key typed stays in the pay-in's `additionalData`, as
 * every APM's account field does (its keyed source: core/apm-sources.ts).
 */
import type { Db } from '@sandbox/db/client';
import type { StoredStatusReason } from '@sandbox/db/stored-shapes';
import type { Customer } from '@hosted-checkout/contract/common';
import { cpfOfKyc, maskCpf, parseCpf } from '@hosted-checkout/contract/cpf';
import {
  ownAccountDepositsAt,
  payerIsCustomer,
  refusedApms,
  type OwnAccountDepositsInForce,
} from '@hosted-checkout/contract/responsible-gambling/own-account';
import type { SandboxMerchantConfig } from '@sandbox/db/stored-shapes';
import { invalid } from '../core/api-error';
import { METHODS, rulesFor } from '../core/merchant-config';
import { merchantConfig } from '../core/request-context';
import type { PayinRow } from '../core/records';
import { customerRow } from './limits-prompt';

/**
 * The sandbox's test payer who is someone else: the provider page's "paid from another person's
 * account" reports this CPF (a valid one, 111.444.777-35, documented in docs/sandbox.md).
 */
export const THIRD_PARTY_PAYER_CPF = '11144477735';

/** The rule's name in the API's (English) messages. */
const RULE_TEXT: Record<string, string> = {
  SPA_MF: "Brazil's Portaria SPA/MF 615/2024",
};
const ruleText = (rule: OwnAccountDepositsInForce) => RULE_TEXT[rule.regulator] ?? `The rules of ${rule.regulator}`;

/** What the provider reports of a completed transfer's payer (`additionalData.payer`): the id's type, its mask, and whether it is the customer. */
export interface PayerReport {
  idType: 'CPF';
  /** Masked (cpf.ts, `maskCpf`): never the whole number. */
  idNumber: string;
  ownAccount: boolean;
}

/** The rule in force at `now` for a customer whose data is `data`, at a merchant of `config`; null when none. */
export function ownAccountRuleFor(config: SandboxMerchantConfig, data: Pick<Customer, 'billing'> | null | undefined, now = new Date()) {
  return ownAccountDepositsAt(rulesFor(config, data), now);
}

/** The APMs (ids of METHODS) the rule refuses for a customer of billing `country`/`region` (ISO 3166): left out of the methods list. */
export function refusedApmsFor(
  config: SandboxMerchantConfig,
  place: { country?: string | null; region?: string | null },
  now = new Date(),
): string[] {
  const data = { billing: { countryCode: place.country ?? undefined, state: place.region ?? undefined } } as Pick<Customer, 'billing'>;
  return refusedApms(rulesFor(config, data), Object.keys(METHODS), now);
}

/**
 * Refuses (400, naming the rule) processing an APM deposit of pay-in customer `customerId` by
 * `methodId` with `fields` (the method's fields as validated) when the rule in force forbids it:
 * a method other than those allowed; a customer whose CPF the merchant did not give (`kyc`
 * idType CPF); a Pix key CPF malformed or not the customer's. Nothing when no rule is in force.
 */
export async function assertOwnAccountApm(
  tx: Db,
  config: SandboxMerchantConfig,
  customerId: string,
  methodId: string,
  fields: Readonly<Record<string, string>>,
  now = new Date(),
): Promise<void> {
  const data = (await customerRow(tx, customerId))?.data;
  const rule = ownAccountRuleFor(config, data, now);
  if (!rule) return;
  const names = rule.methods.map((m) => METHODS[m]?.name ?? m).join(' or ');
  if (!rule.methods.includes(methodId)) {
    throw invalid(`${ruleText(rule)} allows deposits only by ${names} from the customer's own account: use ${names}`);
  }
  const own = cpfOfKyc(data?.kyc);
  if (!own) {
    throw invalid(
      `${ruleText(rule)} allows deposits only from the customer's own account: the customer's CPF is needed first (customer.kyc: idType CPF, idNumber, idCountry BR)`,
    );
  }
  if (fields.cpf !== undefined) {
    const typed = parseCpf(fields.cpf);
    if (!typed) throw invalid('additionalData.cpf: not a valid CPF (11 digits, check digits by modulo 11)');
    if (typed !== own) {
      throw invalid(`${ruleText(rule)} allows deposits only from the customer's own account: this CPF is not the customer's`);
    }
  }
}

/**
 * What the provider reports of the payer of APM pay-in `row` it approves: for a customer under the
 * rule, the payer's CPF, masked, and whether it is the customer's; null otherwise (no rule, no
 * method). The payer is the account the customer named (a Pix key CPF typed) or, for a TED, the
 * customer's own; `otherPayer`, the provider page's "another person's account": the test payer
 * THIRD_PARTY_PAYER_CPF.
 */
export async function payerReport(tx: Db, row: PayinRow, otherPayer: boolean, now = new Date()): Promise<PayerReport | null> {
  if (!row.methodId || row.methodId === 'card') return null;
  const config = await merchantConfig(tx, row.merchantId);
  const data = (await customerRow(tx, row.customerId))?.data;
  if (!ownAccountRuleFor(config, data, now)) return null;
  const named = typeof row.additionalData?.cpf === 'string' ? row.additionalData.cpf : (cpfOfKyc(data?.kyc) ?? undefined);
  const payer = otherPayer ? THIRD_PARTY_PAYER_CPF : named;
  return { idType: 'CPF', idNumber: payer ? maskCpf(payer) : '', ownAccount: payerIsCustomer(data?.kyc, payer) };
}

/**
 * The payment guard (core/status-events.ts): why APM pay-in `row`, about to be paid, must be
 * declined instead, or null. Under the rule in force for its customer, an APM deposit is paid only
 * when the provider reported its payer and the payer is the customer (by CPF); one from another
 * person's account is returned to its payer (DECLINED, CUSTOMER_ISSUES, its reason naming the
 * rule), and one by a method the rule does not allow is declined. Cards and wallets are not
 * looked at (their funding: refused-funding.ts, at processing).
 */
export async function ownAccountRefusal(tx: Db, row: PayinRow, now = new Date()): Promise<StoredStatusReason | null> {
  if (!row.methodId || row.methodId === 'card') return null;
  const config = await merchantConfig(tx, row.merchantId);
  const data = (await customerRow(tx, row.customerId))?.data;
  const rule = ownAccountRuleFor(config, data, now);
  if (!rule) return null;
  const payer = row.additionalData?.payer as Partial<PayerReport> | undefined;
  if (rule.methods.includes(row.methodId) && payer?.ownAccount === true) return null;
  const reason = !rule.methods.includes(row.methodId)
    ? `${ruleText(rule)} does not allow a deposit by ${METHODS[row.methodId]?.name ?? row.methodId}`
    : payer
      ? `Returned to its payer: ${ruleText(rule)} allows deposits only from the customer's own account, and the payer's CPF (${payer.idNumber || 'unknown'}) is not the customer's`
      : `${ruleText(rule)} allows deposits only from the customer's own account, and the provider did not report the payer`;
  return { status: 'DECLINED', detailedStatus: 'CUSTOMER_ISSUES', reason };
}
