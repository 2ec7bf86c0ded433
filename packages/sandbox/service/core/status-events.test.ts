/**
 * The status writer's listener registry (status-events.ts): no pay-in is paid while no payment
 * guard is registered; the first refusal, in registration order, is the one answered; a name
 * registered again replaces its listener (a module loaded by two bundles hears once); every
 * status listener hears each change. Guards and listeners here are fakes: no database.
 */
import { describe, expect, it } from 'vitest';
import type { Db } from '@sandbox/db/client';
import type { StoredStatusReason } from '@sandbox/db/stored-shapes';
import { emitStatusChange, guardPayment, onStatusChange, paymentRefusal, type StatusChange } from './status-events';

const tx = {} as Db;
const row = { id: 'pi_1', status: 'PENDING' } as unknown as Parameters<typeof paymentRefusal>[1];
const reason = (detailed: 'BLOCKED_CUSTOMER' | 'CUSTOMER_ISSUES'): StoredStatusReason => ({
  status: 'DECLINED',
  detailedStatus: detailed,
  reason: detailed,
});

describe('status events', () => {
  it('refuses to pay a pay-in while no payment guard is registered (fails closed)', async () => {
    await expect(paymentRefusal(tx, row)).rejects.toThrow(/No payment guard is registered/);
  });

  it('answers the first refusal in registration order, and null when every guard lets it pay', async () => {
    const heard: string[] = [];
    guardPayment('first', async () => (heard.push('first'), null));
    guardPayment('second', async () => (heard.push('second'), reason('BLOCKED_CUSTOMER')));
    guardPayment('third', async () => (heard.push('third'), reason('CUSTOMER_ISSUES')));
    expect(await paymentRefusal(tx, row)).toEqual(reason('BLOCKED_CUSTOMER'));
    expect(heard).toEqual(['first', 'second']);
    guardPayment('second', async () => null);
    guardPayment('third', async () => null);
    expect(await paymentRefusal(tx, row)).toBeNull();
  });

  it('tells every listener of a change once, a name registered twice included', async () => {
    const heard: string[] = [];
    onStatusChange('a', async () => void heard.push('a (old)'));
    onStatusChange('a', async (_tx, change) => void heard.push(`a ${change.row.status}`));
    onStatusChange('b', async (_tx, change) => void heard.push(`b ${change.kind} from ${change.previous}`));
    const change: StatusChange = { kind: 'payin', row: { ...row, status: 'SUCCESS' }, previous: 'PENDING' };
    await emitStatusChange(tx, change);
    expect(heard).toEqual(['a SUCCESS', 'b payin from PENDING']);
  });
});
