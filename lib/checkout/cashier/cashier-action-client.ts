import 'server-only';
/**
 * The cashier's side of the checkout's one action pipeline (lib/checkout/shared/action-pipeline.ts),
 * for the cashier's forms (deposit or withdraw, cancel a withdrawal, deposit again, recover a
 * declined deposit, deposit limits, reality check). What is the cashier's own:
 *
 * - Only the browser that holds the session moves its money (docs/design.md, E22): the session
 *   id is a locator read off the merchant's page, never a credential. The holding is checked
 *   before the action's logic runs, and a refusal is logged once as `security.binding_refused`.
 * - The session is read once, by the holder's proof, and handed to the logic, with its open
 *   transactions only (`?transactions=open`): no move needs the history. An expired one is refused
 *   unless the action lets the service decide.
 * - A refusal or a failed call of the payments service becomes one `CashierError` key
 *   (`cashierFailure`), which the action only shapes into its own state.
 * - The attempt's Idempotency-Key part (`attemptKey`) is the form's, else the previous state's,
 *   else a new one; after a failure it stays where nothing can have been created (a retry cannot
 *   create twice), and is new otherwise.
 */
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { CashierSession } from '@hosted-checkout/contract/cashier';
import { ID_MAX_LENGTH } from '@hosted-checkout/contract/ids';
import { HolderRefused, runAction, type BadForm, type Outcome } from '@/lib/checkout/shared/action-pipeline';
import { logger } from '@hosted-checkout/runtime/log';
import { paymentsApi } from '@/lib/payments-api/client';
import { requestHolding } from '@/lib/checkout/shared/holding';
import { localeParam } from '@/lib/checkout/shared/payment-paths';
import { attemptKeyOf } from '@/lib/checkout/shared/attempt-key';
import { cashierFailure, type CashierFailure } from './cashier-failure';

/** Why the session's browser check refused: the service did not answer, another browser holds it (or none), it expired. */
export type CashierRefusal = 'unavailable' | 'rejected' | 'expired';

/** The session (whatever its status), when the browser of the current request holds it; else why not. */
export type HeldSession = { session: CashierSession } | { refused: Exclude<CashierRefusal, 'expired'> };

/**
 * Whether the browser of the current request holds `sessionId`, with the session read by its
 * proof. `action` names the caller in the refusal's log line. A failed session read throws
 * (PaymentsApiError or a network error) for the caller's failure mapping.
 */
export async function holdSession(sessionId: string, action: string): Promise<HeldSession> {
  const holding = await requestHolding({ of: 'session', id: sessionId });
  if (holding !== 'held') {
    logger.warn(
      { event: 'security.binding_refused', sessionId, holding, action },
      'a cashier action from a browser that does not hold the session',
    );
    return { refused: holding === 'unavailable' ? 'unavailable' : 'rejected' };
  }
  // The session a move needs (currency, balances, rules) and its open transactions (a cancel's withdrawal), without its history.
  return { session: await paymentsApi.getSession(sessionId, { transactions: 'open' }) };
}

/** A cashier action's call, as its logic sees it. */
export interface CashierCall {
  sessionId: string;
  /** The `?locale=` to keep on the next page ('' for none). */
  locale: string;
  /** This attempt's Idempotency-Key part: the form's, else the previous state's, else a new one. */
  attemptKey: string;
  /** The session, read by the holder's proof (an expired one only with `expired: 'run'`). */
  session: CashierSession;
}

interface CashierActionSpec<S extends z.ZodObject, State> {
  /** The action's name in logs. */
  action: string;
  /** The action's fields; `sessionId` and, optionally, `locale` among them. */
  schema: S;
  /** Longest value of each field, in characters; `sessionId`'s is the client's own (ID_MAX_LENGTH). */
  limits: Partial<Record<string, number>>;
  /** What an expired session does: refused as `expired` (default), or the logic runs (the service decides). */
  expired?: 'refuse' | 'run';
  /** The action's previous state (`useActionState`), whose `attemptKey` a post without one goes on with. */
  previous?: unknown;
  /** A state answered from the post alone, before the holding check and any call (a step that only shows the form again); undefined to go on. */
  local?: (data: z.output<S>, attemptKey: string) => State | undefined;
  /** The state (or next page) of a post the pipeline refused; `attemptKey`: the previous state's, else a new one. */
  badForm: (bad: BadForm, attemptKey: string) => Outcome<State>;
  /**
   * The state (or next page) of a refusal or a failed call. `data` is the parsed post;
   * `attemptKey` the next attempt's: this one's where nothing can have been created, else a new one.
   */
  failed: (failure: CashierFailure, data: z.output<S>, attemptKey: string) => Outcome<State>;
}

/**
 * Runs a cashier action through the checkout's action pipeline: the holding check and the session
 * read, then `logic`; a refusal or a thrown failure becomes `spec.failed`'s state, and `{ go }` a
 * redirect.
 */
export async function runCashierAction<S extends z.ZodObject, State>(
  form: unknown,
  spec: CashierActionSpec<S, State>,
  logic: (c: CashierCall, data: z.output<S>) => Promise<Outcome<State>>,
): Promise<State> {
  // The attempt's key: the form's (`attemptKey`, when the action posts one), else the previous state's, else a new one.
  const keyOf = (data: z.output<S>) => attemptKeyOf((data as { attemptKey?: string }).attemptKey, spec.previous);
  return runAction<S, Omit<CashierCall, 'session'>, CashierCall, State>(
    form,
    {
      schema: spec.schema,
      limits: { sessionId: ID_MAX_LENGTH, ...spec.limits },
      badForm: (bad) => spec.badForm(bad, attemptKeyOf(undefined, spec.previous)),
      local: (data) => spec.local?.(data, keyOf(data)),
      open(fields) {
        const data = fields as { sessionId: string; locale?: string };
        return { sessionId: data.sessionId, locale: localeParam(data.locale), attemptKey: keyOf(fields) };
      },
      async hold(opened) {
        const held = await holdSession(opened.sessionId, spec.action);
        if (!('session' in held)) throw new HolderRefused(held.refused);
        if (held.session.status === 'EXPIRED' && spec.expired !== 'run') throw new HolderRefused('expired');
        return { ...opened, session: held.session };
      },
      failed(error, { sessionId, attemptKey }, data) {
        // A refusal created nothing; a failed call is the cashier's one mapping.
        const failure = HolderRefused.is(error)
          ? { error: error.refusal, nothingCreated: true }
          : cashierFailure(error, { sessionId, action: spec.action });
        return spec.failed(failure, data, failure.nothingCreated ? attemptKey : randomUUID());
      },
    },
    logic,
  );
}
