/**
 * The withdrawal widget's live snapshot as server-sent events (HTML Living Standard, "Server-sent
 * events"): `event: snapshot` with the JSON of lib/checkout/cashier/live-balance/widget-snapshot.ts at once and on
 * every change the instance's hub sees (lib/checkout/cashier/live-balance/live-balance-hub.ts), a comment every 15 s
 * so that proxies keep the connection, and the end of the stream when the session expires.
 * Streams are capped per customer IP (LIVE_STREAMS_PER_IP) and per instance (LIVE_STREAMS_MAX);
 * past a cap the answer is 429 or 503 and the widget polls instead.
 */
import 'server-only';
import { appConfig, trustedProxyHops } from '@/lib/config';
import { addressKey, clientIpFrom } from '@hosted-checkout/runtime/net/client-ip';
import { onShutdown } from '@hosted-checkout/runtime/net/shutdown';
import { changeLiveBalanceStreams } from '@/lib/metrics/metrics';
import { errorAnswer, unavailableAnswer } from '@/lib/checkout/shared/route-answers';
import { PaymentsApiError } from '@/lib/payments-api/client';
import { liveBalanceHub } from './live-balance-hub';
import { PAYMENT_ID } from '@hosted-checkout/contract/ids';
import type { WidgetSnapshot } from './widget-snapshot';

const KEEPALIVE_MS = 15_000;
const openByIp = new Map<string, number>();
let open = 0;

/** Answers the event stream of one session, or a JSON error (404, 429, 502, 503). */
export async function openBalanceStream(request: Request, sessionId: string, holderProof: string | null): Promise<Response> {
  if (!PAYMENT_ID.test(sessionId)) return errorAnswer('NOT_FOUND', 'Unknown session');
  const { LIVE_STREAMS_PER_IP, LIVE_STREAMS_MAX } = appConfig();
  // Keyed as every per-address cap: an IPv6 client by its /64.
  const ip = addressKey(clientIpFrom(request.headers.get('x-forwarded-for'), trustedProxyHops()) ?? 'unknown');
  if (open >= LIVE_STREAMS_MAX) return unavailableAnswer('Too many live widgets on this instance; poll instead', 'INSTANCE_FULL', 5);
  if ((openByIp.get(ip) ?? 0) >= LIVE_STREAMS_PER_IP)
    return errorAnswer('RATE_LIMITED', 'Too many live widgets from this address; poll instead', 30);

  // Counted before the first load, so that a burst cannot pass the caps while it waits.
  open += 1;
  changeLiveBalanceStreams(1);
  openByIp.set(ip, (openByIp.get(ip) ?? 0) + 1);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    open -= 1;
    changeLiveBalanceStreams(-1);
    const left = (openByIp.get(ip) ?? 1) - 1;
    if (left > 0) openByIp.set(ip, left);
    else openByIp.delete(ip);
  };

  const encoder = new TextEncoder();
  // A change that arrives before the stream exists is kept and sent first.
  let early: WidgetSnapshot | null = null;
  let push: (snapshot: WidgetSnapshot) => void = (snapshot) => {
    early = snapshot;
  };
  let subscription: Awaited<ReturnType<ReturnType<typeof liveBalanceHub>['subscribe']>>;
  try {
    subscription = await liveBalanceHub().subscribe(sessionId, (snapshot) => push(snapshot), holderProof);
  } catch (error) {
    release();
    if (PaymentsApiError.is(error) && error.status === 404) return errorAnswer('NOT_FOUND', 'Unknown session');
    return unavailableAnswer(undefined, 'UNAVAILABLE', 2);
  }

  let keepalive: NodeJS.Timeout | undefined;
  let stopOnShutdown: () => void = () => undefined;
  const close = () => {
    clearInterval(keepalive);
    stopOnShutdown();
    subscription.unsubscribe();
    release();
  };
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          close();
        }
      };
      push = (snapshot) => {
        send(`event: snapshot\ndata: ${JSON.stringify(snapshot)}\n\n`);
        // Expired, or launched in another browser since (this one no longer holds it): the stream ends.
        if (snapshot.status === 'EXPIRED' || snapshot.status === 'ENDED') {
          close();
          try {
            controller.close();
          } catch {
            // already closed
          }
        }
      };
      send('retry: 3000\n\n');
      push(early ?? subscription.snapshot);
      keepalive = setInterval(() => send(': keepalive\n\n'), KEEPALIVE_MS);
      request.signal.addEventListener('abort', close, { once: true });
      // At shutdown the stream ends, and the widget reconnects (through the balancer, to another instance).
      stopOnShutdown = onShutdown(() => {
        close();
        try {
          controller.close();
        } catch {
          // already closed
        }
      });
    },
    cancel: close,
  });
  return new Response(stream, {
    headers: { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store, no-transform', 'X-Accel-Buffering': 'no' },
  });
}
