/**
 * Creating pay-ins (reference, "Pay-in"; docs/design.md, section 6): POST /public/payin, the
 * pay-ins of cashier sessions and of the legacy host-to-host create. The amount must be
 * in a currency the merchant has enabled (checked where the API's major units become minor units:
 * `checkedMinor`), the processor is selected (and the amount converted) by route or router, and an
 * orderId is used once per merchant.
 */
import { assertDepositRules } from '../responsible-gambling/responsible-gambling';
import { customerRow } from '../responsible-gambling/limits-prompt';
import { checkNationalRegisters } from '../responsible-gambling/national-registers';
import { and, eq } from 'drizzle-orm';
import type { Db } from '@sandbox/db/client';
import { payins } from '@sandbox/db/schema';
import type { PayinCreateRequest, PayinCreateResponse } from '@hosted-checkout/contract/payin';
import { SandboxApiError, invalid } from '../core/api-error';
import { convertMinor } from '@hosted-checkout/contract/money';
import { requestRefusal } from '../core/sca-decision';
import { requireMerchant, type Principal } from '../core/auth';
import { upsertCustomer } from '../core/customers';
import { checkedMinor } from '../core/merchant-config';
import type { PayinRow } from '../core/records';
import { clientMetadata, iframeUrls, merchantConfig, type RequestContext } from '../core/request-context';
import { routingColumns, selectProcessor } from '../core/selection';
import { newId } from '../core/store';
import type { H2hData } from '@sandbox/db/stored-shapes';

/** A pay-in to create: the create request's fields, its amount in minor units of `currency` (checked by the caller at the API's edge: `checkedMinor`). */
interface PayinInput extends Omit<PayinCreateRequest, 'customer' | 'amount'> {
  amountMinor: number;
  customerId: string;
  sessionId?: string;
  /** A legacy host-to-host pay-in: its id starts `h2h_`, and its status changes send the h2h webhook. */
  h2h?: H2hData;
  /** A cashier deposit: its fee (minor units, included in `amountMinor`) and the method it was priced for. */
  cashier?: { feeMinor: number; method: 'card' | 'apm' };
  /** A cashier deposit retrying an unpaid one: the pay-in it replaces, and whether its next card attempt goes through the challenge. */
  retry?: { replaces: string; scaRequired: boolean };
}

/**
 * Creates a pay-in for a merchant, in one insert (a cashier deposit with its fee and method, a
 * retry with what it replaces): CREATED, or FAILED with NO_PROVIDER_AVAILABLE when no processor
 * is eligible. Throws 400 (route, router), 404 (merchant), 409 DUPLICATE_ORDER_ID.
 */
export async function createPayinFor(tx: Db, merchantId: string, input: PayinInput, ctx: RequestContext): Promise<PayinRow> {
  const config = await merchantConfig(tx, merchantId, ctx);
  const { amountMinor } = input;
  // The regulated cashier: no deposit is created for a customer in a time-out or self-excluded (409).
  // Outside a session the deposit is the customer's login: the national registers are asked where their answer no longer stands.
  if (!input.sessionId) await checkNationalRegisters(tx, merchantId, input.customerId, { loginAt: new Date() });
  assertDepositRules(config, await customerRow(tx, input.customerId), { cashier: false });
  const selection = selectProcessor(config, {
    currency: input.currency,
    amountMinor,
    kycVerified: input.kycVerified,
    routerId: input.routerId,
    directRouteId: input.directRouteId,
  });
  // What the merchant asks of 3-D Secure, refused where it cannot apply (the card acquirer's TRA band).
  if (input.authentication) {
    const acquirer = selection.psp?.methods.includes('card') ? selection.psp : selection.eligible.find((p) => p.methods.includes('card'));
    const eur = convertMinor(selection.amountMinor, selection.currency, 'EUR', config.ratesToEur);
    const refusal = requestRefusal(input.authentication, eur, acquirer?.fraudRatePercent);
    if (refusal) throw invalid(`authentication: ${refusal}`);
  }
  const [existing] = await tx
    .select({ id: payins.id })
    .from(payins)
    .where(and(eq(payins.merchantId, merchantId), eq(payins.orderId, input.orderId)))
    .limit(1);
  if (existing) throw new SandboxApiError('DUPLICATE_ORDER_ID', `orderId ${input.orderId} is already used by another pay-in`);

  const [row] = await tx
    .insert(payins)
    .values({
      id: newId(input.h2h ? 'h2h' : 'pi'),
      merchantId,
      customerId: input.customerId,
      orderId: input.orderId,
      amountMinor: selection.amountMinor,
      currency: selection.currency,
      initialAmountMinor: amountMinor,
      initialCurrency: input.currency,
      ...routingColumns(selection, input),
      returnUrls: input.returnUrls,
      previousTransactionCount: input.previousTransactionCount,
      metadata: clientMetadata(ctx.ip, ctx.userAgent),
      h2h: input.h2h ?? null,
      ...(input.cashier ? { feeMinor: input.cashier.feeMinor, cashierMethod: input.cashier.method } : {}),
      ...(input.retry ? { replaces: input.retry.replaces, scaRequired: input.retry.scaRequired } : {}),
      ...(input.authentication ? { authentication: input.authentication } : {}),
    })
    .returning();
  if (!row) throw new Error('pay-in insert returned nothing');
  return row;
}

/** POST /public/payin (`amount` in major units). Throws 400 (currency, amount, route), 403 (checkout token), 409 (orderId). */
export async function createPayin(
  tx: Db,
  principal: Principal,
  request: PayinCreateRequest,
  ctx: RequestContext,
): Promise<PayinCreateResponse> {
  const merchantId = requireMerchant(principal);
  const config = await merchantConfig(tx, merchantId, ctx);
  const { customer, amount, ...rest } = request;
  const customerId = await upsertCustomer(tx, merchantId, customer);
  const amountMinor = checkedMinor(config, amount, request.currency, 'amount');
  const row = await createPayinFor(tx, merchantId, { ...rest, amountMinor, customerId }, ctx);
  return { paymentId: row.id, status: row.status, iframeUrls: iframeUrls(ctx, 'payin', row.id) };
}
