/**
 * The limit meter's words for the page's language (limit-meter.tsx), from the session as the
 * service answers it and the merchant's checkout settings (docs/design.md, section 8, "A limit
 * meter before Pay"). Server only: the figures are read where the page is rendered.
 */
import 'server-only';
import { getTranslations } from 'next-intl/server';
import type { CashierSession } from '@hosted-checkout/contract/cashier';
import type { FundingType } from '@hosted-checkout/contract/bin';
import { formatMinor, toMinor } from '@hosted-checkout/contract/money';
import type { AmountRules } from '@/lib/checkout/cashier/cashier-amount';
import { limitsVersion, nextLimitChangeAt } from '@/lib/checkout/cashier/limit-meter';
import { bindingLimits, tightestLimit } from '@/lib/checkout/cashier/binding-limits';
import type { LimitMeterView } from './limit-meter';

/**
 * The meter of a deposit in `session` (major units of its currency), or undefined when there is
 * nothing to say: no limit binds the customer and no funding type is refused. `rules`: the
 * merchant's bounds of one deposit (its `max` caps the figure); `refused`: the funding types the
 * card page refuses for this customer.
 */
export async function limitMeterText(
  session: CashierSession,
  rules: AmountRules,
  refused: readonly FundingType[],
  locale: string,
): Promise<LimitMeterView | undefined> {
  const limits = bindingLimits(session);
  if (limits.length === 0 && refused.length === 0) return undefined;
  const t = await getTranslations('cashier.meter');
  const g = await getTranslations('responsibleGambling');
  const money = (major: number) => formatMinor(toMinor(major, session.currency) ?? 0, session.currency, locale);
  const list = new Intl.ListFormat(locale, { type: 'conjunction' });
  const tightest = tightestLimit(limits);
  const fits = tightest === null ? undefined : rules.max === undefined ? tightest.remaining : Math.min(tightest.remaining, rules.max);
  const regulators = session.responsibleGambling?.regulators ?? [];
  return {
    version: limitsVersion(session),
    nextChangeAt: nextLimitChangeAt(session),
    label: t('label'),
    headline: fits === undefined ? t('noLimit') : fits > 0 ? t('upTo', { amount: money(fits) }) : t('nothing'),
    ...(tightest
      ? {
          boundBy: t('boundBy', {
            kind: tightest.kind,
            period: tightest.period,
            remaining: money(tightest.remaining),
            limit: money(tightest.limit),
          }),
        }
      : {}),
    ...(regulators.length ? { rulesOf: g('rulesOf', { regulators: list.format(regulators.map((r) => g(`regulators.${r}`))) }) } : {}),
    ...(refused.length ? { refused: t('refused', { types: list.format(refused.map((f) => t(`funding.${f}`))) }) } : {}),
    stale: t('stale'),
  };
}
