/**
 * The client package as a merchant gets it: `npm pack -w @hosted-checkout/client` (its prepack
 * builds dist/ with tsc), then, in an empty folder outside the repository, `npm install <tarball>`
 * and a plain ESM script that imports it by its name: it creates a pay-in and a launch redirect
 * against a small API server of this test (127.0.0.1), and verifies a delivery signed both ways
 * (Standard Webhooks and the legacy X-Signature, each with its documented key). Then `tsc` checks
 * a TypeScript merchant against the installed declarations alone.
 *
 * The merchants are merchant/server.mjs and merchant/merchant.ts, copied there. The unit tests
 * run with loopback only (scripts/build/loopback-only.sh), and npm's cache holds the repository's
 * tarballs but not the registry's documents a fresh install resolves versions with: the package's
 * dependencies come from a registry of this test on 127.0.0.1 (local-registry.ts), into a new npm
 * cache.
 */
import { execFile } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterAll, expect, it } from 'vitest';
import { dependencyFolders, PACKAGE, registry, type Packed } from './local-registry';

const ROOT = path.resolve('.');
const FIXTURES = path.join(PACKAGE, 'test', 'merchant');
const TOKEN = 'sbx_pack_test_merchant';
const SECRET = `whsec_${Buffer.from('the pack test webhook secret, 32').toString('base64')}`;
const temporary: string[] = [];
const servers: http.Server[] = [];

afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
});

const tempDir = (prefix: string) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  temporary.push(dir);
  return dir;
};

/** The environment of a merchant's shell: none of the npm variables of the `npm run` this test may run under. */
const merchantEnv = (): NodeJS.ProcessEnv => {
  const env = { ...process.env };
  for (const name of Object.keys(env)) if (/^npm_/i.test(name)) delete env[name];
  return { ...env, npm_config_update_notifier: 'false', npm_config_audit: 'false', npm_config_fund: 'false' };
};

/** Runs `command` and answers its stdout; rejects with its stderr. */
const run = (command: string, args: string[], cwd: string, env = merchantEnv()) =>
  new Promise<string>((resolve, reject) =>
    execFile(command, args, { cwd, env, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) =>
      error ? reject(new Error(`${command} ${args.join(' ')} (in ${cwd}):\n${stderr || stdout || String(error)}`)) : resolve(stdout),
    ),
  );

const listen = async (handler: http.RequestListener) => {
  const server = http.createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

/** The service's API as far as the merchant's script calls it, recording every request. */
async function paymentsApi(requests: { method: string; url: string; headers: http.IncomingHttpHeaders; body: string }[]) {
  return listen((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk));
    request.on('end', () => {
      requests.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body });
      const json = (status: number, value: unknown) =>
        response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(value));
      if (request.headers.authorization !== `Bearer ${TOKEN}`)
        return json(401, { errorKey: 'UNAUTHORIZED', errorMessage: 'token', errorCode: 401 });
      if (request.method === 'POST' && request.url === '/public/payin') {
        const { orderId } = JSON.parse(body) as { orderId: string };
        const iframeUrls = { card: 'http://checkout.test/payments/payin/pay_1/card', apm: 'http://checkout.test/payments/payin/pay_1/apm' };
        return json(200, { paymentId: 'pay_1', status: 'CREATED', iframeUrls, orderId });
      }
      if (request.method === 'POST' && request.url === '/public/cashier/session/cs_1/page-launch') {
        const { page } = JSON.parse(body) as { page: 'cashier' | 'widget' };
        const url =
          page === 'widget' ? 'http://checkout.test/cashier/cs_1/widget?launch=two' : 'http://checkout.test/cashier/cs_1?launch=one';
        return json(200, { url, launchExpiresAt: new Date(Date.now() + 60_000).toISOString() });
      }
      json(404, { errorKey: 'NOT_FOUND', errorMessage: 'no such pay-in', errorCode: 404 });
    });
  });
}

