/**
 * Flows through the cluster (npm run cluster:smoke): starts it (scripts/cluster.mjs), then, each
 * request free to land on either instance:
 * - a card pay-in paid through the card form's real server-action post via HAProxy;
 * - a 3DS pay-in whose post leads to the service's ACS on its own origin;
 * - one declined attempt posted to both instances at once: counted once;
 * - a cashier withdrawal above the available balance refused while one is in progress.
 * Prints each check and exits non-zero when one fails.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { hiddenFields, postCardForm } from './card-form-post.mjs';
import { startCluster } from './cluster.mjs';

const customer = JSON.parse(readFileSync('lib/sandbox/sample-customer.json', 'utf8'));
const cluster = await startCluster();
let failures = 0;
const check = (label, ok, detail = '') => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${label}${detail ? ` (${detail})` : ''}`);
  if (!ok) failures += 1;
};
const api = async (method, path, body, token = 'sbx_demo_merchant') => {
  const response = await fetch(`${cluster.sandbox}/sandbox/api${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID() },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: response.status === 204 ? null : await response.json() };
};
const newPayin = async () =>
  (await api('POST', '/public/payin', { orderId: `cluster-${randomUUID()}`, amount: 12, currency: 'EUR', kycVerified: false, previousTransactionCount: 0, customer: { ...customer, externalUserId: `c-${randomUUID()}` }, returnUrls: { success: 'https://shop.example/ok', failure: 'https://shop.example/ko' } })).body;
const card = (cardNumber) => ({ cardNumber, expiry: '12/34', cvv: '123', cardHolderName: 'Ada Lovelace' });

try {
  const paid = await newPayin();
  check('iframeUrls point at the load balancer', paid.iframeUrls.card.startsWith(cluster.lb), paid.iframeUrls.card);
  await postCardForm(paid.iframeUrls.card, card('4242424242424242'));
  check('a card pay-in through HAProxy is SUCCESS', (await api('GET', `/public/payin/${paid.paymentId}`)).body.status === 'SUCCESS');

  const challenged = await newPayin();
  const toAcs = await postCardForm(challenged.iframeUrls.card, card('4000000000003220'));
  check('a 3DS post leads to the service’s ACS on its own origin', toAcs.html.includes('Confirm payment') && (await api('GET', `/public/payin/${challenged.paymentId}`)).body.status === 'PENDING_3DS');

  const twice = await newPayin();
  const [a, b] = cluster.instances;
  const page = await (await fetch(`${a}/payments/payin/${twice.paymentId}/card`)).text();
  const fields = { ...hiddenFields(page), ...card('4000000000000002') };
  const post = (instance) => {
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    return fetch(`${instance}/payments/payin/${twice.paymentId}/card`, { method: 'POST', body, headers: { Origin: instance } });
  };
  const answers = await Promise.all([post(a), post(b)]);
  const after = (await api('GET', `/public/payin/${twice.paymentId}`)).body;
  check('one attempt posted to both instances at once is counted once', after.status === 'DECLINED' && after.attemptsRemaining === 2, `answers ${answers.map((r) => r.status)}, attemptsRemaining ${after.attemptsRemaining}`);

  const session = (await api('POST', '/public/cashier/session', { customer: { ...customer, externalUserId: `c-${randomUUID()}` }, returnUrls: { success: 'https://shop.example/ok', failure: 'https://shop.example/ko' }, currency: 'EUR', kycVerified: false, previousTransactionCount: 0, balance: 100 })).body;
  const withdrawals = await Promise.all(Array.from({ length: 6 }, () => api('POST', `/public/cashier/session/${session.sessionId}/payout`, { value: 100 }, 'sbx_checkout')));
  check('six parallel withdrawals of the whole balance on PostgreSQL create one payout', withdrawals.filter((w) => w.status === 200).length === 1, withdrawals.map((w) => w.status).join(','));
} finally {
  await cluster.stop();
}
console.log(failures === 0 ? 'cluster smoke: all checks passed' : `cluster smoke: ${failures} failed`);
process.exit(failures === 0 ? 0 : 1);
