/**
 * Germany: a customer's request for a monthly deposit ceiling above LUGAS' EUR 1,000, and the
 * merchant's decision (GlüStV 2021 §6c(1) S.3; the contract's limit-raise.ts; docs/design.md,
 * section 8). The request and the approved ceiling live in the customer's `gambling` jsonb
 * (`limitRaise`, `approvedCeiling`: no migration); the ceiling in force changes only when the
 * merchant approves (deposit-limits.ts, withApprovedCeiling), and a raise of the limit up to it
 * then waits the 7 days of any raise. Every step is an event (`customer.limit_raise_requested`,
 * `…_approved`, `…_declined`). Of the customer's document the sandbox keeps the SHA-256, size, type
 * and name; its bytes are checked against the type and dropped.
 * Amounts: EUR major units at the API, minor units (ISO 4217) in `approvedCeiling`.
 * Errors are SandboxApiError: 400 VALIDATION_ERROR, 403, 404 NOT_FOUND, 409 INVALID_STATE.
 */
import { createHash } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '@sandbox/db/client';
import { cashierSessions, customers } from '@sandbox/db/schema';
import type { SandboxMerchantConfig, StoredResponsibleGambling } from '@sandbox/db/stored-shapes';
import {
  documentProblem,
  LIMIT_RAISE_CURRENCY,
  LIMIT_RAISE_MAX,
  type LimitRaiseDecision,
  type LimitRaiseDocument,
  type LimitRaiseDocumentUpload,
  type LimitRaiseRequest,
  type LimitRaiseRequestCreate,
  type LimitRaiseStatus,
  type LimitRaiseView,
} from '@hosted-checkout/contract/responsible-gambling/limit-raise';
import { toMajor, toMinor } from '@hosted-checkout/contract/money';
import { SandboxApiError, invalid, notFound } from '../core/api-error';
import { canAccess, requireMerchant, type Principal } from '../core/auth';
import { rulesFor } from '../core/merchant-config';
import { newId } from '../core/store';
import { enqueueEvent } from '../core/webhooks';
import { withApprovedCeiling } from './deposit-limits';
import { customerRow } from './limits-prompt';

/** The events' types. */
export const LIMIT_RAISE_EVENTS = {
  requested: 'customer.limit_raise_requested',
  approved: 'customer.limit_raise_approved',
  declined: 'customer.limit_raise_declined',
} as const;

/** Most requests one list answers. */
const LIST_MAX = 500;

/** The customer's own view of a request (the session answer's `responsibleGambling.limitRaise`). */
export function limitRaiseView(request: LimitRaiseRequest): LimitRaiseView {
  return {
    id: request.id,
    status: request.status,
    requestedCeiling: request.requestedCeiling,
    createdAt: request.createdAt,
    ...(request.decidedAt ? { decidedAt: request.decidedAt } : {}),
    ...(request.approvedCeiling !== undefined ? { approvedCeiling: request.approvedCeiling } : {}),
    ...(request.declineReason ? { declineReason: request.declineReason } : {}),
  };
}

/**
 * The document's digest and metadata, from its base64 bytes: 400 for base64 that does not decode
 * whole, an empty file, one over 5 MiB, or bytes that are not the type named (PDF, JPEG, PNG by
 * their first bytes). The bytes are not kept.
 */
export function documentRecord(upload: LimitRaiseDocumentUpload): LimitRaiseDocument {
  if (upload.content.length % 4 !== 0) throw invalid('document.content is not base64');
  const bytes = Buffer.from(upload.content, 'base64');
  const problem = documentProblem(bytes, upload.contentType);
  if (problem === 'empty') throw invalid('document is empty');
  if (problem === 'tooLarge') throw invalid('document is larger than 5 MiB');
  if (problem === 'type') throw invalid(`document is not a ${upload.contentType} file`);
  return {
    fileName: upload.fileName,
    contentType: upload.contentType,
    size: bytes.byteLength,
    sha256: createHash('sha256').update(bytes).digest('hex'),
  };
}

/** The euros of `minor` (EUR minor units) as a number of major units. */
const euros = (minor: number) => toMajor(minor, LIMIT_RAISE_CURRENCY);

/**
 * POST /public/cashier/session/{sessionId}/limit-raise-request (pages' credential, the session's
 * browser): the customer asks for `requestedCeiling` (EUR major units), above the ceiling in force
 * for them, declaring `netMonthlyIncome`, with an optional document. Stored pending on the customer
 * row (locked); the ceiling does not change. Throws 404 for no session, 409 INVALID_STATE for an
 * expired session or a request already waiting, 400 where the rules have no ceiling (not GGL) or
 * the amount is not above it, and for a document documentRecord refuses.
 */
