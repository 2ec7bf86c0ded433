'use client';
/**
 * The widget's live part: balance, what is available and reserved (E19), and pending withdrawals, polled every second from the
 * checkout's own endpoint (React Query), announced politely when they change, and posted to the
 * merchant's page as a `balance` message.
 */
import { useEffect, useRef, useState } from 'react';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { postToParent } from '@/lib/framing/parent-messages';

export interface WidgetSnapshot {
  balance: number | null;
  /** Balance minus the withdrawals not final (E19); null without a balance. */
  available: number | null;
  reserved: number;
  currency: string;
  status: string;
  pending: { id: string; amount: number; currency: string; status: string; createdAt: string }[];
}

export interface LiveBalanceText {
  balance: string;
  available: string;
  reserved: string;
  noBalance: string;
  pending: string;
  noPending: string;
  statuses: Record<string, string>;
}

/** Poll interval of the widget (ms); the merchant's balance change shows within it plus one round trip. */
export const WIDGET_POLL_MS = 1000;

function Live({ sessionId, locale, initial, text }: { sessionId: string; locale: string; initial: WidgetSnapshot; text: LiveBalanceText }) {
  const { data } = useQuery({
    queryKey: ['cashier', sessionId],
    queryFn: async ({ signal }): Promise<WidgetSnapshot> => {
      const response = await fetch(`/api/cashier/${encodeURIComponent(sessionId)}`, { signal, cache: 'no-store' });
      if (!response.ok) throw new Error(`status ${response.status}`);
      return (await response.json()) as WidgetSnapshot;
    },
    initialData: initial,
    refetchInterval: (query) => (query.state.data?.status === 'EXPIRED' ? false : WIDGET_POLL_MS),
    refetchIntervalInBackground: true,
    retry: false,
  });
  const snapshot = data ?? initial;
  const format = (amount: number, currency: string) => new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount);
  const last = useRef<number | null | undefined>(undefined);
  const [announce, setAnnounce] = useState('');
  useEffect(() => {
    if (last.current === snapshot.balance) return;
    if (last.current !== undefined) setAnnounce(`${text.balance}: ${snapshot.balance === null ? text.noBalance : format(snapshot.balance, snapshot.currency)}`);
    last.current = snapshot.balance;
    postToParent('balance', { balance: snapshot.balance, currency: snapshot.currency });
  }, [snapshot.balance, snapshot.currency]);

  return (
    <div className="space-y-3">
      <p className="flex items-baseline justify-between gap-2">
        <span className="text-sm text-fg-muted">{text.balance}</span>
        <bdi data-testid="balance" className="text-2xl font-semibold">
          {snapshot.balance === null ? text.noBalance : format(snapshot.balance, snapshot.currency)}
        </bdi>
      </p>
      {snapshot.reserved > 0 && snapshot.available !== null ? (
        <dl className="grid grid-cols-[1fr_auto] gap-x-2 text-sm">
          <dt className="text-fg-muted">{text.available}</dt>
          <dd>
            <bdi data-testid="available" className="font-semibold">{format(snapshot.available, snapshot.currency)}</bdi>
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
            {snapshot.pending.map((p) => (
              <li key={p.id} data-transaction={p.id} className="flex justify-between gap-2 py-1">
                <bdi>{format(p.amount, p.currency)}</bdi>
                <span data-testid="status">{text.statuses[p.status] ?? p.status}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

export function LiveBalance(props: { sessionId: string; locale: string; initial: WidgetSnapshot; text: LiveBalanceText }) {
  const [client] = useState(() => new QueryClient());
  return (
    <QueryClientProvider client={client}>
      <Live {...props} />
    </QueryClientProvider>
  );
}
