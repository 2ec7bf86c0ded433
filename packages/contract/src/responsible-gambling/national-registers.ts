/**
 * The national self-exclusion registers an operator must query for a customer (docs/design.md,
 * section 8): Denmark's ROFUS, by CPR number, when a player is created and at every login
 * (BEK nr. 1274/2019 om onlinekasino § 25 stk. 2–3; stk. 6: not for a player without a CPR
 * number), and Brazil's SIGAP (the centralised self-exclusion), by CPF, at registration, at the
 * first login of each day and at least every 15 days (IN SPA/MF nº 31/2025, arts. 4–6). Pure:
 * which register a licence has, which id of the customer's `kyc` it is queried by, and what a
 * register's stored answers mean for a deposit now. The queries themselves are the service's.
 */
import { cpfOfKyc, type KycIdentity } from '../cpf';
import { cprOfKyc } from '../cpr';
import type { Regulator } from '../enums';

/** A national register's name. */
export type RegisterName = 'ROFUS' | 'SIGAP';

/** One licence's national register: its name, the id it is queried by and the country that issues it. */
export interface NationalRegisterRule {
  register: RegisterName;
  /** The customer's `kyc.idType` that carries the id. */
  idType: 'CPR' | 'CPF';
  /** ISO 3166-1 alpha-2: the country that issues the id (`kyc.idCountry`). */
  idCountry: 'DK' | 'BR';
  /** The id's digits from a customer's `kyc`, or null when it names none or an invalid one. */
  idOf: (kyc: KycIdentity | undefined) => string | null;
  /**
   * Whether a customer identified by an id another country issued is outside the register
   * (ROFUS: § 25 stk. 6, a player without a CPR number; SIGAP: no, every bettor has a CPF).
   */
  foreignIdExempt: boolean;
  /** The IANA time zone whose calendar day "the first login of the day" counts in (SIGAP: Brasília), when the register asks that. */
  dailyIn?: string;
}

/** The registers, per licence that has one (sources: docs/design.md, section 8). */
export const NATIONAL_REGISTERS: Partial<Record<Regulator, NationalRegisterRule>> = {
  SPILLEMYNDIGHEDEN: { register: 'ROFUS', idType: 'CPR', idCountry: 'DK', idOf: cprOfKyc, foreignIdExempt: true },
  SPA_MF: { register: 'SIGAP', idType: 'CPF', idCountry: 'BR', idOf: cpfOfKyc, foreignIdExempt: false, dailyIn: 'America/Sao_Paulo' },
};

/** The licences of `regulators` that have a national register, in their order. */
export const withRegisters = (regulators: readonly Regulator[]): Regulator[] => regulators.filter((r) => NATIONAL_REGISTERS[r]);

/**
 * What the customer's `kyc` gives a licence's register: the id's digits to query (`ID`), nothing
 * to query because the customer is identified by another country's id and the register does not
 * cover them (`EXEMPT`), or no valid id where one is needed (`MISSING`: the operator must identify
 * the customer first; decided by this project, docs/design.md section 8).
 */
export function registerIdOf(
  rule: NationalRegisterRule,
  kyc: KycIdentity | undefined,
): { kind: 'ID'; digits: string } | { kind: 'EXEMPT' } | { kind: 'MISSING' } {
  const digits = rule.idOf(kyc);
  if (digits) return { kind: 'ID', digits };
  const country = kyc?.idCountry?.trim().toUpperCase();
  const foreign = Boolean(kyc?.idNumber?.trim()) && country !== undefined && country !== '' && country !== rule.idCountry;
  return rule.foreignIdExempt && foreign ? { kind: 'EXEMPT' } : { kind: 'MISSING' };
}

/** A register's answer as the service keeps it (ISO 8601 times). */
export interface RegisterAnswer {
  excluded: boolean;
  /** The end of a temporary exclusion; none: until the person lifts it (or final). */
  until?: string;
  checkedAt: string;
}

/** Why a register refuses a customer's deposits now (the licence, the register, and the end of a temporary exclusion). */
export type RegisterRefusal =
  | { status: 'EXCLUDED'; regulator: Regulator; register: RegisterName; until?: string; checkedAt: string }
  | { status: 'IDENTITY_REQUIRED'; regulator: Regulator; register: RegisterName; idType: 'CPR' | 'CPF' };

/** Whether `answer` excludes at `now` (a temporary exclusion whose end has passed does not). */
export const answerExcludes = (answer: RegisterAnswer | undefined, now: Date): boolean =>
  Boolean(answer?.excluded && (!answer.until || new Date(answer.until).getTime() > now.getTime()));

/**
 * The first refusal of the registers of `regulators` (the licences in force for the customer) at
 * `now`: a customer without the id a register needs (IDENTITY_REQUIRED), or one whose last answer
 * excludes them (EXCLUDED), even when their `kyc` now names another country's id (EXEMPT: they
 * were found on it under the id given before); null when none refuses. `answers`: the last answer
 * per licence.
 */
export function registerRefusal(
  regulators: readonly Regulator[],
  kyc: KycIdentity | undefined,
  answers: Partial<Record<Regulator, RegisterAnswer>> | undefined,
  now = new Date(),
): RegisterRefusal | null {
  for (const regulator of withRegisters(regulators)) {
    const rule = NATIONAL_REGISTERS[regulator];
    if (!rule) continue;
    const id = registerIdOf(rule, kyc);
    const answer = answers?.[regulator];
    // A customer already found on the register under an id given before is not exempted by another country's id now.
    if (id.kind === 'EXEMPT' && !answerExcludes(answer, now)) continue;
    if (id.kind === 'MISSING') return { status: 'IDENTITY_REQUIRED', regulator, register: rule.register, idType: rule.idType };
    if (answer && answerExcludes(answer, now))
      return {
        status: 'EXCLUDED',
        regulator,
        register: rule.register,
        checkedAt: answer.checkedAt,
        ...(answer.until ? { until: answer.until } : {}),
      };
  }
  return null;
}

/** The calendar day (`YYYY-MM-DD`) of `at` in the IANA time zone `timeZone`. */
export const dayIn = (at: Date, timeZone: string): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

/**
 * Whether a register's answer checked at `checkedAt` still stands at `now` for a customer whose
 * login (cashier session) started at `loginAt`: a daily register (SIGAP) wants one query on each
 * calendar day of its time zone, the first login of the day; any other (ROFUS) one per login,
 * so an answer from before the login does not stand.
 */
export function answerStands(rule: NationalRegisterRule, checkedAt: Date, loginAt: Date, now: Date): boolean {
  if (rule.dailyIn) return dayIn(checkedAt, rule.dailyIn) === dayIn(now, rule.dailyIn);
  return checkedAt.getTime() >= loginAt.getTime();
}
