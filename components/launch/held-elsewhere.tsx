import { getTranslations } from 'next-intl/server';

/**
 * The words of a page this browser does not hold (docs/design.md, E22), as keys of the `binding`
 * catalogue: "open in another browser" only when another browser holds it (`opened`, the
 * locator's); else the link is no longer valid (never opened, or the merchant launched it again).
 * Both say to open it again from the merchant.
 */
export const notHeldText = (opened: boolean) =>
  opened ? ({ heading: 'heading', body: 'body' } as const) : ({ heading: 'invalidHeading', body: 'invalidBody' } as const);

/**
 * What a browser that does not hold a cashier session or a payout's destination page reads
 * instead of it (launch and holder binding, lib/checkout/shared/holding.ts): whether another
 * browser has it (`opened`) or the link is no longer valid, where to go on, and nothing of the account.
 */
export async function HeldElsewhere({ merchant, opened, headingLevel = 1 }: { merchant: string; opened: boolean; headingLevel?: 1 | 2 }) {
  const t = await getTranslations('binding');
  const text = notHeldText(opened);
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <section aria-labelledby="held-elsewhere" className="space-y-2">
      <Heading id="held-elsewhere" className="text-xl font-semibold">
        {t(text.heading)}
      </Heading>
      <p role="status">{t(text.body, { merchant })}</p>
    </section>
  );
}
