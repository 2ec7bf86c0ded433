/**
 * The responsible-gambling rules a cashier enforces, per regulator (docs/design.md,
 * section 8 "Regulated cashier", where each row's source is cited with its address). A merchant names its
 * licences in its checkout settings; the rules in force for a customer are those of the licences
 * whose jurisdiction is the customer's (billing country, and province for Ontario), combined by
 * taking the stricter value of each rule. Shared by the service (which enforces them) and the
 * cashier (which shows them). Amounts here are integer minor units; durations in hours or minutes.
 */
import { PERIODS, type Period } from './limits';
import { combineRefusedFunding, type RefusedFunding, type RefusedFundingInForce } from './refused-funding';
import { combineOwnAccountDeposits, type OwnAccountDeposits, type OwnAccountDepositsInForce } from './own-account';

import type { Regulator } from '../enums';
export type { Regulator };

/** One regulator's rules that concern a cashier. */
export interface RegulatorRules {
  /** ISO 3166-1 alpha-2 country, and ISO 3166-2 subdivision code (without the country) where the licence is provincial. */
  jurisdiction: { country: string; region?: string } | 'ANY';
  /** The age in whole years below which no one may play (Ontario's iGaming: 19; elsewhere 18). */
  minimumAge: number;
  /**
   * Deposit limits before the first deposit: `required` (the customer must set one), `asked`
   * (the customer must be asked, and may decline), `none`.
   */
  limitsBeforeFirstDeposit: 'required' | 'asked' | 'none';
  /** Periods each of which must carry a limit when `required` (GGL: the month; Sweden: all three), or one of which must with `requiredOneOf`. */
  requiredPeriods: Period[];
  /** With `required`: a limit for one of `requiredPeriods` suffices (Denmark, BEK 1274/2019 § 21: per day, week or month). */
  requiredOneOf?: boolean;
  /** Hours before a raised or removed limit takes effect; a lowered one takes effect at once. */
  coolingOffHours: number;
  /** A raise also waits out the limit's own period (Sweden: not before the current period ends; for rolling windows, its length). */
  coolingOffSpansPeriod: boolean;
  /** After the cooling-off, the customer confirms the raise again before it applies. */
  confirmAfterCoolingOff: boolean;
  /** A ceiling of the monthly deposit limit no customer may raise past (GGL: EUR 1,000 across operators). */
  monthlyCeiling?: { currency: string; minor: number };
  /** Whether a customer may cancel (reverse) a withdrawal they asked for. */
  withdrawalReversal: boolean;
  /** Reality checks: whether they must be on, the interval offered by default and the longest allowed (minutes). */
  realityCheck: { mandatory: boolean; defaultMinutes: number; maxMinutes: number };
  /** The national help line or site the cashier links to beside a time-out or self-exclusion, and the national self-exclusion scheme. */
  help: { url: string; name: string };
  selfExclusionScheme: { url: string; name: string };
  /** The share of a deposit limit (per cent) at which the customer is told, besides 100 % (KSA: 50). */
  limitNoticePercent?: number;
  /** A net deposit threshold per calendar month by age (KSA): deposits that would pass it are refused until the month ends. */
  netDepositThreshold?: NetDepositThreshold;
  /** Monthly deposit limits above which the operator's trained staff must talk to the customer first (KSA: EUR 350, EUR 150 for young adults). */
  limitContactAbove?: { currency: string; adultMinor: number; youngAdultMinor: number; youngAdultBelowAge: number };
  /**
   * Minutes from a withdrawal's request within which it must be paid out (SPA/MF: 120, Portaria
   * SPA/MF 615/2024, DOU 18/04/2024, article not confirmed; docs/design.md, section 8).
   */
  payoutDeadlineMinutes?: number;
  /** Funding refused from a day on (Spelinspektionen: gambling on credit, from 1 May 2026; refused-funding.ts). */
  refusedFunding?: RefusedFunding;
  /** Deposits only by transfer from the bettor's own account, by the APMs named (SPA/MF: Pix and TED; own-account.ts). */
  ownAccountDeposits?: OwnAccountDeposits;
}

/** A net deposit threshold per calendar month (minor units of `currency`, ISO 4217), lower for young adults (below `youngAdultBelowAge`). */
export interface NetDepositThreshold {
  currency: string;
  adultMinor: number;
  youngAdultMinor: number;
  /** The age in whole years from which the adult threshold applies (KSA: 24; young adults are 18 to 23). */
  youngAdultBelowAge: number;
  /** The IANA time zone whose calendar months the threshold counts (KSA: Europe/Amsterdam). */
  timeZone: string;
}

