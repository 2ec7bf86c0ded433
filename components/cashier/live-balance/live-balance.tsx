'use client';
/**
 * The widget's live part: balance, what is available and reserved, and pending
 * withdrawals. The snapshot arrives as server-sent events from the checkout's own
 * `/api/cashier/{id}/events` (one upstream watch per instance, lib/checkout/cashier/live-balance/live-balance-hub.ts);
 * when the stream is refused or broken the widget polls `/api/cashier/{id}` every second (React
 * Query), and asks for a refused stream again after 10 to 30 s. Both pause while the page is hidden and catch up when it shows again. Changes are
 * announced politely and posted to the merchant's page as a `balance` message (balance,
 * available, reserved, currency). Each pending withdrawal says why it waits and when it is
 * expected (under a licence with a payout deadline, SPA/MF's 120 minutes, when it is paid by at the
 * latest), in the customer's time zone once in the browser, with a link to cancel it when the customer may (the page's confirmation step); one
 * waiting for its destination offers to continue to that step or to cancel it at once
 * (unfinished-withdrawal.tsx).
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { QueryClient, QueryClientProvider, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WidgetSnapshot } from '@/lib/checkout/cashier/live-balance/widget-snapshot';
import { postToParent } from '@/lib/framing/parent-messages';
import { CANCELLABLE, expectedBy } from '@/lib/checkout/cashier/cashier-terms';
import { payoutDueTime } from '@/lib/checkout/cashier/payout-due';
import { UnfinishedWithdrawal, type UnfinishedWithdrawalForm, type UnfinishedWithdrawalText } from '../withdrawals/unfinished-withdrawal';

export type { WidgetSnapshot };

export interface LiveBalanceText {
  balance: string;
  available: string;
  reserved: string;
  noBalance: string;
  pending: string;
  noPending: string;
  statuses: Record<string, string>;
  /** Why a pending withdrawal waits, per status. */
  reasons: Record<string, string>;
  /** "Expected by {date}". */
  expectedBy: string;
  /** "Paid by {time} at the latest, under Brazilian rules": a withdrawal's payout deadline. */
  payoutDueBy: string;
  cancelLink: string;
  /** "Cancel the withdrawal of {amount}". */
  cancelLinkLabel: string;
  /** A withdrawal waiting for its destination: its hint, "Continue" and "Cancel". */
  unfinished: UnfinishedWithdrawalText;
}

/** Facts of the pending withdrawals list: expected hours per method, and where a cancellation starts. */
interface PendingTerms {
  etaHours: Record<string, number>;
  /** The page's URL ending in `cancel=`: the payout id completes it. Absent: no cancel link. */
  cancelHref?: string;
  /** A withdrawal waiting for its destination: the page's URL ending in `continue=` (its step again) and its cancel form. */
  unfinished: { continueHref: string; form: UnfinishedWithdrawalForm };
}

/** Nothing to subscribe to: the browser's time zone does not change under a page. */
const noSubscription = () => () => undefined;

/**
 * The customer's time zone: the browser's once hydrated; UTC in the server's render and in the
 * hydration (the server does not know the customer's zone), so that both agree. Times are always
 * shown with their zone named.
 */
const useTimeZone = (): string =>
  useSyncExternalStore(
    noSubscription,
    () => Intl.DateTimeFormat().resolvedOptions().timeZone,
    () => 'UTC',
  );

/** Poll interval of the widget without the event stream (ms). */
const WIDGET_POLL_MS = 1000;
/**
 * After a refused stream, the widget polls and asks for the stream again after this long (ms),
 * give or take half: a refusal may be a cap (429, 503 INSTANCE_FULL) or a balancer with no
 * instance ready for a few seconds (a database failover, README "Database failover").
 */
const STREAM_RETRY_MS = 20_000;

/**
 * Keeps the query's data fed from the event stream while the page is visible; answers whether
 * the stream is open (when it is not, the query polls).
 */
function useSnapshotStream(sessionId: string, enabled: boolean): boolean {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const connect = () => {
      clearTimeout(retry);
      if (source || document.visibilityState === 'hidden') return;
      source = new EventSource(`/api/cashier/${encodeURIComponent(sessionId)}/events`);
      source.addEventListener('open', () => setOpen(true));
      source.addEventListener('snapshot', (event) => {
        queryClient.setQueryData(['cashier', sessionId], JSON.parse((event as MessageEvent<string>).data) as WidgetSnapshot);
      });
      // A broken stream reconnects by itself; poll meanwhile. A refused one (429, 503) is closed
      // for good by EventSource: poll, and ask for the stream again later.
      source.addEventListener('error', (event) => {
        setOpen(false);
        const refused = event.target as EventSource;
        if (refused.readyState !== EventSource.CLOSED || refused !== source) return;
        source = null;
        retry = setTimeout(connect, STREAM_RETRY_MS * (0.5 + Math.random()));
      });
    };
    const disconnect = () => {
      clearTimeout(retry);
      source?.close();
      source = null;
      setOpen(false);
    };
    const onVisibility = () => (document.visibilityState === 'hidden' ? disconnect() : connect());
    connect();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      disconnect();
    };
  }, [sessionId, enabled, queryClient]);
  return open;
}

