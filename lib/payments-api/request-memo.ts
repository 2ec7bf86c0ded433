/**
 * One answer per GET per request: the proxy (frame-ancestors need the merchant) and the page it
 * lets through both read the same transaction; within one request (one request key, made by the
 * server as the request arrives, lib/net/request-log.ts) the second read shares the first's answer instead of
 * calling the service again. A call that changes something (any other method) forgets the
 * request's answers, so a read after a write is always fresh. Per process, on globalThis (the
 * proxy and the pages are separate bundles of one process).
 *
 * The answers live while their request is open: they are forgotten when its response closes
 * (`forgetAnswersOnClose` in ./request-memo-close.ts, installed at start). A kept promise holds the async context it was
 * made in, which is the framework's whole request (its IncomingMessage, ServerResponse, caches
 * and rendering state, about 100 KB): a memo kept by time alone (10 s, 5,000 requests) held
 * thousands of finished requests, most of an instance's memory after load. The 10 s and 5,000
 * remain as a bound for a request whose close never comes.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { LRUCache } from 'lru-cache';

const key = Symbol.for('hosted-checkout.request-memo');
const scopeKey = Symbol.for('hosted-checkout.request-scope');
type Memo = LRUCache<string, Map<string, Promise<unknown>>>;
/** The request being served: its id (logs, X-Request-Id upstream) and its key (this memo). */
interface RequestScope {
  id: string | null;
  key: string | null;
}
const g = globalThis as typeof globalThis & { [key]?: Memo; [scopeKey]?: AsyncLocalStorage<RequestScope> };
const memo = (g[key] ??= new LRUCache<string, Map<string, Promise<unknown>>>({ max: 5_000, ttl: 10_000 }));
const scope = (g[scopeKey] ??= new AsyncLocalStorage<RequestScope>());

/** Runs `fn` as the request `request` (the proxy, where next/headers is not available). */
export const withRequest = <T>(request: RequestScope, fn: () => T): T => (request.key ? scope.run(request, fn) : fn());

/** The request set by `withRequest`, if any. */
export const scopedRequest = (): RequestScope | undefined => scope.getStore();

/** Forgets the answers of request key `requestKey` (its response has closed). */
export const forgetRequest = (requestKey: string): void => void memo.delete(requestKey);

/** Answers held now, by request (a test's and a metric's view). */
export const heldRequests = (): number => memo.size;

/** The GET `call` for request key `requestId` once per request; another method clears the request's answers. */
export function memoized<T>(requestId: string | null, method: string, callKey: string, call: () => Promise<T>): Promise<T> {
  if (!requestId) return call();
  if (method !== 'GET') {
    memo.delete(requestId);
    return call();
  }
  let answers = memo.get(requestId);
  if (!answers) memo.set(requestId, (answers = new Map()));
  const known = answers.get(callKey);
  if (known) return known as Promise<T>;
  const pending = call();
  answers.set(callKey, pending);
  // A failed read is not shared: the page may try again.
  pending.catch(() => answers.delete(callKey));
  return pending;
}
