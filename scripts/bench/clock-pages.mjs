/**
 * The payment pages of the customer's clock (docs/performance.md, "The customer's clock"), each
 * opened afresh at a started build as its customer opens it: the card and APM pages of a new
 * pay-in, the cashier and the withdrawal widget as the browser that opened their launch address
 * (which then holds them, by cookie). The static twin of each is
 * scripts/bench/static-twins/{name}.html.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createPayin, createSession } from '../support/sandbox-merchant.mjs';
import { launch } from '../support/launch.mjs';

/** The names of the pages, in the order the benchmark prints them. */
export const CLOCK_PAGES = ['card', 'apm', 'cashier', 'widget'];

/**
 * Opens each page anew at `origin` (a pay-in per payment page, a launched cashier session per
 * cashier page) and answers `{ card, apm, cashier, widget }`, each `{ url, cookie? }` (cookie: the
 * Cookie header of the browser that holds the page). Throws when the sandbox refuses a call.
 */
export async function openClockPages(origin) {
  const card = (await createPayin(origin)).iframeUrls.card;
  const apm = (await createPayin(origin)).iframeUrls.apm;
  const cashier = await launch((await createSession(origin)).checkoutUrl);
  const widget = await launch((await createSession(origin)).widgetUrl);
  return { card: { url: card }, apm: { url: apm }, cashier, widget };
}

/**
 * Serves the static twins on the loopback at `port` (scripts/bench/static-twin-server.mjs) in a
 * process of its own, so that they are answered while the benchmark waits on Lighthouse; answers
 * `{ origin, close() }` once it listens.
 */
export async function serveStaticTwins(port) {
  const child = spawn(process.execPath, [fileURLToPath(new URL('static-twin-server.mjs', import.meta.url)), String(port)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    child.stdout.once('data', resolve);
    child.once('exit', (code) => reject(new Error(`the static twins' server exited ${code}`)));
  });
  return { origin: `http://127.0.0.1:${port}`, close: () => child.kill('SIGTERM') };
}
