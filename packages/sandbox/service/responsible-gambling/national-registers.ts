/**
 * The national self-exclusion registers (docs/design.md, section 8), as sandbox stand-ins: one
 * mechanism for Denmark's ROFUS (queried by CPR; BEK nr. 1274/2019 § 25 stk. 2–3) and Brazil's
 * SIGAP (by CPF; IN SPA/MF nº 31/2025, arts. 4–6). A register here holds only keyed hashes of
 * the test ids it lists (HMAC-SHA256 with the sandbox's key, `keyedHash`, its own domain); the
 * customer's row keeps the last answer per licence with the merchant-scoped keyed hash of the id
 * it was asked for (`nationalIdHashFor`, as Pay N Play keeps national ids), never the id. Nothing
 * here logs an id.
 *
 * When: a cashier session's start is the customer's login (the merchant opens it for a customer
 * who has logged in to its site); every session queries ROFUS, and SIGAP when no answer was given
 * on the same calendar day of Brasília (the first login of the day). A deposit queries again
 * whatever no longer stands (its session's login, or, outside a session, the deposit itself).
 * An answer that excludes tells the merchant once (`customer.register_excluded`).
 */
import type { Db } from '@sandbox/db/client';
import { customers } from '@sandbox/db/schema';
import { eq } from 'drizzle-orm';
import type { StoredResponsibleGambling } from '@sandbox/db/stored-shapes';
import {
  NATIONAL_REGISTERS,
  answerExcludes,
  answerStands,
  registerIdOf,
  withRegisters,
  type RegisterName,
} from '@hosted-checkout/contract/responsible-gambling/national-registers';
import { normaliseCpf } from '@hosted-checkout/contract/cpf';
import { normaliseCpr } from '@hosted-checkout/contract/cpr';
import { keyedHash } from '../core/store';
import { enqueueEvent } from '../core/webhooks';
import { merchantConfig } from '../core/request-context';
import { rulesFor } from '../core/merchant-config';
import { nationalIdHashFor } from '../core/national-id-hash';
import { customerRow } from './limits-prompt';

/** The event's type. */
export const REGISTER_EXCLUDED = 'customer.register_excluded';

/** How a test id is excluded: until lifted (FINAL), or until the first day of the next calendar month, UTC (TEMPORARY). */
type Term = 'FINAL' | 'TEMPORARY';

/**
 * The test ids each stand-in register lists (docs/sandbox.md, "Danish and Brazilian customers");
 * every other valid CPR or CPF answers not excluded.
 */
export const REGISTER_TEST_IDS: Record<RegisterName, { id: string; term: Term }[]> = {
  ROFUS: [
    { id: '010180-1010', term: 'FINAL' },
    { id: '020280-2020', term: 'TEMPORARY' },
  ],
  SIGAP: [{ id: '123.456.789-09', term: 'FINAL' }],
};

const digitsOf = (register: RegisterName, id: string) => (register === 'ROFUS' ? normaliseCpr(id) : normaliseCpf(id)) ?? id;
/** The register's own keyed hash of an id's digits (its domain: the register, not a merchant). */
const registerHash = (db: Db, register: RegisterName, digits: string) => keyedHash(db, `national-register:${register}:${digits}`);

/** The stand-in registers: per register, the keyed hashes of its ids and their terms; built once (the key does not change). */
let built: Promise<Map<string, Term>> | null = null;
function registerIndex(db: Db): Promise<Map<string, Term>> {
  built ??= (async () => {
    const index = new Map<string, Term>();
    for (const [register, listed] of Object.entries(REGISTER_TEST_IDS) as [RegisterName, { id: string; term: Term }[]][])
      for (const { id, term } of listed) index.set(await registerHash(db, register, digitsOf(register, id)), term);
    return index;
  })().catch((error: unknown) => {
    built = null;
    throw error;
  });
  return built;
}

/** The first instant (UTC) of the calendar month after `now`'s: the end of a TEMPORARY test exclusion. */
export const nextMonthStart = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));

/**
 * The stand-in register `register`'s answer for the id `digits` (normalised) at `now`: excluded or
 * not, and the end of a temporary exclusion (ISO 8601).
 */
export async function queryRegister(
  db: Db,
  register: RegisterName,
  digits: string,
  now: Date,
): Promise<{ excluded: boolean; until?: string }> {
  const term = (await registerIndex(db)).get(await registerHash(db, register, digits));
  if (!term) return { excluded: false };
  return term === 'FINAL' ? { excluded: true } : { excluded: true, until: nextMonthStart(now).toISOString() };
}

/**
 * Queries the registers of the licences in force for `customerId` at `merchantId` whose last
 * answer no longer stands for a login at `loginAt` (`answerStands`; an answer for another id never
 * does), stores the answers on the customer row (locked: call after locking any pay-in, as every
 * path locks the pay-in first) and tells the merchant of each new exclusion. An exclusion found
 * under the id the customer's `kyc` named before is kept while it stands, whatever the new id's answer. A customer without the
 * id a register needs is not queried (the deposit rules refuse them: IDENTITY_REQUIRED). Answers
 * how many registers were queried.
 */
export async function checkNationalRegisters(
  tx: Db,
  merchantId: string,
  customerId: string,
  { loginAt, now = new Date(), sessionId }: { loginAt: Date; now?: Date; sessionId?: string },
): Promise<number> {
  const row = await customerRow(tx, customerId, true);
  if (!row) return 0;
  const rules = rulesFor(await merchantConfig(tx, merchantId), row.data);
  const regulators = withRegisters(rules.regulators);
  if (!regulators.length) return 0;
  const registers: NonNullable<StoredResponsibleGambling['registers']> = { ...(row.gambling?.registers ?? {}) };
  let queried = 0;
  for (const regulator of regulators) {
    const rule = NATIONAL_REGISTERS[regulator];
    const id = rule ? registerIdOf(rule, row.data.kyc) : null;
    if (!rule || id?.kind !== 'ID') continue;
    const idHash = await nationalIdHashFor(tx, merchantId, rule.idCountry, id.digits);
    const previous = registers[regulator];
    const same = previous?.idHash === idHash;
    if (previous && same && answerStands(rule, new Date(previous.checkedAt), loginAt, now)) continue;
    const answer = await queryRegister(tx, rule.register, id.digits, now);
    const stored = { ...answer, checkedAt: now.toISOString(), idHash };
    // A customer found on the register under the id given before stays excluded while that answer stands, whatever id now.
    if (previous && !same && answerExcludes(previous, now) && !answerExcludes(stored, now)) continue;
    queried += 1;
    registers[regulator] = stored;
    // Once per exclusion: not again while the same id's answer already excluded with the same end.
    const known = same && answerExcludes(previous, now) && previous?.until === stored.until;
    if (answerExcludes(stored, now) && !known) {
      await enqueueEvent(tx, merchantId, REGISTER_EXCLUDED, customerId, {
        customerId,
        ...(row.externalUserId ? { externalUserId: row.externalUserId } : {}),
        regulator,
        register: rule.register,
        ...(stored.until ? { until: stored.until } : {}),
        checkedAt: stored.checkedAt,
        ...(sessionId ? { sessionId } : {}),
      });
    }
  }
  if (queried) {
    const gambling: StoredResponsibleGambling = { ...(row.gambling ?? {}), registers };
    await tx.update(customers).set({ gambling, updatedAt: now }).where(eq(customers.id, customerId));
  }
  return queried;
}
