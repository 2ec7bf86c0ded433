'use client';
/**
 * Where the card page's Click to Pay panel goes (docs/design.md, E28). Rendered only on a page
 * that offers Click to Pay; it draws nothing on the server or without JavaScript (the card fields
 * stay as they are). After hydration, when the browser is idle, it opens the pay-in's SRC session
 * (the `startClickToPay` action) and loads the panel's own chunk at once; any failure keeps the
 * page as it is, so a page is never slower to pay by card for offering Click to Pay.
 */
import { useEffect, useState, type ComponentType } from 'react';
import { startClickToPay } from '@/lib/checkout/payment-pages/click-to-pay-action';
import type { ClickToPaySession } from '@hosted-checkout/contract/click-to-pay';
import type { ClickToPayPanelProps } from './click-to-pay-panel';

/** The slot's props: the panel's, less the session it opens. */
export type ClickToPaySlotProps = Omit<ClickToPayPanelProps, 'session'>;

/** The slot (see the module's note). */
export function ClickToPaySlot(props: ClickToPaySlotProps) {
  const [loaded, setLoaded] = useState<{ Panel: ComponentType<ClickToPayPanelProps>; session: ClickToPaySession } | null>(null);
  const { paymentId } = props;
  useEffect(() => {
    let gone = false;
    const run = () =>
      void Promise.all([startClickToPay(paymentId), import('./click-to-pay-panel')])
        .then(([start, module]) => {
          if (!gone && start.offered) setLoaded({ Panel: module.ClickToPayPanel, session: start });
        })
        .catch(() => undefined);
    const idle = window.requestIdleCallback?.(run, { timeout: 1000 }) ?? window.setTimeout(run, 0);
    return () => {
      gone = true;
      if (window.cancelIdleCallback) window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
    };
  }, [paymentId]);
  if (!loaded) return null;
  return <loaded.Panel {...props} session={loaded.session} />;
}
