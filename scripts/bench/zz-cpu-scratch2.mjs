import autocannon from 'autocannon';
import { createPayin, createSession, startServer, cpuSeconds } from './bench-support.mjs';
const unlimited = { LIMIT_TRANSACTIONS_PER_SESSION: '1000000/3600', CONNECTIONS_PER_IP: '1000000', LOG_LEVEL: 'warn' };
const service = await startServer('cpu2-service', 3240, { ...unlimited, SANDBOX: '1', CHECKOUT_URL: 'http://localhost:3241', SANDBOX_PUBLIC_URL: 'http://localhost:3240' });
const payin = await createPayin(service.origin);
const session = await createSession(service.origin);
const h = { authorization: 'Bearer sbx_demo_merchant' };
const api = `${service.origin}/sandbox/api/public`;
const targets = [
  ['settings', `${api}/merchant/merchant-demo/checkout-settings`, h],
  ['payin', `${api}/payin/${payin.paymentId}`, h],
  ['methods', `${api}/payin/${payin.paymentId}/methods`, h],
  ['session', `${api}/cashier/session/${session.sessionId}`, h],
  ['txs', `${api}/cashier/session/${session.sessionId}/transactions`, h],
  ['health', `${service.origin}/api/health`, {}],
];
for (const [, u, headers] of targets) await autocannon({ url: u, headers, connections: 10, amount: 200 });
for (const [name, u, headers] of targets) {
  const s0 = cpuSeconds(service.server.pid);
  const r = await autocannon({ url: u, headers, connections: 10, amount: 500 });
  console.log(`${name.padEnd(9)} ${r.requests.average.toFixed(0)} req/s  ${((cpuSeconds(service.server.pid) - s0) / 500 * 1000).toFixed(1)} ms CPU/req  non2xx ${r.non2xx}`);
}
service.server.kill('SIGTERM');
process.exit(0);
