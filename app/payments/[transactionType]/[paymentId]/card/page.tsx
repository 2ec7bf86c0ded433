import { randomUUID } from 'node:crypto';
import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { getLocale, getTranslations } from 'next-intl/server';
import { CardForm } from '@/components/card/card-form';
import { clickToPaySrcOrigin, sandboxPublicUrl, testMode, trustedProxyHops, walletConfig } from '@/lib/config';
import { clientIpFrom } from '@hosted-checkout/runtime/net/client-ip';
import { challengeRequired } from '@/lib/security/proof-of-work';
import { SavedCards, type SavedCardItem } from '@/components/card/saved-cards';
import { cardFormText, savedCardsText, walletText } from '@/components/payment/page-text';
import { WalletButtons } from '@/components/wallet/wallet-buttons';
import { ClickToPaySlot } from '@/components/click-to-pay/click-to-pay-slot';
import { clickToPayText } from '@/components/click-to-pay/click-to-pay-text';
import { fillText, ltr } from '@/components/click-to-pay/fill-text';
import { clickToPayOfferFor } from '@/lib/checkout/payment-pages/click-to-pay-offer';
import { walletOfferFor } from '@/lib/checkout/payment-pages/wallet-offer';
import { formattedAmount } from '@/components/payment/payment-summary';
import { loadFormPage, TransactionShell } from '@/components/payment/transaction-page';
import { cvvSizeOfBrand, formatExpiry, isExpiryCurrent } from '@hosted-checkout/contract/card-rules';
import { applePayMerchantSession } from '@/lib/checkout/payment-pages/apple-pay-action';
import {
  payByCard,
  payByWallet,
  payoutToCard,
  payoutToSavedCard,
  payWithSavedCard,
  removeSavedCard,
} from '@/lib/checkout/payment-pages/card-payment-action';
import { paymentHref } from '@/lib/checkout/shared/payment-paths';
import { bannerText } from '@/lib/checkout/payment-pages/form-banner';
import { statusSnapshot } from '@/components/status/status-snapshot';
import type { SavedCard } from '@hosted-checkout/contract/customer';
import { paymentsApi } from '@/lib/payments-api/client';
import { requestProof } from '@/lib/checkout/shared/holding';
import { logger } from '@hosted-checkout/runtime/log';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('meta'))('cardTitle') };
}

/**
 * The customer's saved cards: those the transaction's answer carried (docs/design.md, E7), else
 * the list asked of the service; a failure to list them leaves the new-card form alone.
 */
async function savedCardsOf(transaction: { customerId: string; savedCards?: SavedCard[] }): Promise<SavedCard[]> {
  if (transaction.savedCards) return transaction.savedCards;
  try {
    return (await paymentsApi.listCards(transaction.customerId)).cards;
  } catch (error) {
    logger.warn({ err: error }, 'saved cards could not be listed');
    return [];
  }
}

/**
 * /payments/{transactionType}/{paymentId}/card: the card iframe (docs/design.md, "Card pay-in",
 * "Payout"). Saved cards first (a payout's with the name on each, none chosen for the customer),
 * then a new card. A transaction past its form (processing,
 * 3DS, waiting for the merchant, final) is shown by its status page instead.
 */
