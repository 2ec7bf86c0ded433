'use server';
/**
 * Server action of the card page's Click to Pay panel (docs/design.md, E28): opens the pay-in's
 * SRC session at the payments service, after the page has loaded (each call opens one; the
 * service caps them per pay-in). The answer's client token is what the browser then shows the SRC
 * system at its own origin; the panel checks nothing else. Any failure answers
 * `{ offered: false }`, and the page keeps its card fields (as the Click to Pay SDKs' fallback).
 */
import { z } from 'zod';
import { PAYMENT_ID } from '@hosted-checkout/contract/ids';
import type { ClickToPaySession } from '@hosted-checkout/contract/click-to-pay';
import { clickToPaySrcOrigin } from '@/lib/config';
import { paymentsApi } from '@/lib/payments-api/client';
import { logger } from '@hosted-checkout/runtime/log';
import { failureLogFields } from '@/lib/checkout/shared/call-failure';

/** The panel's start: the SRC session, or not offered. */
export type ClickToPayStart = ({ offered: true } & ClickToPaySession) | { offered: false };

/**
 * Opens a Click to Pay session for pay-in `paymentId` (a string the page sent: checked here). Not
 * offered when the id is malformed, the service refuses (not offered, a pay-in past its form,
 * 429), fails, or names an SRC origin other than this checkout's (CLICK_TO_PAY_SRC_ORIGIN).
 */
export async function startClickToPay(paymentId: unknown): Promise<ClickToPayStart> {
  const id = z.string().regex(PAYMENT_ID).safeParse(paymentId);
  const srcOrigin = clickToPaySrcOrigin();
  if (!id.success || !srcOrigin) return { offered: false };
  try {
    const session = await paymentsApi.startClickToPaySession(id.data);
    if (session.srcOrigin !== srcOrigin) {
      logger.warn({ paymentId: id.data, srcOrigin: session.srcOrigin }, 'Click to Pay session names another SRC origin');
      return { offered: false };
    }
    return { offered: true, ...session };
  } catch (error) {
    logger.warn({ paymentId: id.data, ...failureLogFields(error) }, 'Click to Pay session failed');
    return { offered: false };
  }
}
