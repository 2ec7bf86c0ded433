/**
 * Starts the production build (`.next/standalone/server.js`) for a worker of the browser tests
 * (e2e/fixtures.ts) on a fresh sandbox database under E2E_DATA_DIR, and writes everything the
 * server prints to E2E_DATA_DIR/server.log (searched for card data by a test).
 */
import { createWriteStream, mkdirSync, rmSync } from 'node:fs';
import { startServer } from '../scripts/build/standalone-server.mjs';

const dir = process.env.E2E_DATA_DIR ?? '.data/e2e/0';
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
const log = createWriteStream(`${dir}/server.log`);
const port = process.env.E2E_PORT ?? '3100';
const child = startServer(
  port,
  {
    CHECKOUT_URL: `http://localhost:${port}`,
    SANDBOX_DATA_DIR: `${dir}/db`,
    LOG_LEVEL: 'debug',
    // The whole suite comes from one address and shares the test cards: the per-IP and per-card
    // limits are raised here; the per-session ones keep their defaults (e2e/card-testing.spec.ts).
    LIMIT_CARD_ATTEMPTS_PER_IP: '100000/3600',
    LIMIT_CARD_FAILURES_PER_IP: '100000/3600',
    LIMIT_CARD_ATTEMPTS_PER_CARD: '100000/86400',
    LIMIT_CARD_FAILURES_PER_CARD: '100000/86400',
    LIMIT_BIN_LOOKUPS_PER_IP: '100000/3600',
    LIMIT_LAUNCHES_PER_IP: '100000/60',
    // The suite's webhook receivers listen on loopback (an operator's opt-in; off by default).
    SANDBOX_WEBHOOK_ALLOW_LOOPBACK: '1',
    // Every browser of the suite reports from 127.0.0.1 (the flood test has its own server).
    LIMIT_CSP_REPORTS_PER_IP: '100000/60',
    // ...and every page's timing beacon (e2e/frame-vitals.spec.ts reads what they moved).
    LIMIT_VITALS_PER_IP: '100000/60',
    // The proof-of-work check has its own server in e2e/proof-of-work.spec.ts.
    POW_AFTER_FAILURES: '1000',
    NEXT_TELEMETRY_DISABLED: '1',
    // Google Pay's script is a stub on the merchant site's loopback server: nothing leaves the machine.
    GOOGLE_PAY_SCRIPT_URL: `http://127.0.0.1:${process.env.MERCHANT_PORT ?? '3101'}/google-pay/pay.js`,
  },
  { stdio: ['ignore', 'pipe', 'pipe'] },
);
for (const stream of [child.stdout, child.stderr]) {
  stream.on('data', (chunk) => {
    log.write(chunk);
  });
}
const stop = () => child.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
child.on('exit', (code) => process.exit(code ?? 0));
