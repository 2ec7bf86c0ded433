/**
 * The payment outcome counter as the checkout feeds it (payment-outcome.ts): a final status once
 * per payment however many times the action, the status page and its polls see it, each decline
 * once, and no waiting status.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { metrics } from '@/lib/metrics/metrics';
import { notePaymentStatus } from './payment-outcome';

/** The counter's value for `type` and `status` (0 when never counted). */
async function counted(type: string, status: string): Promise<number> {
  const { values } = await metrics().paymentOutcomes.get();
  return values.find((v) => v.labels.type === type && v.labels.status === status)?.value ?? 0;
}

beforeEach(() => metrics().paymentOutcomes.reset());

describe('notePaymentStatus', () => {
  it('counts a final status once per payment, whoever sees it', async () => {
    notePaymentStatus('payin', 'pi_a', 'SUCCESS', 2); // the card action's processing answer
    notePaymentStatus('payin', 'pi_a', 'SUCCESS', 2); // the status page
    notePaymentStatus('payin', 'pi_a', 'SUCCESS', undefined); // a poll
    notePaymentStatus('payin', 'pi_b', 'SUCCESS', 2);
    notePaymentStatus('payout', 'po_a', 'PROCESSED', undefined);
    notePaymentStatus('payout', 'po_a', 'PROCESSED', undefined);
    notePaymentStatus('payout', 'po_b', 'REJECTED', undefined);
    expect(await counted('payin', 'SUCCESS')).toBe(2);
    expect(await counted('payout', 'PROCESSED')).toBe(1);
    expect(await counted('payout', 'REJECTED')).toBe(1);
  });

  it('counts each decline of a pay-in once, by the attempts left after it', async () => {
    notePaymentStatus('payin', 'pi_c', 'DECLINED', 2);
    notePaymentStatus('payin', 'pi_c', 'DECLINED', 2); // the form again, then a reload
    notePaymentStatus('payin', 'pi_c', 'DECLINED', undefined); // left to the fetch that knows the attempts
    notePaymentStatus('payin', 'pi_c', 'DECLINED', 1);
    notePaymentStatus('payin', 'pi_c', 'DECLINED', 0); // the last: final
    notePaymentStatus('payin', 'pi_c', 'DECLINED', 0);
    expect(await counted('payin', 'DECLINED')).toBe(3);
  });

  it('counts no waiting status', async () => {
    for (const status of ['CREATED', 'PENDING', 'PENDING_3DS']) notePaymentStatus('payin', 'pi_d', status, 3);
    for (const status of ['CREATED', 'WAITING_FOR_CONFIRMATION', 'PENDING']) notePaymentStatus('payout', 'po_d', status, undefined);
    expect((await metrics().paymentOutcomes.get()).values).toEqual([]);
  });
});
