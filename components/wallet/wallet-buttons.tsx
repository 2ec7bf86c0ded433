'use client';
/**
 * The card page's wallets: the ones the merchant offers and this browser can pay with,
 * above the card form. Each wallet's module loads only when offered (the sandbox wallet, Google
 * Pay with Google's script, Apple Pay), so a merchant without wallets ships none of it. The
 * wallet's token is posted with the Browser object to the `payByWallet` server action; its answer
 * is a card's: the issuer's 3DS step in the page, the form again after a decline, or the status
 * page. Needs JavaScript (wallets do): without it nothing shows and the card form stays.
 */
import { useEffect, useRef, useState } from 'react';
import type { CardPaymentState } from '@/lib/checkout/payment-pages/card-payment-action';
import { submitPaymentForm } from '@/lib/checkout/payment-pages/submit-payment-form';
import type { WalletType } from '@hosted-checkout/contract/enums';
import { ThreeDSStep, useCardAction, type ThreeDSText } from '@/components/card/three-ds-step';
import { SecurityCheck } from '@/components/card/security-check';
import type { MerchantValidator } from './apple-pay';
import type { WalletDriver, WalletOffer } from '@/lib/checkout/payment-pages/wallet-offer';

export interface WalletText extends ThreeDSText {
  heading: string;
  sandboxWallet: string;
  applePay: string;
  sandboxBadge: string;
  orCard: string;
  cancelled: string;
  failed: string;
  processing: string;
  securityCheck: { working: string; done: string };
}

interface WalletButtonsProps {
  action: (previous: CardPaymentState, form: FormData) => Promise<CardPaymentState>;
  validateApplePay: MerchantValidator;
  offer: WalletOffer;
  paymentId: string;
  locale: string;
  acceptHeader: string;
  initialAttemptKey: string;
  /** The server asks for a proof-of-work check before the next attempt (velocity), as the card form does. */
  challengeRequired?: boolean;
  text: WalletText;
}

/** The drivers of the wallets offered, loaded on demand, in the order shown. */
async function driversOf(offer: WalletOffer, validateApplePay: MerchantValidator): Promise<[WalletType, WalletDriver][]> {
  const drivers: Promise<[WalletType, WalletDriver]>[] = [];
  if (offer.applePay) drivers.push(import('./apple-pay').then((m) => ['APPLE_PAY', m.applePay(validateApplePay)]));
  if (offer.googlePay) drivers.push(import('./google-pay').then((m) => ['GOOGLE_PAY', m.googlePay]));
  if (offer.sandboxWallet) drivers.push(import('./sandbox-wallet').then((m) => ['SANDBOX_WALLET', m.sandboxWallet]));
  const loaded = await Promise.all(drivers);
  const usable = await Promise.all(
    loaded.map(async ([type, driver]) => ((await driver.available(offer)) ? ([type, driver] as [WalletType, WalletDriver]) : null)),
  );
  return usable.filter((d): d is [WalletType, WalletDriver] => d !== null);
}

/** Google's own button, drawn into a slot by its script. */
function GooglePayButton({ offer, locale, onClick }: { offer: WalletOffer; locale: string; onClick: () => void }) {
  const slot = useRef<HTMLDivElement>(null);
  const click = useRef(onClick);
  useEffect(() => {
    click.current = onClick;
  }, [onClick]);
  useEffect(() => {
    let gone = false;
    void import('./google-pay').then(async ({ googlePay }) => {
      const button = await googlePay.button(offer, locale, () => click.current());
      if (!gone) slot.current?.replaceChildren(button);
    });
    return () => {
      gone = true;
    };
  }, [offer, locale]);
  return <div ref={slot} className="min-h-11" data-wallet="GOOGLE_PAY" />;
}