/** The table (sources: docs/design.md, section 8). */
export const RULES: Record<Regulator, RegulatorRules> = {
  UKGC: {
    minimumAge: 18,
    coolingOffSpansPeriod: false,
    jurisdiction: { country: 'GB' },
    limitsBeforeFirstDeposit: 'asked',
    requiredPeriods: [],
    coolingOffHours: 24,
    confirmAfterCoolingOff: true,
    withdrawalReversal: false,
    realityCheck: { mandatory: true, defaultMinutes: 60, maxMinutes: 60 },
    help: { url: 'https://www.begambleaware.org', name: 'BeGambleAware' },
    selfExclusionScheme: { url: 'https://www.gamstop.co.uk', name: 'GAMSTOP' },
  },
  AGCO: {
    minimumAge: 19,
    coolingOffSpansPeriod: false,
    jurisdiction: { country: 'CA', region: 'ON' },
    limitsBeforeFirstDeposit: 'asked',
    requiredPeriods: [],
    coolingOffHours: 24,
    confirmAfterCoolingOff: false,
    withdrawalReversal: true,
    realityCheck: { mandatory: false, defaultMinutes: 60, maxMinutes: 60 },
    help: { url: 'https://www.connexontario.ca', name: 'ConnexOntario' },
    selfExclusionScheme: { url: 'https://igamingontario.ca/en/player/self-exclusion', name: 'iGaming Ontario' },
  },
  MGA: {
    minimumAge: 18,
    coolingOffSpansPeriod: false,
    jurisdiction: 'ANY',
    limitsBeforeFirstDeposit: 'asked',
    requiredPeriods: [],
    coolingOffHours: 24,
    confirmAfterCoolingOff: false,
    withdrawalReversal: true,
    realityCheck: { mandatory: true, defaultMinutes: 60, maxMinutes: 60 },
    help: { url: 'https://www.rgf.org.mt', name: 'Responsible Gaming Foundation' },
    selfExclusionScheme: { url: 'https://www.mga.org.mt/support/online-gaming-support/', name: 'MGA' },
  },
  SPELINSPEKTIONEN: {
    minimumAge: 18,
    coolingOffSpansPeriod: true,
    jurisdiction: { country: 'SE' },
    limitsBeforeFirstDeposit: 'required',
    requiredPeriods: ['day', 'week', 'month'],
    coolingOffHours: 72,
    confirmAfterCoolingOff: false,
    withdrawalReversal: false,
    realityCheck: { mandatory: true, defaultMinutes: 60, maxMinutes: 60 },
    help: { url: 'https://www.stodlinjen.se', name: 'Stödlinjen' },
    selfExclusionScheme: { url: 'https://www.spelpaus.se', name: 'Spelpaus' },
    // Spellagen (2018:1138) 14 kap. 8 § as amended (prop. 2025/26:11): no gambling on credit. 1 May 2026 is
    // Spelinspektionen's date (the proposition said 1 April); docs/design.md, section 8, "funding on credit".
    refusedFunding: { fundingTypes: ['CREDIT'], creditMethods: true, from: '2026-05-01', timeZone: 'Europe/Stockholm' },
  },
  GGL: {
    minimumAge: 18,
    coolingOffSpansPeriod: false,
    jurisdiction: { country: 'DE' },
    limitsBeforeFirstDeposit: 'required',
    requiredPeriods: ['month'],
    coolingOffHours: 7 * 24,
    confirmAfterCoolingOff: false,
    monthlyCeiling: { currency: 'EUR', minor: 1000_00 },
    withdrawalReversal: false,
    realityCheck: { mandatory: true, defaultMinutes: 60, maxMinutes: 60 },
    help: { url: 'https://www.check-dein-spiel.de', name: 'Check dein Spiel' },
    selfExclusionScheme: { url: 'https://www.gluecksspiel-behoerde.de/de/spielerschutz/sperrsystem-oasis', name: 'OASIS' },
  },
  KSA: {
    minimumAge: 18,
    coolingOffSpansPeriod: false,
    jurisdiction: { country: 'NL' },
    limitsBeforeFirstDeposit: 'required',
    requiredPeriods: ['month'],
    coolingOffHours: 7 * 24,
    confirmAfterCoolingOff: false,
    withdrawalReversal: false,
    realityCheck: { mandatory: true, defaultMinutes: 30, maxMinutes: 30 },
    help: { url: 'https://www.loketkansspel.nl', name: 'Loket Kansspel' },
    selfExclusionScheme: { url: 'https://cruks.kansspelautoriteit.nl', name: 'CRUKS' },
    limitNoticePercent: 50,
    netDepositThreshold: {
      currency: 'EUR',
      adultMinor: 700_00,
      youngAdultMinor: 300_00,
      youngAdultBelowAge: 24,
      timeZone: 'Europe/Amsterdam',
    },
    limitContactAbove: { currency: 'EUR', adultMinor: 350_00, youngAdultMinor: 150_00, youngAdultBelowAge: 24 },
  },
  SPILLEMYNDIGHEDEN: {
    minimumAge: 18,
    coolingOffSpansPeriod: false,
    jurisdiction: { country: 'DK' },
    limitsBeforeFirstDeposit: 'required',
    requiredPeriods: ['day', 'week', 'month'],
    requiredOneOf: true,
    coolingOffHours: 24,
    confirmAfterCoolingOff: false,
    withdrawalReversal: false,
    realityCheck: { mandatory: false, defaultMinutes: 60, maxMinutes: 60 },
    help: { url: 'https://www.stopspillet.dk', name: 'StopSpillet' },
    selfExclusionScheme: { url: 'https://www.spillemyndigheden.dk/rofus', name: 'ROFUS' },
  },
  SPA_MF: {
    minimumAge: 18,
    coolingOffSpansPeriod: false,
    jurisdiction: { country: 'BR' },
    limitsBeforeFirstDeposit: 'required',
    requiredPeriods: ['day', 'week', 'month'],
    requiredOneOf: true,
    coolingOffHours: 24,
    confirmAfterCoolingOff: false,
    withdrawalReversal: false,
    realityCheck: { mandatory: true, defaultMinutes: 60, maxMinutes: 60 },
    help: { url: 'https://www.gov.br/fazenda/pt-br/composicao/orgaos/secretaria-de-premios-e-apostas', name: 'SPA/MF' },
    selfExclusionScheme: { url: 'https://www.gov.br/autoexclusaoapostas', name: 'Autoexclusão centralizada (SIGAP)' },
    payoutDeadlineMinutes: 120,
    // Portaria SPA/MF 615/2024 (DOU 18/04/2024, in force on publication; article not confirmed): Pix, TED, debit or prepaid
    // cards from the bettor's own account; credit cards refused, and a card whose funding is UNKNOWN, which cannot be shown
    // to be debit or prepaid (decided by this project; docs/design.md, section 8).
    refusedFunding: { fundingTypes: ['CREDIT', 'UNKNOWN'], creditMethods: true, from: '2024-04-18', timeZone: 'America/Sao_Paulo' },
    ownAccountDeposits: { methods: ['pix', 'bank-transfer'], payerId: 'CPF', from: '2024-04-18', timeZone: 'America/Sao_Paulo' },
  },
};

