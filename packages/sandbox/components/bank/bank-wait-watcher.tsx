'use client';
/**
 * The waiting page's script (decoupled flow): asks every 2 s where the payment is
 * (`check`, a server action), goes on to the checkout's status page once the bank is done, and
 * refreshes the page when the app has taken the QR code (the code gives way to "continue in
 * the app"). Without JavaScript the page has its button and a refresh in <noscript>.
 */
import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import type { WaitState } from '@sandbox/service/pages/bank-page';

/** Renders nothing; polls `check` every 2 s while mounted (see the module's note). */
export function BankWaitWatcher(props: {
  paymentId: string;
  token: string;
  qrShown: boolean;
  check: (paymentId: string, token: string) => Promise<WaitState | null>;
}) {
  const router = useRouter();
  const { paymentId, token, qrShown, check } = props;
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout>;
    const tick = async () => {
      const state = await check(paymentId, token).catch(() => null);
      if (stopped) return;
      if (state?.next) {
        window.location.assign(state.next);
        return;
      }
      if (state && state.qrShown !== qrShown) router.refresh();
      timer = setTimeout(tick, 2000);
    };
    timer = setTimeout(tick, 2000);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [paymentId, token, qrShown, check, router]);
  return null;
}