function Live({
  sessionId,
  locale,
  initial,
  text,
  terms,
}: {
  sessionId: string;
  locale: string;
  initial: WidgetSnapshot;
  text: LiveBalanceText;
  terms: PendingTerms;
}) {
  const expired = (snapshot?: WidgetSnapshot) => snapshot?.status === 'EXPIRED';
  const [ended, setEnded] = useState(expired(initial));
  const streaming = useSnapshotStream(sessionId, !ended);
  const { data } = useQuery({
    queryKey: ['cashier', sessionId],
    queryFn: async ({ signal }): Promise<WidgetSnapshot> => {
      const response = await fetch(`/api/cashier/${encodeURIComponent(sessionId)}`, { signal, cache: 'no-store' });
      // Launched in another browser since (this one no longer holds the session): the page says so.
      if (response.status === 403) {
        window.location.reload();
        return new Promise<never>(() => undefined);
      }
      if (!response.ok) throw new Error(`status ${response.status}`);
      return (await response.json()) as WidgetSnapshot;
    },
    initialData: initial,
    // The server-rendered snapshot is fresh: no fetch on mount.
    staleTime: WIDGET_POLL_MS,
    refetchInterval: (query) => (streaming || expired(query.state.data) ? false : WIDGET_POLL_MS),
    // Paused while the page is hidden; refetched when it shows again.
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: streaming ? false : 'always',
    retry: false,
  });
  // An expired session ends the live view for good (state adjusted while rendering, not in an effect).
  if (expired(data) && !ended) setEnded(true);
  useEffect(() => {
    // Launched in another browser since: reloaded, the page says where it is open.
    if (data?.status === 'ENDED') window.location.reload();
  }, [data]);
  const snapshot = data ?? initial;
  const format = (amount: number, currency: string) => new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount);
  // A new balance is announced (the first one is not): the balance last shown, kept in state.
  const [shownBalance, setShownBalance] = useState(snapshot.balance);
  const [announce, setAnnounce] = useState('');
  if (snapshot.balance !== shownBalance) {
    setShownBalance(snapshot.balance);
    setAnnounce(`${text.balance}: ${snapshot.balance === null ? text.noBalance : format(snapshot.balance, snapshot.currency)}`);
  }
  useEffect(() => {
    postToParent('balance', {
      balance: snapshot.balance,
      available: snapshot.available,
      reserved: snapshot.reserved,
      currency: snapshot.currency,
    });
  }, [snapshot.balance, snapshot.available, snapshot.reserved, snapshot.currency]);
  // The server's render and the hydration in UTC (no mismatch), then the customer's zone; always named.
  const timeZone = useTimeZone();
  const date = new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  });

  return (
    <div className="space-y-3">
      <p className="flex items-baseline justify-between gap-2">
        <span className="text-sm text-fg-muted">{text.balance}</span>
        <bdi data-testid="balance" className="text-2xl font-semibold">
          {snapshot.balance === null ? text.noBalance : format(snapshot.balance, snapshot.currency)}
        </bdi>
      </p>
      {snapshot.available !== null ? (
        <dl className="grid grid-cols-[1fr_auto] gap-x-2 text-sm">
          <dt className="text-fg-muted">{text.available}</dt>
          <dd>
            <bdi data-testid="available" className="font-semibold">
              {format(snapshot.available, snapshot.currency)}
            </bdi>
          </dd>
          <dt className="text-fg-muted">{text.reserved}</dt>
          <dd>
            <bdi data-testid="reserved">{format(snapshot.reserved, snapshot.currency)}</bdi>
          </dd>
        </dl>
      ) : null}
      <p className="sr-only" aria-live="polite">
        {announce}
      </p>
      <section aria-labelledby="widget-pending" className="text-sm">
        <h2 id="widget-pending" className="font-semibold">
          {text.pending}
        </h2>
        {snapshot.pending.length === 0 ? (
          <p>{text.noPending}</p>
        ) : (
          <ul className="divide-y divide-line">
            {snapshot.pending.map((p) => {
              const eta = expectedBy(p.createdAt, p.transactionType, terms.etaHours);
              const amount = format(p.amount, p.currency);
              return (
                <li key={p.id} data-transaction={p.id} className="flex flex-wrap justify-between gap-x-2 py-1">
                  <bdi className="font-medium">{amount}</bdi>
                  <span data-testid="status">{text.statuses[p.status] ?? p.status}</span>
                  <span data-testid="reason" className="basis-full text-fg-muted">
                    {text.reasons[p.status] ?? ''}
                    {eta ? (
                      <>
                        {' · '}
                        <time data-testid="eta" dateTime={eta.toISOString()}>
                          {text.expectedBy.replace('{date}', date.format(eta))}
                        </time>
                      </>
                    ) : null}
                  </span>
                  {p.payoutDueAt ? (
                    <span className="basis-full text-fg-muted">
                      <time data-testid="payout-due" dateTime={p.payoutDueAt}>
                        {text.payoutDueBy.replace('{time}', payoutDueTime(p.payoutDueAt, p.createdAt, locale, timeZone))}
                      </time>
                    </span>
                  ) : null}
                  {p.status === 'CREATED' ? (
                    <UnfinishedWithdrawal
                      payoutId={p.id}
                      amount={amount}
                      continueHref={terms.unfinished.continueHref}
                      form={terms.unfinished.form}
                      text={text.unfinished}
                    />
                  ) : terms.cancelHref && CANCELLABLE.has(p.status) ? (
                    <a
                      href={`${terms.cancelHref}${encodeURIComponent(p.id)}`}
                      aria-label={text.cancelLinkLabel.replace('{amount}', amount)}
                      className="min-h-6 py-1 text-primary underline"
                    >
                      {text.cancelLink}
                    </a>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </div>
  );
}

export function LiveBalance(props: {
  sessionId: string;
  locale: string;
  initial: WidgetSnapshot;
  text: LiveBalanceText;
  terms: PendingTerms;
}) {
  const [client] = useState(() => new QueryClient());
  return (
    <QueryClientProvider client={client}>
      <Live {...props} />
    </QueryClientProvider>
  );
}
