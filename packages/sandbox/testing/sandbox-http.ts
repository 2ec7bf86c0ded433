/**
 * Calls the sandbox's router in process, as HTTP: the request goes through the same handler as
 * /sandbox/api (packages/sandbox/service/http.ts), and every answer is checked against the generated OpenAPI
 * document with a standard JSON Schema / OpenAPI 3.1 validator (@hyperjump/json-schema), not with
 * the project's zod schemas.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { validate } from '@hyperjump/json-schema/openapi-3-1';
import { expect } from 'vitest';
import { OPERATIONS } from '@hosted-checkout/contract/operations';
import { matchOperation } from '@hosted-checkout/contract/operation-paths';
import { handleSandboxRequest } from '@sandbox/service/http';

const DOCUMENT = pathToFileURL(path.resolve('openapi/payments.openapi.json')).href;

export interface Answer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a JSON answer, checked against the OpenAPI document by expectDeclared; tests read its fields freely
  body: any;
  headers: Headers;
  /** The OpenAPI path template that served the request, e.g. /public/payin/{payinId}; '' when none. */
  template: string;
}

interface CallOptions {
  token?: string | null;
  body?: unknown;
  raw?: string;
  key?: string;
  headers?: Record<string, string>;
  /** The caller going away (the request's signal). */
  signal?: AbortSignal;
}

/** `method path` against the sandbox, e.g. call('POST', '/public/payin', { body }). */
export async function call(method: string, urlPath: string, options: CallOptions = {}): Promise<Answer> {
  // The operation is matched by the path alone: a query (`?page=…`) is not a segment.
  const match = matchOperation(method, urlPath.split('?')[0] ?? urlPath);
  const template = match.result === 'operation' ? OPERATIONS[match.id].path : '';
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  if (options.token !== null) headers.Authorization = `Bearer ${options.token ?? 'sbx_demo_merchant'}`;
  if (options.body !== undefined || options.raw !== undefined) headers['Content-Type'] = 'application/json';
  if (options.key) headers['Idempotency-Key'] = options.key;
  const request = new Request(`http://localhost/sandbox/api${urlPath}`, {
    method,
    headers,
    body: options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
    signal: options.signal,
  });
  const response = await handleSandboxRequest(request);
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers, template };
}

const pointer = (value: string) => encodeURIComponent(value.replace(/~/g, '~0').replace(/\//g, '~1'));

/** Fails unless the answer is one the OpenAPI document declares for its operation and status. */
export async function expectDeclared(method: string, answer: Answer): Promise<void> {
  const responses = `${DOCUMENT}#/paths/${pointer(answer.template)}/${method.toLowerCase()}/responses/${answer.status}`;
  if (answer.body === undefined) {
    expect(answer.status, `${method} ${answer.template}: an empty answer`).toBe(204);
    return;
  }
  const output = await validate(`${responses}/content/${pointer('application/json')}/schema`, answer.body);
  expect(
    output.valid,
    `${method} ${answer.template} ${answer.status} does not match the OpenAPI document: ${JSON.stringify(answer.body).slice(0, 300)}`,
  ).toBe(true);
}

/** call() then expectDeclared(). */
export async function contractCall(method: string, urlPath: string, options: CallOptions = {}): Promise<Answer> {
  const answer = await call(method, urlPath, options);
  await expectDeclared(method, answer);
  return answer;
}

/**
 * Call options of the hosted pages' credential acting for the browser that opened `launchUrl`
 * (a session's `checkoutUrl` or `widgetUrl`, a payout's `iframeUrls.card`; docs/design.md, E22):
 * spends its launch secret with a new holder's proof and answers `{ token, headers }` carrying
 * that proof. Fails the test when the service does not take it.
 */
export async function pagesHolding(
  launchUrl: string,
  holderProof?: string,
): Promise<{ token: string; headers: Record<string, string>; proof: string }> {
  const url = new URL(launchUrl);
  const launchToken = url.searchParams.get('launch') ?? '';
  const session = /^\/cashier\/([^/]+)(?:\/widget)?$/.exec(url.pathname);
  const payout = /^\/payments\/payout\/([^/]+)\/(?:card|apm)$/.exec(url.pathname);
  const proof = holderProof ?? newHolderProof();
  const target = session ? `/public/cashier/session/${session[1]}/binding` : `/public/payout/${payout?.[1]}/binding`;
  const answer = await call('PUT', target, { token: 'sbx_checkout', body: { launchToken, holderProof: proof } });
  expect(answer.status, `spending the launch secret of ${url.pathname}`).toBe(204);
  return { token: 'sbx_checkout', headers: { 'Holder-Proof': proof }, proof };
}

/** A new random holder's proof (64 hex): one test browser. */
export const newHolderProof = (): string =>
  [...crypto.getRandomValues(new Uint8Array(32))].map((b) => b.toString(16).padStart(2, '0')).join('');

/**
 * One test browser for a whole file: `holding.open(launchUrl)` spends a launch secret with its
 * proof, and `holding.pages` are the pages' credential's call options carrying it.
 */
export function testBrowser() {
  const proof = newHolderProof();
  return {
    proof,
    pages: { token: 'sbx_checkout', headers: { 'Holder-Proof': proof } },
    open: (launchUrl: string) => pagesHolding(launchUrl, proof),
  };
}