it('packs, installs into an empty folder outside the repository, and works there by its name', { timeout: 120_000 }, async () => {
  const started = Date.now();
  const tarballs = tempDir('client-pack-');
  const merchant = tempDir('merchant-');
  expect(path.relative(ROOT, merchant).startsWith('..'), 'the merchant folder is outside the repository').toBe(true);

  // The package (its prepack builds dist/) and its dependencies, packed side by side.
  const folders = dependencyFolders();
  const [client, dependencies] = await Promise.all([
    run('npm', ['pack', '-w', '@hosted-checkout/client', '--pack-destination', tarballs, '--json'], ROOT),
    run('npm', ['pack', '--ignore-scripts', '--pack-destination', tarballs, '--json', ...folders], ROOT),
  ]);
  const [packed] = JSON.parse(client) as (Packed & { files: { path: string }[] })[];
  expect(packed?.name).toBe('@hosted-checkout/client');
  const shipped = packed?.files.map((file) => file.path) ?? [];
  expect(shipped).toEqual(expect.arrayContaining(['package.json', 'README.md', 'dist/index.js', 'dist/index.d.ts']));
  expect(
    shipped.filter((file) => !/^(dist\/|package\.json$|README\.md$)/.test(file)),
    'nothing but dist/, README and package.json',
  ).toEqual([]);

  // npm install <tarball> in an empty folder, against the registry on loopback, with a new cache.
  const origin = await registry(JSON.parse(dependencies) as Packed[], folders, tarballs, listen);
  writeFileSync(path.join(merchant, 'package.json'), JSON.stringify({ name: 'merchant', private: true, type: 'module' }));
  await run(
    'npm',
    [
      'install',
      '--no-audit',
      '--no-fund',
      '--registry',
      origin,
      '--cache',
      path.join(merchant, '.npm-cache'),
      path.join(tarballs, packed!.filename),
    ],
    merchant,
  );
  const installed = path.join(merchant, 'node_modules', '@hosted-checkout', 'client');
  for (const file of ['dist/index.js', 'dist/index.d.ts', 'dist/generated/payments-api.d.ts', 'README.md'])
    expect(existsSync(path.join(installed, file)), file).toBe(true);
  expect(existsSync(path.join(installed, 'src')), 'no source shipped').toBe(false);

  // A delivery signed as the service signs it: Standard Webhooks keyed with the decoded part
  // after whsec_, X-Signature with the whole whsec_… text.
  const body = JSON.stringify({
    id: 'evt_1',
    type: 'payin.status_changed',
    createdAt: new Date().toISOString(),
    data: { previousStatus: 'PENDING' },
  });
  const now = new Date();
  const headers = {
    'webhook-id': 'whd_1',
    'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
    'webhook-signature': new Webhook(SECRET).sign('whd_1', now, body),
    'X-Signature': `sha256=${createHmac('sha256', SECRET).update(body).digest('hex')}`,
  };
  const requests: Parameters<typeof paymentsApi>[0] = [];
  const api = await paymentsApi(requests);
  copyFileSync(path.join(FIXTURES, 'server.mjs'), path.join(merchant, 'server.mjs'));
  const env = { ...merchantEnv(), API: api, SECRET, TOKEN, DELIVERY: JSON.stringify({ body, headers }) };
  const [output] = await Promise.all([
    run(process.execPath, ['server.mjs'], merchant, env),
    (async () => {
      copyFileSync(path.join(FIXTURES, 'merchant.ts'), path.join(merchant, 'merchant.ts'));
      const config = { module: 'nodenext', target: 'es2022', lib: ['es2022', 'dom'], types: [], strict: true, noEmit: true };
      writeFileSync(path.join(merchant, 'tsconfig.json'), JSON.stringify({ compilerOptions: config, files: ['merchant.ts'] }));
      await run(process.execPath, [path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', merchant], merchant);
    })(),
  ]);

  const result = JSON.parse(output.trim());
  expect(result.created).toMatchObject({ paymentId: 'pay_1', status: 'CREATED' });
  expect(result.refusal).toBe('read the pay-in: 404 NOT_FOUND');
  expect(result.redirect).toEqual({
    status: 303,
    location: 'http://checkout.test/cashier/cs_1/widget?launch=two&locale=de',
    cache: 'no-store',
  });
  expect(result.standard).toEqual(JSON.parse(body));
  expect(result.legacy).toEqual(JSON.parse(body));
  expect(result.refused).toEqual([true, true]);
  expect(result.message).toBe(true);
  const payin = requests.find((r) => r.url === '/public/payin');
  expect(payin?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  expect(JSON.parse(payin?.body ?? '{}')).toMatchObject({ orderId: 'order-1001' });
  console.log(`client package: packed, installed and run outside the repository in ${((Date.now() - started) / 1000).toFixed(1)} s`);
});

it('names its version (the README too), its exports and only its own dependencies', () => {
  const manifest = JSON.parse(readFileSync(path.join(PACKAGE, 'package.json'), 'utf8'));
  expect(manifest).toMatchObject({
    name: '@hosted-checkout/client',
    type: 'module',
    sideEffects: false,
    files: ['dist', 'README.md'],
    exports: { '.': { types: './dist/index.d.ts', import: './dist/index.js' } },
  });
  expect(manifest.version).toMatch(/^\d+\.\d+\.\d+$/);
  expect(Object.keys(manifest.dependencies).sort()).toEqual(['openapi-fetch', 'standardwebhooks']);
  expect(readFileSync(path.join(PACKAGE, 'README.md'), 'utf8'), 'the README states the version').toContain(`version ${manifest.version}`);
});
