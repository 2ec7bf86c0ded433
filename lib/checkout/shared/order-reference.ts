/**
 * The order line a payment page shows under the amount. A payment the merchant created itself
 * carries the merchant's `orderId` (reference, "Pay-in": "merchant-specified order id"), shown as
 * it is. A deposit or withdrawal made in a cashier session (E9, docs/design.md) has an `orderId`
 * the service made up (the sandbox's `{sessionId}-{uuid}`): an internal id the customer has no use
 * for, so nothing is shown. The service says which is which by the transaction's `sessionId`.
 */

/** What the rule reads of a transaction: its `orderId` and, for a cashier one, its `sessionId`. */
export interface OrderReferenceSource {
  orderId: string;
  sessionId?: string;
}

/** The reference to show the customer: the merchant's `orderId`, or null for a cashier session's payment (or an empty id). */
export function shownOrderReference(transaction: OrderReferenceSource): string | null {
  if (transaction.sessionId) return null;
  const orderId = transaction.orderId.trim();
  return orderId === '' ? null : orderId;
}
