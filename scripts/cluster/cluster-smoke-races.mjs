/**
 * The cluster smoke's races (cluster-smoke.mjs): one thing asked of two members of the cluster at
 * once has one effect. One declined attempt posted to both checkout instances is counted once;
 * one processing call with one Idempotency-Key sent to both sandbox processes has one effect and
 * the same answer from each; six parallel withdrawals of a session's whole balance on PostgreSQL
 * create one payout.
 */
import { randomUUID } from 'node:crypto';
import { hiddenFields } from '../forms/card-form-post.mjs';
import { card } from './cluster-smoke-merchant.mjs';
import { createPaymentsClient } from '../../lib/payments-api/merchant-client.ts';

/** JSON with sorted keys (a replayed answer comes from jsonb, whose key order differs). */
const canonical = (value) =>
  Array.isArray(value)
    ? `[${value.map(canonical).join(',')}]`
    : value && typeof value === 'object'
      ? `{${Object.keys(value)
          .sort()
          .map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`)
          .join(',')}}`
      : JSON.stringify(value);

/**
 * Runs the races on `cluster` (startCluster's: `instances`, `sandboxes`) as the merchant of
 * `shop` (smokeMerchant's), and reports each through `check(label, ok, detail)`.
 */
export async function checkRaces(cluster, { merchant, payin, newPayin, newSession }, check) {
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
  const after = await payin(twice.paymentId);
  check(
    'one attempt posted to both instances at once is counted once',
    after.status === 'DECLINED' && after.attemptsRemaining === 2,
    `answers ${answers.map((r) => r.status)}, attemptsRemaining ${after.attemptsRemaining}`,
  );

  const both = await newPayin();
  const key = randomUUID();
  const processBody = {
    browser: { javascriptEnabled: true },
    cardData: { cardNumber: '4000000000000002', cardHolderName: 'Ada Lovelace', expiryMonth: '12', expiryYear: '2034', cvv: '123' },
    saveCard: false,
  };
  const atBoth = await Promise.all(
    cluster.sandboxes.map((origin) =>
      createPaymentsClient({ baseUrl: `${origin}/sandbox/api`, token: 'sbx_checkout' })
        .POST('/public/payin/{payinId}/process/card', {
          params: { path: { payinId: both.paymentId }, header: { 'Idempotency-Key': key } },
          body: processBody,
        })
        .then((r) => ({ status: r.response.status, body: r.data ?? r.error })),
    ),
  );
  const afterBoth = await payin(both.paymentId);
  check(
    'one processing call sent to both sandbox processes at once has one effect',
    afterBoth.attemptsRemaining === 2 && canonical(atBoth[0].body) === canonical(atBoth[1].body),
    `statuses ${atBoth.map((r) => r.status)}, attemptsRemaining ${afterBoth.attemptsRemaining}${atBoth[0].status >= 400 ? `, ${atBoth[0].body.errorMessage}` : ''}`,
  );

  const session = await newSession(100);
  const withdrawals = await Promise.all(
    Array.from({ length: 6 }, () =>
      merchant
        .POST('/public/cashier/session/{sessionId}/payout', { params: { path: { sessionId: session.sessionId } }, body: { value: 100 } })
        .then((a) => ({ status: a.response.status })),
    ),
  );
  check(
    'six parallel withdrawals of the whole balance on PostgreSQL create one payout',
    withdrawals.filter((w) => w.status === 200).length === 1,
    withdrawals.map((w) => w.status).join(','),
  );
}
