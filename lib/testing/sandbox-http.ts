/**
 * Calls the sandbox's route handlers in process, as HTTP: a request path is matched against
 * the folders of app/sandbox/api (static segments first, then [param] folders), and every answer
 * is checked against the generated OpenAPI document with a standard JSON Schema / OpenAPI 3.1
 * validator (@hyperjump/json-schema), not with the project's zod schemas.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { validate } from '@hyperjump/json-schema/openapi-3-1';
import { expect } from 'vitest';

const API_ROOT = path.resolve('app/sandbox/api');
const DOCUMENT = pathToFileURL(path.resolve('openapi/payments.openapi.json')).href;

export interface Answer {
  status: number;
  body: any;
  headers: Headers;
  /** The OpenAPI path template that served the request, e.g. /public/payin/{payinId}. */
  template: string;
}

function resolveRoute(urlPath: string): { file: string; params: Record<string, string>; template: string } | null {
  let dir = API_ROOT;
  const params: Record<string, string> = {};
  const template: string[] = [];
  for (const segment of urlPath.split('/').filter(Boolean)) {
    if (existsSync(path.join(dir, segment))) {
      dir = path.join(dir, segment);
      template.push(segment);
      continue;
    }
    const param = readdirSync(dir).find((name) => /^\[[^.\]]+\]$/.test(name));
    if (!param) return null;
    const name = param.slice(1, -1);
    params[name] = decodeURIComponent(segment);
    template.push(`{${name}}`);
    dir = path.join(dir, param);
  }
  const file = path.join(dir, 'route.ts');
  return existsSync(file) ? { file, params, template: `/${template.join('/')}` } : null;
}

export interface CallOptions {
  token?: string | null;
  body?: unknown;
  raw?: string;
  key?: string;
  headers?: Record<string, string>;
}

/** `method path` against the sandbox, e.g. call('POST', '/public/payin', { body }). */
export async function call(method: string, urlPath: string, options: CallOptions = {}): Promise<Answer> {
  const route = resolveRoute(urlPath);
  if (!route) throw new Error(`no route for ${urlPath}`);
  const module = (await import(route.file)) as Record<string, (request: Request, context: unknown) => Promise<Response>>;
  const handler = module[method];
  if (!handler) throw new Error(`${method} is not served at ${route.template}`);
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  if (options.token !== null) headers.Authorization = `Bearer ${options.token ?? 'sbx_demo_merchant'}`;
  if (options.body !== undefined || options.raw !== undefined) headers['Content-Type'] = 'application/json';
  if (options.key) headers['Idempotency-Key'] = options.key;
  const request = new Request(`http://localhost/sandbox/api${urlPath}`, {
    method,
    headers,
    body: options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
  });
  const response = await handler(request, { params: Promise.resolve(route.params) });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers, template: route.template };
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
  expect(output.valid, `${method} ${answer.template} ${answer.status} does not match the OpenAPI document: ${JSON.stringify(answer.body).slice(0, 300)}`).toBe(true);
}

/** call() then expectDeclared(). */
export async function contractCall(method: string, urlPath: string, options: CallOptions = {}): Promise<Answer> {
  const answer = await call(method, urlPath, options);
  await expectDeclared(method, answer);
  return answer;
}
