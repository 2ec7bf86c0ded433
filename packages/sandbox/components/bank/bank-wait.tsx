/**
 * The browser's page in the decoupled flow: the QR code that opens the bank's app (drawn on the
 * server as SVG), a link to the same address for who cannot scan, and the wait: with JavaScript
 * the page goes on by itself (BankWaitWatcher); without, it refreshes every 5 s (<noscript>) and
 * offers "I have approved in the app". Cancel stays open.
 */
import { getSandboxTranslations } from '@sandbox/i18n/translations';
import type { BankPageView } from '@sandbox/service/bank/bank-view';
import { isIdentification } from '@hosted-checkout/contract/pay-n-play';
import { qrSvg } from '@sandbox/service/bank/qr-code';
import { bankStep, bankWaitState } from '@sandbox/service/pages/bank-actions';
import { BankButtonForm, type BankFormActor } from './bank-forms';
import { BankError } from './bank-shell';
import { BankWaitWatcher } from './bank-wait-watcher';

/** The waiting page of the decoupled flow for the browser `actor` (see the module's note). */
export async function BankWait(props: { view: BankPageView; actor: BankFormActor & { paymentId: string }; error: string | null }) {
  const { view, actor } = props;
  const t = await getSandboxTranslations('bank');
  const svg = view.appUrl ? await qrSvg(view.appUrl) : null;
  // A login moves no money: its texts say login, not payment.
  const identification = isIdentification(view.amountMinor);
  return (
    <>
      {svg && view.appUrl ? (
        <section aria-labelledby="bank-scan" className="space-y-3">
          <h2 id="bank-scan" className="text-base font-semibold">
            {t('scanHeading', { bank: view.bankName })}
          </h2>
          <p>{t(identification ? 'scanIdentityHelp' : 'scanHelp')}</p>
          <div
            role="img"
            aria-label={t('qrLabel', { bank: view.bankName })}
            className="mx-auto size-56 rounded-theme bg-white p-2 [&>svg]:size-full"
            // The SVG is qrcode's own markup of our address (no script, no outside input): the page needs no script to show it.
            dangerouslySetInnerHTML={{ __html: svg }}
          />
          <p>
            <a href={view.appUrl} className="text-primary underline" data-testid="bank-app-link">
              {t('openAppLink')}
            </a>
          </p>
        </section>
      ) : null}
      <p role="status" className="rounded-theme border border-control p-3">
        {t(identification ? 'inAppIdentity' : 'inApp')}
      </p>
      <BankError id="bank-wait-error" message={props.error} />
      <BankButtonForm action={bankStep} actor={actor} step="check" label={t('approvedInApp')} primary />
      <BankButtonForm action={bankStep} actor={actor} step="cancel" label={t(identification ? 'cancelIdentity' : 'cancel')} />
      <BankWaitWatcher paymentId={actor.paymentId} token={actor.token} qrShown={svg !== null} check={bankWaitState} />
      <noscript>
        <meta httpEquiv="refresh" content="5" />
      </noscript>
    </>
  );
}
