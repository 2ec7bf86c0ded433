/**
 * The sandbox's merchant-scoped lookups: POST /public/customer (create-or-update, customers.ts),
 * saved cards, PSP records, the methods of a transaction and checkout settings.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '@sandbox/db/client';
import { bankChoices, cards, customers, merchants, payins, payouts } from '@sandbox/db/schema';
import type { Customer } from '@hosted-checkout/contract/common';
import type { CustomerRecord, SavedCard } from '@hosted-checkout/contract/customer';
import type { CheckoutSettings } from '@hosted-checkout/contract/merchant';
import type { PspRecord } from '@hosted-checkout/contract/methods';
import { notFound } from '../core/api-error';
import { canAccess, requireMerchant, type Principal } from '../core/auth';
import { METHODS } from '../core/merchant-config';
import { methodsFor } from '../core/methods';
import { upsertCustomer } from '../core/customers';
import { withBankOptions } from '../bank/bank-choices';
import { withPayoutBankAccounts } from '../bank/payout-accounts';
import { merchantConfig } from '../core/request-context';
import { policyFor, refusedMethods } from '../responsible-gambling/funding-rules';
import { findMerchant } from '../core/store';
import { refusedApmsFor } from '../responsible-gambling/own-account-deposits';
import type { PayinRow, PayoutRow } from '../core/records';

/** POST /public/customer: creates or updates by externalUserId. */
export async function saveCustomer(tx: Db, principal: Principal, customer: Customer): Promise<CustomerRecord> {
  const merchantId = requireMerchant(principal);
  const id = await upsertCustomer(tx, merchantId, customer);
  const [row] = await tx.select().from(customers).where(eq(customers.id, id)).limit(1);
  if (!row) throw new Error('customer vanished');
  return { ...row.data, customerId: row.id, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

async function customerOf(tx: Db, principal: Principal, customerId: string) {
  const [row] = await tx.select().from(customers).where(eq(customers.id, customerId)).limit(1);
  if (!row || !canAccess(principal, row.merchantId)) throw notFound('Customer');
  return row;
}

/**
 * A customer's saved cards, masked, with the name on each, the most recently used first: the cards' list, and the
 * `savedCards` a pay-in or payout answer carries (docs/design.md, E7), so a page needs no second read.
 * `keep`, by a card's keyed hash, narrows them (a payout's: the closed loop's cards only).
 */
export async function customerCards(tx: Db, customerId: string, keep?: (hash: string) => boolean): Promise<SavedCard[]> {
  const all = await tx.select().from(cards).where(eq(cards.customerId, customerId)).orderBy(desc(cards.lastUsedAt), desc(cards.createdAt));
  const rows = keep ? all.filter((c) => keep(c.hash)) : all;
  return rows.map((c) => ({
    cardId: c.id,
    cardMask: c.mask,
    cardBrand: c.brand,
    expiryMonth: c.expiryMonth,
    expiryYear: c.expiryYear,
    cardHolderName: c.holder,
  }));
}

/** GET /public/customer/{customerId}/cards, the most recently used first. */
export async function listCards(tx: Db, principal: Principal, customerId: string): Promise<{ cards: SavedCard[] }> {
  await customerOf(tx, principal, customerId);
  return { cards: await customerCards(tx, customerId) };
}

/** DELETE /public/customer/{customerId}/cards/{cardId}. */
export async function deleteCard(tx: Db, principal: Principal, customerId: string, cardId: string): Promise<void> {
  await customerOf(tx, principal, customerId);
  const deleted = await tx
    .delete(cards)
    .where(and(eq(cards.id, cardId), eq(cards.customerId, customerId)))
    .returning({ id: cards.id });
  if (deleted.length === 0) throw notFound('Saved card');
}

/** GET /public/psp/{merchantEnabledPspId}: a PSP the merchant has enabled. */
export async function getPsp(tx: Db, principal: Principal, pspId: string): Promise<PspRecord> {
  const config = await merchantConfig(tx, requireMerchant(principal));
  const psp = config.psps.find((p) => p.id === pspId);
  if (!psp) throw notFound('PSP');
  return {
    id: psp.id,
    name: psp.name,
    methods: psp.methods.flatMap((id) => (METHODS[id] ? [{ id, type: METHODS[id].type, name: METHODS[id].name }] : [])),
    currencies: psp.currencies,
    requiresKyc: psp.requiresKyc,
  };
}

/**
 * GET /public/payin/{id}/methods with the pay-in itself (docs/design.md, E6 extended): one
 * statement reads the pay-in's row, its merchant's configuration, and its customer's billing country
 * and last used bank; `answer` makes the pay-in's GET answer from that row (saved cards, a due
 * outcome settled), so the pay-in is read once. The methods the rules in force for the customer
 * refuse now (the merchant's `creditFundedMethods` under Sweden's ban on gambling on credit:
 * responsible-gambling/funding-rules.ts) are left out. Throws 404.
 */
export async function payinWithMethods<A>(tx: Db, principal: Principal, id: string, answer: (row: PayinRow) => Promise<A>) {
  const [found] = await tx
    .select({
      row: payins,
      config: merchants.config,
      country: sql<string | null>`${customers.data}->'billing'->>'countryCode'`,
      region: sql<string | null>`${customers.data}->'billing'->>'state'`,
      lastUsedBank: bankChoices.bankId,
    })
    .from(payins)
    .innerJoin(merchants, eq(merchants.id, payins.merchantId))
    .leftJoin(customers, eq(customers.id, payins.customerId))
    .leftJoin(bankChoices, eq(bankChoices.customerId, payins.customerId))
    .where(eq(payins.id, id))
    .limit(1);
  if (!found || !canAccess(principal, found.row.merchantId)) throw notFound('Pay-in');
  const payin = await answer(found.row);
  const refused = refusedMethods(policyFor(found.config, found));
  // Brazil: among APMs only Pix and TED, from the customer's own account (responsible-gambling/own-account-deposits.ts).
  const notOwnAccount = refusedApmsFor(found.config, found);
  const offered = methodsFor(found.config, found.row).filter((m) => !refused.includes(m.id) && !notOwnAccount.includes(m.id));
  const methods = withBankOptions(offered, { country: found.country, lastUsedId: found.lastUsedBank });
  return { methods, payin };
}

/** As payinWithMethods, for a payout (its `bank` narrowed to the customer's deposit accounts). Throws 404. */
export async function payoutWithMethods<A>(tx: Db, principal: Principal, id: string, answer: (row: PayoutRow) => Promise<A>) {
  const [found] = await tx
    .select({ row: payouts, config: merchants.config })
    .from(payouts)
    .innerJoin(merchants, eq(merchants.id, payouts.merchantId))
    .where(eq(payouts.id, id))
    .limit(1);
  if (!found || !canAccess(principal, found.row.merchantId)) throw notFound('Payout');
  const payout = await answer(found.row);
  return { methods: await withPayoutBankAccounts(tx, methodsFor(found.config, found.row), found.row), payout };
}

/** GET /public/merchant/{merchantId}/checkout-settings. 404 for an unknown or another merchant. */
export async function getCheckoutSettings(tx: Db, principal: Principal, merchantId: string): Promise<CheckoutSettings> {
  const merchant = canAccess(principal, merchantId) ? await findMerchant(tx, merchantId) : null;
  if (!merchant) throw notFound('Merchant');
  return merchant.config.settings;
}