export async function requestLimitRaise(
  tx: Db,
  principal: Principal,
  sessionId: string,
  body: LimitRaiseRequestCreate,
  config: (merchantId: string) => Promise<SandboxMerchantConfig>,
  now = new Date(),
): Promise<LimitRaiseRequest> {
  const [session] = await tx.select().from(cashierSessions).where(eq(cashierSessions.id, sessionId)).limit(1);
  if (!session || !canAccess(principal, session.merchantId)) throw notFound('Cashier session');
  if (session.expiresAt.getTime() <= now.getTime()) throw new SandboxApiError('INVALID_STATE', 'The cashier session has expired');
  const row = await customerRow(tx, session.customerId, true);
  if (!row) throw notFound('Customer');
  const merchant = await config(session.merchantId);
  const ceiling = withApprovedCeiling(rulesFor(merchant, row.data), row.gambling).monthlyCeiling;
  if (!ceiling || ceiling.currency !== LIMIT_RAISE_CURRENCY)
    throw invalid('The rules in force have no monthly ceiling to raise (only a GGL licence has one)');
  if (row.gambling?.limitRaise?.status === 'pending')
    throw new SandboxApiError('INVALID_STATE', 'A request for a higher monthly ceiling is already waiting for the merchant');
  const requestedMinor = toMinor(body.requestedCeiling, LIMIT_RAISE_CURRENCY);
  if (requestedMinor === null || requestedMinor <= ceiling.minor)
    throw invalid(`requestedCeiling must be above the monthly ceiling in force (${euros(ceiling.minor)} ${LIMIT_RAISE_CURRENCY})`);
  const request: LimitRaiseRequest = {
    id: newId('lrr'),
    customerId: row.id,
    externalUserId: row.externalUserId,
    sessionId,
    currency: LIMIT_RAISE_CURRENCY,
    ceilingInForce: euros(ceiling.minor),
    requestedCeiling: euros(requestedMinor),
    netMonthlyIncome: body.netMonthlyIncome,
    ...(body.document ? { document: documentRecord(body.document) } : {}),
    status: 'pending',
    createdAt: now.toISOString(),
  };
  const gambling: StoredResponsibleGambling = { ...(row.gambling ?? {}), limitRaise: request };
  await tx.update(customers).set({ gambling, updatedAt: now }).where(eq(customers.id, row.id));
  await enqueueEvent(tx, session.merchantId, LIMIT_RAISE_EVENTS.requested, request.id, request);
  return request;
}

/** The request `requestId` of the merchant's customers, with its row locked. */
async function lockedRequestRow(tx: Db, merchantId: string, requestId: string) {
  const [row] = await tx
    .select()
    .from(customers)
    .where(and(eq(customers.merchantId, merchantId), sql`${customers.gambling} -> 'limitRaise' ->> 'id' = ${requestId}`))
    .limit(1)
    .for('update');
  return row;
}

/** GET /public/limit-raise-requests (merchant only): the merchant's customers' latest requests of `status`, oldest first, at most 500. */
export async function listLimitRaiseRequests(
  tx: Db,
  principal: Principal,
  status: LimitRaiseStatus,
): Promise<{ requests: LimitRaiseRequest[] }> {
  const merchantId = requireMerchant(principal);
  const rows = await tx
    .select({ gambling: customers.gambling })
    .from(customers)
    .where(and(eq(customers.merchantId, merchantId), sql`${customers.gambling} -> 'limitRaise' ->> 'status' = ${status}`))
    .orderBy(asc(sql`${customers.gambling} -> 'limitRaise' ->> 'createdAt'`))
    .limit(LIST_MAX);
  return { requests: rows.flatMap((r) => (r.gambling?.limitRaise ? [r.gambling.limitRaise] : [])) };
}

/**
 * POST /public/limit-raise-requests/{requestId}/decision (merchant only): approves the request
 * with a ceiling (EUR major units, above the rules' EUR 1,000, at most 30,000), which becomes the
 * customer's monthly ceiling at once (their limit itself still rises only by a raise that waits
 * 7 days), or declines it with a reason. Throws 404 for another merchant's or an unknown request,
 * 409 INVALID_STATE for one already decided, 400 for a ceiling not above the rules'.
 */
export async function decideLimitRaiseRequest(
  tx: Db,
  principal: Principal,
  requestId: string,
  decision: LimitRaiseDecision,
  config: (merchantId: string) => Promise<SandboxMerchantConfig>,
  now = new Date(),
): Promise<LimitRaiseRequest> {
  const merchantId = requireMerchant(principal);
  const row = await lockedRequestRow(tx, merchantId, requestId);
  const stored = row?.gambling?.limitRaise;
  if (!row || !stored) throw notFound('Limit raise request');
  if (stored.status !== 'pending') throw new SandboxApiError('INVALID_STATE', `The request was already ${stored.status}`);
  const gambling: StoredResponsibleGambling = { ...(row.gambling ?? {}) };
  let decided: LimitRaiseRequest;
  if (decision.status === 'approved') {
    const base = rulesFor(await config(merchantId), row.data).monthlyCeiling;
    const minor = toMinor(decision.ceiling, LIMIT_RAISE_CURRENCY);
    const floor = base?.currency === LIMIT_RAISE_CURRENCY ? base.minor : toMinor(stored.ceilingInForce, LIMIT_RAISE_CURRENCY);
    if (minor === null || floor === null || minor <= floor || decision.ceiling > LIMIT_RAISE_MAX)
      throw invalid(`ceiling must be above ${euros(floor ?? 0)} and at most ${LIMIT_RAISE_MAX} ${LIMIT_RAISE_CURRENCY}`);
    decided = { ...stored, status: 'approved', decidedAt: now.toISOString(), approvedCeiling: euros(minor) };
    gambling.approvedCeiling = { currency: LIMIT_RAISE_CURRENCY, minor, requestId, approvedAt: now.toISOString() };
  } else {
    decided = { ...stored, status: 'declined', decidedAt: now.toISOString(), declineReason: decision.reason };
  }
  gambling.limitRaise = decided;
  await tx.update(customers).set({ gambling, updatedAt: now }).where(eq(customers.id, row.id));
  await enqueueEvent(tx, merchantId, LIMIT_RAISE_EVENTS[decision.status], requestId, decided);
  return decided;
}
