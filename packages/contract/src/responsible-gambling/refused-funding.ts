/**
 * Funding a regulator refuses (docs/design.md, section 8, row "funding on credit"): Sweden's ban on
 * gambling funded by credit, spellagen (2018:1138) 14 kap. 8 § as amended by prop. 2025/26:11, in
 * force from 1 May 2026 (Spelinspektionen's date; the proposition had said 1 April 2026). A
 * licence holder must not allow or take part in gambling funded by credit: credit and charge cards
 * (a charge card is deferred payment; the BIN lookup reports it as CREDIT, so it is refused with
 * them), loans, invoice and buy-now-pay-later. Shared by the service (which refuses) and the pages
 * (which say why). Pure functions; `now` is always passed in.
 */
import type { FundingType } from '../bin';
import type { Regulator } from '../enums';

/** One regulator's refusal of funding (RegulatorRules.refusedFunding). */
export interface RefusedFunding {
  /** Card funding types refused, as the BIN lookup reports them (Sweden: CREDIT, charge cards included). */
  fundingTypes: FundingType[];
  /** Whether the APMs the merchant marks as credit-funded (checkout settings `creditFundedMethods`) are refused too. */
  creditMethods: boolean;
  /** The first day in force, an ISO 8601 calendar date in `timeZone`. */
  from: string;
  /** The IANA time zone whose calendar `from` counts in (Sweden: Europe/Stockholm). */
  timeZone: string;
}

/** A refusal of the licences in force: the regulator whose rule it is and its first day (calendar date in `timeZone`). */
export interface FundingBan {
  regulator: Regulator;
  from: string;
  timeZone: string;
}

/** The refusals of the licences in force for a customer, combined: per funding type, and for credit-funded APMs, the earliest in force. */
export interface RefusedFundingInForce {
  fundingTypes: Partial<Record<FundingType, FundingBan>>;
  creditMethods?: FundingBan;
}

/** Who refuses a funding type or a method now: the merchant itself, or the rules of a licence in force (named). */
export type FundingRefusal = { by: 'MERCHANT' } | { by: 'RULES'; regulator: Regulator };

/** The calendar date (YYYY-MM-DD) of `at` in `timeZone` (IANA). */
export function localDate(at: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** Whether `ban` is in force at `now`: from the start of its first day in its own time zone. */
export const banInForce = (ban: Pick<FundingBan, 'from' | 'timeZone'>, now: Date): boolean => localDate(now, ban.timeZone) >= ban.from;

/** The instant (ms) a ban's first day starts, to compare bans of different time zones: the first instant whose local date is `from`. */
function firstInstant(ban: Pick<FundingBan, 'from' | 'timeZone'>): number {
  // Local midnight lies within 14 h either side of UTC midnight; step by the hour, then by the minute.
  let at = Date.parse(`${ban.from}T00:00:00Z`) - 14 * 3600_000;
  while (!banInForce(ban, new Date(at + 3600_000))) at += 3600_000;
  while (!banInForce(ban, new Date(at))) at += 60_000;
  return at;
}

/** The earlier of two bans (the one in force first); `b` when `a` is absent. */
const earlier = (a: FundingBan | undefined, b: FundingBan): FundingBan => (a && firstInstant(a) <= firstInstant(b) ? a : b);

/**
 * The refusals of several licences combined: the union of the funding types refused and of the
 * credit-funded APMs, each with the earliest date any of them is in force from. Undefined when none refuses anything.
 */
export function combineRefusedFunding(
  entries: readonly (readonly [Regulator, RefusedFunding | undefined])[],
): RefusedFundingInForce | undefined {
  const combined: RefusedFundingInForce = { fundingTypes: {} };
  let any = false;
  for (const [regulator, refused] of entries) {
    if (!refused) continue;
    any = true;
    const ban: FundingBan = { regulator, from: refused.from, timeZone: refused.timeZone };
    for (const type of refused.fundingTypes) combined.fundingTypes[type] = earlier(combined.fundingTypes[type], ban);
    if (refused.creditMethods) combined.creditMethods = earlier(combined.creditMethods, ban);
  }
  return any ? combined : undefined;
}

/** The rules' part these functions read (RulesInForce). */
type WithRefusedFunding = { refusedFunding?: RefusedFundingInForce };

/**
 * The funding types refused at `now` for a customer: the merchant's own (`refusedFundingTypes` of
 * its checkout settings) and those of the rules in force once their day has come. Sorted, no repeats.
 */
export function refusedFundingTypesAt(
  rules: WithRefusedFunding,
  merchantRefused: readonly FundingType[] | undefined,
  now: Date,
): FundingType[] {
  const byRules = Object.entries(rules.refusedFunding?.fundingTypes ?? {}).flatMap(([type, ban]) =>
    ban && banInForce(ban, now) ? [type as FundingType] : [],
  );
  return [...new Set([...(merchantRefused ?? []), ...byRules])].sort();
}

/**
 * Who refuses a card of `fundingType` at `now`, or null when it is accepted. The rules are named
 * first when both refuse it: the customer is told the law, not the merchant's choice, forbids it.
 */
export function fundingRefusalAt(
  rules: WithRefusedFunding,
  merchantRefused: readonly FundingType[] | undefined,
  fundingType: FundingType | undefined,
  now: Date,
): FundingRefusal | null {
  if (!fundingType) return null;
  const ban = rules.refusedFunding?.fundingTypes[fundingType];
  if (ban && banInForce(ban, now)) return { by: 'RULES', regulator: ban.regulator };
  return merchantRefused?.includes(fundingType) ? { by: 'MERCHANT' } : null;
}

/** The ban in force at `now` on the APMs the merchant marks as credit-funded, or null. */
export function creditMethodsBanAt(rules: WithRefusedFunding, now: Date): FundingBan | null {
  const ban = rules.refusedFunding?.creditMethods;
  return ban && banInForce(ban, now) ? ban : null;
}

/**
 * The refusals in force at `now`, as the API shows them (the pay-in's and the cashier's
 * `refusedFunding`): the regulator (the first named), the card funding types and whether
 * credit-funded APMs are refused. Null when the rules refuse nothing now.
 */
export function refusedFundingNow(
  rules: WithRefusedFunding,
  now: Date,
): { regulator: Regulator; fundingTypes: FundingType[]; creditMethods: boolean } | null {
  const types = Object.entries(rules.refusedFunding?.fundingTypes ?? {}).flatMap(([type, ban]) =>
    ban && banInForce(ban, now) ? [{ type: type as FundingType, regulator: ban.regulator }] : [],
  );
  const methods = creditMethodsBanAt(rules, now);
  const regulator = types[0]?.regulator ?? methods?.regulator;
  if (!regulator) return null;
  return { regulator, fundingTypes: types.map((t) => t.type).sort(), creditMethods: methods !== null };
}
