/**
 * The payment methods of a pay-in or payout (E6's list, `GET /public/payin/{id}/methods` and
 * `GET /public/payout/{id}/methods`) with the transaction itself, as GET answers it (docs/design.md,
 * E6 extended): the APM page shows both from one read. A service without the extension answers the
 * methods alone; the page then reads the transaction.
 */
import type { z } from 'zod';
import { MethodList } from './methods';
import { PayinTransaction } from './payin';
import { PayoutTransaction } from './payout';

export const PayinMethodList = MethodList.extend({
  payin: PayinTransaction.optional().meta({ 'x-extension': true, description: 'The pay-in, as GET /public/payin/{payinId} answers it.' }),
}).meta({ id: 'PayinMethodList', 'x-extension': true });
export type PayinMethodList = z.infer<typeof PayinMethodList>;

export const PayoutMethodList = MethodList.extend({
  payout: PayoutTransaction.optional().meta({
    'x-extension': true,
    description: 'The payout, as GET /public/payout/{payoutId} answers it.',
  }),
}).meta({ id: 'PayoutMethodList', 'x-extension': true });
export type PayoutMethodList = z.infer<typeof PayoutMethodList>;
