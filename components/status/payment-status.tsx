'use client';
/**
 * The status of a transaction, live: polls it (1 s, then backing off, for up to 3 minutes),
 * announces changes politely to screen readers, posts `status` to the merchant's page, and on
 * a final status sends the customer to the merchant's return URL: at once when not framed;
 * when framed, a `redirect` message and a "Return to merchant" link with target="_top"
 * (a framed script may not navigate the top window without a user gesture).
 */
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { isFinalView, returnTarget, viewOf, type TransactionView } from '@/lib/checkout/shared/payment-state';
import { isFramed, postToParent } from '@/lib/framing/parent-messages';
import type { DetailedStatus } from '@hosted-checkout/contract/enums';
import type { CheckoutTransactionType } from '@hosted-checkout/contract/enums';

/** A value that never changes while the page lives (useSyncExternalStore's subscription to nothing). */
const noSubscription = () => () => undefined;
import { publicReason, type PaymentSnapshot } from './status-snapshot';

/**
 * The snapshot the page rendered with (`statusSnapshot`). A `detailedStatus` given instead of
 * `reason` is read through the same filter (`publicReason`): the view never names more.
 */
type InitialSnapshot = PaymentSnapshot & { detailedStatus?: DetailedStatus };

export interface PaymentStatusText {
  /** Every view's words; a settled page only its own (settled-status-text.ts). */
  views: Partial<Record<TransactionView, string>>;
  reasons: Record<string, string>;
  timeoutHelp: string;
  stillWaiting: string;
  returnToMerchant: string;
  tryAnotherCard: string;
  redirecting: string;
  /** "Continue with your bank": back to a 3DS challenge left open. */
  continueChallenge: string;
  /** What happens while the payment is processing (a bank payment: the customer may leave and come back). */
  pendingHelp?: string;
  /** A card pay-in's 3-D Secure in one sentence, by `status.authentication.*` key (a settled page: its own only). */
  authentication: Partial<Record<string, string>>;
}

interface PaymentStatusProps {
  transactionType: CheckoutTransactionType;
  paymentId: string;
  initial: InitialSnapshot;
  /** The merchant's return URLs; null for a payout, which ends on its result screen. */
  returnUrls: { success: string; failure: string } | null;
  /** The card page, for "Try another card" after a decline (the methods page for a bank payment). */
  cardPageHref: string;
  text: PaymentStatusText;
}

/** Milliseconds until the next poll after `count` polls: 1 s for 10 s, then ×1.5 up to 10 s. */
function pollDelay(count: number): number {
  return count < 10 ? 1000 : Math.min(10_000, Math.round(1000 * 1.5 ** (count - 9)));
}
const POLL_FOR_MS = 3 * 60 * 1000;

