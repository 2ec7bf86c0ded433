import 'server-only';
/**
 * The one pipeline of the checkout's server actions: the payment pages' (card, saved card, payout
 * destination, APM: lib/checkout/payment-pages/payment-action.ts) and the cashier's
 * (lib/checkout/cashier/cashier-action-client.ts). Each side adds only its own steps, through the
 * hooks of `ActionSide`; the order is the pipeline's:
 *
 * 1. the post is read through the one form pipeline (packages/contract/src/action-form.ts: bounded,
 *    zod-checked); a forged or oversized post is the side's `badForm` state, never a 500;
 * 2. a step the post alone answers (`local`), before anything is called;
 * 3. the call the logic is handed (`open`), then the side's holder check (`hold`): a browser that
 *    may not move what the post names is refused by a thrown `HolderRefused`;
 * 4. the action's own logic;
 * 5. whatever 3 or 4 throws (a refusal, a PaymentsApiError, a VelocityLimited, a network error)
 *    goes through the side's failure table (`failed`);
 * 6. `{ go }` leaves the page by a redirect, outside any catch (Next's redirect is never
 *    swallowed); a state gets the side's last touch (`finish`: the payment pages' banner).
 */
import { redirect } from 'next/navigation';
import type { z } from 'zod';
import { brandError, hasErrorBrand } from '@hosted-checkout/contract/error-brand';
import { parseActionForm } from '@hosted-checkout/contract/action-form';

/** The next page to leave for (a path of the checkout, or a vetted https address). */
export type Go = { go: string };

/** What a step of an action answers: the form's next state, or the next page. */
export type Outcome<State> = State | Go;

/** A post the form pipeline refused: not the action's form at all, or fields over their limits. */
export type BadForm = { problem: 'forged' } | { problem: 'tooLong'; fields: string[] };

/**
 * Why a browser may not move what an action names: it does not hold the page or session
 * (`rejected`), that could not be checked (`unavailable`), or the cashier session is over
 * (`expired`). Nothing was called that moves money: the next attempt keeps its key.
 */
export type Refusal = 'rejected' | 'unavailable' | 'expired';

/** A side's holder check refused the browser (docs/design.md, E22); thrown by `hold` or by the logic. */
export class HolderRefused extends Error {
  constructor(readonly refusal: Refusal) {
    super('this browser may not move what the action names');
    this.name = 'HolderRefused';
    brandError(this, 'HolderRefused');
  }

  /** Whether `value` is a refusal, thrown by any bundle's copy of this module. */
  static is(value: unknown): value is HolderRefused {
    return hasErrorBrand(value, 'HolderRefused');
  }
}

/**
 * One side of the checkout, as the pipeline runs it. `Opened` is what `open` reads off the post
 * (ids, locale, attempt key); `Call` is what the logic is handed once `hold` passed.
 */
export interface ActionSide<S extends z.ZodObject, Opened, Call, State> {
  /** The action's fields, the side's control fields among them. */
  schema: S;
  /** Longest value of each field, in characters (packages/contract/src/action-form.ts). */
  limits: Partial<Record<string, number>>;
  /** The state (or next page) of a post the form pipeline refused. */
  badForm(bad: BadForm): Outcome<State>;
  /** A state the post alone answers, before the holder check and any call; undefined to go on. */
  local?(data: z.output<S>): State | undefined;
  /** What the call starts from, read off the parsed post. Never throws. */
  open(data: z.output<S>, form: FormData): Opened;
  /** The side's holder check: the call the logic is handed, or a thrown `HolderRefused` (or a failed read). */
  hold(opened: Opened, data: z.output<S>): Promise<Call>;
  /** The side's failure table: the state (or next page) of what `hold` or the logic threw (it may read, never throws). */
  failed(error: unknown, opened: Opened, data: z.output<S>): Outcome<State> | Promise<Outcome<State>>;
  /** The side's last touch on a state it answers (not on a redirect). */
  finish?(state: State): Promise<State>;
}

/** Whether an outcome is the next page. */
const isGo = (outcome: unknown): outcome is Go =>
  outcome !== null && typeof outcome === 'object' && 'go' in outcome && typeof outcome.go === 'string';

/**
 * Runs a server action through the pipeline (steps above): `form` is the action's argument as
 * posted (anything: a forged call is the side's bad-form state). Answers the side's state, or
 * throws Next's redirect for `{ go }`; throws nothing else.
 */
export async function runAction<S extends z.ZodObject, Opened, Call, State>(
  form: unknown,
  side: ActionSide<S, Opened, Call, State>,
  logic: (call: Call, data: z.output<S>) => Promise<Outcome<State>>,
): Promise<State> {
  const parsed = parseActionForm(side.schema, form, side.limits);
  let outcome: Outcome<State>;
  if (!parsed.ok) outcome = side.badForm(parsed);
  else {
    const data = parsed.data;
    const local = side.local?.(data);
    if (local !== undefined) outcome = local;
    else {
      const opened = side.open(data, parsed.form);
      try {
        outcome = await logic(await side.hold(opened, data), data);
      } catch (error) {
        outcome = await side.failed(error, opened, data);
      }
    }
  }
  if (isGo(outcome)) redirect(outcome.go);
  return side.finish ? side.finish(outcome) : outcome;
}