export function WalletButtons({
  action,
  validateApplePay,
  offer,
  paymentId,
  locale,
  acceptHeader,
  initialAttemptKey,
  challengeRequired,
  text,
}: WalletButtonsProps) {
  const { state, formAction, pending, reportMethod, reportSpc } = useCardAction(
    action,
    { attemptKey: initialAttemptKey },
    paymentId,
    locale,
  );
  const [wallets, setWallets] = useState<[WalletType, WalletDriver][]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** False while a required security check is still being solved: the wallets wait for it. */
  const [checkReady, setCheckReady] = useState(true);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    let gone = false;
    void driversOf(offer, validateApplePay)
      .then((usable) => !gone && setWallets(usable))
      .catch(() => undefined);
    return () => {
      gone = true;
    };
  }, [offer, validateApplePay]);

  const pay = async (type: WalletType, driver: WalletDriver) => {
    if (busy || pending || !checkReady) return;
    setBusy(true);
    setNotice(null);
    try {
      const token = await driver.pay(offer, paymentId);
      const form = formRef.current;
      if (!token || !form) return setNotice(text.cancelled);
      (form.elements.namedItem('walletType') as HTMLInputElement).value = type;
      const tokenField = form.elements.namedItem('walletToken') as HTMLInputElement;
      tokenField.value = token;
      submitPaymentForm(form, formAction);
      // The post has its copy: the token does not stay in the page.
      tokenField.value = '';
    } catch (error) {
      setNotice((error as Error)?.name === 'AbortError' ? text.cancelled : text.failed);
    } finally {
      setBusy(false);
    }
  };

  // The issuer's step in the page; the card forms below step aside meanwhile (globals.css, data-wallet-step).
  if (state.challengeUrl || state.threeDSMethod)
    return (
      <div data-wallet-step>
        <ThreeDSStep state={state} paymentId={paymentId} text={text} onMethodDone={reportMethod} onSpcAssertion={reportSpc} />
      </div>
    );
  if (wallets.length === 0) return null;

  // A form error or a decline comes in words with the action's state (no table of them here).
  const banner = state.formError ? (state.banner ?? text.failed) : state.declineReason ? (state.banner ?? text.failed) : notice;

  return (
    <section aria-labelledby="wallets-heading" aria-busy={pending || busy} className="mb-6 space-y-3">
      <h2 id="wallets-heading" className="text-base font-semibold">
        {text.heading}
      </h2>
      <div role="alert" className={banner ? 'rounded-theme border border-danger bg-danger-soft p-3 text-sm text-danger' : ''}>
        {banner}
      </div>
      {pending ? (
        <p role="status" className="text-sm">
          {text.processing}
        </p>
      ) : null}
      <form ref={formRef} action={formAction}>
        <input type="hidden" name="paymentId" value={paymentId} />
        <input type="hidden" name="locale" value={locale} />
        <input type="hidden" name="attemptKey" value={state.attemptKey} />
        <input type="hidden" name="acceptHeader" value={acceptHeader} />
        <input type="hidden" name="browser" defaultValue="" />
        <input type="hidden" name="walletType" defaultValue="" />
        <input type="hidden" name="walletToken" defaultValue="" />
        <SecurityCheck
          key={state.attemptKey}
          required={Boolean(challengeRequired || state.challengeRequired)}
          text={text.securityCheck}
          onReady={setCheckReady}
        />
      </form>
      <div className="grid gap-3">
        {wallets.map(([type, driver]) =>
          type === 'GOOGLE_PAY' ? (
            <GooglePayButton
              key={type}
              offer={offer}
              locale={locale || document.documentElement.lang}
              onClick={() => void pay(type, driver)}
            />
          ) : (
            <button
              key={type}
              type="button"
              data-wallet={type}
              disabled={pending || busy || !checkReady}
              onClick={() => void pay(type, driver)}
              className="min-h-11 w-full rounded-theme border border-control bg-fg px-4 py-2 font-semibold text-page disabled:opacity-60"
              style={type === 'APPLE_PAY' ? { WebkitAppearance: '-apple-pay-button' as never } : undefined}
            >
              {type === 'APPLE_PAY' ? text.applePay : text.sandboxWallet}
            </button>
          ),
        )}
      </div>
      {offer.sandboxWallet && wallets.some(([type]) => type === 'SANDBOX_WALLET') ? (
        <p className="text-xs text-fg-muted" data-testid="sandbox-wallet-badge">
          <strong className="me-1 inline-block rounded-full bg-fg px-2 py-0.5 font-semibold uppercase tracking-wide text-page">
            {text.sandboxBadge}
          </strong>
        </p>
      ) : null}
      <p className="pt-2 text-center text-sm text-fg-muted">{text.orCard}</p>
    </section>
  );
}
