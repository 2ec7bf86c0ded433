/**
 * The deposit step's notice of a ban on gambling on credit (docs/design.md, section 8, "funding on
 * credit"): for a customer the rules of a licence in force cover (the session's `regulators`), once
 * the ban is in force (Spelinspektionen: from 1 May 2026 in Stockholm; SPA/MF: since 18 April 2024,
 * deposits only from the own account by Pix, TED, debit or prepaid card), the cashier says before a
 * card is typed that credit cards and other credit are not allowed. The service refuses them
 * anyway (400); this says why first. Server component.
 */
import { getTranslations } from 'next-intl/server';
import type { ResponsibleGambling } from '@hosted-checkout/contract/responsible-gambling/schemas';
import { rulesInForce } from '@hosted-checkout/contract/responsible-gambling/regulators';
import { refusedFundingNow } from '@hosted-checkout/contract/responsible-gambling/refused-funding';

/** The notice, or nothing when no rule in force for the customer bans credit at `now` (default: the request's instant). */
export async function CreditBanNotice({ rg, now = new Date() }: { rg: Pick<ResponsibleGambling, 'regulators'>; now?: Date }) {
  const ban = refusedFundingNow(rulesInForce(rg.regulators), now);
  if (!ban) return null;
  const g = await getTranslations('responsibleGambling');
  return (
    <p className="rounded-theme border border-primary p-3 text-sm" data-testid="credit-ban">
      {ban.regulator === 'SPELINSPEKTIONEN' || ban.regulator === 'SPA_MF' ? g(`creditBan.${ban.regulator}`) : g('creditBan.other')}
    </p>
  );
}
