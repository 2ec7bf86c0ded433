/**
 * The payout deadline's webhooks (docs/design.md, section 8): a cashier withdrawal under a licence
 * whose rules set a payout deadline (responsible-gambling/regulators.ts `payoutDeadlineMinutes`;
 * SPA/MF, Brazil: paid within 120 minutes, Portaria SPA/MF 615/2024, DOU 18/04/2024, article not
 * confirmed) that is not paid out as its deadline nears, and once it has passed. Kept beside
 * events.ts, which holds the other events, and registered with them in openapi.ts.
 */
import { z } from 'zod';
import { CashierEventContext } from './events';
import { PayoutTransaction } from './payout';

/** The two events' types: a quarter of the time left, and the deadline passed with the withdrawal not final. */
export const PAYOUT_DEADLINE_EVENT_TYPES = ['payout.deadline_approaching', 'payout.deadline_passed'] as const;
export type PayoutDeadlineEventType = (typeof PAYOUT_DEADLINE_EVENT_TYPES)[number];

/**
 * `payout.deadline_approaching` / `payout.deadline_passed`: each sent at most once per withdrawal,
 * only while it is not final (CREATED, WAITING_FOR_CONFIRMATION or PENDING: one waiting for the
 * merchant's confirmation counts, the deadline is the operator's). One whose deadline had already
 * passed when the service first looked is sent `payout.deadline_passed` alone.
 */
export const PayoutDeadlineEvent = z
  .object({
    id: z.string().meta({ description: 'The event id (evt_…).' }),
    type: z.enum(PAYOUT_DEADLINE_EVENT_TYPES),
    createdAt: z.string(),
    data: z.object({
      // The withdrawal as it is now (not final), with its `payoutDueAt`.
      object: PayoutTransaction,
      payoutDueAt: z
        .string()
        .meta({ description: 'When it must be paid out at the latest (ISO 8601): its request time plus the deadline.' }),
      cashier: CashierEventContext.optional().meta({ description: 'The session, the customer and the merchant reference.' }),
    }),
  })
  .meta({ id: 'PayoutDeadlineEvent', 'x-extension': true });
export type PayoutDeadlineEvent = z.infer<typeof PayoutDeadlineEvent>;
