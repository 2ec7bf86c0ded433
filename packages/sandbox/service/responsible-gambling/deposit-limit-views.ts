/**
 * What the cashier session answer shows of a customer's deposit limits (deposit-limits.ts stores
 * them and computes what they leave): what is left per period, the limits in force and the
 * customer's raises not applied yet. These views are in ISO 4217 major units of the session's
 * currency (converted at the sandbox's rates), each with the currency and amount it was set in;
 * the raises `limitsInForce` hands on stay in minor units. Pure: nothing read, nothing thrown.
 */
import type { DepositRoom } from '@hosted-checkout/contract/cashier';
import type { ResponsibleGambling } from '@hosted-checkout/contract/responsible-gambling/schemas';
import type { Period } from '@hosted-checkout/contract/responsible-gambling/limits';
import { bindingLimits, type PendingByCurrency } from '@hosted-checkout/contract/responsible-gambling/limit-changes';
import { toMajor } from '@hosted-checkout/contract/money';
import type { SandboxMerchantConfig } from '@sandbox/db/stored-shapes';
import { converterOf, customerLimitsAcross, PERIOD_LIST, type depositRoomMinor, type LimitsRow } from './deposit-limits';
import { kindLimitsAcross, OTHER_KINDS, type KindRoom, type OtherKind } from './financial-limits';

/** The session answer's `depositLimits` (per period: limit and what is left) in major units of `currency`, from `depositRoomMinor`; undefined without limits. */
export function depositRoomMajor(room: Awaited<ReturnType<typeof depositRoomMinor>>, currency: string): DepositRoom | undefined {
  const entries = Object.entries(room).map(([period, r]) => [
    period,
    { limit: toMajor(r.limit, currency), remaining: toMajor(r.remaining, currency) },
  ]);
  return entries.length ? (Object.fromEntries(entries) as DepositRoom) : undefined;
}

/**
 * The session answer's limits in force for deposits in `currency`: per period, the one that binds
 * (every currency's limit converted at the sandbox's rates, the smallest), in major units of
 * `currency`, with the currency and amount (major units of it) it was set in (`setIn`); and the
 * raises waiting and ready to confirm (minor units, per currency asked in). A limit in a currency
 * without a rate binds deposits in that currency only, so it is not shown elsewhere.
 */
export function limitsInForce(row: LimitsRow | null | undefined, config: SandboxMerchantConfig, currency: string, now: Date) {
  const across = customerLimitsAcross(row, now);
  const binding = bindingLimits(across.limits, currency, converterOf(config));
  const limits: ResponsibleGambling['limits'] = {};
  const setIn: NonNullable<ResponsibleGambling['limitsSetIn']> = {};
  for (const p of PERIOD_LIST) {
    const b = binding[p];
    if (!b) continue;
    limits[p] = toMajor(b.minor, currency);
    setIn[p] = { currency: b.setIn, amount: toMajor(b.setMinor, b.setIn) };
  }
  return { limits, setIn, waiting: across.waiting, ready: across.ready };
}

/** The session answer's `pending`: the raises waiting and ready to confirm, whatever currency they were asked in, in major units of `currency` (those without a rate left out), each with the amount it was asked in. */
export function pendingRaises(
  waiting: PendingByCurrency,
  ready: PendingByCurrency,
  config: SandboxMerchantConfig,
  currency: string,
): ResponsibleGambling['pending'] {
  const convert = converterOf(config);
  const entries = [
    ...Object.entries(waiting).flatMap(([c, periods]) =>
      Object.entries(periods).flatMap(([p, v]) => (v ? [{ c, p: p as Period, v, ready: false }] : [])),
    ),
    ...Object.entries(ready).flatMap(([c, periods]) =>
      Object.entries(periods).flatMap(([p, v]) => (v ? [{ c, p: p as Period, v, ready: true }] : [])),
    ),
  ];
  return entries.flatMap(({ c, p, v, ready: isReady }) => {
    const minor = v.limit === null ? null : convert(v.limit, c, currency);
    if (v.limit !== null && minor === null) return [];
    return [
      {
        period: p,
        limit: minor === null ? null : toMajor(minor, currency),
        effectiveAt: v.effectiveAt,
        ready: isReady,
        setIn: { currency: c, amount: v.limit === null ? null : toMajor(v.limit, c) },
      },
    ];
  });
}

/**
 * The session answer's loss and net deposit limits (`lossLimits`, `netDepositLimits`: per period,
 * the binding one in major units of `currency`, converted as deposit limits are) and their raises
 * not applied yet (as `pendingRaises`, each with its `kind`).
 */
export function otherLimitsInForce(row: LimitsRow | null | undefined, config: SandboxMerchantConfig, currency: string, now: Date) {
  const shown: Partial<Record<OtherKind, NonNullable<ResponsibleGambling['lossLimits']>>> = {};
  const pending: ResponsibleGambling['pending'] = [];
  for (const kind of OTHER_KINDS) {
    const across = kindLimitsAcross(row, kind, now);
    const binding = bindingLimits(across.limits, currency, converterOf(config));
    const limits: NonNullable<ResponsibleGambling['lossLimits']> = {};
    for (const p of PERIOD_LIST) {
      const b = binding[p];
      if (b) limits[p] = toMajor(b.minor, currency);
    }
    if (Object.keys(limits).length) shown[kind] = limits;
    pending.push(...pendingRaises(across.waiting, across.ready, config, currency).map((r) => ({ kind, ...r })));
  }
  return { lossLimits: shown.loss, netDepositLimits: shown.netDeposit, pending };
}

/** The session answer's `room`: every financial limit's limit and what it leaves now, in major units of `currency` (from financialRoomMinor); undefined without limits. */
export function roomMajor(rooms: readonly KindRoom[], currency: string): ResponsibleGambling['room'] {
  if (!rooms.length) return undefined;
  return rooms.map((r) => ({
    kind: r.kind,
    period: r.period,
    limit: toMajor(r.limit, currency),
    remaining: toMajor(r.remaining, currency),
  }));
}