/** The rules in force for one customer: the licences that apply and each rule at its strictest. */
export interface RulesInForce extends Omit<RegulatorRules, 'jurisdiction' | 'requiredPeriods' | 'refusedFunding' | 'ownAccountDeposits'> {
  regulators: Regulator[];
  requiredPeriods: Period[];
  /** The funding the licences refuse, each from the earliest day any of them does (refused-funding.ts). */
  refusedFunding?: RefusedFundingInForce;
  /** Deposits only from the customer's own account, by the APMs every licence that has the rule allows (own-account.ts). */
  ownAccountDeposits?: OwnAccountDepositsInForce;
}

/** Without a licence: no one under 18 plays, limits the customer sets still wait a day to rise (the industry's floor), nothing is asked, reality checks are off until the customer asks. */
export const UNREGULATED: RulesInForce = {
  regulators: [],
  minimumAge: 18,
  limitsBeforeFirstDeposit: 'none',
  requiredPeriods: [],
  coolingOffHours: 24,
  coolingOffSpansPeriod: false,
  confirmAfterCoolingOff: false,
  withdrawalReversal: true,
  realityCheck: { mandatory: false, defaultMinutes: 0, maxMinutes: 24 * 60 },
  help: { url: 'https://www.begambleaware.org', name: 'BeGambleAware' },
  selfExclusionScheme: { url: 'https://www.begambleaware.org', name: 'BeGambleAware' },
};

const STRICTNESS = { required: 2, asked: 1, none: 0 } as const;

/**
 * The licences of `licences` that cover a customer of `country` (ISO 3166-1 alpha-2) and `region`
 * (ISO 3166-2 subdivision, for Ontario): the national ones of the customer's country; else the
 * MGA licence, which serves customers of other countries; else, when none covers the customer,
 * every licence (decided by this project: the merchant named them, so the strictest of them holds).
 */
export function applicableRegulators(licences: readonly Regulator[], country?: string, region?: string): Regulator[] {
  const c = country?.toUpperCase();
  // A billing `state` may be the ISO 3166-2 code ("ON", "CA-ON") or the name ("Ontario").
  const r = region
    ?.trim()
    .toUpperCase()
    .replace(/^[A-Z]{2}-/, '')
    .replace(/^ONTARIO$/, 'ON');
  const national = licences.filter((l) => {
    const j = RULES[l].jurisdiction;
    return j !== 'ANY' && j.country === c && (!j.region || j.region === r);
  });
  if (national.length) return national;
  if (licences.includes('MGA')) return ['MGA'];
  return [...licences];
}

