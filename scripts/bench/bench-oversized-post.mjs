/**
 * Benchmark: a script posts the card form with a 100 KB expiry ("1", spaces, "x": the attack
 * that once held the event loop 6 s) while another visitor loads the home page every 10 ms.
 * Prints the posts' answer times beside the same post with an ordinary invalid expiry, and the
 * visitor's latency during the attack beside its latency with no attack (the references), in
 * one run on one production build. Each answer re-renders the card page with the field's error.
 * Goal (docs/design.md, section 7): each post answers within 50 ms with the field's error and
 * the visitor's worst latency stays under 100 ms.
 */
import { startServer } from '../support/production-server.mjs';
import { createPayin } from '../support/sandbox-merchant.mjs';
import { postCardForm } from '../forms/card-form-post.mjs';

const POSTS = Number(process.env.POSTS ?? 20);
const { origin, server } = await startServer('bench-oversized', Number(process.env.BENCH_PORT ?? 3203));

const stats = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return `p50 ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms, max ${sorted.at(-1).toFixed(1)} ms (n=${sorted.length})`;
};

/** The visitor: loads the home page every 10 ms while `running()`; answers the latencies. */
async function visitor(running) {
  const latencies = [];
  while (running()) {
    const started = performance.now();
    await (await fetch(`${origin}/`)).text();
    latencies.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return latencies;
}

try {
  const payin = await createPayin(origin);
  // Warm up the page and the action.
  await postCardForm(payin.iframeUrls.card, { cardNumber: '', expiry: '', cvv: '', cardHolderName: '' });

  let quiet = true;
  const reference = visitor(() => quiet);
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  quiet = false;
  const baseline = await reference;

  let attacking = true;
  const during = visitor(() => attacking);
  const posts = [];
  let refused = 0;
  for (let i = 0; i < POSTS; i += 1) {
    const answer = await postCardForm(payin.iframeUrls.card, {
      cardNumber: '4242424242424242',
      cvv: '123',
      cardHolderName: 'Ada',
      expiry: `1${' '.repeat(100_000)}x`,
    });
    posts.push(answer.ms);
    if (answer.status === 200 && answer.html.includes('Enter the expiry date as MM / YY.')) refused += 1;
  }
  attacking = false;
  const underAttack = await during;

  // Reference: the same post with a short invalid expiry (the page re-rendered with the error).
  const ordinary = [];
  for (let i = 0; i < POSTS; i += 1) {
    ordinary.push(
      (await postCardForm(payin.iframeUrls.card, { cardNumber: '4242424242424242', cvv: '123', cardHolderName: 'Ada', expiry: '13/99' }))
        .ms,
    );
  }

  console.log(`card form post with a 100 KB expiry: ${stats(posts)}; ${refused}/${POSTS} answered with the field's error`);
  console.log(`card form post with an ordinary invalid expiry: ${stats(ordinary)} (reference)`);
  const median = (v) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];
  console.log(`oversized / ordinary post, median: ${(median(posts) / median(ordinary)).toFixed(2)}x`);
  console.log(`home page while posting:  ${stats(underAttack)}`);
  console.log(`home page with no attack: ${stats(baseline)} (reference)`);
  const worst = Math.max(...underAttack) / Math.max(...baseline);
  console.log(`worst visitor latency under attack / with none: ${worst.toFixed(2)}x`);
} finally {
  server.kill('SIGTERM');
}
