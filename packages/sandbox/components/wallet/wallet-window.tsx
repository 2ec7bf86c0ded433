'use client';
/**
 * The sandbox wallet's window: asks its service worker for the payment request's details,
 * shows the merchant and amount, lets the tester choose a test card, then asks the sandbox for a
 * token (`issue`, a server action) and gives it to the service worker, which answers the
 * checkout's PaymentRequest. Cancel answers it with an AbortError. Without a pending request it
 * lists the wallet's cards.
 */
import { useEffect, useState } from 'react';

interface Details {
  paymentId: string;
  merchantName: string;
  total?: { currency: string; value: string };
}

interface WalletWindowProps {
  cards: { index: number; label: string }[];
  /** The sandbox's token for the pay-in, card and total shown; null when refused. */
  issue: (paymentId: string, card: number, total: { currency: string; value: string } | undefined) => Promise<string | null>;
  locale: string;
  text: { intro: string; idle: string; cardsHeading: string; pay: string; cancel: string; failed: string };
}

const worker = () => (typeof navigator !== 'undefined' ? navigator.serviceWorker?.controller : null) ?? null;

export function WalletWindow({ cards, issue, locale, text }: WalletWindowProps) {
  const [details, setDetails] = useState<Details | null>(null);
  const [card, setCard] = useState(0);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const sw = navigator.serviceWorker;
    if (!sw) return;
    const onMessage = (event: MessageEvent) => {
      const message = event.data as { type?: string; details?: Details };
      if (message?.type === 'request' && message.details) setDetails(message.details);
    };
    sw.addEventListener('message', onMessage);
    // Ask once a worker controls the window (a just-installed wallet may take it over after load).
    const ask = () => worker()?.postMessage({ type: 'ready' });
    sw.addEventListener('controllerchange', ask);
    ask();
    return () => {
      sw.removeEventListener('message', onMessage);
      sw.removeEventListener('controllerchange', ask);
    };
  }, []);

  const amount = details?.total
    ? new Intl.NumberFormat(locale, { style: 'currency', currency: details.total.currency }).format(Number(details.total.value))
    : '';

  const pay = async () => {
    if (!details || busy) return;
    setBusy(true);
    setFailed(false);
    const token = await issue(details.paymentId, card, details.total).catch(() => null);
    if (!token) {
      setBusy(false);
      setFailed(true);
      return;
    }
    worker()?.postMessage({ type: 'pay', token });
  };
  const cancel = () => {
    worker()?.postMessage({ type: 'cancel' });
    setDetails(null);
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void pay();
      }}
      aria-busy={busy}
    >
      <p className="mb-4">{details ? text.intro.replace('{amount}', amount).replace('{merchant}', details.merchantName) : text.idle}</p>
      <fieldset className="mb-4 space-y-2">
        <legend className="mb-2 font-semibold">{text.cardsHeading}</legend>
        {cards.map((c) => (
          <div key={c.index} className="flex items-center gap-2">
            <input
              id={`wallet-card-${c.index}`}
              type="radio"
              name="card"
              value={c.index}
              checked={card === c.index}
              onChange={() => setCard(c.index)}
              className="size-5"
              disabled={!details}
            />
            <label htmlFor={`wallet-card-${c.index}`} dir="auto">
              {c.label}
            </label>
          </div>
        ))}
      </fieldset>
      <div role="alert" className={failed ? 'mb-3 text-danger' : ''}>
        {failed ? text.failed : null}
      </div>
      {details ? (
        <div className="flex flex-wrap gap-3">
          <button type="submit" disabled={busy} className="rounded-theme bg-primary px-4 py-3 font-semibold text-on-primary">
            {text.pay}
          </button>
          <button type="button" onClick={cancel} className="rounded-theme border border-control px-4 py-3 font-semibold">
            {text.cancel}
          </button>
        </div>
      ) : null}
    </form>
  );
}
