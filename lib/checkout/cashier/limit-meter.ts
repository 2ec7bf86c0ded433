/**
 * The limit meter of the cashier's deposit step (docs/design.md, section 8, "A limit meter before
 * Pay"): what the most restrictive limit leaves of a deposit now, across every licence the customer
 * is under (the service combines them into the session's limits: deposit, loss and net deposit
 * limits per period, and the Kansspelautoriteit's net deposit threshold per calendar month), the
 * version of the figures the page shows, and when they next change by the clock alone. Amounts in
 * major units of the session currency, like the API. The service stays the judge: the meter only
 * says in advance what it would refuse.
 */
import 'server-only';
import { createHash } from 'node:crypto';
import type { CashierSession } from '@hosted-checkout/contract/cashier';
import { bindingLimits, tightestLimit, type BindingLimit } from './binding-limits';

export { bindingLimits, tightestLimit, type BindingLimit };

/**
 * A short fingerprint (16 hex digits of SHA-256) of everything the meter shows or that changes what
 * a deposit may take: each binding limit and what it leaves, the pending changes, an exclusion, the
 * limits asked before a first deposit, a national register's refusal. The deposit form posts the version its page showed; the
 * action refuses a deposit made on figures that changed since (`limitsChanged`).
 */
export function limitsVersion(session: Pick<CashierSession, 'depositLimits' | 'responsibleGambling'>): string {
  const rg = session.responsibleGambling;
  const canonical = JSON.stringify([
    bindingLimits(session).map((l) => [l.kind, l.period, l.limit, l.remaining]),
    (rg?.pending ?? []).map((p) => [p.kind ?? 'deposit', p.period, p.limit, p.effectiveAt, p.ready]),
    rg?.exclusion ? [rg.exclusion.kind, rg.exclusion.until ?? null] : null,
    rg?.limitsPrompt ?? null,
    // A national register's refusal takes the deposit step's place as an exclusion does.
    rg?.nationalRegister ? [rg.nationalRegister.status, rg.nationalRegister.register, rg.nationalRegister.until ?? null] : null,
  ]);
  return createHash('sha256').update(canonical).digest('hex').slice(0, 16);
}

/**
 * When the figures next change by the clock alone (ISO 8601), or null: a pending change of a limit
 * taking effect, the calendar month's threshold starting again, a time-out ending. Rolling windows
 * freeing room as old deposits leave them are not foreseen here: the page checks again while open.
 */
export function nextLimitChangeAt(session: Pick<CashierSession, 'responsibleGambling'>, now: Date = new Date()): string | null {
  const rg = session.responsibleGambling;
  const times = [
    ...(rg?.pending ?? []).filter((p) => !p.ready).map((p) => p.effectiveAt),
    ...(rg?.netDepositThreshold ? [rg.netDepositThreshold.resetsAt] : []),
    ...(rg?.exclusion?.until ? [rg.exclusion.until] : []),
  ]
    .map((iso) => new Date(iso))
    .filter((d) => Number.isFinite(d.getTime()) && d.getTime() > now.getTime());
  if (times.length === 0) return null;
  return new Date(Math.min(...times.map((d) => d.getTime()))).toISOString();
}
