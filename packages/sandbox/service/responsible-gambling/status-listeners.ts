/**
 * Responsible gambling's listeners on the status writer (core/status-events.ts), so the core
 * layer pays and moves money without knowing these rules:
 * - the payment guard: a pay-in about to be paid is declined instead when its customer is in a
 *   time-out or self-excluded (BLOCKED_CUSTOMER), or, for a cashier deposit, when the customer's
 *   limits as they are now or the KSA's net deposit threshold refuse it (CUSTOMER_ISSUES):
 *   deposit-rules.ts, `refusalAtPayment`; whichever path pays it (docs/design.md, E19 and E23);
 * - the payment guard of deposits only from the customer's own account (Brazil, SPA/MF): an APM
 *   deposit whose payer is not the customer is returned to its payer (responsible-gambling/own-account-deposits.ts);
 * - after a pay-in is paid: the UKGC's financial vulnerability check signalled to the merchant
 *   when its customer reaches the threshold (financial-check-signal.ts; never blocking).
 * Registered by the sandbox's entry points (http.ts, worker.ts) when they load; registering
 * again replaces, by name.
 */
import { guardPayment, onStatusChange } from '../core/status-events';
import { refusalAtPayment } from './deposit-rules';
import { signalFinancialCheck } from './financial-check-signal';
import { ownAccountRefusal } from './own-account-deposits';

/** Registers responsible gambling's payment guard and status listener (idempotent). */
export function listenToStatusChanges(): void {
  guardPayment('responsible gambling: exclusions and limits', (tx, row) => refusalAtPayment(tx, row));
  guardPayment('deposits from the own account', (tx, row) => ownAccountRefusal(tx, row));
  onStatusChange('responsible gambling: UKGC financial check', async (tx, change) => {
    if (change.kind === 'payin' && change.row.status === 'SUCCESS') await signalFinancialCheck(tx, change.row);
  });
}
