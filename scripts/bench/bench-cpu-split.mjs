/**
 * Where each payment page's time goes, by process: one checkout and the sandbox service in its own
 * process (as bench:load runs them), each page asked REQUESTS (400) times at CONNECTIONS (10) after
 * a warm-up of 100 (the status page of a paid pay-in), and the CPU time (user + system, /proc) each process spent on it divided by
 * the requests: milliseconds of CPU per page view in the checkout and in the service, their sum,
 * and that sum's ratio to the floor's (the floor over the page: the page's cost as a share of
 * the floor's, so 0.8× means the page costs 1.25 floors). On a machine whose 2 cores both
 * processes share, the sum is what bounds requests per second; the split says which side to cut.
 *
 *   REQUESTS=400 CONNECTIONS=10 npm run bench:cpu
 */
import autocannon from 'autocannon';
import { cpuSeconds, createPayin, createSession, launch, payPayin, startServer } from './bench-support.mjs';

const REQUESTS = Number(process.env.REQUESTS ?? 400);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 10);
const unlimited = { LIMIT_TRANSACTIONS_PER_SESSION: '1000000/3600', CONNECTIONS_PER_IP: '1000000', BENCH_FLOOR: '1', LOG_LEVEL: 'warn' };

const service = await startServer('bench-cpu-service', 3240, {
  ...unlimited,
  SANDBOX: '1',
  CHECKOUT_URL: 'http://localhost:3241',
  SANDBOX_PUBLIC_URL: 'http://localhost:3240',
});
const checkout = await startServer('bench-cpu-checkout', 3241, {
  ...unlimited,
  SANDBOX: '0',
  SANDBOX_PUBLIC_URL: 'http://localhost:3240',
  PAYMENTS_API_BASE_URL: 'http://127.0.0.1:3240/sandbox/api',
  PAYMENTS_API_TOKEN: 'sbx_checkout',
});
try {
  const payin = await createPayin(service.origin);
  // The status page as a customer back from a payment sees it (as bench:load measures it): a paid pay-in.
  const paid = await createPayin(service.origin);
  await payPayin(service.origin, paid.paymentId);
  const session = await createSession(service.origin);
  const { url: cashierUrl, cookie } = await launch(session.checkoutUrl, { checkoutOrigin: checkout.origin });
  const targets = [
    ['floor', `${checkout.origin}/bench-floor/${payin.paymentId}`, {}],
    ['card', payin.iframeUrls.card, {}],
    ['APM', payin.iframeUrls.apm, {}],
    ['cashier', cashierUrl, cookie ? { cookie } : {}],
    ['status', `${checkout.origin}/payments/payin/${paid.paymentId}/status`, {}],
  ];
  for (const [, url, headers] of targets) await autocannon({ url, headers, connections: CONNECTIONS, amount: 100 });
  console.log(
    `ms of CPU per page view (${REQUESTS} views at ${CONNECTIONS} connections each; checkout and service in their own processes)`,
  );
  let floorTotal = 0;
  for (const [name, url, headers] of targets) {
    const before = [cpuSeconds(checkout.server.pid), cpuSeconds(service.server.pid)];
    const result = await autocannon({ url, headers, connections: CONNECTIONS, amount: REQUESTS });
    const [inCheckout, inService] = [cpuSeconds(checkout.server.pid) - before[0], cpuSeconds(service.server.pid) - before[1]].map(
      (seconds) => (seconds / REQUESTS) * 1000,
    );
    const total = inCheckout + inService;
    if (name === 'floor') floorTotal = total;
    console.log(
      `  ${name.padEnd(8)} checkout ${inCheckout.toFixed(1).padStart(5)}  service ${inService.toFixed(1).padStart(5)}  total ${total.toFixed(1).padStart(5)}  ` +
        `floor/page ${(floorTotal / total).toFixed(2)}×${result.non2xx ? `  (${result.non2xx} non-2xx)` : ''}`,
    );
  }
} finally {
  checkout.server.kill('SIGTERM');
  service.server.kill('SIGTERM');
}
