/**
 * The session-changes long poll (docs/design.md, E9): what the checkout's live-balance hub asks
 * the service for, and the changed sessions' balances it answers.
 */
import { z } from 'zod';
import { HolderProof } from './cashier';

/** Most session ids one session-changes watch may name (the checkout splits larger sets). */
export const SESSION_CHANGES_MAX_IDS = 1000;
/** Longest wait of the session-changes long poll (s). */
const SESSION_CHANGES_MAX_WAIT_S = 25;

/**
 * The session-changes long poll: the sessions to watch, the cursor of the previous answer, and how long to wait for a
 * change (s). Without `after`, the answer comes at once with every watched session.
 */
export const SessionChangesRequest = z
  .object({
    sessionIds: z
      .array(z.string().regex(/^[A-Za-z0-9_-]{1,64}$/))
      .min(1)
      .max(SESSION_CHANGES_MAX_IDS),
    after: z
      .string()
      .regex(/^\d{1,20}\.\d{1,15}$/)
      .optional()
      .meta({ description: 'The `cursor` of the previous answer.' }),
    waitSeconds: z.number().int().min(0).max(SESSION_CHANGES_MAX_WAIT_S).default(SESSION_CHANGES_MAX_WAIT_S),
    holderProofs: z.array(HolderProof).max(SESSION_CHANGES_MAX_IDS).optional().meta({
      description:
        'Decided by this project: the holder’s proof of each of `sessionIds`, in the same order (required with the hosted pages’ credential; a session may be named twice with two proofs, the cashier’s and the widget’s).',
    }),
  })
  .refine((body) => body.holderProofs === undefined || body.holderProofs.length === body.sessionIds.length, {
    message: 'holderProofs must name one proof per session id',
    path: ['holderProofs'],
  })
  .meta({ id: 'SessionChangesRequest', 'x-extension': true });
export type SessionChangesRequest = z.input<typeof SessionChangesRequest>;

/** One changed session of the long poll: its balance, reserved and available amounts (major units; null without a balance). */
export const SessionChange = z
  .object({
    sessionId: z.string(),
    balance: z.number().nullable(),
    reserved: z.number(),
    available: z.number().nullable(),
    withdrawalsChanged: z.boolean().optional().meta({
      description:
        'Decided by this project: false when only the balance moved (no withdrawal was created or changed status), so a watcher keeps its list of pending withdrawals; absent means it may have changed.',
    }),
  })
  .meta({ id: 'SessionChange', 'x-extension': true });
export type SessionChange = z.infer<typeof SessionChange>;

/**
 * The long poll's answer: the sessions among those watched that changed after `after` (each once, as it is now),
 * and the cursor to send next. Unknown ids, and sessions of another merchant, never appear.
 */
export const SessionChangesAnswer = z
  .object({
    cursor: z.string(),
    changed: z.array(SessionChange),
    ended: z.array(z.string()).optional().meta({
      description:
        'Decided by this project: the `holderProofs` of the request that no longer hold their session (launched again in another browser); the watcher ends their streams.',
    }),
  })
  .meta({ id: 'SessionChangesAnswer', 'x-extension': true });
export type SessionChangesAnswer = z.infer<typeof SessionChangesAnswer>;
