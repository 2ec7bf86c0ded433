/**
 * Payment-page integrity (issue "What merchants integrate with", item 4; PCI DSS 6.4.3, 11.6.1):
 * `npm run integrity:check` passes on the production build's card page as served, and fails on
 * the same page behind a proxy that adds a script, or that loosens the CSP.
 */
import { execFile } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from './fixtures';
import { CHECKOUT_ORIGIN, createPayin } from './support';

/** Runs the checker on `url`; answers its exit code and output. */
const check = (url: string) =>
  new Promise<{ code: number; output: string }>((resolve) => {
    execFile('node_modules/.bin/tsx', ['scripts/integrity/integrity-check.mjs', url], (error, stdout, stderr) =>
      resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, output: `${stdout}${stderr}` }),
    );
  });

/** A loopback proxy to the checkout that rewrites each answer with `tamper`. */
async function tamperingProxy(tamper: (html: string, headers: http.IncomingHttpHeaders) => string) {
  const target = new URL(CHECKOUT_ORIGIN);
  const server = http.createServer((request, response) => {
    const upstream = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: request.url,
        method: request.method,
        headers: { ...request.headers, host: target.host, 'accept-encoding': 'identity' },
      },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (c: Buffer) => chunks.push(c));
        answer.on('end', () => {
          const headers = { ...answer.headers };
          delete headers['content-length'];
          delete headers['content-encoding'];
          const html = Buffer.concat(chunks).toString('utf8');
          const body = (answer.headers['content-type'] ?? '').includes('text/html') ? tamper(html, headers) : html;
          response.writeHead(answer.statusCode ?? 502, headers).end(body);
        });
      },
    );
    upstream.on('error', () => response.writeHead(502).end());
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

test('integrity:check passes on the card page as built, and fails on an added script or a loosened CSP', async ({ request }) => {
  const payin = await createPayin(request);
  const path = new URL(payin.iframeUrls.card).pathname;
  const clean = await check(`${CHECKOUT_ORIGIN}${path}`);
  expect(clean.output).toContain('as inventoried');
  expect(clean.code).toBe(0);

  const added = await tamperingProxy((html) => {
    const nonce = /nonce="([^"]+)"/.exec(html)?.[1] ?? '';
    return html.replace('</body>', `<script src="/_next/static/chunks/skimmer.js" nonce="${nonce}"></script></body>`);
  });
  try {
    const result = await check(`${added.origin}${path}`);
    expect(result.code).toBe(1);
    expect(result.output).toContain('script added: /_next/static/chunks/skimmer.js');
  } finally {
    added.close();
  }

  const loosened = await tamperingProxy((html, headers) => {
    headers['content-security-policy'] = String(headers['content-security-policy']).replace(
      "script-src 'self'",
      "script-src 'self' 'unsafe-inline' https:",
    );
    return html;
  });
  try {
    const result = await check(`${loosened.origin}${path}`);
    expect(result.code).toBe(1);
    expect(result.output).toContain('header changed: content-security-policy');
  } finally {
    loosened.close();
  }
});