function StatusView({ transactionType, paymentId, initial, returnUrls, cardPageHref, text }: PaymentStatusProps) {
  const [startedAt] = useState(() => Date.now());
  const [gaveUp, setGaveUp] = useState(false);
  // A view rendered final never changes: no read on mount, no polling (and its page sent only its own texts).
  const [settled] = useState(() => isFinalView(viewOf(transactionType, initial.status, initial.attemptsRemaining)));
  const { data } = useQuery({
    enabled: !settled,
    queryKey: ['payment', transactionType, paymentId],
    queryFn: async ({ signal }): Promise<PaymentSnapshot> => {
      const response = await fetch(`/api/payments/${transactionType}/${encodeURIComponent(paymentId)}`, { signal, cache: 'no-store' });
      if (!response.ok) throw new Error(`status ${response.status}`);
      return (await response.json()) as PaymentSnapshot;
    },
    initialData: initial,
    staleTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchIntervalInBackground: true,
    refetchInterval: (query) => {
      const snapshot = query.state.data;
      const current = snapshot ? viewOf(transactionType, snapshot.status, snapshot.attemptsRemaining) : null;
      if (current && (isFinalView(current) || current === 'retry')) return false;
      if (Date.now() - startedAt > POLL_FOR_MS) {
        setGaveUp(true);
        return false;
      }
      return pollDelay(query.state.dataUpdateCount + query.state.errorUpdateCount);
    },
  });

  const snapshot = data ?? initial;
  const view = viewOf(transactionType, snapshot.status, snapshot.attemptsRemaining);
  const reason =
    text.reasons[snapshot.reason ?? publicReason((snapshot as InitialSnapshot).detailedStatus, snapshot.status)] ??
    text.reasons.generic ??
    '';
  const message = (text.views[view] ?? '').replace('{reason}', reason);
  const target = returnTarget(view);
  const returnUrl = returnUrls && (target ? returnUrls[target] : view === 'retry' ? returnUrls.failure : null);
  // Whether the page is in a frame: read from the window, the server's render assumes it is.
  const framed = useSyncExternalStore(noSubscription, isFramed, () => true);

  const lastStatus = useRef<string | null>(null);
  useEffect(() => {
    if (lastStatus.current === snapshot.status) return;
    lastStatus.current = snapshot.status;
    postToParent('status', { status: snapshot.status });
  }, [snapshot.status]);

  useEffect(() => {
    if (!target || !returnUrl) return;
    if (isFramed()) postToParent('redirect', { url: returnUrl });
    else window.location.replace(returnUrl);
  }, [target, returnUrl]);

  const tone =
    view === 'success'
      ? 'border-success bg-success-soft text-success'
      : view === 'failed' || view === 'retry' || view === 'rejected'
        ? 'border-danger bg-danger-soft text-danger'
        : 'border-control bg-surface text-fg';
  const symbol = view === 'success' ? '✓' : view === 'failed' || view === 'retry' || view === 'rejected' ? '✕' : '…';

  return (
    <section aria-labelledby="status-message" className="space-y-4">
      <div className={`flex items-start gap-3 rounded-theme border p-4 ${tone}`}>
        <span aria-hidden="true" className="text-xl leading-6 font-bold">
          {symbol}
        </span>
        <p id="status-message" role="status" aria-live="polite" className="text-base font-medium" data-status={snapshot.status}>
          {message}
        </p>
      </div>
      {snapshot.authentication && text.authentication[snapshot.authentication] ? (
        <p className="text-sm" data-authentication={snapshot.authentication}>
          {text.authentication[snapshot.authentication]}
        </p>
      ) : null}
      {snapshot.status === 'TIMEOUT' ? <p className="text-sm">{text.timeoutHelp}</p> : null}
      {view === 'processing' && text.pendingHelp ? <p className="text-sm">{text.pendingHelp}</p> : null}
      {gaveUp && !target ? <p className="text-sm">{text.stillWaiting}</p> : null}
      {!target && !gaveUp && view !== 'retry' ? (
        <noscript>
          <meta httpEquiv="refresh" content="3" />
        </noscript>
      ) : null}
      <div className="flex flex-wrap gap-3">
        {view === 'challenge' && snapshot.challengeUrl ? (
          <a
            href={snapshot.challengeUrl}
            className="rounded-theme bg-primary px-4 py-3 font-semibold text-on-primary hover:bg-primary-strong"
          >
            {text.continueChallenge}
          </a>
        ) : null}
        {view === 'retry' ? (
          <a href={cardPageHref} className="rounded-theme bg-primary px-4 py-3 font-semibold text-on-primary hover:bg-primary-strong">
            {text.tryAnotherCard}
          </a>
        ) : null}
        {returnUrl ? (
          <a
            href={returnUrl}
            target="_top"
            className="rounded-theme border border-primary px-4 py-3 font-semibold text-primary hover:bg-primary-soft"
          >
            {target && !framed ? text.redirecting : text.returnToMerchant}
          </a>
        ) : null}
      </div>
    </section>
  );
}

/** The status view with its own query client (the page has no other server state). */
export function PaymentStatus(props: PaymentStatusProps) {
  const [client] = useState(() => new QueryClient());
  return (
    <QueryClientProvider client={client}>
      <StatusView {...props} />
    </QueryClientProvider>
  );
}
