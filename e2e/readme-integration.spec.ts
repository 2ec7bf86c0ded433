/**
 * A merchant integration built from the integration guide alone (docs/integration.md, which the
 * README links): its typed-client snippet creates a pay-in, its embed snippet (the current
 * release of /embed/ with its integrity hash) mounts the card page on the merchant's origin, the
 * customer pays, and its webhook snippet verifies the delivery with the client package's
 * `verifyWebhook`. Only the origins, the token, the page URL and where the package
 * `@hosted-checkout/client` is read from (its source: packages/client/test/pack.test.ts installs
 * the packed package itself) are replaced; a change to a snippet that breaks it fails here.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from './fixtures';
import { verifyWebhook } from '../lib/payments-api/merchant-client';
import { CHECKOUT_ORIGIN, fillCard, merchantApi, MERCHANT_ORIGIN, NIGHT_TOKEN } from './support';

const GUIDE = readFileSync('docs/integration.md', 'utf8');

/** The first fenced block of `language` after the heading `heading`. */
function snippet(heading: string, language: string): string {
  const start = GUIDE.indexOf(heading);
  expect(start, heading).toBeGreaterThanOrEqual(0);
  const open = GUIDE.indexOf('```' + language + '\n', start);
  const close = GUIDE.indexOf('```', open + language.length + 4);
  return GUIDE.slice(open + language.length + 4, close);
}

const localize = (code: string) =>
  code.replaceAll('http://localhost:3000', CHECKOUT_ORIGIN).replaceAll("'sbx_demo_merchant'", `'${NIGHT_TOKEN}'`);

test('the guide alone: typed client, embed script with its integrity hash, payment, verified webhook', async ({ page, request }) => {
  // The merchant's webhook URL and secret, as the console shows them.
  await page.goto(`/sandbox?token=${NIGHT_TOKEN}`);
  const webhookForm = page.locator('form', { has: page.locator('#webhook-url') });
  await webhookForm.locator('#webhook-url').fill(`${MERCHANT_ORIGIN}/webhooks/readme`);
  await webhookForm.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toHaveText('Webhook URL saved.');
  const secret = (await page.getByText(/Signing secret/).textContent())!.match(/whsec_[A-Za-z0-9+/=]+/)![0];

  // 1. The typed-client snippet, run as a merchant server would (tsx), printing what it created.
  mkdirSync('.data', { recursive: true });
  const dir = mkdtempSync(path.join(process.cwd(), '.data', 'readme-'));
  const file = path.join(dir, 'create-payin.mts');
  const client = localize(snippet('## A merchant server: the typed client', 'ts')).replace(
    "from '@hosted-checkout/client'",
    `from '${path.resolve('packages/client/src/index.ts')}'`,
  );
  writeFileSync(file, `${client}\nconsole.log(JSON.stringify(data));\n`);
  const output = await new Promise<string>((resolve, reject) =>
    execFile('node_modules/.bin/tsx', [file], (error, stdout, stderr) =>
      error ? reject(new Error(stderr || String(error))) : resolve(stdout),
    ),
  ).finally(() => rmSync(dir, { recursive: true, force: true }));
  const created = JSON.parse(output.trim().split('\n').at(-1)!) as { paymentId: string; iframeUrls: { card: string } };
  expect(created.iframeUrls.card).toContain(`/payments/payin/${created.paymentId}/card`);

  // 2. The embed snippet on the merchant's origin, mounting the card page it created.
  const html = localize(snippet('## Embedding the pages', 'html')).replace(/url: '[^']*'/, `url: '${created.iframeUrls.card}'`);
  expect(html).toMatch(/integrity="sha384-[^"]+" crossorigin="anonymous"/);
  expect((await request.post(`${MERCHANT_ORIGIN}/pages/readme`, { data: html })).status()).toBe(204);
  await page.goto(`${MERCHANT_ORIGIN}/pages/readme`);
  const frame = page.frameLocator('iframe[title="Withdraw"]');
  await fillCard(frame, { number: '4242424242424242' });
  await frame.getByRole('button', { name: /^Pay / }).click();
  await expect
    .poll(
      async () =>
        (await merchantApi(NIGHT_TOKEN).GET('/public/payin/{payinId}', { params: { path: { payinId: created.paymentId } } })).data?.status,
    )
    .toBe('SUCCESS');

  // 3. The webhook snippet verifies what the merchant's receiver got.
  type Received = { path: string; raw: string; headers: Record<string, string> };
  let delivery: Received | undefined;
  await expect
    .poll(async () => {
      const log = (await (await request.get(`${MERCHANT_ORIGIN}/webhooks/log`)).json()) as Received[];
      delivery = log.find((w) => w.path === '/webhooks/readme' && w.raw.includes(created.paymentId) && w.raw.includes('SUCCESS'));
      return Boolean(delivery);
    })
    .toBe(true);
  const verify = snippet('Receiving them on a merchant server', 'js').replace(/^\s*import .*$/m, '');
  const run = new Function('verifyWebhook', 'process', 'rawBody', 'headers', `${verify}\nreturn event;`) as (...args: unknown[]) => {
    data: { object: { id: string } };
  };
  const event = run(verifyWebhook, { env: { WEBHOOK_SECRET: secret } }, delivery!.raw, delivery!.headers);
  expect(event.data.object.id).toBe(created.paymentId);
  expect(() => run(verifyWebhook, { env: { WEBHOOK_SECRET: secret } }, `${delivery!.raw} `, delivery!.headers)).toThrow();
});
