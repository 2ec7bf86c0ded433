import { getTranslations } from 'next-intl/server';

/**
 * What a browser that does not hold a cashier session or a payout's destination page reads
 * instead of it (launch and holder binding, lib/checkout/shared/holding.ts): where to go on, and nothing of the account.
 */
export async function HeldElsewhere({ merchant, headingLevel = 1 }: { merchant: string; headingLevel?: 1 | 2 }) {
  const t = await getTranslations('binding');
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <section aria-labelledby="held-elsewhere" className="space-y-2">
      <Heading id="held-elsewhere" className="text-xl font-semibold">
        {t('heading')}
      </Heading>
      <p role="status">{t('body', { merchant })}</p>
    </section>
  );
}