/** The strictest combination of the rules of `regulators`; UNREGULATED when there is none. */
export function rulesInForce(regulators: readonly Regulator[]): RulesInForce {
  const [lead] = regulators;
  if (lead === undefined) return UNREGULATED;
  const all = regulators.map((r) => RULES[r]);
  const ceilings = all.flatMap((r) => (r.monthlyCeiling ? [r.monthlyCeiling] : []));
  const notices = all.flatMap((r) => (r.limitNoticePercent ? [r.limitNoticePercent] : []));
  const threshold = all.find((r) => r.netDepositThreshold)?.netDepositThreshold;
  const contact = all.find((r) => r.limitContactAbove)?.limitContactAbove;
  const deadlines = all.flatMap((r) => (r.payoutDeadlineMinutes ? [r.payoutDeadlineMinutes] : []));
  const refusedFunding = combineRefusedFunding(regulators.map((r) => [r, RULES[r].refusedFunding] as const));
  const ownAccountDeposits = combineOwnAccountDeposits(regulators.map((r) => [r, RULES[r].ownAccountDeposits] as const));
  return {
    regulators: [...regulators],
    minimumAge: Math.max(...all.map((r) => r.minimumAge)),
    limitsBeforeFirstDeposit: all.reduce<RulesInForce['limitsBeforeFirstDeposit']>(
      (a, r) => (STRICTNESS[r.limitsBeforeFirstDeposit] > STRICTNESS[a] ? r.limitsBeforeFirstDeposit : a),
      'none',
    ),
    requiredPeriods: [...new Set(all.flatMap((r) => (r.limitsBeforeFirstDeposit === 'required' ? r.requiredPeriods : [])))],
    // One of the periods suffices only where every licence requiring limits says so; else each (the stricter).
    ...(all.some((r) => r.limitsBeforeFirstDeposit === 'required') &&
    all.every((r) => r.limitsBeforeFirstDeposit !== 'required' || r.requiredOneOf)
      ? { requiredOneOf: true }
      : {}),
    coolingOffHours: Math.max(...all.map((r) => r.coolingOffHours)),
    coolingOffSpansPeriod: all.some((r) => r.coolingOffSpansPeriod),
    confirmAfterCoolingOff: all.some((r) => r.confirmAfterCoolingOff),
    ...(ceilings.length ? { monthlyCeiling: ceilings[0] } : {}),
    withdrawalReversal: all.every((r) => r.withdrawalReversal),
    realityCheck: {
      mandatory: all.some((r) => r.realityCheck.mandatory),
      defaultMinutes: Math.min(...all.map((r) => r.realityCheck.defaultMinutes)),
      maxMinutes: Math.min(...all.map((r) => r.realityCheck.maxMinutes)),
    },
    help: RULES[lead].help,
    selfExclusionScheme: RULES[lead].selfExclusionScheme,
    ...(notices.length ? { limitNoticePercent: Math.min(...notices) } : {}),
    ...(threshold ? { netDepositThreshold: threshold } : {}),
    ...(contact ? { limitContactAbove: contact } : {}),
    ...(deadlines.length ? { payoutDeadlineMinutes: Math.min(...deadlines) } : {}),
    ...(refusedFunding ? { refusedFunding } : {}),
    ...(ownAccountDeposits ? { ownAccountDeposits } : {}),
  };
}

/** The rules in force for a customer of `country`/`region` at a merchant holding `licences`. */
export const rulesForCustomer = (licences: readonly Regulator[] | undefined, country?: string, region?: string): RulesInForce =>
  rulesInForce(applicableRegulators(licences ?? [], country, region));

/**
 * The first required period left without a limit under `rules` (`has`: whether a period carries
 * one), or null when the requirement is met: each of `requiredPeriods`, or with `requiredOneOf`
 * any one of them (then the first of them is answered). No required periods: null.
 */
export function missingRequired(
  rules: Pick<RulesInForce, 'requiredPeriods' | 'requiredOneOf'>,
  has: (period: Period) => boolean,
): Period | null {
  const [first] = rules.requiredPeriods;
  if (first === undefined) return null;
  if (rules.requiredOneOf) return rules.requiredPeriods.some(has) ? null : first;
  return rules.requiredPeriods.find((p) => !has(p)) ?? null;
}

/** Hours a raise or removal of the `period` limit waits under `rules`. */
export function coolingOffHours(rules: Pick<RulesInForce, 'coolingOffHours' | 'coolingOffSpansPeriod'>, period: Period): number {
  return Math.max(rules.coolingOffHours, rules.coolingOffSpansPeriod ? PERIODS[period] / 3600_000 : 0);
}

/** Reality-check intervals the cashier offers (minutes), up to the rules' longest. */
export const REALITY_CHECK_CHOICES = [15, 30, 60, 120] as const;
