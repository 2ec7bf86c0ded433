/**
 * The payment pages' script inventory (PCI DSS 4.0 requirement 6.4.3), generated at build
 * (`npm run build` runs it after `next build`): starts the production build on a free port with
 * an in-memory sandbox, opens each payment page (card, APM and status of a pay-in, the payout's
 * card page, the cashier and the withdrawal widget), and writes .next/script-inventory.json:
 * per page, every script with its SRI hash (sha384) and why it is there, the inline scripts'
 * kinds, and the security headers (scripts/integrity/page-integrity.mjs). `npm run integrity:check URL`
 * compares a live page with it.
 */
import { writeFileSync } from 'node:fs';
import { INLINE_KINDS, readPage } from '../integrity/page-integrity.mjs';
import { startServer } from '../support/production-server.mjs';
import { createPayin, createSession } from '../support/sandbox-merchant.mjs';
import { launch } from '../support/launch.mjs';
import { createPaymentsClient, must } from '../../lib/payments-api/merchant-client.ts';

export const INVENTORY_PATH = '.next/script-inventory.json';

/** Why a script is on the page: shared with the home page (framework), the polyfills, or this page's own code. */
function purpose(script, shared, page) {
  if (script.noModule) return 'Next.js polyfills for browsers without ES modules (modern browsers do not run it)';
  if (/\/turbopack-[^/]+\.js$/.test(script.src)) return 'Turbopack runtime: loads the page’s chunks';
  if (shared.has(script.src)) return 'Next.js and React runtime, and the shared layout (every page loads it)';
  return `the ${page} page’s own client components (its form, validation and messages)`;
}

const port = Number(process.env.INVENTORY_PORT ?? 3290);
const { origin, server } = await startServer('script-inventory', port, { SANDBOX_DATA_DIR: 'memory://', LOG_LEVEL: 'warn' });
try {
  const payin = await createPayin(origin);
  const api = createPaymentsClient({ baseUrl: `${origin}/sandbox/api`, token: 'sbx_demo_merchant' });
  const payout = must(
    await api.POST('/public/payout', {
      body: {
        orderId: `inventory-${Date.now()}`,
        value: 10,
        currency: 'EUR',
        kycVerified: false,
        customer: {
          externalUserId: 'inventory',
          firstName: 'Ada',
          lastName: 'Lovelace',
          email: 'ada@example.com',
          phoneNumber: '+442071234567',
          dateOfBirth: '1990-12-10',
          billing: { address: '1 Main Street', city: 'London', state: 'London', countryCode: 'GB', postalCode: 'N1 1AA' },
        },
      },
    }),
    'create payout',
  );
  const session = await createSession(origin);
  // The cashier's, the widget's and a payout's pages open once by their launch address:
  // its own page is inventoried, then the page itself as the browser that launched it.
  const cashier = await launch(session.checkoutUrl);
  const widget = await launch(session.widgetUrl, { cookie: cashier.cookie });
  const payoutCard = await launch(payout.iframeUrls.card, { cookie: cashier.cookie });
  const pages = {
    card: [payin.iframeUrls.card],
    apm: [payin.iframeUrls.apm],
    status: [payin.iframeUrls.card.replace(/\/card$/, '/status')],
    'launch address': [(await createSession(origin)).checkoutUrl],
    'payout card': [payoutCard.url, cashier.cookie],
    cashier: [cashier.url, cashier.cookie],
    widget: [widget.url, cashier.cookie],
  };
  const home = await readPage(`${origin}/`);
  const shared = new Set(home.scripts.map((s) => s.src));
  const inventory = {
    generatedAt: new Date().toISOString(),
    inlineKinds: INLINE_KINDS.map(({ kind, starts, why }) => ({ kind, starts, why })),
    pages: {},
  };
  for (const [name, [url, cookie]] of Object.entries(pages)) {
    const page = await readPage(url, cookie);
    const unknown = page.inline.filter((s) => s.kind === 'unknown');
    if (unknown.length > 0) throw new Error(`${name}: inline script of unknown kind: ${unknown[0].sample}`);
    inventory.pages[name] = {
      path: new URL(url).pathname.replace(/\/(pi|po|cs)_[0-9a-f]+/, '/{id}'),
      headers: page.headers,
      scripts: page.scripts.map((s) => ({ src: s.src, integrity: s.integrity, why: purpose(s, shared, name) })),
      inline: [...new Set(page.inline.map((s) => s.kind))],
    };
  }
  writeFileSync(INVENTORY_PATH, `${JSON.stringify(inventory, null, 2)}\n`);
  const count = Object.values(inventory.pages).reduce((n, p) => n + p.scripts.length, 0);
  console.log(`script inventory: ${Object.keys(pages).length} payment pages, ${count} scripts → ${INVENTORY_PATH}`);
} finally {
  server.kill('SIGTERM');
}