export default async function CardPage(props: PageProps<'/payments/[transactionType]/[paymentId]/card'>) {
  const loaded = await loadFormPage(props, 'card');
  if ('fallback' in loaded) return loaded.fallback;
  const { transaction, settings, locale, query, view } = loaded;
  const type = transaction.type;

  // The saved cards (the service) and the security check (the limiter store) at once.
  const requestHeaders = await headers();
  const [cards, needsCheck, t, uiLocale, amount] = await Promise.all([
    savedCardsOf(transaction),
    type === 'payin' ? challengeRequired(clientIpFrom(requestHeaders.get('x-forwarded-for'), trustedProxyHops())) : false,
    getTranslations('card'),
    getLocale(),
    formattedAmount(transaction),
  ]);
  const acceptHeader = requestHeaders.get('accept') ?? '';
  // What anyone with the address may read of a decline: the reason in words that say nothing of the card.
  const declineReason = view === 'retry' ? statusSnapshot(transaction).reason : undefined;
  // That decline in words: the forms carry no table of reasons (lib/checkout/payment-pages/form-banner.ts).
  const declineBanner = declineReason ? await bannerText({ declineReason }) : undefined;
  // `?card=` (the cashier's deposit again): that saved card first, so it is the one chosen (the CVV alone).
  const chosen = typeof query.card === 'string' ? query.card : null;
  const ordered = chosen ? [...cards.filter((c) => c.cardId === chosen), ...cards.filter((c) => c.cardId !== chosen)] : cards;
  // Removing a saved card needs the holder proof that moves money: a browser holding this payout, or a
  // cashier session of the customer (the service checks it); a pay-in's page alone offers no removal.
  const removable = type === 'payout' || (cards.length > 0 && (await requestProof(transaction.merchantId)) !== null);
  const items: SavedCardItem[] = ordered.map((c) => {
    const expired = !isExpiryCurrent({ month: c.expiryMonth, year: c.expiryYear });
    const label = t('savedLabel', { brand: c.cardBrand, last4: c.cardMask.slice(-4) });
    return {
      cardId: c.cardId,
      brand: c.cardBrand,
      label,
      expiryText: t(expired ? 'expired' : 'expires', { expiry: formatExpiry({ month: c.expiryMonth, year: c.expiryYear }, uiLocale) }),
      expired,
      // A payout's card shows the name on it: a card someone else saved on the customer's pay-in is told apart.
      ...(type === 'payout' && c.cardHolderName ? { holderText: t('savedHolder', { holder: c.cardHolderName }) } : {}),
      cvvSize: cvvSizeOfBrand(c.cardBrand),
      ...(removable ? { removeHref: paymentHref(type, 'card', transaction.id, locale, { remove: c.cardId }) } : {}),
      removeLabel: t('remove', { label }),
    };
  });
  const removing = removable && typeof query.remove === 'string' ? items.find((c) => c.cardId === query.remove) : undefined;
  const notice = query.notice === 'removed' ? t('removed') : query.notice === 'removeFailed' ? t('removeFailed') : null;

  // Click to Pay (docs/design.md, E28): its text only where it is offered; the panel loads after hydration.
  const c2pOffer = clickToPayOfferFor(transaction, settings, clickToPaySrcOrigin());
  const c2pText = c2pOffer ? await clickToPayText(amount, settings.displayName) : null;
  const c2pIdentity = [c2pOffer?.maskedEmail, c2pOffer?.maskedPhone].filter(Boolean).map((value) => ltr(String(value)));
  const cardText = await cardFormText(amount, type);
  const newCard = (
    <CardForm
      action={type === 'payin' ? payByCard : payoutToCard}
      requireCvv={type === 'payin'}
      allowSave={type === 'payin'}
      paymentId={transaction.id}
      locale={locale}
      acceptHeader={acceptHeader}
      initialAttemptKey={randomUUID()}
      initialDeclineReason={items.length === 0 ? declineReason : undefined}
      initialBanner={items.length === 0 ? declineBanner : undefined}
      challengeRequired={needsCheck}
      binCheck={type === 'payin'}
      text={cardText}
      clickToPayLink={
        c2pOffer && c2pText && c2pIdentity.length > 0
          ? { label: c2pText.linkLabel, hint: fillText(c2pText.linkHint, { identity: c2pIdentity.join(', ') }), brands: c2pOffer.brands }
          : undefined
      }
    />
  );

  // Wallet payments: the wallets the merchant offers, for a pay-in; each shows only where the browser has it.
  const walletOffer =
    type === 'payin'
      ? walletOfferFor(transaction, settings, { testMode: testMode(), sandboxUrl: sandboxPublicUrl(), ...walletConfig() })
      : null;

  return (
    <TransactionShell page="card" transaction={transaction} settings={settings}>
      {walletOffer ? (
        <WalletButtons
          action={payByWallet}
          validateApplePay={applePayMerchantSession}
          offer={walletOffer}
          paymentId={transaction.id}
          locale={locale}
          acceptHeader={acceptHeader}
          initialAttemptKey={randomUUID()}
          challengeRequired={needsCheck}
          text={await walletText(amount)}
        />
      ) : null}
      {c2pOffer && c2pText ? (
        <ClickToPaySlot
          paymentId={transaction.id}
          locale={locale}
          acceptHeader={acceptHeader}
          initialAttemptKey={randomUUID()}
          challengeRequired={needsCheck}
          text={c2pText}
          cardText={{
            challengeTitle: cardText.challengeTitle,
            challengeIntro: cardText.challengeIntro,
            methodRunning: cardText.methodRunning,
            spcRunning: cardText.spcRunning,
            processing: cardText.processing,
            securityCheck: cardText.securityCheck,
          }}
        />
      ) : null}
      <div data-card-forms>
        {notice ? (
          <p role="status" className="mb-4 rounded-theme border border-control bg-surface p-3 text-sm">
            {notice}
          </p>
        ) : null}
        {removing ? (
          <form
            action={removeSavedCard}
            className="mb-6 space-y-3 rounded-theme border border-control p-4"
            aria-labelledby="remove-heading"
          >
            <h2 id="remove-heading" className="font-semibold">
              {t('removeConfirm', { label: removing.label })}
            </h2>
            <input type="hidden" name="transactionType" value={type} />
            <input type="hidden" name="paymentId" value={transaction.id} />
            <input type="hidden" name="cardId" value={removing.cardId} />
            <input type="hidden" name="locale" value={locale} />
            <div className="flex flex-wrap gap-3">
              <button className="rounded-theme bg-danger px-4 py-2 font-semibold text-on-primary">{t('removeYes')}</button>
              <a
                href={paymentHref(type, 'card', transaction.id, locale)}
                className="rounded-theme border border-control px-4 py-2 font-semibold"
              >
                {t('removeNo')}
              </a>
            </div>
          </form>
        ) : null}
        {items.length > 0 ? (
          <>
            <SavedCards
              action={type === 'payin' ? payWithSavedCard : payoutToSavedCard}
              requireCvv={type === 'payin'}
              preselect={type === 'payin'}
              cards={items}
              paymentId={transaction.id}
              locale={locale}
              acceptHeader={acceptHeader}
              initialAttemptKey={randomUUID()}
              initialDeclineReason={declineReason}
              initialBanner={declineBanner}
              text={await savedCardsText(amount, type)}
            />
            <details className="rounded-theme border border-line p-3">
              <summary className="cursor-pointer font-semibold">{t('useNewCard')}</summary>
              <div className="mt-3">{newCard}</div>
            </details>
          </>
        ) : (
          newCard
        )}
      </div>
    </TransactionShell>
  );
}
