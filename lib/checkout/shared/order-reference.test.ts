/** The order line of a payment page: the merchant's orderId, never a cashier session's internal id. */
import { describe, expect, it } from 'vitest';
import { shownOrderReference } from './order-reference';

describe('shownOrderReference', () => {
  it("shows a merchant's own orderId as it is", () => {
    expect(shownOrderReference({ orderId: 'order-12345' })).toBe('order-12345');
  });

  it("shows nothing for a cashier session's payment, whose orderId the service made", () => {
    const sessionId = 'cs_3bVnq0cT2h5xJkYw';
    expect(shownOrderReference({ orderId: `${sessionId}-0b7c2f7e-93a1-4d8e-a7a8-0e1f55c1a2b3`, sessionId })).toBeNull();
  });

  it('shows nothing for an empty orderId', () => {
    expect(shownOrderReference({ orderId: '  ' })).toBeNull();
  });
});
