import autocannon from 'autocannon';
import { createPayin, createSession, launch, startServer, cpuSeconds } from './bench-support.mjs';
const unlimited = { LIMIT_TRANSACTIONS_PER_SESSION: '1000000/3600', CONNECTIONS_PER_IP: '1000000', BENCH_FLOOR: '1', LOG_LEVEL: 'warn' };
const service = await startServer('cpu-service', 3240, { ...unlimited, SANDBOX: '1', CHECKOUT_URL: 'http://localhost:3241', SANDBOX_PUBLIC_URL: 'http://localhost:3240' });
const checkout = await startServer('cpu-checkout', 3241, { ...unlimited, SANDBOX: '0', SANDBOX_PUBLIC_URL: 'http://localhost:3240', PAYMENTS_API_BASE_URL: 'http://127.0.0.1:3240/sandbox/api', PAYMENTS_API_TOKEN: 'sbx_checkout' });
const payin = await createPayin(service.origin);
const session = await createSession(service.origin);
const { url, cookie } = await launch(session.checkoutUrl, { checkoutOrigin: checkout.origin });
const targets = [['floor', `${checkout.origin}/bench-floor/${payin.paymentId}`, {}], ['card', payin.iframeUrls.card, {}], ['apm', payin.iframeUrls.apm, {}], ['cashier', url, { cookie }], ['status', `${checkout.origin}/payments/payin/${payin.paymentId}/status`, {}]];
for (const [name, u, headers] of targets) await autocannon({ url: u, headers, connections: 10, amount: 100 });
for (const [name, u, headers] of targets) {
  const c0 = cpuSeconds(checkout.server.pid), s0 = cpuSeconds(service.server.pid);
  const r = await autocannon({ url: u, headers, connections: 10, amount: 400 });
  const c = (cpuSeconds(checkout.server.pid) - c0) / 400 * 1000, s = (cpuSeconds(service.server.pid) - s0) / 400 * 1000;
  console.log(`${name.padEnd(8)} ${r.requests.average.toFixed(0)} req/s  checkout ${c.toFixed(1)} ms CPU/req  service ${s.toFixed(1)} ms CPU/req  non2xx ${r.non2xx}`);
}
checkout.server.kill("SIGTERM"); service.server.kill("SIGTERM"); process.exit(0);
